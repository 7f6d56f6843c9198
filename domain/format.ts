/**
 * Numbers, money, dates and times for people (issue 41): one module, shared by the screens
 * (through src/ui/format.ts's useFormat) and the server's documents and mail, so an amount or a day
 * reads the same everywhere in the reader's language. Everything goes through Intl: no separator,
 * currency sign or date order is written here.
 *
 * Days ('YYYY-MM-DD') and months ('YYYY-MM') are calendar values, not instants: they are shown as
 * written, never shifted by the reader's time zone. Instants (ISO strings with a time, Dates,
 * epoch milliseconds) are shown in the reader's time zone unless one is given.
 */

/** The regions the app's four languages stand for (pt is Brazilian Portuguese, spec §1). */
const REGIONS: Record<string, string> = { en: 'en-US', de: 'de-DE', fr: 'fr-FR', pt: 'pt-BR' };

/** The Intl locale for an app language ('de' → 'de-DE'); an unknown or empty one reads as English. */
export function intlLocale(language: string | null | undefined): string {
  const base = (language ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  if (REGIONS[base]) return language && language.includes('-') ? language : REGIONS[base];
  return 'en-US';
}

/** Intl objects are costly to build; screens format thousands of cells. */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  language: string,
  options: object,
  make: (locale: string) => T,
): T {
  const key = `${kind}|${language}|${JSON.stringify(options)}`;
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make(intlLocale(language));
    cache.set(key, f);
  }
  return f;
}
const numberFormat = (language: string, options: Intl.NumberFormatOptions) =>
  cached('n', language, options, (l) => new Intl.NumberFormat(l, options));
const dateFormat = (language: string, options: Intl.DateTimeFormatOptions) =>
  cached('d', language, options, (l) => new Intl.DateTimeFormat(l, options));

/** What is shown for a missing value. */
export const NONE = '–';

/** A decimal as text (exact: a string is never turned into a float on the way). */
type Decimal = number | string;
/** Intl formats a decimal string exactly (ES2023); TypeScript's lib types only numbers. */
const exact = (value: Decimal): number => (typeof value === 'string' ? (value.trim() as unknown as number) : value);

export interface NumberOptions {
  /** Exactly this many decimals. */
  decimals?: number;
  /** At least / at most this many decimals (default 0 / 3, as Intl). */
  minDecimals?: number;
  maxDecimals?: number;
  /** Show + on positive numbers (differences). */
  signed?: boolean;
}
function fractionDigits(o: NumberOptions): Intl.NumberFormatOptions {
  const min = o.decimals ?? o.minDecimals;
  const max = o.decimals ?? o.maxDecimals ?? (min !== undefined ? Math.max(min, 3) : undefined);
  return {
    ...(min !== undefined ? { minimumFractionDigits: min } : {}),
    ...(max !== undefined ? { maximumFractionDigits: max } : {}),
    ...(o.signed ? { signDisplay: 'exceptZero' as const } : {}),
  };
}

/** A number with the language's grouping and decimal sign: en 1,234.5 · de 1.234,5 · fr 1 234,5. */
export function formatNumber(language: string, value: Decimal | null | undefined, options: NumberOptions = {}): string {
  if (value === null || value === undefined || value === '') return NONE;
  return numberFormat(language, fractionDigits(options)).format(exact(value));
}

/** An amount in cents (minor units): en $1,234.50 · de 1.234,50 $ · pt US$ 1.234,50. */
export function formatMoney(
  language: string,
  cents: number | null | undefined,
  currency: string | null | undefined = 'USD',
): string {
  if (cents === null || cents === undefined) return NONE;
  return numberFormat(language, { style: 'currency', currency: currency || 'USD' }).format(cents / 100);
}

/**
 * An amount in the currency's major unit, as prices are written ("0.5", "0.0333", 3): at least the
 * currency's cents, more when the price has them (up to 6), exact. en $0.50 · de 0,0333 $.
 */
