/**
 * The leader board's periods as the viewer's calendar days (YYYY-MM-DD in the browser's time
 * zone): the presets a supervisor reaches for, and a custom range checked as the server checks it.
 */
import { daysBetween, LEADER_BOARD_MAX_DAYS } from '../../../domain/schemas/leader-board';

export const PERIOD_PRESETS = ['today', 'yesterday', 'last7', 'month', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

const pad = (n: number) => String(n).padStart(2, '0');
/** A Date's local calendar day. */
export const localDay = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const shifted = (d: Date, days: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + days, 12);

export function presetRange(preset: Exclude<PeriodPreset, 'custom'>, now: Date): { from: string; to: string } {
  switch (preset) {
    case 'today':
      return { from: localDay(now), to: localDay(now) };
    case 'yesterday':
      return { from: localDay(shifted(now, -1)), to: localDay(shifted(now, -1)) };
    case 'last7':
      return { from: localDay(shifted(now, -6)), to: localDay(now) };
    case 'month':
      return { from: localDay(new Date(now.getFullYear(), now.getMonth(), 1, 12)), to: localDay(now) };
  }
}

/** Why a custom range cannot be asked for, as an i18n key, or null when it can. */
export function rangeProblem(from: string, to: string): 'badRange' | 'tooLong' | null {
  if (!from || !to || from > to) return 'badRange';
  return daysBetween(from, to) > LEADER_BOARD_MAX_DAYS ? 'tooLong' : null;
}

/** The browser's offset from UTC in minutes, east positive (the server's tzOffsetMinutes). */
export const tzOffsetMinutes = (d: Date): number => -d.getTimezoneOffset();
