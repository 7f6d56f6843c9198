/**
 * Business metrics (/dashboard/basic-reporting): what a period earned and what the floor did for
 * it, each figure beside the same-length period before — revenue by currency, by day, by category
 * and by client, clients served, work done by kind, invoices issued, owed and overdue — read from
 * the ledger billing uses (server/modules/dashboard/business-metrics.ts). A client sees its own.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import {
  BUSINESS_METRICS_MAX_DAYS,
  businessMetricsSchema,
  type BusinessMetrics,
} from '../../../domain/schemas/business-metrics';
import { daysBetween } from '../../../domain/schemas/day-period';
import { ApiFailure } from '../../api/client';
import { getAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { money } from '../finance/money';
import { shortDay, usePalette } from './ActivityCharts';
import type { PeriodPreset } from './period';
import { PeriodPicker, PeriodProblem, usePeriod } from './PeriodPicker';
import { formatDay, formatNumber, formatPercent } from '../../../domain/format';

const PERIODS: readonly PeriodPreset[] = ['month', 'lastMonth', 'last30', 'quarter', 'year', 'custom'];

/** Every day of the period in one currency, days without charges at nothing, so the chart's axis is honest time. */
export function dailySeries(b: BusinessMetrics, currency: string): { day: string; amountCents: number }[] {
  const byDay = new Map(b.byDay.filter((d) => d.currency === currency).map((d) => [d.day, d.amountCents]));
  const start = Date.parse(`${b.from}T00:00:00Z`);
  return Array.from({ length: daysBetween(b.from, b.to) }, (_, i) => {
    const day = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    return { day, amountCents: byDay.get(day) ?? 0 };
  });
}

/** The change from the period before, in words: "+12%", "−5%", "new", or a dash when both are nothing. */
export function change(current: number, previous: number, lang: string, isNew: string): string {
  if (previous === 0) return current === 0 ? '–' : isNew;
  const ratio = (current - previous) / Math.abs(previous);
  return formatPercent(lang, ratio, { maxDecimals: 0, signed: true });
}

