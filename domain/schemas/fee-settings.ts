/** Read and write bodies of the fee settings API (/api/settings/fees; domain/fee-settings.ts). */
import { z } from 'zod';
import { FEE_SETTING_KEYS, STORAGE_INVENTORY_TYPES } from '../fee-settings.js';

/** One fee setting's value: decimal text (money, percent), whole number, switch, day or null, list of types. */
const feeValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]);

/** Values by key; each key's type, range and decimals are checked by parseFeeSetting (400 with every message). */
export const feeSettingsWriteSchema = z.object({
  values: z.record(z.string(), feeValueSchema).default({}),
  /** Keys to take back to the level below (the tenant's value, or the default). */
  clear: z.array(z.string()).max(FEE_SETTING_KEYS.length).default([]),
});
export type FeeSettingsWrite = z.infer<typeof feeSettingsWriteSchema>;

const valuesSchema = z.object({
  ITEM_SORT_FEE: z.string(),
  ITEM_DISPOSAL_FEE: z.string(),
  BUNDLE_BASE_FEE: z.string(),
  BUNDLE_EXTRA_FEE_PER_ITEM: z.string(),
  MAX_CHARGED_BUNDLE_ITEM_COUNT: z.number().int(),
  DAILY_STORAGE_FEE_PER_QF: z.string(),
  FREE_STORAGE_DAY_COUNT: z.number().int(),
  STORAGE_FEE_INVENTORY_TYPES: z.array(z.enum(STORAGE_INVENTORY_TYPES)),
  FBM_CHARGE_PER_SKU: z.string(),
  FBM_EXTRA_ITEM_CHARGE: z.string(),
  PROBLEM_CHARGE: z.string(),
  PROBLEM_CHARGE_PER_ITEM: z.string(),
  SHIPPING_UPCHARGE_PERCENT: z.string(),
  SHIPPING_UPCHARGE_MINIMUM_DOLLAR: z.string(),
  PER_BOX_CHARGE: z.string(),
  ENFORCE_PAYMENT_METHOD: z.boolean(),
  POSTPONE_DATE: z.string().nullable(),
  INVOICE_TAX_PERCENT: z.string(),
  INVOICE_PAYMENT_TERMS_DAYS: z.number().int(),
});
/** Every key with its value. */
export const feeSettingValuesSchema = valuesSchema;
/** Only the keys set at that level. */
export const feeSettingStoredSchema = valuesSchema.partial();

/** The tenant's fee settings: what it stored, and what applies (stored ?? default). */
export const tenantFeeSettingsSchema = z.object({
  stored: feeSettingStoredSchema,
  effective: feeSettingValuesSchema,
});
export type TenantFeeSettings = z.infer<typeof tenantFeeSettingsSchema>;

/** One client's fee settings: its overrides, the tenant's values beside them, and what applies. */
export const companyFeeSettingsSchema = z.object({
  companyId: z.number().int(),
  tenant: feeSettingStoredSchema,
  overrides: feeSettingStoredSchema,
  effective: feeSettingValuesSchema,
});
export type CompanyFeeSettings = z.infer<typeof companyFeeSettingsSchema>;
