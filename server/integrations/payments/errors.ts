/**
 * The card processor's refusals in words for people: a declined card says why (and what the
 * client can do), a bad request names the parameter, a refused key points at Company Credentials.
 */
import { errorBodySchema } from './models.js';

const DECLINES: Record<string, string> = {
  insufficient_funds: 'the card has insufficient funds',
  generic_decline: 'the bank declined the card',
  expired_card: 'the card has expired',
  incorrect_cvc: 'the security code is wrong',
  lost_card: 'the card was reported lost',
  stolen_card: 'the card was reported stolen',
  processing_error: 'the bank could not process the card; try again',
};

export function explainPayments(status: number, body: unknown): string[] {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) {
    if (status === 401) return ['The card processor does not accept the secret key: check Company Credentials'];
    return [`The card processor answered ${status} without an explanation`];
  }
  const e = parsed.data.error;
  if (e.type === 'card_error') {
    const why = DECLINES[e.decline_code ?? e.code ?? ''] ?? e.message ?? 'the card was declined';
    return [`Card declined: ${why}. Use another card or ask the bank.`];
  }
  if (status === 401) return ['The card processor does not accept the secret key: check Company Credentials'];
  const where = e.param ? ` (${e.param})` : '';
  return [`Card processor${where}: ${e.message ?? e.code ?? e.type}`];
}
