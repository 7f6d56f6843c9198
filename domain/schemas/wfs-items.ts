/**
 * The WFS item setup form (issue 19, /apps/outbound/wfs-dynamic-form): what a client answers for a
 * new item before Walmart Fulfillment Services will take it — the sellable unit's dimensions and
 * weight, and the compliance answers Walmart's WFS item spec asks in Orderable. One schema, read by
 * the form before anything is sent and by the server again.
 *
 * Walmart's names and values, from its MP_WFS_ITEM request example (tests/reference/walmart/
 * itemBulkUploads.request.json) and the "Convert items for WFS" example and hazmat on-hold answer
 * (/work/shared/reference/walmart): `hasBatteries`, `batteryTechnologyType` ("Does Not Contain a
 * Battery", "Lithium Ion", …), `lithiumIonBatteries` (ionNumberOfBatteries, batteryWattHour,
 * ionIncludedBatteryPackaging), `electronicsIndicator` and `chemicalAerosolPesticide` ("Yes"/"No"),
 * `safetyDataSheet` (links), `numberOfHazardousComponents`, `TradeItem.countryOfOriginAssembly`
 * ("IN - India"). `isPerishable` and `shelfLife` (days) are the expiry answers as the issue names
 * them — neither reference copy lists them. Lot control is Dockside's, kept on the product (Walmart
 * asks for the expiry date and lot per unit at receiving, not at item setup).
 *
 * Sections appear from answers: batteries only when the item has them (lithium-ion details for
 * lithium-ion), hazmat when it is a chemical, aerosol or pesticide or holds a lithium or lead acid
 * battery, expiry and lot when it is perishable.
 */
import { z } from 'zod';
import { gtinCheckDigitOk } from '../rules/gs1.js';
import { WALMART_ITEM_CATEGORIES, type WalmartItemCategory } from './listings.js';

/** Walmart's `batteryTechnologyType` values. */
export const BATTERY_TECHNOLOGY_TYPES = [
  'Does Not Contain a Battery',
  'Alkaline',
  'Carbon Zinc',
  'Lead Acid',
  'Lead Acid (Non-Spillable)',
  'Lithium Ion',
  'Lithium Metal',
  'Lithium Primary',
  'Magnesium',
  'Mercury',
  'Nickel Cadmium',
  'Nickel Metal Hydride',
  'Silver',
  'Thermal',
  'Multiple Types',
  'Other',
] as const;
export type BatteryTechnologyType = (typeof BATTERY_TECHNOLOGY_TYPES)[number];
export const NO_BATTERY: BatteryTechnologyType = 'Does Not Contain a Battery';
/** The types an item with batteries picks from. */
export const BATTERY_TYPES_CONTAINED = BATTERY_TECHNOLOGY_TYPES.filter((b) => b !== NO_BATTERY) as [
  BatteryTechnologyType,
  ...BatteryTechnologyType[],
];
/** Walmart holds lithium and lead acid batteries for hazmat review (its on-hold error names them). */
export const isHazmatBattery = (b: BatteryTechnologyType | undefined) =>
  !!b && (b.startsWith('Lithium') || b.startsWith('Lead Acid') || b === 'Multiple Types');

/** How lithium-ion cells travel with the item (Walmart's example: "Contained In"; the others are the UN 3481 / 3480 cases). */
export const ION_BATTERY_PACKAGINGS = ['Contained In', 'Packed With', 'Standalone'] as const;
export const LITHIUM_ION: BatteryTechnologyType = 'Lithium Ion';

/** Walmart answers these "Yes" or "No", in words. */
export const YES_NO = ['Yes', 'No'] as const;
export type YesNo = (typeof YES_NO)[number];

/** Walmart's limits for the fields it checks on an item. */
export const WFS_ITEM_LIMITS = { sku: 50, productName: 200, brand: 60, shelfLifeDays: 3650, measure: 10_000 } as const;
/**
 * WFS's receiving rule for items with an expiry date: units must reach the fulfilment centre with at
 * least this many days of shelf life left, so an item whose whole shelf life is shorter cannot be
 * sent to WFS at all.
 */
export const WFS_MIN_SHELF_LIFE_DAYS = 90;

const WALMART_CATEGORY_KEYS = Object.keys(WALMART_ITEM_CATEGORIES) as [WalmartItemCategory, ...WalmartItemCategory[]];

const measure = z
  .number({ error: 'Enter a number' })
  .positive('Must be greater than 0')
  .max(WFS_ITEM_LIMITS.measure, `At most ${WFS_ITEM_LIMITS.measure}`);

