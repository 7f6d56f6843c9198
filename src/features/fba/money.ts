/**
 * Money typed by a person (a freight charge): "123.45", "123,45" or "1,234.50" read as whole cents.
 * Amounts shown are formatted by `money` (packing-options.ts) in the user's language. Pure, unit-tested.
 */
export { money } from './packing-options';

/** Cents, or null when the text is not an amount of money (more than two decimals, letters, nothing). */
export function parseCents(raw: string): number | null {
  const v = raw.trim().replace(/\s/g, '');
  if (!v) return null;
  // The last separator followed by one or two digits is the decimal mark; any other is grouping,
  // and grouping never uses the decimal mark ("1.234.5" is a slip, not 1,234.50).
  const m = v.match(/^(\d{1,3}(?:([.,])\d{3})*|\d+)(?:([.,])(\d{1,2}))?$/);
  if (!m || (m[2] && m[3] && m[2] === m[3])) return null;
  const whole = Number(m[1].replace(/[.,]/g, ''));
  const fraction = m[4] ? Number(m[4].padEnd(2, '0')) : 0;
  const cents = whole * 100 + fraction;
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cents written back as a plain amount for an input ("1234.5" → "1234.50"). */
export const centsText = (cents: number): string => (cents / 100).toFixed(2);