export default function BusinessMetricsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const warehouse = useSession((s) => s.user?.audience === 'Warehouse');
  const palette = usePalette();
  const period = usePeriod(PERIODS, BUSINESS_METRICS_MAX_DAYS);
  const { range, problem } = period;
  const report = useQuery({
    queryKey: ['business-metrics', range.from, range.to],
    enabled: !problem,
    queryFn: () =>
      getAs('/api/dashboard/business-metrics', businessMetricsSchema, {
        query: { ...range },
        background: true,
        quiet: true,
      }),
  });
  const b = report.data;
  const fmt = (cents: number, currency: string) => money(cents, lang, currency);
  const n = (v: number) => formatNumber(lang, v);
  const delta = (cur: number, prev: number) => change(cur, prev, lang, t('businessMetrics.new'));
  const primary = b?.revenue[0]?.currency;
  const days = useMemo(
    () =>
      b && primary
        ? dailySeries(b, primary).map((d) => ({ label: shortDay(d.day, lang), amount: d.amountCents / 100 }))
        : [],
    [b, primary, lang],
  );
  const nothing = b && b.revenue.length === 0 && b.volume.length === 0 && b.invoices.length === 0;

  const tiles: { key: string; label: string; value: string; sub?: string }[] = b
    ? [
        ...b.revenue.map((r) => ({
          key: `revenue-${r.currency}`,
          label: t('businessMetrics.revenue', { currency: r.currency }),
          value: fmt(r.amountCents, r.currency),
          sub: delta(r.amountCents, r.previousCents),
        })),
        ...(warehouse
          ? [
              {
                key: 'clients',
                label: t('businessMetrics.activeClients'),
                value: n(b.activeClients.current),
                sub: delta(b.activeClients.current, b.activeClients.previous),
              },
            ]
          : []),
        ...b.invoices.flatMap((i) => [
          {
            key: `issued-${i.currency}`,
            label: t('businessMetrics.invoicesIssued', { currency: i.currency }),
            value: fmt(i.issuedCents, i.currency),
            sub: t('businessMetrics.invoiceCount', { count: i.issuedCount }),
          },
          {
            key: `owed-${i.currency}`,
            label: t('businessMetrics.owed', { currency: i.currency }),
            value: fmt(i.outstandingCents, i.currency),
          },
          {
            key: `overdue-${i.currency}`,
            label: t('businessMetrics.overdue', { currency: i.currency }),
            value: fmt(i.overdueCents, i.currency),
          },
        ]),
      ]
    : [];

  return (
    <div className="page" data-testid="business-metrics">
      <div className="page-head">
        <h1>{t('businessMetrics.title')}</h1>
      </div>
      <p className="muted">{t('businessMetrics.intro')}</p>
      <PeriodPicker period={period} />
      {problem ? (
        <PeriodProblem period={period} />
      ) : report.isError ? (
        <p className="form-error" role="alert">
          {report.error instanceof ApiFailure ? report.error.message : t('businessMetrics.loadError')}
        </p>
      ) : !b ? (
        <p className="muted">{t('app.loading')}</p>
      ) : nothing ? (
        <p className="grid-state empty" data-testid="metrics-empty">
          {t('businessMetrics.empty')}
        </p>
      ) : (
        <>
          <p className="muted" data-testid="metrics-compared">
            {t('businessMetrics.compared', {
              from: formatDay(i18n.language, b.previousFrom),
              to: formatDay(i18n.language, b.previousTo),
            })}
          </p>
          <div className="tiles" data-testid="metrics-tiles">
            {tiles.map((tile) => (
              <div key={tile.key} className="tile" data-tile={tile.key}>
                <span className="tile-value">{tile.value}</span>
                <span className="tile-label">{tile.label}</span>
                {tile.sub && <span className="muted">{tile.sub}</span>}
              </div>
            ))}
          </div>
          {primary && b.byDay.length > 0 && (
            <section className="card chart-card" aria-labelledby="chart-revenue">
              <h2 id="chart-revenue">{t('businessMetrics.revenueByDay', { currency: primary })}</h2>
              <div className="chart" data-testid="chart-revenue">
                <ResponsiveContainer width="100%" height={240}>
                  <BarChart data={days} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
                    <CartesianGrid stroke={palette.grid} vertical={false} />
                    <XAxis dataKey="label" stroke={palette.text} tick={{ fill: palette.text, fontSize: 12 }} />
                    <YAxis stroke={palette.text} tick={{ fill: palette.text, fontSize: 12 }} width={56} />
                    <Tooltip
                      contentStyle={{ background: palette.surface, border: `1px solid ${palette.grid}` }}
                      formatter={(v) => fmt(Math.round(Number(v) * 100), primary)}
                    />
                    <Bar dataKey="amount" name={t('businessMetrics.thisPeriod')} fill={palette.shipped} />
                  </BarChart>
                </ResponsiveContainer>
              </div>
            </section>
          )}
          <div className="chart-grid">
            <Compared
              id="metrics-categories"
              title={t('businessMetrics.byCategory')}
              first={t('businessMetrics.category')}
              rows={b.byCategory.map((c) => ({
                key: `${c.category}-${c.currency}`,
                name: `${t(`charges.categories.${c.category}`, { defaultValue: c.category })} · ${c.currency}`,
                current: fmt(c.amountCents, c.currency),
                previous: fmt(c.previousCents, c.currency),
                change: delta(c.amountCents, c.previousCents),
              }))}
            />
            {warehouse && (
              <Compared
                id="metrics-clients"
                title={t('businessMetrics.topClients')}
                first={t('businessMetrics.client')}
                rows={b.topClients.map((c) => ({
                  key: `${c.companyId}-${c.currency}`,
                  name: `${c.name} · ${c.currency}`,
                  current: fmt(c.amountCents, c.currency),
                  previous: fmt(c.previousCents, c.currency),
                  change: delta(c.amountCents, c.previousCents),
                }))}
              />
            )}
            <Compared
              id="metrics-volume"
              title={t('businessMetrics.volume')}
              first={t('businessMetrics.work')}
              rows={b.volume.map((v) => ({
                key: v.kind,
                name: t(`businessMetrics.kinds.${v.kind}`),
                current: n(v.quantity),
                previous: n(v.previous),
                change: delta(v.quantity, v.previous),
              }))}
            />
          </div>
        </>
      )}
    </div>
  );
}

interface ComparedRow {
  key: string;
  name: string;
  current: string;
  previous: string;
  change: string;
}

/** A table of figures beside the period before. */
function Compared({ id, title, first, rows }: { id: string; title: string; first: string; rows: ComparedRow[] }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby={`${id}-title`} data-testid={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">{t('businessMetrics.none')}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>{first}</th>
                <th>{t('businessMetrics.thisPeriod')}</th>
                <th>{t('businessMetrics.previous')}</th>
                <th>{t('businessMetrics.change')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key}>
                  <td>{r.name}</td>
                  <td>{r.current}</td>
                  <td className="muted">{r.previous}</td>
                  <td>{r.change}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
