/**
 * The dashboard's figures and charts (issue 22): each tile links to the screen that lists what it
 * counts, and is read from the same rows (server/modules/dashboard/activity.ts). Charts with
 * recharts (SVG, so they scale and stay readable in both themes).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dashboardActivitySchema } from '../../../domain/schemas/dashboard';
import { getAs } from '../../api/typed';
import { useTheme } from '../../app/theme';
import { formatDayShort, formatNumber } from '../../../domain/format';

/** The theme's colours, read from its CSS variables (SVG attributes cannot use var()). */
export function usePalette() {
  const skin = useTheme((s) => s.themeSkin);
  return useMemo(() => {
    const css = getComputedStyle(document.documentElement);
    const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
    return {
      received: v('--info', '#60a5fa'),
      shipped: v('--ok', '#22c55e'),
      problems: v('--warn', '#f59e0b'),
      stock: v('--accent', '#f59e0b'),
      grid: v('--border', '#26344f'),
      text: v('--muted', '#9fb0c8'),
      surface: v('--surface', '#111a2e'),
      skin, // the skin decides the variables' values, so it is the memo's key
    };
  }, [skin]);
}

export const shortDay = (iso: string, locale: string) => formatDayShort(locale, iso);

export function ActivityCharts() {
  const { t, i18n } = useTranslation();
  const palette = usePalette();
  const activity = useQuery({
    queryKey: ['dashboard-activity'],
    queryFn: () =>
      getAs('/api/dashboard/activity', dashboardActivitySchema, {
        query: { tzOffsetMinutes: -new Date().getTimezoneOffset() },
        background: true,
      }),
    refetchInterval: 60_000,
  });
  if (activity.isError) return <p className="form-error">{t('dashboard.activityError')}</p>;
  const a = activity.data;
  const tiles: [string, number | undefined, string][] = [
    ['dashboard.unitsOnHand', a?.totals.unitsOnHand, '/apps/inventory/inventory-snapshot'],
    ['dashboard.openProblems', a?.totals.openProblems, '/apps/problem/management'],
    ['dashboard.packagesToday', a?.totals.packagesToday, '/apps/inbound/delivered-packages'],
    ['dashboard.packagesExpected', a?.totals.packagesExpected, '/apps/inbound/delivered-packages'],
  ];
  const axis = { stroke: palette.text, tick: { fill: palette.text, fontSize: 12 } };
  const tooltip = {
    contentStyle: { background: palette.surface, border: `1px solid ${palette.grid}` },
    cursor: { fill: palette.grid, opacity: 0.4 },
  };
  const days = (a?.days ?? []).map((d) => ({ ...d, label: shortDay(d.day, i18n.language) }));
  const quiet = days.every((d) => d.received === 0 && d.shipped === 0);
  const problems = (a?.openProblems ?? []).map((b) => ({ ...b, label: t('dashboard.ageDays', { days: b.age }) }));
  const stock = (a?.inventoryByClient ?? []).slice(0, 8);
  return (
    <>
      <div className="tiles" data-testid="activity-tiles">
        {tiles.map(([key, value, to]) => (
          <Link key={key} to={to} className="tile tile-link" data-tile={key}>
            <span className="tile-value">{formatNumber(i18n.language, value)}</span>
            <span className="tile-label">{t(key)}</span>
          </Link>
        ))}
      </div>
      <div className="chart-grid">
        <section className="card chart-card" aria-labelledby="chart-flow">
          <h2 id="chart-flow">{t('dashboard.flowTitle')}</h2>
          {a && quiet ? (
            <p className="muted">{t('dashboard.noFlow')}</p>
          ) : (
            <div className="chart" data-testid="chart-flow">
              <ResponsiveContainer width="100%" height={260}>
                <BarChart data={days} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
                  <CartesianGrid stroke={palette.grid} vertical={false} />
                  <XAxis dataKey="label" {...axis} interval="preserveStartEnd" />
                  <YAxis allowDecimals={false} {...axis} width={40} />
                  <Tooltip {...tooltip} />
                  <Legend wrapperStyle={{ color: palette.text }} />
                  <Bar dataKey="received" name={t('dashboard.received')} fill={palette.received} />
                  <Bar dataKey="shipped" name={t('dashboard.shipped')} fill={palette.shipped} />
                </BarChart>
              </ResponsiveContainer>
            </div>
          )}
        </section>
        <section className="card chart-card" aria-labelledby="chart-problems">
          <h2 id="chart-problems">{t('dashboard.problemsTitle')}</h2>
          {a && a.totals.openProblems === 0 ? (
            <p className="muted">{t('dashboard.noProblems')}</p>
          ) : (
            <div className="chart" data-testid="chart-problems">
              <ResponsiveContainer width="100%" height={220}>
                <BarChart data={problems} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
                  <CartesianGrid stroke={palette.grid} vertical={false} />
                  <XAxis dataKey="label" {...axis} />
                  <YAxis allowDecimals={false} {...axis} width={32} />
                  <Tooltip {...tooltip} />
                  <Bar dataKey="problems" name={t('dashboard.openProblems')} fill={palette.problems} />
                </BarChart>
              </ResponsiveContainer>
            </div>
          )}
        </section>
        <section className="card chart-card" aria-labelledby="chart-stock">
          <h2 id="chart-stock">{t('dashboard.stockTitle')}</h2>
          {a && stock.length === 0 ? (
            <p className="muted">{t('dashboard.noStock')}</p>
          ) : (
            <div className="chart" data-testid="chart-stock">
              <ResponsiveContainer width="100%" height={Math.max(120, stock.length * 36 + 40)}>
                <BarChart data={stock} layout="vertical" margin={{ top: 8, right: 16, left: 8, bottom: 0 }}>
                  <CartesianGrid stroke={palette.grid} horizontal={false} />
                  <XAxis type="number" allowDecimals={false} {...axis} />
                  <YAxis type="category" dataKey="name" {...axis} width={120} />
                  <Tooltip {...tooltip} />
                  <Bar dataKey="units" name={t('dashboard.units')} fill={palette.stock} />
                </BarChart>
              </ResponsiveContainer>
            </div>
          )}
        </section>
      </div>
    </>
  );
}