export function formatPrice(
  language: string,
  amount: Decimal | null | undefined,
  currency: string | null | undefined = 'USD',
): string {
  if (amount === null || amount === undefined || amount === '') return NONE;
  return numberFormat(language, {
    style: 'currency',
    currency: currency || 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 6,
  }).format(exact(amount));
}

/**
 * A share as percent: `fraction` 0.125 → en 12.5% · de 12,5 %. Pass `{ points: true }` when the value
 * is already in percent (an upcharge of "12.5").
 */
export function formatPercent(
  language: string,
  value: Decimal | null | undefined,
  options: NumberOptions & { points?: boolean } = {},
): string {
  if (value === null || value === undefined || value === '') return NONE;
  const fraction = options.points ? Number(value) / 100 : Number(value);
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 2, ...fractionDigits(options) }).format(
    fraction,
  );
}

/** A quantity with its unit (kg, lb, cm, in, day…), Intl's short unit words. */
export function formatUnit(language: string, value: Decimal | null | undefined, unit: string, maxDecimals = 2): string {
  if (value === null || value === undefined || value === '') return NONE;
  return numberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: maxDecimals,
  }).format(exact(value));
}

// ── Days and months (calendar values) ─────────────────────────────────────────────────────────

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

/** A 'YYYY-MM-DD' as the UTC midnight of that day (null when it is no real day). */
export function dayToDate(day: string): Date | null {
  const m = DAY.exec(day.trim().slice(0, 10));
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  date.setUTCFullYear(y);
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? date : null;
}

