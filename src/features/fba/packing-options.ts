/**
 * Amazon's packing options as the packing step compares them: what each costs (fees less
 * discounts, in cents), whether it can still be chosen (offered and not expired), and how its
 * boxes may travel. Pure, unit-tested.
 */
import type { AmazonCharge, PackingOptionView } from '../../../domain/schemas/fba';
import { formatMoney } from '../../../domain/format';

export interface OptionCost {
  currency: string;
  feesCents: number;
  discountsCents: number;
  /** Fees less discounts: what choosing the option costs. */
  netCents: number;
}

const sum = (charges: readonly AmazonCharge[]) => charges.reduce((n, c) => n + c.amountCents, 0);

export function optionCost(o: Pick<PackingOptionView, 'fees' | 'discounts'>): OptionCost {
  const currency = o.fees[0]?.currency ?? o.discounts[0]?.currency ?? 'USD';
  const feesCents = sum(o.fees);
  const discountsCents = sum(o.discounts);
  return { currency, feesCents, discountsCents, netCents: feesCents - discountsCents };
}

/** Why an option cannot be chosen now, or null when it can. */
export function optionBlocked(
  o: Pick<PackingOptionView, 'status' | 'expiration'>,
  now: number,
): 'expired' | 'notOffered' | null {
  if (o.status !== 'OFFERED') return 'notOffered';
  if (o.expiration && Date.parse(o.expiration) <= now) return 'expired';
  return null;
}

/** The cheapest option that can still be chosen (the one the screen marks as recommended). */
export function cheapestOption(options: readonly PackingOptionView[], now: number): string | null {
  const usable = options.filter((o) => optionBlocked(o, now) === null);
  if (!usable.length) return null;
  return usable.reduce((best, o) => (optionCost(o).netCents < optionCost(best).netCents ? o : best)).packingOptionId;
}

export const money = (cents: number, currency: string, language: string): string => {
  try {
    return formatMoney(language, cents, currency);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
};
