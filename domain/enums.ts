/** Enumerations of spec §3 used across server and client. */
export const AUDIENCES = [
  'Warehouse',
  'Customer',
  'CustomerPlus',
  'CustomerPlatinum',
  'Individual',
  'IndividualPlus',
] as const;
export type Audience = (typeof AUDIENCES)[number];
/** Client audiences see only their own company's rows. */
export const CLIENT_AUDIENCES: readonly Audience[] = AUDIENCES.filter((a) => a !== 'Warehouse');
export const isClientAudience = (a: Audience): boolean => a !== 'Warehouse';
export const isIndividualAudience = (a: Audience): boolean => a === 'Individual' || a === 'IndividualPlus';

export const COMPANY_STATUSES = ['Active', 'Suspended', 'Trial', 'Passive'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

export const TENANT_STATUSES = ['Active', 'Suspended', 'Trial', 'Passive'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];

export const USER_STATUSES = ['active', 'pending', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const ENTITY_SCOPES = ['COMPANY', 'USER', 'STORE', 'WAREHOUSE', 'FRANCHISE'] as const;
export type EntityScope = (typeof ENTITY_SCOPES)[number];

export const SETTING_VALUE_TYPES = ['INTEGER', 'BIGDECIMAL', 'JSON', 'STRING', 'BOOLEAN', 'DATE', 'ARRAY'] as const;
export type SettingValueType = (typeof SETTING_VALUE_TYPES)[number];

/** Client unit-size filter of spec §3 (minimum units; 0 = All). */
export const UNIT_SIZE_FILTERS = [0, 500, 2000, 5000, 10000] as const;

export const PAGE_SIZES = [5, 10, 20, 30, 40, 50, 100, 200] as const;
