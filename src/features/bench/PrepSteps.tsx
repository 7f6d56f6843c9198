/** A line's prep instructions in words, one per step ("Bag it", "Bubble-wrap it", "Ready to ship"). */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { BenchLineRow } from '../../../domain/schemas/bench';
import { prepSteps, readyAsIs } from './prep-words';

interface Words {
  t: TFunction;
  ready: boolean;
  words: { raw: string; text: string; byAmazon: boolean }[];
}

/**
 * A line's steps in words, kept per line row (and language): the verdict panel says them on every
 * scan of the line, in the scan's own frame, and translating costs more than the rest of it.
 */
const said = new WeakMap<BenchLineRow, Words>();

function wordsOf(line: BenchLineRow, t: TFunction): Words {
  const kept = said.get(line);
  if (kept?.t === t) return kept;
  const steps = prepSteps(line.prepInstructions);
  const words: Words = {
    t,
    ready: readyAsIs(steps),
    words: steps.map((s) => ({
      raw: s.raw,
      text: s.type ? t(`bench.prep.${s.type}`) : t('bench.prepUnknown', { type: s.raw }),
      byAmazon: s.byAmazon,
    })),
  };
  said.set(line, words);
  return words;
}

export function PrepSteps({ line, compact }: { line: BenchLineRow; compact?: boolean }) {
  const { t } = useTranslation();
  const { words, ready } = wordsOf(line, t);
  if (compact) return <span data-testid="prep">{words.map((w) => w.text).join(' · ')}</span>;
  return (
    <ul className="bench-prep" data-testid="prep-steps" data-ready={ready ? 'true' : 'false'}>
      {words.map((w) => (
        <li key={w.raw} data-prep={w.raw}>
          {w.text}
          {w.byAmazon && <span className="muted"> · {t('bench.prepByAmazon')}</span>}
        </li>
      ))}
    </ul>
  );
}
