/** Setting keys of spec §9, stored in the settings service. */
export const SETTING_KEYS = [
  'MSKUFORMULA',
  'PALLETCONTACT',
  'THEMESETTINGS',
  'NOTIFICATION_PREFERENCES',
  'INBOUND_SHIPMENT_ITEMS_GRID',
  'DATAGRID_STATES',
  'STORE_FBM_COUNTRY',
  'AUTO_PRICING',
  'STORE_PULL_AMZ_RETURN_ORDER',
  'STORE_PULL_AMZ_REMOVAL_ORDER',
  'DEFINED_BOX_DIMENSIONS',
  'FBM_ROUTING',
  'FREE_STORAGE_DAY_COUNT',
  'STORAGE_FEE_INVENTORY_TYPES',
  'DAILY_STORAGE_FEE_PER_QF',
  // Dockside additions: per-user printer/scanner settings mirrored from devices, QZ signing keys.
  'PRINTER_SETTINGS',
  'QZ_SIGNING',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** Tenant-level settings (`/api/tenant-settings`). */
export const TENANT_SETTING_KEYS = [
  'PASSWORD_MIN_LENGTH',
  'MFA_REQUIRED',
  'DEFAULT_LOCALE',
  'ACCOUNT_NUMBER_PREFIX',
] as const;
export type TenantSettingKey = (typeof TENANT_SETTING_KEYS)[number];

export const THEME_SKINS = ['dark', 'light'] as const;
export const LAYOUT_TYPES = ['horizontal', 'vertical', 'full'] as const;
