/**
 * One invoice (/apps/invoice/detail/:id): parties, dates, lines by category, storage summary,
 * totals, payments; the PDF and the printable view; for the warehouse, send it again and void it
 * (a reason required; it keeps its number and its charges can be invoiced again). Pay by card: the
 * processor's hosted page, then back here with ?transactionId= — CheckoutOutcome says what became of
 * it (a page that expired unpaid says so, and the invoice can be paid again at once).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { invoiceDetailSchema, invoiceSendResultSchema, invoiceVoidInputSchema } from '../../../domain/schemas/invoices';
import { checkoutSchema } from '../../../domain/schemas/finance';
import { ApiFailure } from '../../api/client';
import { getAs, postAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { useFeedback } from '../../ui/feedback-store';
import { CheckoutOutcome } from '../finance/CheckoutOutcome';
import { downloadInvoicePdf, FundsStatementCard, InvoiceLines, StatusBadge, useMoney } from './parts';
import { useFormat } from '../../ui/format';

export default function InvoiceDetailPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const money = useMoney();
  const qc = useQueryClient();
  const toast = useFeedback((s) => s.toast);
  const { id } = useParams({ strict: false }) as { id: string };
  const warehouse = useSession((s) => s.user?.audience) === 'Warehouse';
  const [voiding, setVoiding] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [paying, setPaying] = useState(false);
  const search = useSearch({ strict: false }) as { transactionId?: string | number; cancelled?: string | number };

  const q = useQuery({
    queryKey: ['invoice', id],
    retry: false,
    queryFn: () => getAs(`/api/finance/invoice/${id}`, invoiceDetailSchema, { quiet: true }),
  });

  if (q.isPending) return <p className="grid-state">{t('app.loading')}</p>;
  if (q.isError)
    return (
      <div className="page">
        <p className="grid-state error" role="alert">
          {q.error instanceof ApiFailure && q.error.status === 404
            ? t('invoices.notFound')
            : q.error instanceof ApiFailure
              ? q.error.message
              : t('invoices.loadError')}
        </p>
        <Link to="/apps/finance/invoices" className="btn">
          {t('invoices.list.title')}
        </Link>
      </div>
    );
  const inv = q.data;

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['invoice', id] });
    void qc.invalidateQueries({ queryKey: ['invoices'] });
  };
  // Card payments still at the processor's page count as under way (the server refuses paying them twice).
  const underWayCents = inv.payments
    .filter((p) => p.kind === 'payment' && p.method === 'card' && p.status === 'pending')
    .reduce((sum, p) => sum + p.amountCents, 0);
  const payableCents = inv.status === 'void' ? 0 : inv.balanceCents - underWayCents;
  const payByCard = async () => {
    setPaying(true);
    setError(null);
    try {
      const opened = await postAs(
        `/api/finance/invoice/${inv.id}/pay`,
        { returnUrl: `${window.location.origin}/apps/invoice/detail/${inv.id}` },
        checkoutSchema,
        { quiet: true, inlineRefusal: true },
      );
      window.location.assign(opened.checkoutUrl);
    } catch (err) {
      setPaying(false);
      setError(err instanceof ApiFailure ? err.message : String(err));
    }
  };
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await postAs(`/api/finance/invoice/${inv.id}/send`, {}, invoiceSendResultSchema, {
        quiet: true,
        inlineRefusal: true,
      });
      toast('success', t('invoices.detail.sent', { to: r.to }));
      refresh();
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const doVoid = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = invoiceVoidInputSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setBusy(true);
    setError(null);
    try {
      await postAs(`/api/finance/invoice/${inv.id}/void`, parsed.data, invoiceDetailSchema, {
        quiet: true,
        inlineRefusal: true,
      });
      toast('success', t('invoices.detail.voided', { number: inv.number }));
      setVoiding(false);
      refresh();
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page" data-testid="invoice-detail">
      <div className="page-head">
        <h1>
          {t('invoices.detail.title', { number: inv.number })} <StatusBadge status={inv.status} overdue={inv.overdue} />
        </h1>
        <div className="button-row">
          <button type="button" className="btn" onClick={() => void downloadInvoicePdf(inv.id, inv.number)}>
            {t('invoices.downloadPdf')}
          </button>
          <Link to="/apps/invoice/preview/$id" params={{ id: String(inv.id) }} className="btn">
            {t('invoices.detail.printable')}
          </Link>
          {warehouse && inv.status !== 'void' && (
            <>
              <button type="button" className="btn" disabled={busy} onClick={() => void send()}>
                {t('invoices.detail.sendAgain')}
              </button>
              <button type="button" className="btn danger" disabled={busy} onClick={() => setVoiding(true)}>
                {t('invoices.detail.void')}
              </button>
            </>
          )}
        </div>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {search.transactionId && (
        <CheckoutOutcome
          id={Number(search.transactionId)}
          cancelled={!!search.cancelled}
          messages="invoices.detail.returned"
          onSettled={refresh}
        />
      )}
      {(payableCents > 0 || underWayCents > 0) && (
        <section className="card" data-testid="invoice-pay">
          {underWayCents > 0 && (
            <p className="muted" data-testid="invoice-pay-pending">
              {t('invoices.detail.payUnderWay', { amount: money(underWayCents, inv.currency) })}
            </p>
          )}
          {payableCents > 0 && (
            <div className="button-row">
              <button type="button" className="btn primary" disabled={paying} onClick={() => void payByCard()}>
                {paying
                  ? t('invoices.detail.redirecting')
                  : t('invoices.detail.payByCard', { amount: money(payableCents, inv.currency) })}
              </button>
            </div>
          )}
        </section>
      )}
      {voiding && (
        <form className="card form" onSubmit={(e) => void doVoid(e)} aria-label={t('invoices.detail.void')}>
          <p>{t('invoices.detail.voidHint')}</p>
          <label>
            {t('invoices.detail.voidReason')}
            <input name="reason" autoFocus value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
          <div className="button-row">
            <button type="submit" className="btn danger" disabled={busy}>
              {t('invoices.detail.voidConfirm')}
            </button>
            <button type="button" className="btn" onClick={() => setVoiding(false)}>
              {t('invoices.cancel')}
            </button>
          </div>
        </form>
      )}
      <section className="card invoice-head">
        <dl className="facts">
          <dt>{t('invoices.client')}</dt>
          <dd>
            {inv.companyName} ({inv.accountNo})
          </dd>
          <dt>{t('invoices.period')}</dt>
          <dd>
            {f.day(inv.periodStart)} – {f.day(inv.periodEnd)}
          </dd>
          <dt>{t('invoices.issuedOn')}</dt>
          <dd>{f.date(inv.issuedAt)}</dd>
          <dt>{t('invoices.dueOn')}</dt>
          <dd>{f.day(inv.dueOn)}</dd>
          <dt>{t('invoices.detail.emailed')}</dt>
          <dd>{inv.emailedAt ? f.dateTime(inv.emailedAt) : t('invoices.detail.notEmailed')}</dd>
          {inv.status === 'void' && (
            <>
              <dt>{t('invoices.detail.voidReason')}</dt>
              <dd>{inv.voidReason}</dd>
            </>
          )}
        </dl>
      </section>
      <section className="card">
        <InvoiceLines categories={inv.categories} storage={inv.storage} totals={inv} />
      </section>
      <FundsStatementCard funds={inv.funds} currency={inv.currency} />
      <section className="card">
        <h2>{t('invoices.detail.payments')}</h2>
        {inv.payments.length === 0 ? (
          <p className="muted">{t('invoices.detail.noPayments')}</p>
        ) : (
          <table className="grid">
            <thead>
              <tr>
                <th>{t('invoices.detail.paymentDate')}</th>
                <th>{t('invoices.detail.paymentKind')}</th>
                <th>{t('invoices.detail.paymentMethod')}</th>
                <th>{t('invoices.statusLabel')}</th>
                <th className="num">{t('invoices.line.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {inv.payments.map((p) => (
                <tr key={p.id}>
                  <td>
                    <Link to="/apps/finance/transaction/$id" params={{ id: String(p.id) }} className="btn link">
                      {f.date(p.createdAt)}
                    </Link>
                  </td>
                  <td>{t(`finance.kinds.${p.kind}`, { defaultValue: p.kind })}</td>
                  <td>{t(`finance.methods.${p.method}`, { defaultValue: p.method })}</td>
                  <td>{t(`finance.statuses.${p.status}`, { defaultValue: p.status })}</td>
                  <td className="num">{money(p.amountCents, inv.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