/** A Date's calendar day as 'YYYY-MM-DD', read in UTC (the inverse of dayToDate). */
export function dateToDay(date: Date): string {
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(
    date.getUTCDate(),
  ).padStart(2, '0')}`;
}

const NUMERIC_DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };

/** A day 'YYYY-MM-DD' as the language writes it: en 11/29/2026 · de 29.11.2026 · fr/pt 29/11/2026. */
export function formatDay(language: string, day: string | null | undefined): string {
  if (!day) return NONE;
  const date = dayToDate(day);
  return date ? dateFormat(language, { ...NUMERIC_DAY, timeZone: 'UTC' }).format(date) : day;
}

/** A day with the month's word, for headings and chart axes: en Nov 29 · de 29. Nov. · pt 29 de nov. */
export function formatDayShort(language: string, day: string | null | undefined): string {
  if (!day) return NONE;
  const date = dayToDate(day);
  return date ? dateFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date) : day;
}

/** A month 'YYYY-MM': en November 2026 · de November 2026 · fr novembre 2026 · pt novembro de 2026. */
export function formatMonth(language: string, month: string | null | undefined): string {
  if (!month) return NONE;
  const m = MONTH.exec(month.trim().slice(0, 7));
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return month;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
  return dateFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

// ── Instants ──────────────────────────────────────────────────────────────────────────────────

type Instant = string | number | Date;
function toDate(value: Instant): Date | null {
  // A bare day is a calendar value: read it at UTC midnight and show it in UTC (no shift).
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}
const isBareDay = (value: Instant): value is string => typeof value === 'string' && DAY.test(value.trim());

export interface InstantOptions {
  /** The zone to read the instant in (a warehouse's); the reader's when absent. */
  timeZone?: string;
  /** Show seconds (a log, a scan's time). */
  seconds?: boolean;
}
const zone = (o: InstantOptions) => (o.timeZone ? { timeZone: o.timeZone } : {});

/** The hour as the language writes it: 7:28 AM in English, 07:28 where the day has 24 hours. */
function clock(language: string, o: InstantOptions): Intl.DateTimeFormatOptions {
  const twelve = dateFormat(language, { hour: 'numeric' }).resolvedOptions().hour12 === true;
  return {
    hour: twelve ? 'numeric' : '2-digit',
    minute: '2-digit',
    ...(o.seconds ? { second: '2-digit' } : {}),
    ...zone(o),
  };
}

/** An instant's day: en 11/29/2026 · de 29.11.2026. A bare 'YYYY-MM-DD' is shown as that day. */
export function formatDate(language: string, value: Instant | null | undefined, options: InstantOptions = {}): string {
  if (value === null || value === undefined || value === '') return NONE;
  if (isBareDay(value)) return formatDay(language, value);
  const d = toDate(value);
  return d ? dateFormat(language, { ...NUMERIC_DAY, ...zone(options) }).format(d) : String(value);
}

/** An instant's time of day: en 7:28 AM · de 07:28 (with seconds when asked). */
export function formatTime(language: string, value: Instant | null | undefined, options: InstantOptions = {}): string {
  if (value === null || value === undefined || value === '') return NONE;
  const d = toDate(value);
  return d ? dateFormat(language, clock(language, options)).format(d) : String(value);
}

/** An instant's day and time: en 11/29/2026, 7:28 AM · de 29.11.2026, 07:28 · fr 29/11/2026 07:28. */
export function formatDateTime(
  language: string,
  value: Instant | null | undefined,
  options: InstantOptions = {},
): string {
  if (value === null || value === undefined || value === '') return NONE;
  if (isBareDay(value)) return formatDay(language, value);
  const d = toDate(value);
  return d ? dateFormat(language, { ...NUMERIC_DAY, ...clock(language, options) }).format(d) : String(value);
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** How far an instant is from now in the largest whole unit: en 3 hours ago · de in 2 Tagen. */
export function formatRelative(language: string, value: Instant | null | undefined, now: number = Date.now()): string {
  if (value === null || value === undefined || value === '') return NONE;
  const d = toDate(value);
  if (!d) return String(value);
  const diff = d.getTime() - now;
  const [unit, size] = RELATIVE_UNITS.find(([, ms]) => Math.abs(diff) >= ms) ?? ['second', 1000];
  const f = cached('r', language, {}, (l) => new Intl.RelativeTimeFormat(l, { numeric: 'auto' }));
  return f.format(Math.trunc(diff / size), unit);
}

// ── Reading what a person types (date fields) ─────────────────────────────────────────────────

export type DatePart = 'day' | 'month' | 'year';

/** The order the language writes a day's parts in: en month-day-year, de/fr/pt day-month-year. */
export function dayPartOrder(language: string): DatePart[] {
  const parts = dateFormat(language, { ...NUMERIC_DAY, timeZone: 'UTC' }).formatToParts(
    new Date(Date.UTC(2026, 10, 29)),
  );
  return parts
    .filter((p): p is Intl.DateTimeFormatPart & { type: DatePart } => ['day', 'month', 'year'].includes(p.type))
    .map((p) => p.type);
}

/** The separator the language puts between a day's parts ('/' en, fr, pt; '.' de). */
export function daySeparator(language: string): string {
  const parts = dateFormat(language, { ...NUMERIC_DAY, timeZone: 'UTC' }).formatToParts(
    new Date(Date.UTC(2026, 10, 29)),
  );
  return parts.find((p) => p.type === 'literal')?.value.trim() || '/';
}

/** A two-digit year read as this century's (26 → 2026). */
const fullYear = (y: string): number => (y.length <= 2 ? 2000 + Number(y) : Number(y));

/**
 * A day as a person types it, in the language's order ("29.11.2026" de, "11/29/2026" en; any of
 * . / - or spaces between the parts; a two-digit year when `shortYear`), or as ISO 'YYYY-MM-DD' in
 * any language (what a pasted date usually is). Returns 'YYYY-MM-DD', or null when it is no day.
 */
export function parseDay(language: string, text: string, options: { shortYear?: boolean } = {}): string | null {
  const t = text.trim();
  if (!t) return null;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  const nums = iso ? null : /^(\d{1,4})\s*[./\-\s]\s*(\d{1,2})\s*[./\-\s]\s*(\d{1,4})\.?$/.exec(t);
  let y: number, m: number, d: number;
  if (iso) {
    [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else if (nums) {
    const order = dayPartOrder(language);
    const values: Record<DatePart, string> = { day: '', month: '', year: '' };
    order.forEach((part, i) => (values[part] = nums[i + 1]));
    // A year first ("2026/11/29") is read as ISO's order whatever the language.
    if (nums[1].length === 4 && order[0] !== 'year') {
      values.year = nums[1];
      values.month = nums[2];
      values.day = nums[3];
    }
    if (values.year.length !== 4 && !(options.shortYear && values.year.length === 2)) return null;
    [y, m, d] = [fullYear(values.year), Number(values.month), Number(values.day)];
  } else {
    return null;
  }
  const candidate = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return dayToDate(candidate) ? candidate : null;
}

/** The month names a person may type (long and short, in the language and in English). */
function monthNames(language: string): string[][] {
  return Array.from({ length: 12 }, (_, i) => {
    const date = new Date(Date.UTC(2026, i, 1));
    return [language, 'en'].flatMap((l) =>
      (['long', 'short'] as const).map((month) =>
        dateFormat(l, { month, timeZone: 'UTC' }).format(date).toLowerCase().replace(/\.$/, ''),
      ),
    );
  });
}

/**
 * A month as a person types it: "11/2026", "11.2026", "2026-11", "November 2026", "nov 2026" (the
 * language's names or English ones). Returns 'YYYY-MM', or null.
 */
export function parseMonth(language: string, text: string): string | null {
  const t = text.trim().toLowerCase();
  if (!t) return null;
  let y: number | null = null;
  let m: number | null = null;
  const iso = /^(\d{4})\s*[-./]\s*(\d{1,2})$/.exec(t);
  const numeric = /^(\d{1,2})\s*[-./\s]\s*(\d{4})$/.exec(t);
  if (iso) [y, m] = [Number(iso[1]), Number(iso[2])];
  else if (numeric) [m, y] = [Number(numeric[1]), Number(numeric[2])];
  else {
    const named = /^(\p{L}[\p{L}.]*)\s*(?:de\s+)?(\d{4})$/u.exec(t);
    if (named) {
      const word = named[1].replace(/\.$/, '');
      const index = monthNames(language).findIndex((names) => names.includes(word));
      if (index >= 0) [m, y] = [index + 1, Number(named[2])];
    }
  }
  if (y === null || m === null || m < 1 || m > 12) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
}

/** A month 'YYYY-MM' as the language writes it in a field: en 11/2026 · de 11.2026 · fr/pt 11/2026. */
export function formatMonthNumeric(language: string, month: string | null | undefined): string {
  if (!month) return '';
  const m = MONTH.exec(month.trim());
  if (!m) return month;
  return `${m[2]}${daySeparator(language)}${m[1]}`;
}

/**
 * A time of day as a person types it: "19:28", "7:28 pm", "7 PM", "19.28", "19h28", "1928".
 * Returns 'HH:mm' (24 hours), or null.
 */
export function parseTime(text: string): string | null {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!t) return null;
  const m = /^(\d{1,2})(?:\s*[:.h]\s*(\d{2})|(\d{2}))?\s*(a\.?\s?m\.?|p\.?\s?m\.?)?$/.exec(t);
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? m[3] ?? '0');
  const half = m[4]?.[0];
  if (half) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (half === 'p' ? 12 : 0);
  }
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** A time 'HH:mm' as the language writes it: en 7:28 PM · de 19:28. */
export function formatClock(language: string, time: string | null | undefined): string {
  if (!time) return '';
  const m = /^(\d{2}):(\d{2})/.exec(time);
  if (!m) return time;
  return formatTime(language, new Date(Date.UTC(2026, 0, 1, Number(m[1]), Number(m[2]))), { timeZone: 'UTC' });
}
