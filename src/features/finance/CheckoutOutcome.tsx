/**
 * Back from the card processor's page (?transactionId=, &cancelled=1): what became of the card
 * deposit or invoice payment. The server is asked to check with the processor (its webhook may be
 * late or lost) every 2 s while the transaction is pending; a page that expired unpaid (failed,
 * its last audit row 'expired') says so — nothing was charged, start again — instead of "being
 * confirmed" for ever. Used by Shipping Label Funds and the invoice's pay flow.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { transactionSchema, type Transaction } from '../../../domain/schemas/finance';
import { postAs } from '../../api/typed';
import { money } from './money';

export type CheckoutOutcomeKey = 'succeeded' | 'pending' | 'cancelled' | 'failed' | 'expired';

/** The audit action the server writes when a card page expired unpaid (server/modules/finance/events.ts). */
const EXPIRED_ACTION = 'expired';

export function outcomeOf(tx: Pick<Transaction, 'status' | 'audit'>, cancelled: boolean): CheckoutOutcomeKey {
  if (tx.status === 'succeeded') return 'succeeded';
  if (tx.status === 'pending') return cancelled ? 'cancelled' : 'pending';
  const last = tx.audit.filter((a) => a.action === 'failed' || a.action === EXPIRED_ACTION).at(-1);
  return last?.action === EXPIRED_ACTION ? 'expired' : 'failed';
}

export function CheckoutOutcome({
  id,
  cancelled,
  messages,
  onSettled,
  testId = 'checkout-outcome',
}: {
  id: number;
  cancelled: boolean;
  /** Where the five messages are: finance.funds.returned (deposits) or invoices.detail.returned. */
  messages: 'finance.funds.returned' | 'invoices.detail.returned';
  /** Called once the transaction is no longer pending (refresh what it changed). */
  onSettled?: () => void;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const tx = useQuery({
    queryKey: ['finance-transaction', id],
    queryFn: async () => {
      const row = await postAs(`/api/finance/transaction/${id}/confirm`, {}, transactionSchema, {
        quiet: true,
        background: true,
      });
      if (row.status !== 'pending') onSettled?.();
      return row;
    },
    refetchInterval: (q) => (q.state.data?.status === 'pending' && !cancelled ? 2000 : false),
  });
  if (!tx.data) return null;
  const amount = money(tx.data.amountCents, i18n.language, tx.data.currency);
  const key = outcomeOf(tx.data, cancelled);
  return (
    <p className={`card ${key === 'succeeded' ? 'success' : ''}`} role="status" data-testid={testId} data-outcome={key}>
      {t(`${messages}.${key}`, { amount })}
    </p>
  );
}
