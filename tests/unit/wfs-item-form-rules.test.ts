/** The WFS item setup form's rules (domain/schemas/wfs-items.ts): sections opened by answers and the requirements they bring. */
import { describe, expect, it } from 'vitest';
import { wfsComplianceSchema, wfsItemSections, wfsItemSetupSchema } from '../../domain/schemas/wfs-items.js';

const good = {
  storeId: 1,
  productId: 2,
  sku: 'FOX-KETTLE-1',
  productName: 'Fox travel kettle',
  brand: 'Fox',
  gtin: '036000291452',
  price: 24.5,
  category: 'home_other',
  lengthIn: 9,
  widthIn: 5,
  heightIn: 3,
  weightLb: 1.4,
  hasBatteries: 'No',
  electronicsIndicator: 'No',
  chemicalAerosolPesticide: 'No',
  isPerishable: 'No',
} as const;

const fieldsOf = (input: unknown) => {
  const r = wfsItemSetupSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
};

describe('WFS item setup rules', () => {
  it('takes a plain item with no batteries, chemicals or expiry', () => {
    expect(fieldsOf(good)).toEqual([]);
  });

  it('requires the base answers and a valid GTIN, dimensions above 0', () => {
    const { hasBatteries: _b, electronicsIndicator: _e, ...unanswered } = good;
    expect(fieldsOf(unanswered)).toEqual(expect.arrayContaining(['hasBatteries', 'electronicsIndicator']));
    expect(fieldsOf({ ...good, gtin: '036000291453' })).toEqual(['gtin']);
    expect(fieldsOf({ ...good, gtin: '12345' })).toEqual(['gtin']);
    expect(fieldsOf({ ...good, lengthIn: 0, weightLb: -1 })).toEqual(['lengthIn', 'weightLb']);
  });

  it('opens the battery section only when the item has batteries, and then needs the type', () => {
    expect(wfsItemSections(good)).toMatchObject({ batteries: false, lithiumIon: false, hazmat: false, expiry: false });
    expect(fieldsOf({ ...good, hasBatteries: 'Yes' })).toEqual(['batteryTechnologyType']);
    expect(fieldsOf({ ...good, hasBatteries: 'Yes', batteryTechnologyType: 'Does Not Contain a Battery' })).toEqual([
      'batteryTechnologyType',
    ]);
    expect(fieldsOf({ ...good, hasBatteries: 'Yes', batteryTechnologyType: 'Alkaline' })).toEqual([]);
    // A battery type on an item said to have none contradicts the answer.
    expect(fieldsOf({ ...good, batteryTechnologyType: 'Alkaline' })).toEqual(['batteryTechnologyType']);
  });

  it('lithium-ion batteries need Walmart’s lithium answers and open the hazmat section (SDS)', () => {
    const lithium = { ...good, hasBatteries: 'Yes', batteryTechnologyType: 'Lithium Ion' } as const;
    expect(wfsItemSections(lithium)).toMatchObject({ batteries: true, lithiumIon: true, hazmat: true });
    expect(fieldsOf(lithium)).toEqual([
      'ionNumberOfBatteries',
      'batteryWattHour',
      'ionIncludedBatteryPackaging',
      'safetyDataSheet',
    ]);
    expect(
      fieldsOf({
        ...lithium,
        ionNumberOfBatteries: 2,
        batteryWattHour: 9.6,
        ionIncludedBatteryPackaging: 'Contained In',
        safetyDataSheet: 'https://sds.example.com/kettle.pdf',
      }),
    ).toEqual([]);
  });

  it('a chemical, aerosol or pesticide needs its safety data sheet link', () => {
    expect(fieldsOf({ ...good, chemicalAerosolPesticide: 'Yes' })).toEqual(['safetyDataSheet']);
    expect(fieldsOf({ ...good, chemicalAerosolPesticide: 'Yes', safetyDataSheet: 'not a link' })).toEqual([
      'safetyDataSheet',
    ]);
  });

  it('a perishable item needs a shelf life WFS can receive; a shelf life without perishable is refused', () => {
    expect(wfsItemSections({ ...good, isPerishable: 'Yes' }).expiry).toBe(true);
    expect(fieldsOf({ ...good, isPerishable: 'Yes' })).toEqual(['shelfLifeDays']);
    const short = wfsItemSetupSchema.safeParse({ ...good, isPerishable: 'Yes', shelfLifeDays: 30 });
    expect(short.success).toBe(false);
    expect(short.error!.issues[0].message).toMatch(/at least 90 days/);
    expect(fieldsOf({ ...good, isPerishable: 'Yes', shelfLifeDays: 365, lotControlled: true })).toEqual([]);
    expect(fieldsOf({ ...good, shelfLifeDays: 365 })).toEqual(['shelfLifeDays']);
  });

  it('the compliance answers alone follow the same rules', () => {
    const r = wfsComplianceSchema.safeParse({
      hasBatteries: 'Yes',
      electronicsIndicator: 'No',
      chemicalAerosolPesticide: 'No',
      isPerishable: 'No',
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toEqual(['batteryTechnologyType']);
  });
});
