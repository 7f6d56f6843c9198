/** Customs rules (domain/rules/customs.ts) and the CN22/CN23 layout (printing/templates/customs.ts). */
import { describe, expect, it } from 'vitest';
import {
  customsDocumentType,
  customsProblems,
  eeiRequired,
  isInternational,
  valueByHsCode,
} from '../../domain/rules/customs.js';
import type { CustomsDeclarationInput } from '../../domain/schemas/customs.js';
import { customsDeclarationInputSchema } from '../../domain/schemas/customs.js';
import { CUSTOMS_4X6, CUSTOMS_LETTER, customsFormLabel, type CustomsForm } from '../../printing/templates/customs.js';
import { LabelLayoutError } from '../../printing/model.js';

const item = (over: Partial<CustomsDeclarationInput['items'][number]> = {}) => ({
  lineId: 1,
  productId: 1,
  sku: 'MUG-1',
  description: 'Ceramic mug',
  hsCode: '691200',
  countryOfOrigin: 'CN',
  quantity: 2,
  unitValue: 10,
  unitWeightLb: 0.8,
  ...over,
});
const declaration = (over: Partial<CustomsDeclarationInput> = {}): CustomsDeclarationInput => ({
  incoterm: 'DDU',
  purpose: 'MERCHANDISE',
  taxIdType: null,
  taxId: null,
  returnHandling: 'RETURN',
  exportFiling: 'NOEEI 30.37(a)',
  itn: null,
  items: [item()],
  ...over,
});
const fields = (d: CustomsDeclarationInput, shipTo = 'DE') =>
  customsProblems(d, { shipFrom: 'US', shipTo }).map((p) => p.field);

describe('customs rules', () => {
  it('international when the ship-to country differs from the warehouse’s', () => {
    expect(isInternational('DE', 'US')).toBe(true);
    expect(isInternational('us', 'US')).toBe(false);
    expect(isInternational(null, 'US')).toBe(false);
  });

  it('the schema requires items with HS code, origin, value and weight', () => {
    const bad = customsDeclarationInputSchema.safeParse(
      declaration({ items: [item({ hsCode: '69', countryOfOrigin: 'China', unitWeightLb: 0 })] }),
    );
    expect(bad.error!.issues.map((i) => i.path.join('.'))).toEqual([
      'items.0.hsCode',
      'items.0.countryOfOrigin',
      'items.0.unitWeightLb',
    ]);
    expect(customsDeclarationInputSchema.safeParse(declaration({ items: [] })).success).toBe(false);
    // Dots in the tariff number are dropped.
    expect(
      customsDeclarationInputSchema.parse(declaration({ items: [item({ hsCode: '6912.00' })] })).items[0].hsCode,
    ).toBe('691200');
  });

  it('EEI in AES is due when one HS number’s goods exceed USD 2,500: AES / ITN with a valid ITN', () => {
    const big = [item({ quantity: 130, unitValue: 20 })]; // USD 2,600 under one HS number
    expect(eeiRequired(big, 'US')).toBe(true);
    // Split across HS numbers, each under the threshold: no EEI.
    const split = [item({ quantity: 100, unitValue: 20 }), item({ hsCode: '392410', quantity: 30, unitValue: 20 })];
    expect(valueByHsCode(split).get('691200')).toBe(2000);
    expect(eeiRequired(split, 'US')).toBe(false);
    expect(fields(declaration({ items: big }), 'CA')).toEqual(['exportFiling']);
    expect(fields(declaration({ items: big, exportFiling: 'AES / ITN' }), 'CA')).toEqual(['itn']);
    expect(fields(declaration({ items: big, exportFiling: 'AES / ITN', itn: 'X2026112' }), 'CA')).toEqual(['itn']);
    expect(fields(declaration({ items: big, exportFiling: 'AES / ITN', itn: 'X20261127123456' }), 'CA')).toEqual([]);
    expect(fields(declaration({ itn: 'X20261127123456' }), 'CA')).toEqual(['itn']);
  });

  it('IOSS: a DDP parcel to the EU up to EUR 150 needs it; it is refused elsewhere', () => {
    expect(fields(declaration({ incoterm: 'DDP' }))).toEqual(['taxIdType']);
    expect(fields(declaration())).toEqual([]);
    expect(fields(declaration({ incoterm: 'DDP', taxIdType: 'IOSS', taxId: 'IM2760000123' }))).toEqual([]);
    expect(fields(declaration({ incoterm: 'DDP', taxIdType: 'IOSS', taxId: 'DE123' }))).toEqual(['taxId']);
    expect(fields(declaration({ taxIdType: 'IOSS', taxId: 'IM2760000123' }), 'CA')).toEqual(['taxIdType']);
    const dear = [item({ quantity: 1, unitValue: 400 })];
    expect(fields(declaration({ incoterm: 'DDP', items: dear }))).toEqual([]);
    expect(fields(declaration({ taxIdType: 'VAT', taxId: null }))).toEqual(['taxId']);
    expect(fields(declaration({ taxIdType: 'EIN', taxId: '12-34567' }), 'CA')).toEqual(['taxId']);
  });

  it('merchandise of no value is refused; a gift may be declared at no value', () => {
    expect(fields(declaration({ items: [item({ unitValue: 0 })] }))).toEqual(['items.0.unitValue']);
    expect(fields(declaration({ purpose: 'GIFT', items: [item({ unitValue: 0 })] }))).toEqual([]);
  });

  it('CN22 up to 300 SDR and 2 kg, CN23 above either', () => {
    expect(customsDocumentType([item()])).toBe('CN22');
    expect(customsDocumentType([item({ quantity: 1, unitValue: 399 })])).toBe('CN22');
    expect(customsDocumentType([item({ quantity: 1, unitValue: 400 })])).toBe('CN23');
    expect(customsDocumentType([item({ quantity: 6, unitWeightLb: 0.8 })])).toBe('CN23');
  });
});

