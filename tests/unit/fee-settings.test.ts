/** Fee settings (issue 21): each kind parsed and normalised, money exact, and the resolution order. */
import { describe, expect, it } from 'vitest';
import {
  FEE_GROUPS,
  FEE_SETTING_KEYS,
  FEE_SETTINGS,
  feeSettingDefaults,
  parseFeeSetting,
  parseFeeSettingsWrite,
  readStoredFeeSetting,
  resolveFeeSettings,
  storedFeeSettings,
} from '../../domain/fee-settings';
import { feeSettingValuesSchema } from '../../domain/schemas/fee-settings';
import { lineAmountCents } from '../../domain/rules/money';
import { SETTING_KEYS } from '../../domain/settings-keys';

const value = (key: Parameters<typeof parseFeeSetting>[0], raw: unknown) => {
  const r = parseFeeSetting(key, raw);
  return r.ok ? r.value : `refused: ${r.message}`;
};

describe('fee setting definitions', () => {
  it('cover every fee of spec §9, grouped, and the response schema has exactly their keys', () => {
    expect(FEE_SETTING_KEYS).toHaveLength(19);
    for (const k of FEE_SETTING_KEYS) expect(FEE_GROUPS).toContain(FEE_SETTINGS[k].group);
    expect(Object.keys(feeSettingValuesSchema.shape).sort()).toEqual([...FEE_SETTING_KEYS].sort());
    expect(feeSettingValuesSchema.parse(feeSettingDefaults())).toEqual(feeSettingDefaults());
  });
  it('own the three storage keys of spec §9 (same names as the settings store’s)', () => {
    for (const k of ['FREE_STORAGE_DAY_COUNT', 'STORAGE_FEE_INVENTORY_TYPES', 'DAILY_STORAGE_FEE_PER_QF'] as const) {
      expect(FEE_SETTING_KEYS).toContain(k);
      expect(SETTING_KEYS).toContain(k);
    }
  });
});

describe('parseFeeSetting', () => {
  it('money: decimal text up to 6 decimals, 0 to 10000, kept exact with at least 2 decimals', () => {
    expect(value('PER_BOX_CHARGE', '1.5')).toBe('1.50');
    expect(value('PER_BOX_CHARGE', ' 0012.340000 ')).toBe('12.34');
    expect(value('DAILY_STORAGE_FEE_PER_QF', '0.000001')).toBe('0.000001');
    expect(value('PER_BOX_CHARGE', 3)).toBe('3.00');
    expect(value('PER_BOX_CHARGE', '10000')).toBe('10000.00');
    for (const bad of ['0.0000001', '-1', '10000.01', 'abc', '', '1e3', 0.5, null, true])
      expect(value('PER_BOX_CHARGE', bad), String(bad)).toBe(
        'refused: PER_BOX_CHARGE: an amount from 0 to 10000 with at most 6 decimals',
      );
    // What is stored prices a line exactly: 0.0333 × 3 cubic feet = 0.0999 → 10 cents.
    expect(lineAmountCents('3', value('DAILY_STORAGE_FEE_PER_QF', '0.0333') as string)).toBe(10);
  });
  it('percent: 0 to 100, no trailing zeros', () => {
    expect(value('SHIPPING_UPCHARGE_PERCENT', '12.50')).toBe('12.5');
    expect(value('SHIPPING_UPCHARGE_PERCENT', '100')).toBe('100');
    expect(value('SHIPPING_UPCHARGE_PERCENT', '100.000001')).toMatch(/^refused: .*a percentage from 0 to 100/);
  });
  it('count and days: whole numbers in range (numeric text taken)', () => {
    expect(value('FREE_STORAGE_DAY_COUNT', 0)).toBe(0);
    expect(value('FREE_STORAGE_DAY_COUNT', '45')).toBe(45);
    expect(value('FREE_STORAGE_DAY_COUNT', 3651)).toBe(
      'refused: FREE_STORAGE_DAY_COUNT: a whole number from 0 to 3650',
    );
    expect(value('MAX_CHARGED_BUNDLE_ITEM_COUNT', 2.5)).toMatch(/^refused/);
    expect(value('MAX_CHARGED_BUNDLE_ITEM_COUNT', '-1')).toMatch(/^refused/);
  });
  it('boolean, date and inventory types', () => {
    expect(value('ENFORCE_PAYMENT_METHOD', 'true')).toBe(true);
    expect(value('ENFORCE_PAYMENT_METHOD', 1)).toBe('refused: ENFORCE_PAYMENT_METHOD: true or false');
    expect(value('POSTPONE_DATE', '2027-02-28')).toBe('2027-02-28');
    expect(value('POSTPONE_DATE', '')).toBeNull();
    expect(value('POSTPONE_DATE', null)).toBeNull();
    expect(value('POSTPONE_DATE', '2027-02-29')).toMatch(/^refused/);
    expect(value('POSTPONE_DATE', '28.02.2027')).toMatch(/^refused/);
    expect(value('STORAGE_FEE_INVENTORY_TYPES', ['storage', 'fba_prep', 'storage'])).toEqual(['fba_prep', 'storage']);
    expect(value('STORAGE_FEE_INVENTORY_TYPES', [])).toEqual([]);
    expect(value('STORAGE_FEE_INVENTORY_TYPES', 'storage')).toMatch(/^refused/);
    expect(value('STORAGE_FEE_INVENTORY_TYPES', ['pallet'])).toMatch(/^refused/);
  });
  it('stored JSON text reads back; a bad stored row reads as not set', () => {
    expect(readStoredFeeSetting('PER_BOX_CHARGE', '"0.25"')).toEqual({ ok: true, value: '0.25' });
    expect(readStoredFeeSetting('PER_BOX_CHARGE', 'nope').ok).toBe(false);
    expect(
      storedFeeSettings([
        { settingKey: 'PER_BOX_CHARGE', value: '"0.25"' },
        { settingKey: 'FREE_STORAGE_DAY_COUNT', value: '"lots"' },
        { settingKey: 'THEMESETTINGS', value: '{}' },
      ]),
    ).toEqual({ PER_BOX_CHARGE: '0.25' });
  });
});

