/**
 * Issue 41: a validation refusal names the field as the form labels it, in the reader's language,
 * never the internal path ("firstUser.password") nor zod's English.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerSchema } from '../../domain/schemas/auth';
import { addressSchema, companyCreateSchema, warehouseSchema } from '../../domain/schemas/company';
import { generatorSchema, locationInputSchema } from '../../domain/schemas/locations';
import { productInputSchema } from '../../domain/schemas/products';
import { issueMessage, issuesText, issueWords } from '../../domain/validation/error-map';
import { translator, type Language } from '../../server/i18n';

const refusals = (schema: z.ZodType, value: unknown, language: Language) => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error('expected a refusal');
  return issuesText(r.error, translator(language), language);
};
const INTERNAL = /\b(line1|postalCode|countryCode|firstUser|capacity|packSize|weightLb)\b/;

describe('validation refusals in the reader’s language', () => {
  const address = { line1: '', city: 'Berlin', postalCode: '10115', countryCode: 'DE' };

  it('a missing street: the form’s label and "required", per language', () => {
    expect(refusals(addressSchema, address, 'en')).toEqual(['Street and number is required']);
    expect(refusals(addressSchema, address, 'de')).toEqual(['Straße und Hausnummer: Pflichtfeld']);
    expect(refusals(addressSchema, address, 'pt')).toEqual(['Rua e número é obrigatório']);
    expect(refusals(addressSchema, address, 'fr')).toEqual(['Numéro et rue : obligatoire']);
  });

  it('a field left out entirely is required too (not zod’s "expected string, received undefined")', () => {
    const { line1: _, ...rest } = address;
    expect(refusals(addressSchema, rest, 'de')).toEqual(['Straße und Hausnummer: Pflichtfeld']);
  });

  it('a state where the country needs one names the country, in the language', () => {
    const us = { ...address, line1: '1 Main St', countryCode: 'US' };
    expect(refusals(addressSchema, us, 'en')).toEqual([
      'State or province: the state or province is required for an address in US',
    ]);
    expect(refusals(addressSchema, us, 'de')).toEqual([
      'Bundesland / Provinz: für eine Adresse in US ist das Bundesland bzw. die Provinz Pflicht',
    ]);
  });

  it('the password rule of register and of a new client’s first user: label and length, no path', () => {
    const reg = {
      companyName: 'Acme',
      fullname: 'Ann',
      username: 'ann',
      email: 'ann@example.com',
      password: 'abc',
    };
    expect(refusals(registerSchema, reg, 'en')).toEqual(['Password: at least 4 characters']);
    expect(refusals(registerSchema, reg, 'de')).toEqual(['Passwort: Mindestens 4 Zeichen']);
    expect(refusals(registerSchema, reg, 'pt')).toEqual(['Senha: pelo menos 4 caracteres']);
    const company = { name: 'Acme', audience: 'Customer', firstUser: { ...reg, password: 'ab', email: 'nope' } };
    const de = refusals(companyCreateSchema, company, 'de');
    expect(de).toEqual(['E-Mail: Keine gültige E-Mail-Adresse', 'Passwort: Mindestens 4 Zeichen']);
    for (const m of de) expect(m).not.toMatch(INTERNAL);
  });

  it('a location’s code and capacity: the hint and the number rule in the language', () => {
    const bad = { code: 'A 01!', type: 'bin', capacity: '0' };
    expect(refusals(locationInputSchema, bad, 'en')).toEqual([
      'Code: 1–40 letters, digits or - . / _',
      'Capacity: at least 1',
    ]);
    expect(refusals(locationInputSchema, bad, 'de')).toEqual([
      'Code: 1–40 Buchstaben, Ziffern oder - . / _',
      'Kapazität: Mindestens 1',
    ]);
    expect(refusals(locationInputSchema, bad, 'pt')).toEqual([
      'Código: 1 a 40 letras, dígitos ou - . / _',
      'Capacidade: pelo menos 1',
    ]);
  });

  it('a generator level in line n says its line', () => {
    const spec = {
      levels: [
        { type: 'aisle', from: 'A', to: 'C' },
        { type: 'rack', from: 'A', to: '3' },
      ],
    };
    expect(refusals(generatorSchema, spec, 'de')).toEqual([
      'Von (Zeile 2): „Von“ und „Bis“ sind beide einzelne Buchstaben oder beide Zahlen',
    ]);
  });

  it('a warehouse site: every missing part of an address, the time zone and e-mail', () => {
    const de = refusals(
      warehouseSchema,
      { name: '', code: 'MAIN', city: 'Köln', timezone: 'Mars/Base', email: 'x' },
      'de',
    );
    expect(de).toEqual([
      'Name: Pflichtfeld',
      'E-Mail: Keine gültige E-Mail-Adresse',
      'Zeitzone: eine IANA-Zeitzone wie Europe/Berlin',
      'Straße und Hausnummer: Pflichtfeld',
      'Postleitzahl: Pflichtfeld',
      'Land (2 Buchstaben): Pflichtfeld',
    ]);
  });

  it('a product’s main fields: numbers with the language’s digits, codes with their hint', () => {
    const en = refusals(productInputSchema, { title: '', packSize: 0, weightLb: 20000, upc: '12' }, 'en');
    expect(en).toEqual([
      'Title is required',
      'Units per case: at least 1',
      'UPC / EAN: 8 to 14 digits (UPC, EAN or GTIN)',
      'Weight (lb): at most 10,000',
    ]);
    const de = refusals(productInputSchema, { title: '', packSize: 0, weightLb: 20000, upc: '12' }, 'de');
    expect(de).toContain('Gewicht (lb): Höchstens 10.000');
    for (const m of de) expect(m).not.toMatch(INTERNAL);
  });

  it('codes each rule (for the envelope and the screens)', () => {
    const r = locationInputSchema.safeParse({ code: '', type: 'nope' });
    expect(r.success).toBe(false);
    if (!r.success)
      expect(r.error.issues.map(issueWords)).toEqual([
        { key: 'validation.hints.code40' },
        { key: 'validation.option' },
      ]);
  });

  it('a form shows the rule alone under its field', () => {
    const r = addressSchema.safeParse({ ...address, line1: 'Hauptstr. 1', countryCode: 'Deutschland' });
    expect(r.success).toBe(false);
    if (!r.success) expect(issueMessage(r.error.issues[0], translator('pt'), 'pt')).toBe('duas letras (ISO 3166)');
  });
});
