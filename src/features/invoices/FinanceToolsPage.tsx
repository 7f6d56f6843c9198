/**
 * Invoice Preview (/apps/management/finance-tools, warehouse only): pick a month (or a custom
 * period), see what every client would be invoiced — totals, warnings such as "no price set" —
 * open one to see its lines, then generate for all or for the ones ticked.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  invoiceGenerateResultSchema,
  invoicePreviewSchema,
  openPeriodSchema,
  previousMonth,
  type InvoiceGenerateResult,
} from '../../../domain/schemas/invoices';
import { ApiFailure } from '../../api/client';
import { getAs, postAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';
import { InvoiceLines, useMoney } from './parts';
import { useFormat } from '../../ui/format';
import { chargeCodeName } from '../charges/code-names';
import { DateField, MonthField } from '../../ui/DateField';

type Mode = 'month' | 'range';

export default function FinanceToolsPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const money = useMoney();
  const qc = useQueryClient();
  const toast = useFeedback((s) => s.toast);
  const [mode, setMode] = useState<Mode>('month');
  const [month, setMonth] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [asked, setAsked] = useState<Record<string, string> | null>(null);
  // The preview opens on the oldest month with charges still to invoice (else this month).
  const opening = useQuery({
    queryKey: ['invoice-open-period'],
    retry: false,
    queryFn: () => getAs('/api/finance/invoice/open-period', openPeriodSchema, { quiet: true }),
  });
  const firstMonth = opening.data?.month ?? (opening.isError ? previousMonth(new Date()) : null);
  useEffect(() => {
    if (firstMonth && asked === null && month === '') {
      setMonth(firstMonth);
      setAsked({ month: firstMonth });
    }
  }, [firstMonth, asked, month]);
  const [open, setOpen] = useState<number | null>(null);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<InvoiceGenerateResult | null>(null);

  const q = useQuery({
    queryKey: ['invoice-preview', asked],
    enabled: asked !== null,
    retry: false,
    queryFn: () => getAs('/api/finance/invoice/preview', invoicePreviewSchema, { query: asked!, quiet: true }),
  });

  const show = () => {
    setResult(null);
    setError(null);
    setPicked(new Set());
    setOpen(null);
    setAsked(mode === 'month' ? { month } : { from, to });
  };

  const generate = async (companyIds?: number[]) => {
    if (!asked) return;
    setBusy(true);
    setError(null);
    try {
      const r = await postAs(
        '/api/finance/invoice/generate',
        { ...asked, ...(companyIds ? { companyIds } : {}) },
        invoiceGenerateResultSchema,
        { quiet: true, inlineRefusal: true },
      );
      setResult(r);
      setPicked(new Set());
      toast('success', t('invoices.preview.generated', { count: r.invoices.length }));
      void qc.invalidateQueries({ queryKey: ['invoice-preview'] });
      void qc.invalidateQueries({ queryKey: ['invoices'] });
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const data = q.data;
  const invoiceable = (data?.clients ?? []).filter((c) => !c.existingInvoice && !c.postponedUntil);
  const toggle = (id: number) =>
    setPicked((p) => {
      const n = new Set(p);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  return (
    <div className="page" data-testid="invoice-preview">
      <div className="page-head">
        <h1>{t('invoices.preview.title')}</h1>
        <Link to="/apps/finance/invoices" className="btn">
          {t('invoices.list.title')}
        </Link>
      </div>
      <p className="muted">{t('invoices.preview.intro')}</p>
      <form
        className="card form"
        onSubmit={(e) => {
          e.preventDefault();
          show();
        }}
      >
        <div className="form-row">
          <label>
            {t('invoices.preview.periodKind')}
            <select name="mode" value={mode} onChange={(e) => setMode(e.target.value as Mode)}>
              <option value="month">{t('invoices.preview.aMonth')}</option>
              <option value="range">{t('invoices.preview.aRange')}</option>
            </select>
          </label>
          {mode === 'month' ? (
            <label>
              {t('invoices.preview.month')}
              <MonthField name="month" value={month} onChange={setMonth} />
            </label>
          ) : (
            <>
              <label>
                {t('invoices.preview.from')}
                <DateField name="from" value={from} onChange={setFrom} />
              </label>
              <label>
                {t('invoices.preview.to')}
                <DateField name="to" value={to} onChange={setTo} />
              </label>
            </>
          )}
        </div>
        <div className="button-row">
          <button type="submit" className="btn primary">
            {t('invoices.preview.show')}
          </button>
        </div>
      </form>

      {q.isPending && asked && <p className="grid-state">{t('app.loading')}</p>}
      {q.isError && (
        <p className="grid-state error" role="alert">
          {q.error instanceof ApiFailure ? q.error.message : t('invoices.loadError')}{' '}
          <button type="button" className="btn small" onClick={() => void q.refetch()}>
            {t('invoices.retry')}
          </button>
        </p>
      )}
      {error && (
        <p className="form-error" role="alert" data-testid="generate-error">
          {error}
        </p>
      )}
      {result && (
        <section className="card" data-testid="generate-result">
          <h2>{t('invoices.preview.generatedTitle', { count: result.invoices.length })}</h2>
          <ul>
            {result.invoices.map((i) => (
              <li key={i.id}>
                <Link to="/apps/invoice/detail/$id" params={{ id: String(i.id) }} className="btn link">
                  {i.number}
                </Link>{' '}
                {i.companyName} · {money(i.totalCents, i.currency)}
              </li>
            ))}
            {result.skipped.map((s) => (
              <li key={`s-${s.companyId}`} className="muted">
                {s.companyName}: {s.reason}
              </li>
            ))}
          </ul>
        </section>
      )}

      {data && (
        <section className="card">
          <div className="card-head">
            <h2>
              {t('invoices.preview.periodTitle', { from: f.day(data.period.from), to: f.day(data.period.to) })} ·{' '}
              {money(data.totalCents, data.currency)}
            </h2>
            <div className="button-row">
              <button
                type="button"
                className="btn"
                disabled={busy || picked.size === 0}
                onClick={() => void generate([...picked])}
              >
                {t('invoices.preview.generateSelected', { count: picked.size })}
              </button>
              <button
                type="button"
                className="btn primary"
                disabled={busy || invoiceable.length === 0}
                onClick={() => void generate()}
              >
                {t('invoices.preview.generateAll')}
              </button>
            </div>
          </div>
          {data.clients.length === 0 ? (
            <p className="grid-state" data-testid="preview-empty">
              {t('invoices.preview.empty')}
            </p>
          ) : (
            <table className="grid" data-testid="preview-clients">
              <thead>
                <tr>
                  <th aria-label={t('invoices.preview.select')} />
                  <th>{t('invoices.client')}</th>
                  <th className="num">{t('invoices.preview.charges')}</th>
                  <th className="num">{t('invoices.subtotal')}</th>
                  <th className="num">{t('invoices.taxShort')}</th>
                  <th className="num">{t('invoices.total')}</th>
                  <th>{t('invoices.preview.warnings')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {data.clients.map((c) => (
                  <Fragment key={c.companyId}>
                    <tr data-company={c.companyName}>
                      <td>
                        <input
                          type="checkbox"
                          aria-label={t('invoices.preview.selectClient', { name: c.companyName })}
                          disabled={!!c.existingInvoice || !!c.postponedUntil}
                          checked={picked.has(c.companyId)}
                          onChange={() => toggle(c.companyId)}
                        />
                      </td>
                      <td>
                        {c.companyName} <span className="muted">{c.accountNo}</span>
                        {c.existingInvoice && (
                          <>
                            {' '}
                            <Link
                              to="/apps/invoice/detail/$id"
                              params={{ id: String(c.existingInvoice.id) }}
                              className="btn link"
                            >
                              {c.existingInvoice.number}
                            </Link>
                          </>
                        )}
                      </td>
                      <td className="num">{c.chargeCount}</td>
                      <td className="num">{money(c.subtotalCents, c.currency)}</td>
                      <td className="num">{money(c.taxCents, c.currency)}</td>
                      <td className="num" data-testid="client-total">
                        {money(c.totalCents, c.currency)}
                      </td>
                      <td>
                        {c.warnings.length ? (
                          <ul className="invoice-warnings">
                            {c.warnings.map((w, i) => (
                              <li key={i} className={`warn-${w.kind}`}>
                                {w.kind === 'unpriced'
                                  ? t('invoices.warnings.unpriced', {
                                      count: w.chargeCount,
                                      code: w.code ? chargeCodeName(t, w.code) : '',
                                    })
                                  : w.kind === 'postponed'
                                    ? t('invoices.warnings.postponed', { day: f.day(c.postponedUntil) })
                                    : w.kind === 'invoiced'
                                      ? t('invoices.warnings.invoiced', { number: c.existingInvoice?.number })
                                      : t('invoices.warnings.noEmail')}
                              </li>
                            ))}
                          </ul>
                        ) : (
                          <span className="muted">–</span>
                        )}
                      </td>
                      <td>
                        <button
                          type="button"
                          className="btn small"
                          aria-expanded={open === c.companyId}
                          onClick={() => setOpen(open === c.companyId ? null : c.companyId)}
                        >
                          {open === c.companyId ? t('invoices.preview.hide') : t('invoices.preview.lines')}
                        </button>
                      </td>
                    </tr>
                    {open === c.companyId && (
                      <tr>
                        <td colSpan={8}>
                          <InvoiceLines categories={c.categories} storage={c.storage} totals={c} />
                          <p className="muted">{t('invoices.preview.due', { day: f.day(c.dueOn) })}</p>
                        </td>
                      </tr>
                    )}
                  </Fragment>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </div>
  );
}
