/**
 * Orders that arrive as the sandbox clock (`deps.now()`) moves, for the marketplace sandboxes: each
 * account's orders of an hour are drawn from (account, hour) alone, so they are the same whenever
 * and however often they are read, and a later pull finds the hours that have passed since. Only
 * what the seller changes (a fulfilment, a cancellation) is stored, over the drawn picture.
 *
 * An account's history starts BACKFILL_HOURS before its first read (a connected store finds some
 * orders at once); an account reset starts it again.
 */
import { z } from 'zod';
import type { Deps } from '../context.js';
import { recordsOf } from './records.js';

export const HOUR_MS = 3_600_000;
/** How much history a new account starts with. */
export const BACKFILL_HOURS = 36;
/** The furthest back any read reaches (eBay and Shopify keep two years of orders online). */
const MAX_AGE_HOURS = 2 * 366 * 24;

export const hourOf = (ms: number) => Math.floor(ms / HOUR_MS);

const originSchema = z.object({ hour: z.number().int() });

/** The first hour of the account's orders, fixed on its first read. */
export async function arrivalOrigin(deps: Deps, provider: string, account: string): Promise<number> {
  const [origin] = await recordsOf(
    deps,
    { provider, account, kind: 'arrivals', schema: originSchema, keyOf: () => 'origin' },
    () => [{ hour: hourOf(deps.now().getTime()) - BACKFILL_HOURS }],
  );
  return origin.hour;
}

/**
 * The finished hours of the account's history within [fromMs, toMs] (either open): an hour's orders
 * appear once the hour is over, so everything that happens in it is in the past.
 */
export function finishedHours(nowMs: number, origin: number, fromMs?: number, toMs?: number): number[] {
  const last = Math.min(hourOf(nowMs) - 1, toMs === undefined ? Infinity : hourOf(toMs));
  const first = Math.max(origin, hourOf(nowMs) - MAX_AGE_HOURS, fromMs === undefined ? -Infinity : hourOf(fromMs));
  const hours: number[] = [];
  for (let h = first; h <= last; h++) hours.push(h);
  return hours;
}

/**
 * A marketplace-style numeric id that names its hour and place in it, so a single order is found
 * again without listing the account: 6 digits of hour, one of index, then `random` digits.
 */
export const hourId = (hour: number, index: number, random: string) =>
  `${String(hour).padStart(6, '0').slice(-6)}${index}${random}`;

/** The hour and index an id made by `hourId` names (null for anything else). */
export function hourOfId(id: string, randomDigits: number): { hour: number; index: number } | null {
  if (!new RegExp(`^\\d{${7 + randomDigits}}$`).test(id)) return null;
  return { hour: Number(id.slice(0, 6)), index: Number(id[6]) };
}

/** Random decimal digits from a seeded generator. */
export const digits = (r: () => number, n: number) => Array.from({ length: n }, () => Math.floor(r() * 10)).join('');
