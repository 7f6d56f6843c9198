/** Every line of the plan: how to recognise it, its prep, and how many of it are boxed of those planned. */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BenchLineRow } from '../../../domain/schemas/bench';
import { useBenchLater } from './bench-store';
import { PrepSteps } from './PrepSteps';

export const LineProgress = memo(function LineProgress({
  lines,
  boxed,
  groupNo,
}: {
  lines: BenchLineRow[];
  boxed: Map<number, number>;
  /** The packing group's number on screen ("Group 2"), when the plan has several. */
  groupNo: Map<string, number> | null;
}) {
  const { t } = useTranslation();
  const planned = lines.reduce((n, l) => n + l.quantity, 0);
  const done = lines.reduce((n, l) => n + Math.min(l.quantity, boxed.get(l.id) ?? 0), 0);
  return (
    <>
      <h2>{t('bench.linesTitle', { boxed: done, planned })}</h2>
      {lines.length === 0 ? (
        <p className="grid-state">{t('bench.noLines')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table floor-cards" data-testid="bench-lines">
            <thead>
              <tr>
                <th>{t('bench.col.item')}</th>
                <th>{t('bench.col.codes')}</th>
                <th>{t('bench.col.prep')}</th>
                <th>{t('bench.col.boxed')}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <LineRow key={l.id} line={l} boxed={boxed.get(l.id) ?? 0} groupNo={groupNo} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
});

const LineRow = memo(function LineRow({
  line: l,
  boxed: n,
  groupNo,
}: {
  line: BenchLineRow;
  boxed: number;
  groupNo: Map<string, number> | null;
}) {
  const { t } = useTranslation();
  const isLast = useBenchLater((s) => !!s.last && s.last.kind !== 'done' && s.last.lineId === l.id, [l.id]);
  return (
    <tr data-line={l.id} data-state={n >= l.quantity ? 'done' : 'open'} data-last={isLast ? 'true' : undefined}>
      <td className="card-title">
        {l.title}
        {groupNo && l.packingGroupId && (
          <span className="muted"> · {t('bench.group', { n: groupNo.get(l.packingGroupId) })}</span>
        )}
      </td>
      <td className="codes" data-label={t('bench.col.codes')}>
        {[l.fnsku, l.msku].filter(Boolean).join(' · ')}
      </td>
      <td data-label={t('bench.col.prep')}>
        <PrepSteps line={l} compact />
      </td>
      <td data-label={t('bench.col.boxed')} data-testid="line-boxed">
        <progress max={l.quantity} value={Math.min(n, l.quantity)} aria-label={l.title} />{' '}
        {t('bench.lineProgress', { boxed: n, planned: l.quantity })}
      </td>
    </tr>
  );
});
