/**
 * The printable invoice (/apps/invoice/preview/:id): the invoice laid out as its PDF shows it —
 * the warehouse and the client, number and dates, lines by category, storage summary, totals,
 * paid and balance due — with Print and the PDF download.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { invoiceDetailSchema } from '../../../domain/schemas/invoices';
import { ApiFailure } from '../../api/client';
import { getAs } from '../../api/typed';
import { downloadInvoicePdf, FundsStatementCard, InvoiceLines, StatusBadge } from './parts';
import { useFormat } from '../../ui/format';

export default function InvoicePrintPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const { id } = useParams({ strict: false }) as { id: string };
  const q = useQuery({
    queryKey: ['invoice', id],
    retry: false,
    queryFn: () => getAs(`/api/finance/invoice/${id}`, invoiceDetailSchema, { quiet: true }),
  });
  if (q.isPending) return <p className="grid-state">{t('app.loading')}</p>;
  if (q.isError)
    return (
      <p className="grid-state error" role="alert">
        {q.error instanceof ApiFailure && q.error.status === 404 ? t('invoices.notFound') : t('invoices.loadError')}
      </p>
    );
  const inv = q.data;
  return (
    <div className="page invoice-print" data-testid="invoice-print">
      <div className="button-row no-print">
        <Link to="/apps/invoice/detail/$id" params={{ id: String(inv.id) }} className="btn">
          {t('invoices.detail.back')}
        </Link>
        <button type="button" className="btn" onClick={() => window.print()}>
          {t('invoices.printButton')}
        </button>
        <button type="button" className="btn primary" onClick={() => void downloadInvoicePdf(inv.id, inv.number)}>
          {t('invoices.downloadPdf')}
        </button>
      </div>
      <article className="card invoice-sheet">
        <header className="invoice-sheet-head">
          <div>
            <h2>{inv.from.name}</h2>
            {inv.from.lines.map((l) => (
              <div key={l} className="muted">
                {l}
              </div>
            ))}
            {inv.from.email && <div className="muted">{inv.from.email}</div>}
          </div>
          <div className="invoice-sheet-facts">
            <h1>{t('invoices.print.heading')}</h1>
            <dl className="facts">
              <dt>{t('invoices.number')}</dt>
              <dd>{inv.number}</dd>
              <dt>{t('invoices.issuedOn')}</dt>
              <dd>{f.date(inv.issuedAt)}</dd>
              <dt>{t('invoices.dueOn')}</dt>
              <dd>{f.day(inv.dueOn)}</dd>
              <dt>{t('invoices.period')}</dt>
              <dd>
                {f.day(inv.periodStart)} – {f.day(inv.periodEnd)}
              </dd>
            </dl>
            {inv.status !== 'issued' && <StatusBadge status={inv.status} />}
          </div>
        </header>
        <section>
          <h3>{t('invoices.print.billTo')}</h3>
          <strong>{inv.to.name}</strong>
          {inv.to.lines.map((l) => (
            <div key={l}>{l}</div>
          ))}
          {inv.to.email && <div>{inv.to.email}</div>}
        </section>
        <InvoiceLines categories={inv.categories} storage={inv.storage} totals={inv} />
        <FundsStatementCard funds={inv.funds} currency={inv.currency} />
        <p className="muted">{t('invoices.print.payBy', { day: f.day(inv.dueOn), number: inv.number })}</p>
      </article>
    </div>
  );
}
