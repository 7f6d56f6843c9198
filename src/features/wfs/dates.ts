/** The delivery day Walmart is asked for: a week ahead by default; a real day, not in the past. Pure, unit-tested. */
const DAY = 86_400_000;

export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
export const defaultDeliveryDate = (now: number): string => isoDay(now + 7 * DAY);

/** Null when the day will do, else what is wrong (an i18n key under wfs.preview). */
export function checkDeliveryDate(day: string, now: number): 'dateRequired' | 'datePast' | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) return 'dateRequired';
  return day < isoDay(now) ? 'datePast' : null;
}
