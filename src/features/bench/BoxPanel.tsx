/**
 * The box in front of the packer: its number (provisional until the server numbers it), its
 * contents with "take one out", discard when empty, reopen when closed, and the close form.
 */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BenchBoxRow, BenchLineRow } from '../../../domain/schemas/bench';
import type { BoxMeasure } from '../../../domain/rules/bench';
import { CloseBoxForm } from './CloseBoxForm';
import type { BenchView } from './queries';

interface Props {
  view: BenchView;
  box: BenchBoxRow | null;
  provisional: boolean;
  lines: Map<number, BenchLineRow>;
  onUnscan: (box: BenchBoxRow, line: BenchLineRow, quantity: number) => void;
  onDiscard: (box: BenchBoxRow) => void;
  onReopen: (box: BenchBoxRow) => void;
  onClose: (box: BenchBoxRow, m: BoxMeasure, preset: string | null) => Promise<boolean>;
}

export const BoxPanel = memo(function BoxPanel({
  view,
  box,
  provisional,
  lines,
  onUnscan,
  onDiscard,
  onReopen,
  onClose,
}: Props) {
  const { t } = useTranslation();
  if (!box)
    return (
      <section className="card bench-box" data-testid="bench-box" data-state="none">
        <p className="grid-state">{t('bench.noBox')}</p>
      </section>
    );
  const contents = view.items.filter((i) => i.boxId === box.id);
  const units = contents.reduce((n, i) => n + i.quantity, 0);
  return (
    <section className="card bench-box" data-testid="bench-box" data-state={box.state} data-box-no={box.boxNo}>
      <h2>
        {t('bench.boxNo', { boxNo: box.boxNo })}
        {provisional && <span title={t('bench.provisionalHelp')}>*</span>}{' '}
        <span className="pill">{t(`bench.boxStates.${box.state}`)}</span>{' '}
        <span className="muted">{t('bench.units', { count: units })}</span>
        {box.teamLift && <span className="pill bench-team-lift-pill"> {t('bench.teamLiftShort')}</span>}
      </h2>
      {contents.length === 0 ? (
        <p className="grid-state">{t('bench.emptyBox')}</p>
      ) : (
        <ul className="plain-list bench-contents" data-testid="bench-contents">
          {contents.map((i) => {
            const line = lines.get(i.planItemId);
            if (!line) return null;
            return (
              <li key={i.id} data-line={line.id} data-quantity={i.quantity}>
                <span className="grow">
                  <strong>{i.quantity} ×</strong> {line.title} <span className="muted">{line.fnsku ?? line.msku}</span>
                </span>
                {box.state === 'open' && (
                  <span className="row-actions">
                    <button type="button" className="btn" onClick={() => onUnscan(box, line, 1)}>
                      {t('bench.takeOne')}
                    </button>
                    {i.quantity > 1 && (
                      <button type="button" className="btn" onClick={() => onUnscan(box, line, i.quantity)}>
                        {t('bench.takeAll')}
                      </button>
                    )}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {box.state === 'closed' ? (
        <>
          <p data-testid="bench-box-measure">
            {t('bench.measure', {
              l: box.lengthIn,
              w: box.widthIn,
              h: box.heightIn,
              weight: box.weightLb,
            })}
            {box.preset && <span className="muted"> · {box.preset}</span>}
          </p>
          <button type="button" className="btn" onClick={() => onReopen(box)}>
            {t('bench.reopen')}
          </button>
        </>
      ) : units === 0 ? (
        <button type="button" className="btn" onClick={() => onDiscard(box)}>
          {t('bench.discard')}
        </button>
      ) : (
        <CloseBoxForm box={box} units={units} maxWeightLb={view.plan.boxMaxWeightLb} onClose={onClose} />
      )}
    </section>
  );
});
