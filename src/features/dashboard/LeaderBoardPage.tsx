/**
 * The leader board (/dashboard/worker-performance): who did what on the floor in a period — package
 * scans, units received, sorted, picked, prepped and labelled, boxes, pallets, shipments — read from
 * the work each person recorded (server/modules/dashboard/leader-board.ts). Ranked by units handled
 * or by any one figure; figures nobody reached in the period are not given a column.
 */
import { useQuery } from '@tanstack/react-query';
import { motion } from 'framer-motion';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LEADER_BOARD_MAX_DAYS,
  LEADER_BOARD_METRICS,
  leaderBoardSchema,
  type LeaderBoardMetric,
  type LeaderBoardRow,
} from '../../../domain/schemas/leader-board';
import { ApiFailure } from '../../api/client';
import { getAs } from '../../api/typed';
import { tzOffsetMinutes, type PeriodPreset } from './period';
import { PeriodPicker, PeriodProblem, usePeriod } from './PeriodPicker';
import './leader-board.css';
import { formatDateTime, formatNumber } from '../../../domain/format';

type RankBy = 'unitsHandled' | LeaderBoardMetric;
const LEADER_BOARD_PERIODS: readonly PeriodPreset[] = ['today', 'yesterday', 'last7', 'month', 'custom'];
const figure = (row: LeaderBoardRow, by: RankBy) => (by === 'unitsHandled' ? row.unitsHandled : row.metrics[by]);

export default function LeaderBoardPage() {
  const { t, i18n } = useTranslation();
  const period = usePeriod(LEADER_BOARD_PERIODS, LEADER_BOARD_MAX_DAYS);
  const [rankBy, setRankBy] = useState<RankBy>('unitsHandled');
  const { range, problem } = period;

  const board = useQuery({
    queryKey: ['leader-board', range.from, range.to],
    enabled: !problem,
    queryFn: () =>
      getAs('/api/dashboard/leader-board', leaderBoardSchema, {
        query: { ...range, tzOffsetMinutes: tzOffsetMinutes(new Date()) },
        background: true,
        quiet: true,
      }),
  });

  const data = board.data;
  // A figure nobody reached in the period would be a column of zeros.
  const columns = useMemo(() => LEADER_BOARD_METRICS.filter((m) => (data?.totals[m] ?? 0) > 0), [data]);
  const rows = useMemo(
    () =>
      [...(data?.rows ?? [])].sort(
        (a, b) => figure(b, rankBy) - figure(a, rankBy) || a.fullname.localeCompare(b.fullname, i18n.language),
      ),
    [data, rankBy, i18n.language],
  );
  // Each bar is the row's units handled as a share of the most anyone handled.
  const most = Math.max(1, ...rows.map((r) => r.unitsHandled));
  const n = (v: number) => formatNumber(i18n.language, v);
  const time = (iso: string) => formatDateTime(i18n.language, iso);

  return (
    <div className="page leader-board" data-testid="leader-board">
      <div className="page-head">
        <h1>{t('leaderBoard.title')}</h1>
      </div>
      <p className="muted">{t('leaderBoard.intro')}</p>
      <PeriodPicker period={period}>
        <label>
          {t('leaderBoard.rankBy')}
          <select value={rankBy} onChange={(e) => setRankBy(e.target.value as RankBy)} data-testid="leader-rank-by">
            <option value="unitsHandled">{t('leaderBoard.metrics.unitsHandled')}</option>
            {LEADER_BOARD_METRICS.map((m) => (
              <option key={m} value={m}>
                {t(`leaderBoard.metrics.${m}`)}
              </option>
            ))}
          </select>
        </label>
      </PeriodPicker>
      {problem ? (
        <PeriodProblem period={period} />
      ) : board.isError ? (
        <p className="form-error" role="alert">
          {board.error instanceof ApiFailure ? board.error.message : t('leaderBoard.loadError')}
        </p>
      ) : !data ? (
        <p className="muted">{t('app.loading')}</p>
      ) : rows.length === 0 ? (
        <p className="grid-state empty" data-testid="leader-empty">
          {t('leaderBoard.empty')}
        </p>
      ) : (
        <div className="card table-wrap">
          <table data-testid="leader-table">
            <thead>
              <tr>
                <th>{t('leaderBoard.rank')}</th>
                <th>{t('leaderBoard.person')}</th>
                <th title={t('leaderBoard.unitsHandledHint')}>{t('leaderBoard.metrics.unitsHandled')}</th>
                {columns.map((m) => (
                  <th key={m} className="num">
                    {t(`leaderBoard.metrics.${m}`)}
                  </th>
                ))}
                <th>{t('leaderBoard.lastActive')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                // Rows glide to their new place when the ranking changes.
                <motion.tr
                  key={row.userId}
                  layout
                  transition={{ duration: 0.25 }}
                  data-rank={i + 1}
                  data-testid={`leader-${row.username}`}
                >
                  <td className="rank">{i + 1}</td>
                  <td>
                    {row.fullname} <span className="muted">{row.username}</span>
                  </td>
                  <td>
                    <span className="lead-bar">
                      <span className="bar" style={{ width: `${(100 * row.unitsHandled) / most}%` }} />
                      <span>{n(row.unitsHandled)}</span>
                    </span>
                  </td>
                  {columns.map((m) => (
                    <td key={m} className="num" data-metric={m}>
                      {n(row.metrics[m])}
                    </td>
                  ))}
                  <td>{time(row.lastActiveAt)}</td>
                </motion.tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td />
                <td>{t('leaderBoard.everyone')}</td>
                <td>{n(data.totals.unitsHandled)}</td>
                {columns.map((m) => (
                  <td key={m} className="num">
                    {n(data.totals[m])}
                  </td>
                ))}
                <td />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  );
}
