/**
 * What the invoice screens share: money in the user's language, the status badge, the lines
 * table grouped by category (preview, detail and the printable view show the same), and the PDF
 * download (fetched with the bearer, saved under the invoice's number).
 */
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { FundsStatement, invoiceCategorySchema, StorageSummary } from '../../../domain/schemas/invoices';
import { api } from '../../api/client';
import { useFormat } from '../../ui/format';

type Category = z.infer<typeof invoiceCategorySchema>;

/** Cents in a currency, in the user's language (src/ui/format.ts). */
export function useMoney() {
  const f = useFormat();
  return (cents: number, currency: string) => f.money(cents, currency);
}

export function StatusBadge({ status, overdue }: { status: string; overdue?: boolean }) {
  const { t } = useTranslation();
  const key = overdue ? 'overdue' : status;
  return (
    <span className={`badge invoice-status invoice-status-${key}`} data-status={key}>
      {t(`invoices.status.${key}`)}
    </span>
  );
}

export async function downloadInvoicePdf(id: number, number: string): Promise<void> {
  const res = await api<Response>('GET', `/api/finance/invoice/${id}/pdf`, { raw: true });
  const url = URL.createObjectURL(await res.blob());
  Object.assign(document.createElement('a'), { href: url, download: `${number}.pdf` }).click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export interface Totals {
  currency: string;
  subtotalCents: number;
  taxPercent: string;
  taxCents: number;
  totalCents: number;
  paidCents?: number;
  balanceCents?: number;
}

/** The lines by category, the storage summary and the totals. */
export function InvoiceLines({
  categories,
  storage,
  totals,
}: {
  categories: Category[];
  storage: StorageSummary | null;
  totals: Totals;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const money = useMoney();
  const c = totals.currency;
  return (
    <div className="invoice-lines">
      <table className="grid" data-testid="invoice-lines">
        <thead>
          <tr>
            <th>{t('invoices.line.description')}</th>
            <th className="num">{t('invoices.line.quantity')}</th>
            <th>{t('invoices.line.unit')}</th>
            <th className="num">{t('invoices.line.unitPrice')}</th>
            <th className="num">{t('invoices.line.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {categories.length === 0 && (
            <tr>
              <td colSpan={5} className="muted">
                {t('invoices.noLines')}
              </td>
            </tr>
          )}
          {categories.flatMap((g) => [
            <tr key={`h-${g.category}`} className="invoice-category">
              <th colSpan={4}>{t(`invoices.categories.${g.category}`)}</th>
              <th className="num">{money(g.amountCents, c)}</th>
            </tr>,
            ...g.lines.map((l) => (
              <tr key={`${g.category}-${l.position}`} data-code={l.code}>
                {/* The line's words only: its billing code stays in data-code, not in front of the reader (issue 41). */}
                <td>{l.description}</td>
                <td className="num">{f.number(l.quantity)}</td>
                <td>{t(`invoices.units.${l.unit}`)}</td>
                <td className="num">{f.price(l.unitPrice, c)}</td>
                <td className="num">{money(l.amountCents, c)}</td>
              </tr>
            )),
          ])}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={4}>{t('invoices.subtotal')}</th>
            <td className="num">{money(totals.subtotalCents, c)}</td>
          </tr>
          <tr>
            <th colSpan={4}>{t('invoices.tax', { percent: f.number(totals.taxPercent) })}</th>
            <td className="num">{money(totals.taxCents, c)}</td>
          </tr>
          <tr className="invoice-total">
            <th colSpan={4}>{t('invoices.total')}</th>
            <td className="num" data-testid="invoice-total">
              {money(totals.totalCents, c)}
            </td>
          </tr>
          {totals.paidCents !== undefined && (
            <tr>
              <th colSpan={4}>{t('invoices.paid')}</th>
              <td className="num">{money(totals.paidCents, c)}</td>
            </tr>
          )}
          {totals.balanceCents !== undefined && (
            <tr className="invoice-total">
              <th colSpan={4}>{t('invoices.balance')}</th>
              <td className="num">{money(totals.balanceCents, c)}</td>
            </tr>
          )}
        </tfoot>
      </table>
      {storage && (
        <p className="muted" data-testid="storage-summary">
          {t('invoices.storageSummary', {
            quantity: f.number(storage.quantity),
            days: f.number(storage.days),
            average: f.number(storage.averagePerDay),
            amount: money(storage.amountCents, c),
            unit: t(`invoices.units.${storage.unit}`),
          })}
        </p>
      )}
    </div>
  );
}

/**
 * The client's label funds over the invoice's period (decision 0019): labels paid from the funds
 * were settled when bought, so they are stated here, beside the invoice, with nothing due.
 */
export function FundsStatementCard({ funds, currency }: { funds: FundsStatement | null; currency: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (!funds) return null;
  const rows: [string, number, string][] = [
    [t('invoices.funds.opening'), funds.openingCents, 'opening'],
    [t('invoices.funds.topUps'), funds.topUpsCents, 'top-ups'],
    [t('invoices.funds.labels', { count: funds.labelCount }), -funds.labelsCents, 'labels'],
    [t('invoices.funds.givenBack'), funds.givenBackCents, 'given-back'],
    [t('invoices.funds.closing'), funds.closingCents, 'closing'],
  ];
  return (
    <section className="card" data-testid="funds-statement">
      <h2>{t('invoices.funds.title')}</h2>
      <p className="muted">{t('invoices.funds.intro')}</p>
      <table className="grid">
        <tbody>
          {rows.map(([label, cents, key]) => (
            <tr key={key} data-row={key}>
              <th>{label}</th>
              <td className="num">{money(cents, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
