/**
 * A period of calendar days asked for in a query (`from`, `to` as YYYY-MM-DD, both included), as
 * the dashboards' reports take it: real days, `to` on or after `from`, no longer than the report
 * allows — each refusal a 400 naming the field.
 */
import { z } from 'zod';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const isDay = (v: string): boolean => DAY.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;
const dayField = (name: string) => z.string().refine(isDay, `${name}: a calendar day as YYYY-MM-DD`);

/** How many days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The same number of days just before: what a period is compared with. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const days = daysBetween(from, to);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const start = Date.parse(`${from}T00:00:00Z`);
  return { from: day(start - days * 86_400_000), to: day(start - 86_400_000) };
}

/** The query of a report over at most `maxDays` days, with the report's own fields beside. */
export function dayPeriodQuery<Extra extends z.ZodRawShape>(maxDays: number, extra: Extra) {
  // The generic shape hides from/to from the checks' types; they are the object's own fields.
  const days = (q: object) => q as { from: string; to: string };
  const bothDays = (q: object) => isDay(days(q).from) && isDay(days(q).to);
  return z
    .object({ from: dayField('from'), to: dayField('to'), ...extra })
    .refine((q) => !bothDays(q) || days(q).from <= days(q).to, { path: ['to'], message: 'to: on or after from' })
    .refine((q) => !bothDays(q) || days(q).from > days(q).to || daysBetween(days(q).from, days(q).to) <= maxDays, {
      path: ['to'],
      message: `to: a period of at most ${maxDays} days`,
    });
}
