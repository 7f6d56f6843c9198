/**
 * Fee settings (issue 21, spec §2 FeeSettings, §9 company setting keys for fees): what the
 * warehouse charges its clients, typed like the tenant settings (domain/settings-keys.ts). The
 * tenant's value is stored as a tenant setting; a client's override is the COMPANY setting of the
 * same key (the settings store of spec §3), so FREE_STORAGE_DAY_COUNT, STORAGE_FEE_INVENTORY_TYPES
 * and DAILY_STORAGE_FEE_PER_QF of spec §9 are these settings, not a second copy.
 *
 * Money and percentages are decimal strings (domain/rules/money.ts: up to 6 decimals, read with
 * scaledDecimal, never floats). Effective value: the client's override ?? the tenant's value ??
 * the default below (resolveFeeSettings).
 */
import { PRICE_DECIMALS, scaledDecimal } from './rules/money.js';
import { ITEM_ACTIONS, type ItemAction } from './schemas/inbound.js';

export const FEE_GROUPS = [
  'receiving',
  'bundles',
  'storage',
  'fbm',
  'problems',
  'shipping',
  'boxes',
  'payment',
  'invoices',
] as const;
export type FeeGroup = (typeof FEE_GROUPS)[number];

/** Inventory a storage fee may apply to: the workflow a held unit is in (spec pack types FBA, WFS, FBM, STORAGE). */
export const STORAGE_INVENTORY_TYPES = ITEM_ACTIONS;

export type FeeSettingDef = { group: FeeGroup } & (
  | { kind: 'money'; unit: string; min: string; max: string; default: string }
  | { kind: 'percent'; unit: 'percent' | 'percentOfSubtotal'; min: string; max: string; default: string }
  | { kind: 'count'; unit: string; min: number; max: number; default: number; zeroMeans?: 'noLimit' }
  | { kind: 'days'; unit: 'days'; min: number; max: number; default: number }
  | { kind: 'date'; default: string | null }
  | { kind: 'boolean'; default: boolean }
  | { kind: 'inventoryTypes'; options: readonly ItemAction[]; default: readonly ItemAction[] }
);

const money = (group: FeeGroup, unit: string) =>
  ({ group, kind: 'money', unit, min: '0', max: '10000', default: '0.00' }) as const;

export const FEE_SETTINGS = {
  ITEM_SORT_FEE: money('receiving', 'perUnit'),
  ITEM_DISPOSAL_FEE: money('receiving', 'perUnit'),
  BUNDLE_BASE_FEE: money('bundles', 'perBundle'),
  BUNDLE_EXTRA_FEE_PER_ITEM: money('bundles', 'perExtraItem'),
  /** Extra items charged per bundle at most; 0: every item is charged. */
  MAX_CHARGED_BUNDLE_ITEM_COUNT: {
    group: 'bundles',
    kind: 'count',
    unit: 'items',
    min: 0,
    max: 1000,
    default: 0,
    zeroMeans: 'noLimit',
  },
  DAILY_STORAGE_FEE_PER_QF: money('storage', 'perCubicFootDay'),
  FREE_STORAGE_DAY_COUNT: { group: 'storage', kind: 'days', unit: 'days', min: 0, max: 3650, default: 30 },
  STORAGE_FEE_INVENTORY_TYPES: {
    group: 'storage',
    kind: 'inventoryTypes',
    options: STORAGE_INVENTORY_TYPES,
    default: ['storage'],
  },
  FBM_CHARGE_PER_SKU: money('fbm', 'perSku'),
  FBM_EXTRA_ITEM_CHARGE: money('fbm', 'perExtraItem'),
  PROBLEM_CHARGE: money('problems', 'perProblem'),
  PROBLEM_CHARGE_PER_ITEM: money('problems', 'perUnit'),
  SHIPPING_UPCHARGE_PERCENT: {
    group: 'shipping',
    kind: 'percent',
    unit: 'percent',
    min: '0',
    max: '100',
    default: '0',
  },
  SHIPPING_UPCHARGE_MINIMUM_DOLLAR: money('shipping', 'perLabel'),
  PER_BOX_CHARGE: money('boxes', 'perBox'),
  ENFORCE_PAYMENT_METHOD: { group: 'payment', kind: 'boolean', default: false },
  /** Charges are not invoiced before this day (YYYY-MM-DD); null: no postponement. */
  POSTPONE_DATE: { group: 'payment', kind: 'date', default: null },
  /** Tax added to an invoice's subtotal (rounded once on the subtotal); 0: no tax line. */
  INVOICE_TAX_PERCENT: {
    group: 'invoices',
    kind: 'percent',
    unit: 'percentOfSubtotal',
    min: '0',
    max: '100',
    default: '0',
  },
  /** Days from issue to the due date. */
  INVOICE_PAYMENT_TERMS_DAYS: { group: 'invoices', kind: 'days', unit: 'days', min: 0, max: 365, default: 30 },
} as const satisfies Record<string, FeeSettingDef>;

