/**
 * Every box of the plan, on every bench: number (marked while provisional), state, contents,
 * measure, TEAM LIFT; show one, pack into an open one, reopen a closed one.
 */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BenchBoxRow } from '../../../domain/schemas/bench';
import { setBench, useBenchLater } from './bench-store';
import type { BenchView } from './queries';

interface Props {
  view: BenchView;
  provisional: Set<string>;
  mine: Set<string>;
  onPackInto: (box: BenchBoxRow) => void;
  onReopen: (box: BenchBoxRow) => void;
}

export const BoxList = memo(function BoxList({ view, provisional, mine, onPackInto, onReopen }: Props) {
  const { t } = useTranslation();
  const active = useBenchLater((s) => s.activeBoxId);
  const unitsIn = (id: string) => view.items.filter((i) => i.boxId === id).reduce((n, i) => n + i.quantity, 0);
  const closed = view.boxes.filter((b) => b.state === 'closed').length;
  return (
    <>
      <h2>{t('bench.boxesTitle', { count: view.boxes.length, closed })}</h2>
      {provisional.size > 0 && <p className="muted">{t('bench.provisionalHelp')}</p>}
      {view.boxes.length === 0 ? (
        <p className="grid-state">{t('bench.noBoxes')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table floor-cards" data-testid="bench-boxes">
            <thead>
              <tr>
                <th>{t('bench.col.box')}</th>
                <th>{t('bench.col.state')}</th>
                <th>{t('bench.col.units')}</th>
                <th>{t('bench.col.measure')}</th>
                <th>
                  <span className="sr-only">{t('bench.col.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {view.boxes.map((b) => (
                <tr
                  key={b.id}
                  data-box={b.id}
                  data-box-no={b.boxNo}
                  data-state={b.state}
                  data-provisional={provisional.has(b.id) ? 'true' : 'false'}
                  data-active={active === b.id ? 'true' : undefined}
                >
                  <td className="card-title">
                    {t('bench.boxNo', { boxNo: b.boxNo })}
                    {provisional.has(b.id) && <span title={t('bench.provisionalHelp')}>*</span>}
                    {mine.has(b.id) && b.state === 'open' && <span className="muted"> · {t('bench.thisBench')}</span>}
                  </td>
                  <td data-label={t('bench.col.state')}>
                    <span className="pill">{t(`bench.boxStates.${b.state}`)}</span>
                    {b.teamLift && <span className="pill bench-team-lift-pill"> {t('bench.teamLiftShort')}</span>}
                  </td>
                  <td data-label={t('bench.col.units')}>{unitsIn(b.id)}</td>
                  <td data-label={t('bench.col.measure')}>
                    {b.state === 'closed'
                      ? t('bench.measure', { l: b.lengthIn, w: b.widthIn, h: b.heightIn, weight: b.weightLb })
                      : '–'}
                  </td>
                  <td className="row-actions">
                    {active !== b.id && (
                      <button type="button" className="btn" onClick={() => setBench({ activeBoxId: b.id })}>
                        {t('bench.show')}
                      </button>
                    )}
                    {b.state === 'open' && !mine.has(b.id) && (
                      <button type="button" className="btn" onClick={() => onPackInto(b)}>
                        {t('bench.packInto')}
                      </button>
                    )}
                    {b.state === 'closed' && (
                      <button type="button" className="btn" onClick={() => onReopen(b)}>
                        {t('bench.reopen')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
});