describe('writes and resolution', () => {
  it('a write is checked whole: every message, unknown keys named, set-and-clear refused', () => {
    expect(parseFeeSettingsWrite({ values: { PER_BOX_CHARGE: '1' }, clear: ['ITEM_SORT_FEE'] })).toEqual({
      ok: true,
      values: { PER_BOX_CHARGE: '1.00' },
      clear: ['ITEM_SORT_FEE'],
    });
    expect(
      parseFeeSettingsWrite({ values: { PER_BOX_CHARGE: 'x', NOPE: 1 }, clear: ['PER_BOX_CHARGE', 'ALSO_NOPE'] }),
    ).toEqual({
      ok: false,
      messages: [
        'PER_BOX_CHARGE: an amount from 0 to 10000 with at most 6 decimals',
        'NOPE: not a fee setting',
        'ALSO_NOPE: not a fee setting',
      ],
    });
    expect(parseFeeSettingsWrite({ values: { PER_BOX_CHARGE: '1' }, clear: ['PER_BOX_CHARGE'] })).toEqual({
      ok: false,
      messages: ['PER_BOX_CHARGE: set and cleared at once'],
    });
  });
  it('override ?? tenant ?? default, a null date override included', () => {
    const tenant = { PER_BOX_CHARGE: '0.75', POSTPONE_DATE: '2027-01-01', FREE_STORAGE_DAY_COUNT: 60 };
    const override = { PER_BOX_CHARGE: '0.50', POSTPONE_DATE: null };
    const r = resolveFeeSettings(tenant, override);
    expect(r.PER_BOX_CHARGE).toBe('0.50');
    expect(r.POSTPONE_DATE).toBeNull();
    expect(r.FREE_STORAGE_DAY_COUNT).toBe(60);
    expect(r.ITEM_SORT_FEE).toBe('0.00');
    expect(resolveFeeSettings({}).STORAGE_FEE_INVENTORY_TYPES).toEqual(['storage']);
    // Defaults are copies: changing one result never changes the next.
    resolveFeeSettings({}).STORAGE_FEE_INVENTORY_TYPES.push('fbm');
    expect(feeSettingDefaults().STORAGE_FEE_INVENTORY_TYPES).toEqual(['storage']);
  });
});