/** Everything the form sends, before the conditional rules. */
export const wfsItemSetupBaseSchema = z.object({
  storeId: z.number().int().positive(),
  productId: z.number().int().positive(),
  sku: z.string().trim().min(1, 'Required').max(WFS_ITEM_LIMITS.sku, `At most ${WFS_ITEM_LIMITS.sku} characters`),
  productName: z
    .string()
    .trim()
    .min(1, 'Required')
    .max(WFS_ITEM_LIMITS.productName, `At most ${WFS_ITEM_LIMITS.productName} characters`),
  brand: z.string().trim().min(1, 'Required').max(WFS_ITEM_LIMITS.brand, `At most ${WFS_ITEM_LIMITS.brand} characters`),
  /** The UPC-A, EAN-13 or GTIN-14 (Walmart reads it as a GTIN-14). */
  gtin: z
    .string()
    .trim()
    .regex(/^(\d{12}|\d{13}|\d{14})$/, 'A 12-digit UPC, 13-digit EAN or 14-digit GTIN')
    .refine((g) => !/^\d{12,14}$/.test(g) || gtinCheckDigitOk(g), 'The check digit is wrong: check the barcode number'),
  /** US dollars. */
  price: z.number({ error: 'Enter a number' }).positive('Must be greater than 0').max(100_000),
  category: z.enum(WALMART_CATEGORY_KEYS),
  /** The sellable unit (Walmart's TradeItem each): inches and pounds. */
  lengthIn: measure,
  widthIn: measure,
  heightIn: measure,
  weightLb: measure,
  /** Where it was assembled, as Walmart writes it ("US - United States"); optional. */
  countryOfOriginAssembly: z.string().trim().max(60).optional(),
  hasBatteries: z.enum(YES_NO),
  batteryTechnologyType: z.enum(BATTERY_TECHNOLOGY_TYPES).optional(),
  /** Lithium Ion only (Walmart's lithiumIonBatteries). */
  ionNumberOfBatteries: z.number({ error: 'Enter a number' }).int('A whole number').positive().max(1000).optional(),
  batteryWattHour: z.number({ error: 'Enter a number' }).positive('Must be greater than 0').max(10_000).optional(),
  ionIncludedBatteryPackaging: z.enum(ION_BATTERY_PACKAGINGS).optional(),
  electronicsIndicator: z.enum(YES_NO),
  chemicalAerosolPesticide: z.enum(YES_NO),
  /** Where the safety data sheet is (Walmart's hazmat review reads it). */
  safetyDataSheet: z.url('A web address (https://…)').max(500).optional(),
  numberOfHazardousComponents: z
    .number({ error: 'Enter a number' })
    .int('A whole number')
    .positive()
    .max(100)
    .optional(),
  isPerishable: z.enum(YES_NO),
  shelfLifeDays: z.number({ error: 'Enter a number' }).int('Whole days').positive().optional(),
  /** Dockside: every unit received carries its lot, kept with the unit. */
  lotControlled: z.boolean().optional(),
});
export type WfsItemSetupBase = z.infer<typeof wfsItemSetupBaseSchema>;

/** The compliance answers alone: kept on the product, and what a WFS listing of the product sends. */
export const wfsComplianceBaseSchema = wfsItemSetupBaseSchema.pick({
  hasBatteries: true,
  batteryTechnologyType: true,
  ionNumberOfBatteries: true,
  batteryWattHour: true,
  ionIncludedBatteryPackaging: true,
  electronicsIndicator: true,
  chemicalAerosolPesticide: true,
  safetyDataSheet: true,
  numberOfHazardousComponents: true,
  countryOfOriginAssembly: true,
  isPerishable: true,
  shelfLifeDays: true,
  lotControlled: true,
});
export type WfsComplianceInput = z.infer<typeof wfsComplianceBaseSchema>;

/** Which dynamic sections the answers open. */
export function wfsItemSections(v: Partial<WfsComplianceInput>) {
  const batteries = v.hasBatteries === 'Yes';
  return {
    batteries,
    lithiumIon: batteries && v.batteryTechnologyType === LITHIUM_ION,
    hazmat: v.chemicalAerosolPesticide === 'Yes' || (batteries && isHazmatBattery(v.batteryTechnologyType)),
    expiry: v.isPerishable === 'Yes',
  };
}

