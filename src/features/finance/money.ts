/** Money on the finance screens: cents shown in the user's language, amounts typed as text. */
import { formatMoney } from '../../../domain/format';
import { lineAmountCents } from '../../../domain/rules/money';

export const money = (cents: number, lang: string, currency = 'USD') => formatMoney(lang, cents, currency);

/** "50", "50.5", "50.00" → 5000; anything else (more than 2 decimals, letters, negative) → null. */
export function centsOf(text: string): number | null {
  const v = text.trim().replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(v)) return null;
  return lineAmountCents(1, v);
}
