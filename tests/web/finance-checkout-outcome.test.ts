// @vitest-environment jsdom
/**
 * Issue 39, defect 4: back from the card page, an expired checkout (failed, its last audit row
 * 'expired') reads "expired — nothing was charged, start again", not "being confirmed" nor a
 * declined card; the words exist in the four locales, for deposits and invoice payments alike.
 */
import { describe, expect, it } from 'vitest';
import { outcomeOf } from '../../src/features/finance/CheckoutOutcome';
import { en } from '../../src/locales/en';
import { de } from '../../src/locales/de';
import { fr } from '../../src/locales/fr';
import { pt } from '../../src/locales/pt';

const audit = (...actions: string[]) =>
  actions.map((action, i) => ({ id: i + 1, action, amountCents: 100, reason: null, username: null, at: '' }));

describe('what became of a card checkout', () => {
  it('an expired page says so; a declined card stays failed; pending and cancelled as before', () => {
    expect(outcomeOf({ status: 'failed', audit: audit('checkout-opened', 'expired') }, false)).toBe('expired');
    expect(outcomeOf({ status: 'failed', audit: audit('checkout-opened', 'expired') }, true)).toBe('expired');
    expect(outcomeOf({ status: 'failed', audit: audit('checkout-opened', 'failed') }, false)).toBe('failed');
    expect(outcomeOf({ status: 'succeeded', audit: audit('checkout-opened', 'expired', 'succeeded') }, false)).toBe(
      'succeeded',
    );
    expect(outcomeOf({ status: 'pending', audit: audit('checkout-opened') }, false)).toBe('pending');
    expect(outcomeOf({ status: 'pending', audit: audit('checkout-opened') }, true)).toBe('cancelled');
  });

  it('the words are there in every locale, for deposits and invoice payments', () => {
    expect(en.finance.funds.returned.expired).toBe(
      'The card page expired before it was paid: nothing was charged. Start again.',
    );
    expect(en.invoices.detail.returned.expired).toBe(en.finance.funds.returned.expired);
    for (const m of [en, de, fr, pt]) {
      for (const key of ['succeeded', 'pending', 'failed', 'cancelled', 'expired'] as const) {
        expect(m.finance.funds.returned[key]).toBeTruthy();
        expect(m.invoices.detail.returned[key]).toBeTruthy();
      }
      expect(m.finance.auditActions.expired).toBeTruthy();
      expect(m.invoices.detail.payByCard).toContain('{{amount}}');
      expect(m.jobs.names['finance.expire-checkouts']).toBeTruthy();
    }
    expect(new Set([en, de, fr, pt].map((m) => m.finance.funds.returned.expired)).size).toBe(4);
  });
});