export type FeeSettingKey = keyof typeof FEE_SETTINGS;
export const FEE_SETTING_KEYS = Object.keys(FEE_SETTINGS) as FeeSettingKey[];
export const isFeeSettingKey = (k: string): k is FeeSettingKey => Object.prototype.hasOwnProperty.call(FEE_SETTINGS, k);

type ValueOf<D> = D extends { kind: 'money' | 'percent' }
  ? string
  : D extends { kind: 'count' | 'days' }
    ? number
    : D extends { kind: 'boolean' }
      ? boolean
      : D extends { kind: 'date' }
        ? string | null
        : D extends { kind: 'inventoryTypes' }
          ? ItemAction[]
          : never;
export type FeeSettingValue<K extends FeeSettingKey> = ValueOf<(typeof FEE_SETTINGS)[K]>;
export type FeeSettingValues = { [K in FeeSettingKey]: FeeSettingValue<K> };
/** Stored values only (a key absent: not set at that level). */
export type FeeSettingStored = Partial<FeeSettingValues>;

/** The settings store's value type of each kind (spec §9 setting value types). */
export const feeSettingType = (key: FeeSettingKey): 'BIGDECIMAL' | 'INTEGER' | 'BOOLEAN' | 'DATE' | 'ARRAY' => {
  const kind = (FEE_SETTINGS[key] as FeeSettingDef).kind;
  return kind === 'money' || kind === 'percent'
    ? 'BIGDECIMAL'
    : kind === 'count' || kind === 'days'
      ? 'INTEGER'
      : kind === 'boolean'
        ? 'BOOLEAN'
        : kind === 'date'
          ? 'DATE'
          : 'ARRAY';
};

/** A decimal's canonical text: no leading zeros; money keeps 2 decimals at least, percent none. */
function decimalText(scaled: bigint, minDecimals: number): string {
  const digits = scaled.toString().padStart(PRICE_DECIMALS + 1, '0');
  const whole = digits.slice(0, -PRICE_DECIMALS);
  let fraction = digits.slice(-PRICE_DECIMALS).replace(/0+$/, '');
  if (fraction.length < minDecimals) fraction = fraction.padEnd(minDecimals, '0');
  return fraction ? `${whole}.${fraction}` : whole;
}

