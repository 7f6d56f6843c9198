/**
 * Small conversions every order source makes from a marketplace's fields into Dockside's order
 * shape (domain/schemas/orders.ts): text cut to the column's length, decimal money strings to
 * cents, timestamps normalised to ISO 8601 UTC, the earliest or latest of several dates.
 */
import { lineAmountCents } from '../../domain/rules/money.js';

/** Text within `max` characters, or null when there is none. */
export const clipText = (value: string | null | undefined, max: number): string | null =>
  value ? value.slice(0, max) : null;

/** A decimal amount ("12.99") in cents, or null when it is missing or not a decimal. */
export function centsOf(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    return lineAmountCents(1, value);
  } catch {
    return null;
  }
}

/** A timestamp as ISO 8601 UTC, or null when it is missing or unreadable. */
export function isoOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

/** The earliest (or latest) of the readable timestamps, as ISO 8601 UTC; null if none. */
export function earliest(values: (string | null | undefined)[], latest = false): string | null {
  const times = values.map(isoOrNull).filter((v): v is string => v !== null);
  if (!times.length) return null;
  return times.reduce((a, b) => ((latest ? b > a : b < a) ? b : a));
}
