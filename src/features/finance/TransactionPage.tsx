/**
 * One money transaction (/apps/finance/transaction/:id): what it was, its refunds and its audit
 * trail. The warehouse voids a pending or manually recorded one, or refunds (part of) a card
 * payment or deposit — each after a confirmation with a reason; refusals show beside the action.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { transactionSchema, type Transaction } from '../../../domain/schemas/finance';
import { ApiFailure } from '../../api/client';
import { getAs, postAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';
import { centsOf, money } from './money';
import { formatDateTime } from '../../../domain/format';

export default function TransactionPage() {
  const { t, i18n } = useTranslation();
  const { id } = useParams({ strict: false }) as { id?: string };
  const tx = useQuery({
    queryKey: ['finance-transaction', Number(id)],
    queryFn: () => getAs(`/api/finance/transaction/${id}`, transactionSchema, { quiet: true }),
    retry: false,
  });

  if (tx.isLoading) return <p className="muted page">{t('app.loading')}</p>;
  if (tx.isError || !tx.data)
    return (
      <div className="page narrow">
        <h1>{t('finance.transaction.title', { id })}</h1>
        <p className="form-error" role="alert">
          {tx.error instanceof ApiFailure && tx.error.status === 404
            ? t('finance.transaction.notFound')
            : t('finance.transaction.loadError')}
        </p>
        <Link to="/apps/finance/customer/balances" className="btn">
          {t('finance.transaction.backToFunds')}
        </Link>
      </div>
    );
  const r = tx.data;
  const fmt = (cents: number) => money(cents, i18n.language, r.currency);
  const fact = (label: string, value: React.ReactNode, testId?: string) => (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </>
  );
  const isFunds = r.category === 'DEPOSIT' || r.category === 'SHIPPING';

  return (
    <div className="page narrow" data-testid="finance-transaction">
      <div className="page-head">
        <h1>{t('finance.transaction.title', { id: r.id })}</h1>
        <div className="button-row">
          {isFunds && (
            <Link
              to="/apps/finance/customer/balances"
              search={{ companyId: String(r.companyId) } as never}
              className="btn"
            >
              {t('finance.transaction.backToFunds')}
            </Link>
          )}
        </div>
      </div>
      <section className="card">
        <dl className="facts">
          {fact(t('finance.transaction.kind'), t(`finance.kinds.${r.kind}`))}
          {fact(t('finance.transaction.status'), t(`finance.statuses.${r.status}`), 'tx-status')}
          {fact(t('finance.transaction.amount'), fmt(r.amountCents), 'tx-amount')}
          {fact(t('finance.transaction.company'), r.companyName)}
          {fact(t('finance.transaction.method'), t(`finance.methods.${r.method}`))}
          {r.invoiceNumber !== null && fact(t('finance.transaction.invoice'), `#${r.invoiceNumber}`)}
          {r.kind === 'label_purchase' && r.sourceId && fact(t('finance.transaction.label'), r.sourceId)}
          {r.costCents !== undefined && fact(t('finance.funds.cost'), fmt(r.costCents))}
          {r.upchargeCents !== undefined && fact(t('finance.funds.upcharge'), fmt(r.upchargeCents))}
          {r.refundOf !== null &&
            fact(
              t('finance.transaction.refundOf'),
              <Link to="/apps/finance/transaction/$id" params={{ id: String(r.refundOf) }}>
                #{r.refundOf}
              </Link>,
            )}
          {r.refundedCents > 0 && fact(t('finance.transaction.refunded'), fmt(r.refundedCents), 'tx-refunded')}
          {fact(t('finance.transaction.created'), formatDateTime(i18n.language, r.createdAt))}
          {r.note && fact(t('finance.transaction.note'), r.note)}
          {r.processorRef && fact(t('finance.transaction.processorRef'), <code>{r.processorRef}</code>)}
        </dl>
      </section>
      {(r.canVoid || r.canRefund) && <Actions tx={r} />}
      <section className="card">
        <h2>{t('finance.transaction.refunds')}</h2>
        {r.refunds.length === 0 ? (
          <p className="muted">{t('finance.transaction.noRefunds')}</p>
        ) : (
          <table className="table" data-testid="tx-refunds">
            <thead>
              <tr>
                <th>#</th>
                <th>{t('finance.transaction.amount')}</th>
                <th>{t('finance.transaction.status')}</th>
                <th>{t('finance.transaction.created')}</th>
              </tr>
            </thead>
            <tbody>
              {r.refunds.map((x) => (
                <tr key={x.id}>
                  <td>
                    <Link to="/apps/finance/transaction/$id" params={{ id: String(x.id) }}>
                      {x.id}
                    </Link>
                  </td>
                  <td className="num">{fmt(x.amountCents)}</td>
                  <td>{t(`finance.statuses.${x.status}`, { defaultValue: x.status })}</td>
                  <td>{formatDateTime(i18n.language, x.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="card">
        <h2>{t('finance.transaction.audit')}</h2>
        {r.audit.length === 0 ? (
          <p className="muted">{t('finance.transaction.auditEmpty')}</p>
        ) : (
          <table className="table" data-testid="tx-audit">
            <thead>
              <tr>
                <th>{t('finance.transaction.when')}</th>
                <th>{t('finance.transaction.action')}</th>
                <th>{t('finance.transaction.amount')}</th>
                <th>{t('finance.transaction.who')}</th>
                <th>{t('finance.transaction.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {r.audit.map((a) => (
                <tr key={a.id}>
                  <td>{formatDateTime(i18n.language, a.at)}</td>
                  <td>{t(`finance.auditActions.${a.action}`, { defaultValue: a.action })}</td>
                  <td className="num">{a.amountCents === null ? '–' : fmt(a.amountCents)}</td>
                  <td>{a.username ?? t('finance.transaction.system')}</td>
                  <td>{a.reason ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

/** Void or refund, each behind a confirmation that asks for the reason. */
function Actions({ tx }: { tx: Transaction }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const toast = useFeedback((s) => s.toast);
  const [mode, setMode] = useState<'void' | 'refund' | null>(null);
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fmt = (cents: number) => money(cents, i18n.language, tx.currency);

  const open = (m: 'void' | 'refund') => {
    setMode(m);
    setReason('');
    setError(null);
    setAmount(m === 'refund' ? (tx.refundableCents / 100).toFixed(2) : '');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(t('finance.transaction.reasonRequired'));
    const body: Record<string, unknown> = { reason: reason.trim() };
    if (mode === 'refund') {
      const cents = centsOf(amount);
      if (cents === null || cents < 1) return setError(t('finance.funds.amountInvalid'));
      if (cents > tx.refundableCents)
        return setError(t('finance.transaction.refundTooMuch', { amount: fmt(tx.refundableCents) }));
      body.amountCents = cents;
    }
    setError(null);
    try {
      const done = await postAs(`/api/finance/transaction/${tx.id}/${mode}`, body, transactionSchema, {
        quiet: true,
        inlineRefusal: true,
      });
      qc.setQueryData(['finance-transaction', tx.id], done);
      // The label funds' balance and statement changed with it.
      void qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('label-funds') });
      toast('success', mode === 'void' ? t('finance.transaction.voidDone') : t('finance.transaction.refundDone'));
      setMode(null);
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : String(err));
    }
  };

  return (
    <section className="card form" data-testid="tx-actions">
      <div className="button-row">
        {tx.canVoid && (
          <button type="button" className="btn" onClick={() => open('void')}>
            {t('finance.transaction.void')}
          </button>
        )}
        {tx.canRefund && (
          <button type="button" className="btn" onClick={() => open('refund')}>
            {t('finance.transaction.refund')}
          </button>
        )}
      </div>
      {mode && (
        <form
          noValidate
          onSubmit={(e) => void submit(e)}
          aria-label={mode === 'void' ? t('finance.transaction.voidTitle') : t('finance.transaction.refundTitle')}
        >
          <h2>{mode === 'void' ? t('finance.transaction.voidTitle') : t('finance.transaction.refundTitle')}</h2>
          <p className="muted">
            {mode === 'void'
              ? t('finance.transaction.voidHint', { amount: fmt(tx.amountCents) })
              : t('finance.transaction.refundHint', { amount: fmt(tx.refundableCents) })}
          </p>
          {mode === 'refund' && (
            <label>
              {t('finance.transaction.amount')}
              <input
                name="refundAmount"
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            </label>
          )}
          <label>
            {t('finance.transaction.reason')}
            <textarea name="reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
          </label>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <div className="button-row">
            <button type="submit" className="btn primary danger">
              {mode === 'void' ? t('finance.transaction.confirmVoid') : t('finance.transaction.confirmRefund')}
            </button>
            <button type="button" className="btn" onClick={() => setMode(null)}>
              {t('finance.transaction.cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
