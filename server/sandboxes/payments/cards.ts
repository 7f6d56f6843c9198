/**
 * The card processor's test cards (Stripe's numbers), as its sandbox treats them: some succeed,
 * some are declined when used, one is saved fine but declined when charged later. Any other
 * number that passes the Luhn check succeeds, with the brand its prefix gives.
 */
export interface CardBehaviour {
  /** Declined when entered on the hosted page (saving or paying). */
  declineNow?: string;
  /** Saved fine, declined when charged off-session. */
  declineLater?: string;
}

export const TEST_CARDS: Record<string, CardBehaviour> = {
  '4242424242424242': {},
  '5555555555554444': {},
  '4000000000000002': { declineNow: 'generic_decline' },
  '4000000000009995': { declineNow: 'insufficient_funds' },
  '4000000000000069': { declineNow: 'expired_card' },
  '4000000000000341': { declineLater: 'generic_decline' },
};

export const DECLINE_MESSAGES: Record<string, string> = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
};

export function luhnOk(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

export function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'unknown';
}

export const behaviourOf = (number: string): CardBehaviour => TEST_CARDS[number] ?? {};