const isDay = (s: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

export type FeeParse<K extends FeeSettingKey> =
  { ok: true; value: FeeSettingValue<K> } | { ok: false; message: string };

/**
 * A fee setting's value checked and normalised, or what is wrong with it (the message names the
 * key, as the tenant settings' do). Money and percentages come as decimal text ("0.0333"); whole
 * numbers are also taken as numbers, fractions as numbers are not (no floats for money).
 */
export function parseFeeSetting<K extends FeeSettingKey>(key: K, raw: unknown): FeeParse<K> {
  const def = FEE_SETTINGS[key] as FeeSettingDef;
  const ok = (value: unknown): FeeParse<K> => ({ ok: true, value: value as FeeSettingValue<K> });
  const fail = (message: string): FeeParse<K> => ({ ok: false, message: `${key}: ${message}` });
  switch (def.kind) {
    case 'money':
    case 'percent': {
      const what =
        def.kind === 'money'
          ? `an amount from ${def.min} to ${def.max} with at most ${PRICE_DECIMALS} decimals`
          : `a percentage from ${def.min} to ${def.max} with at most ${PRICE_DECIMALS} decimals`;
      const text = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : raw;
      if (typeof text !== 'string') return fail(what);
      let scaled: bigint;
      try {
        scaled = scaledDecimal(text, PRICE_DECIMALS);
      } catch {
        return fail(what);
      }
      if (scaled < scaledDecimal(def.min, PRICE_DECIMALS) || scaled > scaledDecimal(def.max, PRICE_DECIMALS))
        return fail(what);
      return ok(decimalText(scaled, def.kind === 'money' ? 2 : 0));
    }
    case 'count':
    case 'days': {
      const n = typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < def.min || n > def.max)
        return fail(`a whole number from ${def.min} to ${def.max}`);
      return ok(n);
    }
    case 'boolean': {
      const b = raw === 'true' ? true : raw === 'false' ? false : raw;
      return typeof b === 'boolean' ? ok(b) : fail('true or false');
    }
    case 'date':
      if (raw === null || raw === '') return ok(null);
      return typeof raw === 'string' && isDay(raw) ? ok(raw) : fail('a day (YYYY-MM-DD) or none');
    case 'inventoryTypes': {
      const options = def.options as readonly string[];
      if (!Array.isArray(raw) || raw.some((v) => typeof v !== 'string' || !options.includes(v)))
        return fail(`a list of ${options.join(', ')}`);
      // In the order of the options, each once.
      return ok(options.filter((o) => raw.includes(o)));
    }
  }
}

/** A stored value (JSON text) read; a row that does not parse reads as not set. */
export function readStoredFeeSetting<K extends FeeSettingKey>(key: K, json: string): FeeParse<K> {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { ok: false, message: `${key}: the value is not valid JSON` };
  }
  return parseFeeSetting(key, raw);
}

/** Stored rows (key, JSON text) as typed values; unknown keys and bad rows are left out. */
export function storedFeeSettings(rows: readonly { settingKey: string; value: string }[]): FeeSettingStored {
  const out: Record<string, unknown> = {};
  for (const row of rows) {
    if (!isFeeSettingKey(row.settingKey)) continue;
    const parsed = readStoredFeeSetting(row.settingKey, row.value);
    if (parsed.ok) out[row.settingKey] = parsed.value;
  }
  return out as FeeSettingStored;
}

export const feeSettingDefaults = (): FeeSettingValues =>
  Object.fromEntries(
    FEE_SETTING_KEYS.map((k) => {
      const d = FEE_SETTINGS[k].default as unknown;
      return [k, Array.isArray(d) ? [...d] : d];
    }),
  ) as FeeSettingValues;

/** The value billing uses: the client's override, else the tenant's value, else the default. */
export function resolveFeeSettings(tenant: FeeSettingStored, override: FeeSettingStored = {}): FeeSettingValues {
  const out = feeSettingDefaults() as Record<string, unknown>;
  for (const k of FEE_SETTING_KEYS) {
    if (k in override) out[k] = override[k];
    else if (k in tenant) out[k] = tenant[k];
  }
  return out as FeeSettingValues;
}

/**
 * Checks a write (values by key, plus keys to clear): every message, or the normalised values.
 * Unknown keys are refused by name.
 */
export function parseFeeSettingsWrite(input: {
  values?: Record<string, unknown>;
  clear?: readonly string[];
}): { ok: true; values: FeeSettingStored; clear: FeeSettingKey[] } | { ok: false; messages: string[] } {
  const messages: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input.values ?? {})) {
    if (!isFeeSettingKey(k)) {
      messages.push(`${k}: not a fee setting`);
      continue;
    }
    const parsed = parseFeeSetting(k, v);
    if (parsed.ok) values[k] = parsed.value;
    else messages.push(parsed.message);
  }
  const clear: FeeSettingKey[] = [];
  for (const k of input.clear ?? []) {
    if (!isFeeSettingKey(k)) messages.push(`${k}: not a fee setting`);
    else if (k in values) messages.push(`${k}: set and cleared at once`);
    else clear.push(k);
  }
  return messages.length ? { ok: false, messages } : { ok: true, values: values as FeeSettingStored, clear };
}
