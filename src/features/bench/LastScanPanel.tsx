/**
 * The big panel of the last scan: which unit, into which box (said loudly when it is a new box or
 * another group's), its prep in words and its label; a refusal in words with the error colour. A
 * scan the server refuses later turns the panel into the refusal, with its sound.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BenchLineRow } from '../../../domain/schemas/bench';
import { scanFeedback } from '../../scan/feedback';
import { ScanVerdict } from '../../scan/ScanVerdict';
import { setBench, useBenchStore, type LastScan } from './bench-store';
import { benchLabels } from './label';
import { PrepSteps } from './PrepSteps';
import { useRefusals } from './queries';

interface Props {
  lines: Map<number, BenchLineRow>;
  onPrint: (line: BenchLineRow, scanId: string) => void;
  /** Take the last scanned unit out again (what the UNDO command barcode does). */
  onTakeOut: () => void;
}

export function LastScanPanel({ lines, onPrint, onTakeOut }: Props) {
  const { t } = useTranslation();
  const last = useBenchStore((s) => s.last);
  const line = last && last.kind !== 'done' && last.lineId !== undefined ? lines.get(last.lineId) : undefined;
  // A new box is the packer's cue to take one: the warning colour, not the plain "packed".
  const tone = !last
    ? 'none'
    : last.kind === 'refused'
      ? 'error'
      : (last.kind === 'packed' && last.opened) || (last.kind === 'done' && last.attention)
        ? 'duplicate'
        : 'received';
  return (
    <VerdictSlot>
      <ScanVerdict
        tone={tone}
        testId="bench-last-scan"
        data={{ 'data-state': last?.kind ?? 'ready', 'data-reason': last?.kind === 'refused' ? last.reason : '' }}
        prompt={t('bench.ready')}
        code={last?.code}
        verdictTestId="bench-verdict"
        verdict={last && <Verdict last={last} />}
        noteTestId="bench-line"
        note={
          line && (
            <>
              <strong>{line.title}</strong>
              <span className="bench-codes">{[line.fnsku, line.msku].filter(Boolean).join(' · ')}</span>
              {last?.kind === 'packed' && (
                <span data-testid="bench-progress">
                  {t('bench.lineProgress', { boxed: last.boxed, planned: last.planned })}
                </span>
              )}
            </>
          )
        }
      >
        {line && last?.kind === 'packed' && (
          <>
            <PrepSteps line={line} />
            <div className="button-row">
              {benchLabels(line) && <LabelState scanId={last.id} onPrint={() => onPrint(line, last.id)} />}
              <button type="button" className="btn" onClick={onTakeOut}>
                {t('bench.takeOutLast', { units: last.units })}
              </button>
            </div>
          </>
        )}
        <RefusalWatcher />
      </ScanVerdict>
    </VerdictSlot>
  );
}

/**
 * The panel's place on the page only ever grows (per width): a verdict with fewer lines than the
 * one before leaves its height, so the boxes and tables below do not move on each scan — moved,
 * the whole page would be laid out, painted and layerized again in the scan's frame (decision 0011).
 */
function VerdictSlot({ children }: { children: ReactNode }) {
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = slot.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let width = 0;
    let tallest = 0;
    const observer = new ResizeObserver(([entry]) => {
      const { inlineSize, blockSize } = entry.borderBoxSize?.[0] ?? {
        inlineSize: entry.contentRect.width,
        blockSize: entry.contentRect.height,
      };
      if (inlineSize !== width) {
        // Another width (a handheld turned): the height the verdicts need is measured anew.
        width = inlineSize;
        tallest = 0;
        el.style.minHeight = '';
        return;
      }
      if (blockSize > tallest) {
        tallest = blockSize;
        el.style.minHeight = `${tallest}px`;
      }
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={slot} className="bench-verdict-slot">
      {children}
    </div>
  );
}

function Verdict({ last }: { last: LastScan }) {
  const { t } = useTranslation();
  if (last.kind === 'refused') return <>{t(`bench.refused.${last.words.key}`, last.words.values)}</>;
  if (last.kind === 'done') return <>{t(`bench.done.${last.words.key}`, last.words.values)}</>;
  return (
    <>
      <span className="bench-box-no" data-testid="bench-into-box">
        {t('bench.intoBox', { boxNo: last.boxNo, units: last.units })}
      </span>
      {(last.opened || last.switched) && (
        <strong className="bench-new-box" data-testid="bench-box-change">
          {last.opened ? t('bench.openedBox', { boxNo: last.boxNo }) : t('bench.switchedBox', { boxNo: last.boxNo })}
        </strong>
      )}
    </>
  );
}

function LabelState({ scanId, onPrint }: { scanId: string; onPrint: () => void }) {
  const { t } = useTranslation();
  const print = useBenchStore((s) => (s.print?.scanId === scanId ? s.print : null));
  return (
    <>
      <span className="pill" data-testid="bench-label" data-state={print?.state ?? 'pending'}>
        {print?.state === 'failed'
          ? t('bench.label.failed', { error: print.error })
          : t(`bench.label.${print?.state ?? 'pending'}`)}
      </span>
      <button type="button" className="btn" onClick={onPrint}>
        {print?.state === 'printed' ? t('bench.label.again') : t('bench.label.print')}
      </button>
    </>
  );
}

/** The server refused a scan the device had shown as packed: the panel says so, loudly. */
function RefusalWatcher() {
  const last = useBenchStore((s) => s.last);
  // One live query for the screen's life (IndexedDB work, rendered as a transition), not one per scan.
  const refusals = useRefusals();
  // The box the scan went into refused first (another device of the bench had opened its group's
  // box meanwhile): that is what to say, not the scan's own "box not found" that followed.
  const refusal = last?.kind === 'packed' ? (refusals?.get(last.boxId) ?? refusals?.get(last.id)) : undefined;
  useEffect(() => {
    if (!refusal || last?.kind !== 'packed') return;
    scanFeedback('error');
    const openedElsewhere = refusal.name === 'box.open' && refusal.code === 'conflict';
    setBench({
      last: {
        kind: 'refused',
        code: last.code,
        reason: 'server',
        words: openedElsewhere
          ? { key: 'openedElsewhere', values: {} }
          : { key: 'byServer', values: { message: refusal.message } },
        lineId: last.lineId,
      },
    });
  }, [refusal, last]);
  return null;
}
