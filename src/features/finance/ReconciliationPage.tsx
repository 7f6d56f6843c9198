/**
 * Reconciliation (/apps/finance/reconciliation; issue 39, decision 0019): per client and period,
 * where every priced event went (an invoice, awaiting one, or the label funds) and where every
 * payment went (an invoice or the funds), each side summed from its own table. Any difference is
 * highlighted: there must be none. Warehouse only.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reconciliationSchema, type ReconciliationClient } from '../../../domain/schemas/reconciliation';
import { ApiFailure } from '../../api/client';
import { getAs } from '../../api/typed';
import { PeriodPicker, PeriodProblem, usePeriod } from '../dashboard/PeriodPicker';
import { useClientOptions } from '../inbound/purchase-orders/clients';
import { useMoney } from '../invoices/parts';

const PRESETS = ['month', 'lastMonth', 'quarter', 'year', 'custom'] as const;

export default function ReconciliationPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const period = usePeriod(PRESETS, 366);
  const clients = useClientOptions();
  const [companyId, setCompanyId] = useState('');
  const q = useQuery({
    queryKey: ['reconciliation', period.range.from, period.range.to, companyId],
    enabled: !period.problem,
    queryFn: () =>
      getAs('/api/finance/reconciliation', reconciliationSchema, {
        query: { from: period.range.from, to: period.range.to, ...(companyId ? { companyId } : {}) },
        quiet: true,
      }),
  });
  const data = q.data;
  const cell = (cents: number, currency: string, difference = false) => (
    <td
      className={`num${difference && cents !== 0 ? ' difference' : ''}`}
      data-difference={difference ? cents : undefined}
    >
      {money(cents, currency)}
    </td>
  );

  return (
    <div className="page" data-testid="reconciliation">
      <div className="page-head">
        <h1>{t('reconciliation.title')}</h1>
      </div>
      <p className="muted">{t('reconciliation.intro')}</p>
      <PeriodPicker period={period}>
        <label>
          {t('reconciliation.client')}
          <select
            value={companyId}
            onChange={(e) => setCompanyId(e.target.value)}
            aria-label={t('reconciliation.client')}
          >
            <option value="">{t('reconciliation.allClients')}</option>
            {(clients.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      </PeriodPicker>
      <PeriodProblem period={period} />
      {q.isPending && !period.problem && <p className="grid-state">{t('app.loading')}</p>}
      {q.isError && (
        <p className="grid-state error" role="alert">
          {q.error instanceof ApiFailure ? q.error.message : t('reconciliation.loadError')}{' '}
          <button type="button" className="btn" onClick={() => void q.refetch()}>
            {t('reconciliation.retry')}
          </button>
        </p>
      )}
      {data && (
        <>
          <p
            role="status"
            className={data.unbalancedCount ? 'form-error' : 'muted'}
            data-testid="reconciliation-summary"
          >
            {data.clients.length === 0
              ? t('reconciliation.empty')
              : data.unbalancedCount
                ? t('reconciliation.unbalanced', { count: data.unbalancedCount })
                : t('reconciliation.balanced', { count: data.clients.length })}
          </p>
          {data.clients.length > 0 && (
            <div className="table-wrap">
              <table className="grid reconciliation" data-testid="reconciliation-table">
                <thead>
                  <tr>
                    <th rowSpan={2}>{t('reconciliation.client')}</th>
                    <th colSpan={6}>{t('reconciliation.chargesGroup')}</th>
                    <th colSpan={4}>{t('reconciliation.paymentsGroup')}</th>
                    <th colSpan={3}>{t('reconciliation.invoicesGroup')}</th>
                    <th rowSpan={2} className="num">
                      {t('reconciliation.fundsBalance')}
                    </th>
                  </tr>
                  <tr>
                    <th className="num">{t('reconciliation.charged')}</th>
                    <th className="num">{t('reconciliation.invoiced')}</th>
                    <th className="num">{t('reconciliation.awaiting')}</th>
                    <th className="num">{t('reconciliation.fromFunds')}</th>
                    <th className="num">{t('reconciliation.fundsDraws')}</th>
                    <th className="num">{t('reconciliation.difference')}</th>
                    <th className="num">{t('reconciliation.received')}</th>
                    <th className="num">{t('reconciliation.invoicePayments')}</th>
                    <th className="num">{t('reconciliation.topUps')}</th>
                    <th className="num">{t('reconciliation.difference')}</th>
                    <th className="num">{t('reconciliation.invoiceCount')}</th>
                    <th className="num">{t('reconciliation.linesDifference')}</th>
                    <th className="num">{t('reconciliation.paidDifference')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.clients.map((r: ReconciliationClient) => (
                    <tr key={r.companyId} data-company={r.companyId} data-balanced={r.balanced}>
                      <th>
                        {r.accountNo} · {r.companyName}{' '}
                        <span className={`badge ${r.balanced ? 'ok' : 'danger'}`}>
                          {r.balanced ? t('reconciliation.ok') : t('reconciliation.check')}
                        </span>
                        <br />
                        <Link
                          to="/apps/finance/customer/charges"
                          search={
                            { companyId: String(r.companyId), from: data.period.from, to: data.period.to } as never
                          }
                          className="btn link"
                        >
                          {t('reconciliation.openCharges')}
                        </Link>
                      </th>
                      {cell(r.chargedCents, data.currency)}
                      {cell(r.invoicedCents, data.currency)}
                      {cell(r.awaitingInvoiceCents, data.currency)}
                      {cell(r.fromFundsCents, data.currency)}
                      {cell(r.fundsDrawsCents, data.currency)}
                      {cell(r.chargesDifferenceCents, data.currency, true)}
                      {cell(r.receivedCents, data.currency)}
                      {cell(r.invoicePaymentsCents, data.currency)}
                      {cell(r.fundsTopUpsCents, data.currency)}
                      {cell(r.paymentsDifferenceCents, data.currency, true)}
                      <td className="num">{r.invoiceCount}</td>
                      {cell(r.invoiceLinesDifferenceCents, data.currency, true)}
                      {cell(r.invoicePaidDifferenceCents, data.currency, true)}
                      {cell(r.fundsBalanceCents, data.currency)}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  );
}
