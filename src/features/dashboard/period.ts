/**
 * The dashboards' periods as the viewer's calendar days (YYYY-MM-DD in the browser's time zone):
 * the presets a supervisor or an owner reaches for, and a custom range checked as the server
 * checks it (domain/schemas/day-period).
 */
import { daysBetween } from '../../../domain/schemas/day-period';

export const PERIOD_PRESETS = [
  'today',
  'yesterday',
  'last7',
  'last30',
  'month',
  'lastMonth',
  'quarter',
  'year',
  'custom',
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export interface DayRange {
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A Date's local calendar day. */
export const localDay = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** Noon of a local day, so adding days never trips over a daylight-saving change. */
const at = (y: number, m: number, d: number) => new Date(y, m, d, 12);

export function presetRange(preset: Exclude<PeriodPreset, 'custom'>, now: Date): DayRange {
  const [y, m, d] = [now.getFullYear(), now.getMonth(), now.getDate()];
  const span = (from: Date, to: Date) => ({ from: localDay(from), to: localDay(to) });
  switch (preset) {
    case 'today':
      return span(now, now);
    case 'yesterday':
      return span(at(y, m, d - 1), at(y, m, d - 1));
    case 'last7':
      return span(at(y, m, d - 6), now);
    case 'last30':
      return span(at(y, m, d - 29), now);
    case 'month':
      return span(at(y, m, 1), now);
    case 'lastMonth':
      return span(at(y, m - 1, 1), at(y, m, 0));
    case 'quarter':
      return span(at(y, m - (m % 3), 1), now);
    case 'year':
      return span(at(y, 0, 1), now);
  }
}

/** Why a custom range cannot be asked for, as an i18n key, or null when it can. */
export function rangeProblem(from: string, to: string, maxDays: number): 'badRange' | 'tooLong' | null {
  if (!from || !to || from > to) return 'badRange';
  return daysBetween(from, to) > maxDays ? 'tooLong' : null;
}

/** The browser's offset from UTC in minutes, east positive (the server's tzOffsetMinutes). */
export const tzOffsetMinutes = (d: Date): number => -d.getTimezoneOffset();
