import { describe, expect, it } from 'vitest';
import {
  dayToDate,
  formatDate,
  formatDateTime,
  formatClock,
  formatDay,
  formatDayShort,
  formatMoney,
  formatMonth,
  formatMonthNumeric,
  formatNumber,
  formatPercent,
  formatPrice,
  formatRelative,
  formatTime,
  formatUnit,
  intlLocale,
  parseDay,
  parseMonth,
  parseTime,
} from '../../domain/format';

// Intl writes a narrow or ordinary no-break space in some languages (fr grouping, de "0,50 $"):
// the expectations below write a plain space.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('intlLocale', () => {
  it('reads the app languages as their regions (pt is Brazilian)', () => {
    expect(['en', 'de', 'fr', 'pt'].map(intlLocale)).toEqual(['en-US', 'de-DE', 'fr-FR', 'pt-BR']);
    expect(intlLocale('')).toBe('en-US');
    expect(intlLocale('xx')).toBe('en-US');
    expect(intlLocale('pt-PT')).toBe('pt-PT');
  });
});

describe('numbers', () => {
  it('group and mark decimals as each language does', () => {
    expect(formatNumber('en', 1234567.5)).toBe('1,234,567.5');
    expect(formatNumber('de', 1234567.5)).toBe('1.234.567,5');
    expect(plain(formatNumber('fr', 1234567.5))).toBe('1 234 567,5');
    expect(formatNumber('pt', 1234567.5)).toBe('1.234.567,5');
  });
  it('fix the decimals when asked, and read decimal strings exactly', () => {
    expect(formatNumber('en', 2, { decimals: 2 })).toBe('2.00');
    expect(formatNumber('de', '12.3456', { maxDecimals: 4 })).toBe('12,3456');
    expect(formatNumber('en', '12345678901234567.25', { decimals: 2 })).toBe('12,345,678,901,234,567.25');
    expect(formatNumber('en', 3, { signed: true })).toBe('+3');
    expect(formatNumber('en', null)).toBe('–');
  });
});

describe('money', () => {
  it('shows cents in the currency as each language writes it', () => {
    expect(formatMoney('en', 123450)).toBe('$1,234.50');
    expect(plain(formatMoney('de', 123450))).toBe('1.234,50 $');
    expect(plain(formatMoney('fr', 123450))).toBe('1 234,50 $US');
    expect(plain(formatMoney('pt', 123450))).toBe('US$ 1.234,50');
    expect(plain(formatMoney('de', 50, 'EUR'))).toBe('0,50 €');
    expect(formatMoney('en', null)).toBe('–');
  });
  it('shows unit prices with at least the cents and every decimal they have', () => {
    expect(formatPrice('en', '0.5')).toBe('$0.50');
    expect(plain(formatPrice('de', '0.5'))).toBe('0,50 $');
    expect(formatPrice('en', 3)).toBe('$3.00');
    expect(plain(formatPrice('pt', '0.3'))).toBe('US$ 0,30');
    expect(plain(formatPrice('fr', '0.0333'))).toBe('0,0333 $US');
    expect(formatPrice('en', '0.000001')).toBe('$0.000001');
  });
  it('shows percents from a share or from points', () => {
    expect(formatPercent('en', 0.125)).toBe('12.5%');
    expect(plain(formatPercent('de', '12.5', { points: true }))).toBe('12,5 %');
    expect(plain(formatPercent('fr', 0.1, { signed: true }))).toBe('+10 %');
    expect(formatPercent('pt', 0.5)).toBe('50%');
  });
  it('shows quantities with their unit', () => {
    expect(formatUnit('en', 2.5, 'kilogram')).toBe('2.5 kg');
    expect(plain(formatUnit('de', 2.5, 'kilogram'))).toBe('2,5 kg');
  });
});