describe('CN22/CN23 layout', () => {
  const form = (n: number): CustomsForm => ({
    documentType: 'CN23',
    orderNumber: 'EB-1001',
    sender: { name: 'Acme Sellers', lines: ['100 Dock St', 'Newark NJ 07114'], countryCode: 'US' },
    addressee: { name: 'Ada Buyer', lines: ['Hauptstr. 1', '10115 Berlin'], countryCode: 'DE' },
    contents: 'MERCHANDISE',
    incoterm: 'DDU',
    dutiesPaidBy: 'recipient',
    nonDelivery: 'RETURN',
    exportFiling: { code: 'AES / ITN', itn: 'X20261127123456' },
    taxIds: [],
    items: Array.from({ length: n }, (_, i) => ({
      description: `Item ${i + 1}`,
      quantity: 1,
      unitWeightLb: 1,
      totalValue: 10,
      hsCode: '691200',
      countryOfOrigin: 'CN',
    })),
    totalValue: 10 * n,
    totalWeightLb: n,
    date: '2026-11-27',
  });
  const texts = (n: number, g = CUSTOMS_4X6) =>
    customsFormLabel(form(n), g)
      .elements.flatMap((e) => (e.kind === 'text' ? [e.text] : []))
      .join('\n');

  it('prints the particulars: title, addresses, items with HS and origin, terms, ITN, certificate', () => {
    const t = texts(2);
    for (const want of [
      'CUSTOMS DECLARATION CN 23',
      'Ada Buyer',
      'Item 2',
      '691200',
      'AES ITN X20261127123456',
      'return to sender',
      'I certify',
    ])
      expect(t).toContain(want);
  });

  it('a list too long for 4×6 is refused there and fits a Letter page', () => {
    expect(() => customsFormLabel(form(30), CUSTOMS_4X6)).toThrow(LabelLayoutError);
    expect(texts(30, CUSTOMS_LETTER)).toContain('Item 30');
  });
});
