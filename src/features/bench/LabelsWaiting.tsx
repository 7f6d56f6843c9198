/**
 * Labels waiting for one print dialog (no printer on this bench prints by itself): how many, when
 * they go by themselves (the box closed, or N of them), and a tap to print them now — one dialog
 * for all of them, never one per unit.
 */
import { useTranslation } from 'react-i18next';
import { useBenchLater } from './bench-store';

export function LabelsWaiting({ onPrint }: { onPrint: () => void }) {
  const { t } = useTranslation();
  // Not the verdict: rendered after the scan's frame (decision 0011).
  const waiting = useBenchLater((s) => s.labelsWaiting);
  if (!waiting.count) return null;
  return (
    <p
      className="notice bench-labels-waiting"
      role="status"
      data-testid="bench-labels-waiting"
      data-count={waiting.count}
    >
      <span>
        {waiting.batch === 'units'
          ? t('bench.labelsWaiting.units', { count: waiting.count, units: waiting.units })
          : t('bench.labelsWaiting.box', { count: waiting.count })}
      </span>{' '}
      <button type="button" className="btn" data-testid="bench-labels-print" onClick={onPrint}>
        {t('bench.labelsWaiting.print', { count: waiting.count })}
      </button>
    </p>
  );
}