describe('days and months', () => {
  it('shows a day in the language order, never shifted by the time zone', () => {
    expect(formatDay('en', '2026-11-29')).toBe('11/29/2026');
    expect(formatDay('de', '2026-11-29')).toBe('29.11.2026');
    expect(formatDay('fr', '2026-11-29')).toBe('29/11/2026');
    expect(formatDay('pt', '2026-11-29')).toBe('29/11/2026');
    expect(formatDay('de', '2026-01-01')).toBe('01.01.2026');
    expect(formatDay('en', null)).toBe('–');
    expect(formatDay('en', 'soon')).toBe('soon');
  });
  it('shows a day with its month word', () => {
    expect(formatDayShort('en', '2026-11-29')).toBe('Nov 29');
    expect(formatDayShort('de', '2026-11-29')).toBe('29. Nov.');
  });
  it('shows a month with its name', () => {
    expect(formatMonth('en', '2026-11')).toBe('November 2026');
    expect(formatMonth('de', '2026-11')).toBe('November 2026');
    expect(formatMonth('fr', '2026-11')).toBe('novembre 2026');
    expect(formatMonth('pt', '2026-11')).toBe('novembro de 2026');
    expect(formatMonthNumeric('en', '2026-11')).toBe('11/2026');
    expect(formatMonthNumeric('de', '2026-11')).toBe('11.2026');
  });
  it('knows the real days', () => {
    expect(dayToDate('2026-02-29')).toBeNull();
    expect(dayToDate('2028-02-29')?.toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });
});

describe('instants', () => {
  const at = '2026-11-29T07:28:42Z';
  const utc = { timeZone: 'UTC' };
  it('shows the day, the time and both', () => {
    expect(formatDate('en', at, utc)).toBe('11/29/2026');
    expect(formatDate('de', at, utc)).toBe('29.11.2026');
    expect(plain(formatTime('en', at, utc))).toBe('7:28 AM');
    expect(formatTime('de', at, { ...utc, seconds: true })).toBe('07:28:42');
    expect(plain(formatDateTime('en', at, utc))).toBe('11/29/2026, 7:28 AM');
    expect(formatDateTime('de', at, utc)).toBe('29.11.2026, 07:28');
    expect(formatDateTime('fr', at, utc)).toBe('29/11/2026 07:28');
    expect(formatDateTime('pt', at, utc)).toBe('29/11/2026, 07:28');
  });
  it('reads the instant in the zone given', () => {
    expect(formatDateTime('de', at, { timeZone: 'America/New_York' })).toBe('29.11.2026, 02:28');
  });
  it('shows a bare day as that day', () => {
    expect(formatDate('de', '2026-11-29')).toBe('29.11.2026');
  });
  it('says how far an instant is from now', () => {
    const now = Date.parse(at);
    expect(formatRelative('en', now - 3 * 3_600_000, now)).toBe('3 hours ago');
    expect(formatRelative('de', now + 2 * 86_400_000, now)).toBe('übermorgen');
    expect(formatRelative('fr', now - 5 * 60_000, now)).toBe('il y a 5 minutes');
    expect(formatRelative('pt', now - 3 * 86_400_000, now)).toBe('há 3 dias');
  });
});

describe('reading typed days', () => {
  it('reads the language order with any separator', () => {
    expect(parseDay('en', '11/29/2026')).toBe('2026-11-29');
    expect(parseDay('de', '29.11.2026')).toBe('2026-11-29');
    expect(parseDay('de', '29.11.2026.')).toBe('2026-11-29');
    expect(parseDay('fr', '29/11/2026')).toBe('2026-11-29');
    expect(parseDay('pt', '29-11-2026')).toBe('2026-11-29');
    expect(parseDay('de', '1.2.2026')).toBe('2026-02-01');
    expect(parseDay('en', '1/2/2026')).toBe('2026-01-02');
  });
  it('reads ISO days in every language', () => {
    for (const l of ['en', 'de', 'fr', 'pt']) expect(parseDay(l, '2026-11-29')).toBe('2026-11-29');
    expect(parseDay('de', '2026/11/29')).toBe('2026-11-29');
  });
  it('takes a two-digit year only when asked', () => {
    expect(parseDay('de', '29.11.26')).toBeNull();
    expect(parseDay('de', '29.11.26', { shortYear: true })).toBe('2026-11-29');
  });
  it('refuses what is no day', () => {
    expect(parseDay('en', '29/11/2026')).toBeNull();
    expect(parseDay('de', '31.02.2026')).toBeNull();
    expect(parseDay('de', '29.11.202')).toBeNull();
    expect(parseDay('en', 'tomorrow')).toBeNull();
    expect(parseDay('en', '')).toBeNull();
  });
  it('reads typed months', () => {
    expect(parseMonth('en', '11/2026')).toBe('2026-11');
    expect(parseMonth('de', '11.2026')).toBe('2026-11');
    expect(parseMonth('fr', '2026-11')).toBe('2026-11');
    expect(parseMonth('de', 'November 2026')).toBe('2026-11');
    expect(parseMonth('de', 'Mär 2026')).toBe('2026-03');
    expect(parseMonth('fr', 'févr. 2026')).toBe('2026-02');
    expect(parseMonth('pt', 'novembro de 2026')).toBe('2026-11');
    expect(parseMonth('en', 'Nov 2026')).toBe('2026-11');
    expect(parseMonth('en', '13/2026')).toBeNull();
    expect(parseMonth('en', 'soon')).toBeNull();
  });
});

describe('reading typed times', () => {
  it('reads 24 hours, 12 hours and the usual separators', () => {
    expect(parseTime('19:28')).toBe('19:28');
    expect(parseTime('7:28 pm')).toBe('19:28');
    expect(parseTime('7:28 AM')).toBe('07:28');
    expect(parseTime('12:05 am')).toBe('00:05');
    expect(parseTime('7 PM')).toBe('19:00');
    expect(parseTime('19.28')).toBe('19:28');
    expect(parseTime('19h28')).toBe('19:28');
    expect(parseTime('1928')).toBe('19:28');
    expect(parseTime('9')).toBe('09:00');
  });
  it('refuses what is no time', () => {
    expect(parseTime('24:00')).toBeNull();
    expect(parseTime('13:00 pm')).toBeNull();
    expect(parseTime('7:60')).toBeNull();
    expect(parseTime('soon')).toBeNull();
  });
  it('writes a time as the language does', () => {
    expect(plain(formatClock('en', '19:28'))).toBe('7:28 PM');
    expect(formatClock('de', '19:28')).toBe('19:28');
    expect(formatClock('fr', '07:05')).toBe('07:05');
  });
});
