/**
 * Money for billing (issue 21): amounts are integer minor units (cents); prices and quantities
 * may carry more decimals (a storage rate of 0.0333 per cubic foot and day, 12.3456 cubic feet)
 * and are multiplied exactly with integers, then rounded ONCE per charge line, half away from
 * zero (commercial rounding). Floats never hold money.
 */
import { formatMoney } from '../format';

/** Decimals a price may have (0.000001 of the currency unit). */
export const PRICE_DECIMALS = 6;
/** Decimals a quantity may have (cubic feet, cubic metres, hours). */
export const QUANTITY_DECIMALS = 4;

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** A decimal string as an integer scaled by 10^decimals; throws when it has more decimals. */
export function scaledDecimal(value: string | number, decimals: number): bigint {
  const text = typeof value === 'number' ? numberText(value) : value.trim();
  const m = DECIMAL.exec(text);
  if (!m) throw new Error(`${value} is not a decimal number`);
  const [, sign, whole, fraction = ''] = m;
  if (fraction.length > decimals) throw new Error(`${value} has more than ${decimals} decimals`);
  const scaled = BigInt(whole + fraction.padEnd(decimals, '0'));
  return sign ? -scaled : scaled;
}

/** A number as plain decimal text (no exponent), for the few places numbers come in. */
function numberText(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`${n} is not a finite number`);
  const text = String(n);
  return /e/i.test(text) ? n.toFixed(20).replace(/\.?0+$/, '') : text;
}

/** `numerator / denominator` rounded half away from zero, in bigints. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (2n * d);
  return negative ? -q : q;
}

/**
 * The amount of one charge line in cents: quantity × unit price, rounded once. The unit price is
 * in the currency's major unit (dollars), as fee settings and plans state it.
 */
export function lineAmountCents(quantity: string | number, unitPrice: string | number): number {
  const q = scaledDecimal(quantity, QUANTITY_DECIMALS);
  const p = scaledDecimal(unitPrice, PRICE_DECIMALS);
  // q·10^4 × p·10^6 = amount·10^10; cents = amount·10^2.
  const cents = divideRounded(q * p, 10n ** BigInt(QUANTITY_DECIMALS + PRICE_DECIMALS - 2));
  if (cents > BigInt(Number.MAX_SAFE_INTEGER) || cents < -BigInt(Number.MAX_SAFE_INTEGER))
    throw new Error('amount out of range');
  return Number(cents);
}

/** A percentage of an amount in cents (an upcharge), rounded once. */
export function percentOfCents(cents: number, percent: string | number): number {
  const p = scaledDecimal(percent, PRICE_DECIMALS);
  return Number(divideRounded(BigInt(cents) * p, 100n * 10n ** BigInt(PRICE_DECIMALS)));
}

/** Cents as the currency's text for people ($1,234.50, 1.234,50 $): domain/format.ts's formatMoney. */
export function formatCents(cents: number, locale = 'en', currency = 'USD'): string {
  return formatMoney(locale, cents, currency);
}
