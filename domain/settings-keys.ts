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
  // FBM mark shipped (issue 20 step 7): close an order once its label is bought, after the delay.
  'AUTO_CLOSE_AFTER_LABEL_PURCHASE',
  'FBM_ORDER_AUTO_CLOSE_DELAY_HOURS',
  'FBM_STORE_ORDER_AUTO_CLOSE_DELAY_HOURS',
  'FREE_STORAGE_DAY_COUNT',
  'STORAGE_FEE_INVENTORY_TYPES',
  'DAILY_STORAGE_FEE_PER_QF',
  // Dockside additions: per-user printer/scanner settings mirrored from devices, QZ signing keys.
  'PRINTER_SETTINGS',
  'QZ_SIGNING',
  // Per client (COMPANY): who labels units sent to FBA (spec labeling preference; domain/schemas/fba.ts).
  'FBA_LABELING_PREFERENCE',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** Tenant-level settings (`/api/tenant-settings`). */
export const TENANT_SETTING_KEYS = [
  'PASSWORD_MIN_LENGTH',
  'MFA_REQUIRED',
  'DEFAULT_LOCALE',
  'ACCOUNT_NUMBER_PREFIX',
  'CURRENCY',
  'UNIT_SYSTEM',
] as const;
export type TenantSettingKey = (typeof TENANT_SETTING_KEYS)[number];

/**
 * What each tenant setting holds: its control, its range or choices, and its default (what the
 * product does while nothing is stored). The server refuses any other value (400) and the settings
 * screen draws the control from this, so "abc" can never become a password length.
 */
export type TenantSettingDef =
  | { kind: 'number'; min: number; max: number; default: number; unit?: string }
  | { kind: 'boolean'; default: boolean }
  | { kind: 'select'; options: readonly string[]; default: string }
  | { kind: 'text'; pattern: RegExp; hint: string; default: string };

export const TENANT_SETTINGS = {
  /** Spec §5: passwords have at least 4 characters; a tenant may ask for more. */
  PASSWORD_MIN_LENGTH: { kind: 'number', min: 4, max: 128, default: 4, unit: 'characters' },
  /** Every user of the tenant must sign in with a second factor (TOTP). */
  MFA_REQUIRED: { kind: 'boolean', default: false },
  /** The language of new users and of e-mails to people without one. */
  DEFAULT_LOCALE: { kind: 'select', options: ['en', 'de', 'fr', 'pt'], default: 'en' },
  /** The letters before the number of a new client's account (C1001, C1002, …). */
  ACCOUNT_NUMBER_PREFIX: { kind: 'text', pattern: /^[A-Z]{1,4}$/, hint: '1 to 4 capital letters', default: 'C' },
  /** The currency the warehouse bills in (ISO 4217); charges and invoices carry it. */
  CURRENCY: { kind: 'select', options: ['USD', 'CAD', 'EUR', 'GBP', 'AUD', 'MXN'], default: 'USD' },
  /** Imperial: storage by cubic foot; metric: by cubic metre (issue 21). */
  UNIT_SYSTEM: { kind: 'select', options: ['imperial', 'metric'], default: 'imperial' },
} as const satisfies Record<TenantSettingKey, TenantSettingDef>;

export type TenantSettingValue<K extends TenantSettingKey> = (typeof TENANT_SETTINGS)[K]['default'] extends number
  ? number
  : (typeof TENANT_SETTINGS)[K]['default'] extends boolean
    ? boolean
    : string;

/**
 * The value of a stored setting (JSON text), or the message saying what is wrong with it.
 * Numbers and booleans written as strings ("8", "true") by older clients are read as such.
 */
export function parseTenantSetting<K extends TenantSettingKey>(
  key: K,
  json: string,
): { ok: true; value: TenantSettingValue<K> } | { ok: false; message: string } {
  const def: TenantSettingDef = TENANT_SETTINGS[key];
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { ok: false, message: `${key}: the value is not valid JSON` };
  }
  const ok = <V>(value: V) => ({ ok: true as const, value: value as unknown as TenantSettingValue<K> });
  switch (def.kind) {
    case 'number': {
      const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < def.min || n > def.max)
        return { ok: false, message: `${key}: a whole number from ${def.min} to ${def.max}` };
      return ok(n);
    }
    case 'boolean': {
      const b = raw === 'true' ? true : raw === 'false' ? false : raw;
      if (typeof b !== 'boolean') return { ok: false, message: `${key}: true or false` };
      return ok(b);
    }
    case 'select':
      if (typeof raw !== 'string' || !def.options.includes(raw))
        return { ok: false, message: `${key}: one of ${def.options.join(', ')}` };
      return ok(raw);
    case 'text':
      if (typeof raw !== 'string' || !def.pattern.test(raw)) return { ok: false, message: `${key}: ${def.hint}` };
      return ok(raw);
  }
}

export const THEME_SKINS = ['dark', 'light'] as const;
export const LAYOUT_TYPES = ['horizontal', 'vertical', 'full'] as const;
