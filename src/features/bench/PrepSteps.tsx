/** A line's prep instructions in words, one per step ("Bag it", "Bubble-wrap it", "Ready to ship"). */
import { useTranslation } from 'react-i18next';
import type { BenchLineRow } from '../../../domain/schemas/bench';
import { prepSteps, readyAsIs } from './prep-words';

export function PrepSteps({ line, compact }: { line: BenchLineRow; compact?: boolean }) {
  const { t } = useTranslation();
  const steps = prepSteps(line.prepInstructions);
  const words = steps.map((s) => ({
    raw: s.raw,
    text: s.type ? t(`bench.prep.${s.type}`) : t('bench.prepUnknown', { type: s.raw }),
    byAmazon: s.byAmazon,
  }));
  if (compact) return <span data-testid="prep">{words.map((w) => w.text).join(' · ')}</span>;
  return (
    <ul className="bench-prep" data-testid="prep-steps" data-ready={readyAsIs(steps) ? 'true' : 'false'}>
      {words.map((w) => (
        <li key={w.raw} data-prep={w.raw}>
          {w.text}
          {w.byAmazon && <span className="muted"> · {t('bench.prepByAmazon')}</span>}
        </li>
      ))}
    </ul>
  );
}