/** The conditional requirements, each naming the field it is about. */
export function wfsItemSetupIssues(v: WfsComplianceInput): { path: keyof WfsComplianceInput; message: string }[] {
  const issues: { path: keyof WfsComplianceInput; message: string }[] = [];
  const open = wfsItemSections(v);
  if (open.batteries && (!v.batteryTechnologyType || v.batteryTechnologyType === NO_BATTERY))
    issues.push({ path: 'batteryTechnologyType', message: 'Choose the type of battery the item contains' });
  if (!open.batteries && v.batteryTechnologyType && v.batteryTechnologyType !== NO_BATTERY)
    issues.push({
      path: 'batteryTechnologyType',
      message: 'The item is said to contain no battery: answer Yes to batteries to give a battery type',
    });
  if (open.lithiumIon) {
    if (v.ionNumberOfBatteries === undefined)
      issues.push({ path: 'ionNumberOfBatteries', message: 'Give the number of lithium-ion batteries' });
    if (v.batteryWattHour === undefined)
      issues.push({ path: 'batteryWattHour', message: 'Give the watt-hour rating of each battery' });
    if (!v.ionIncludedBatteryPackaging)
      issues.push({ path: 'ionIncludedBatteryPackaging', message: 'Say how the batteries are packed with the item' });
  }
  if (open.hazmat && !v.safetyDataSheet)
    issues.push({
      path: 'safetyDataSheet',
      message: 'Walmart reviews hazardous items: give the link to the safety data sheet (SDS)',
    });
  if (open.expiry) {
    if (v.shelfLifeDays === undefined)
      issues.push({ path: 'shelfLifeDays', message: 'A perishable item needs its shelf life in days' });
    else if (v.shelfLifeDays < WFS_MIN_SHELF_LIFE_DAYS)
      issues.push({
        path: 'shelfLifeDays',
        message: `WFS receives units with at least ${WFS_MIN_SHELF_LIFE_DAYS} days of shelf life left; an item that keeps ${v.shelfLifeDays} days cannot go to WFS`,
      });
    else if (v.shelfLifeDays > WFS_ITEM_LIMITS.shelfLifeDays)
      issues.push({ path: 'shelfLifeDays', message: `At most ${WFS_ITEM_LIMITS.shelfLifeDays} days` });
  } else if (v.shelfLifeDays !== undefined)
    issues.push({
      path: 'shelfLifeDays',
      message: 'Only a perishable item has a shelf life: answer Yes to perishable',
    });
  return issues;
}

/** The form as sent: the base fields and the requirements its answers bring. */
export const wfsItemSetupSchema = wfsItemSetupBaseSchema.superRefine((v, ctx) => {
  for (const i of wfsItemSetupIssues(v)) ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
});
export type WfsItemSetup = z.infer<typeof wfsItemSetupSchema>;
export const wfsComplianceSchema = wfsComplianceBaseSchema.superRefine((v, ctx) => {
  for (const i of wfsItemSetupIssues(v)) ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
});

/** The Walmart battery answer the feed carries: the type, or that there is none. */
export const batteryAnswerOf = (v: Pick<WfsItemSetup, 'hasBatteries' | 'batteryTechnologyType'>) =>
  v.hasBatteries === 'Yes' ? v.batteryTechnologyType! : NO_BATTERY;

// ---- what the server answers ----

/** What the form is filled with for a product: the product's own data and its last answers. */
export const wfsItemPrefillSchema = z.object({
  storeId: z.number().int(),
  productId: z.number().int(),
  sku: z.string().nullable(),
  productName: z.string(),
  brand: z.string().nullable(),
  gtin: z.string().nullable(),
  lengthIn: z.number().nullable(),
  widthIn: z.number().nullable(),
  heightIn: z.number().nullable(),
  weightLb: z.number().nullable(),
  /** The product's compliance answers as last given (null: never). */
  compliance: z
    .object({
      hasBatteries: z.enum(YES_NO),
      batteryTechnologyType: z.enum(BATTERY_TECHNOLOGY_TYPES).nullable(),
      ionNumberOfBatteries: z.number().nullable(),
      batteryWattHour: z.number().nullable(),
      ionIncludedBatteryPackaging: z.enum(ION_BATTERY_PACKAGINGS).nullable(),
      electronicsIndicator: z.enum(YES_NO),
      chemicalAerosolPesticide: z.enum(YES_NO),
      safetyDataSheet: z.string().nullable(),
      numberOfHazardousComponents: z.number().nullable(),
      countryOfOriginAssembly: z.string().nullable(),
      isPerishable: z.enum(YES_NO),
      shelfLifeDays: z.number().int().nullable(),
      lotControlled: z.boolean(),
    })
    .nullable(),
});
export type WfsItemPrefill = z.infer<typeof wfsItemPrefillSchema>;
export type WfsComplianceAnswers = NonNullable<WfsItemPrefill['compliance']>;
export const wfsComplianceSavedSchema = wfsItemPrefillSchema.shape.compliance
  .unwrap()
  .extend({ productId: z.number().int() });

export const WFS_SETUP_STATUSES = ['IN_PROGRESS', 'SUCCESS', 'FAILED'] as const;
/** One of Walmart's errors for the item, on the form's field it is about ("form" when none). */
export const wfsFieldErrorSchema = z.object({
  field: z.string(),
  /** Walmart's field name as it said it. */
  walmartField: z.string().nullable(),
  code: z.string(),
  message: z.string(),
});
export type WfsFieldError = z.infer<typeof wfsFieldErrorSchema>;

export const wfsItemSetupRecordSchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  productId: z.number().int(),
  sku: z.string(),
  feedId: z.string(),
  status: z.enum(WFS_SETUP_STATUSES),
  errors: z.array(wfsFieldErrorSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WfsItemSetupRecord = z.infer<typeof wfsItemSetupRecordSchema>;
