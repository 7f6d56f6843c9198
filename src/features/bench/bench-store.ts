/**
 * The bench's small, fast-changing state, outside React's page tree: a scan re-renders the
 * verdict panel and what shows the box, not the whole page (the verdict is painted in the scan's
 * frame — docs/decisions/0008).
 */
import { startTransition, useEffect, useRef, useState } from 'react';
import { create } from 'zustand';
import { afterPaint } from '../../scan/after-paint';

/** Why the panel says no: the domain's scan codes, a device-side refusal, the server's, or a command barcode's. */
export type RefusalReason = 'unknown' | 'over_scan' | 'other_group' | 'device' | 'server' | 'command';

export type LastScan =
  | {
      kind: 'packed';
      /** The box.scan mutation's own id (a server refusal names it). */
      id: string;
      code: string;
      lineId: number;
      units: number;
      boxId: string;
      boxNo: number;
      /** The scan opened this box. */
      opened: boolean;
      /** Another box than the previous scan's (another packing group): said, so the unit goes in the right one. */
      switched: boolean;
      boxed: number;
      planned: number;
    }
  | {
      kind: 'refused';
      code: string;
      reason: RefusalReason;
      /** Words for the refusal: an i18n key under bench.refused with its values (never the engine's English). */
      words: { key: string; values: Record<string, string | number> };
      lineId?: number;
    }
  | {
      kind: 'done';
      code: string;
      words: { key: string; values: Record<string, string | number> };
      /** The packer has something to do (take a new box, weigh the box): the warning colour. */
      attention?: boolean;
    };

export type PrintState =
  | { scanId: string; state: 'printing' | 'printed' | 'manual' }
  /** Waiting with others for one print dialog (per box, or per N units). */
  | { scanId: string; state: 'queued' }
  | { scanId: string; state: 'failed'; error: string };

export interface BenchState {
  last: LastScan | null;
  print: PrintState | null;
  /** The box the screen shows (contents, close form): the last one scanned into, opened or reopened. */
  activeBoxId: string | null;
  /** Units the next scan stands for, as typed (empty = 1). */
  count: string;
  /** The weight field has focus: a scale's burst is a weight, not a scan. */
  weightFocused: boolean;
  /** The last reading a scale sent (the close form takes it). */
  scaleReading: { lb: number; seq: number } | null;
  /** CLOSE BOX was scanned for this box: its close form takes the focus (or closes when complete). */
  closeRequest: { boxId: string; seq: number } | null;
  /** Labels waiting for one print dialog (no printer that prints by itself): how many, and when they go. */
  labelsWaiting: { count: number; batch: 'box' | 'units'; units: number };
}

export const useBenchStore = create<BenchState>(() => ({
  last: null,
  print: null,
  activeBoxId: null,
  count: '',
  weightFocused: false,
  scaleReading: null,
  closeRequest: null,
  labelsWaiting: { count: 0, batch: 'box', units: 10 },
}));

export const setBench = (patch: Partial<BenchState>): void => useBenchStore.setState(patch);

export const resetBench = (): void =>
  useBenchStore.setState({
    last: null,
    print: null,
    activeBoxId: null,
    count: '',
    scaleReading: null,
    closeRequest: null,
  });

/**
 * A slice of the bench's state for what is not the verdict (the box on screen, the tables' marks):
 * rendered after the scan's frame is painted, as a transition. A zustand selector hook renders
 * synchronously in the scan's own pass (useSyncExternalStore is always urgent), so every
 * subscriber would be re-rendered, laid out and painted before the verdict shows (decision 0011).
 * `deps`: what the selector reads besides the state (a row's id).
 */
export function useBenchLater<T>(selector: (s: BenchState) => T, deps: readonly unknown[] = []): T {
  const [value, setValue] = useState(() => selector(useBenchStore.getState()));
  const select = useRef(selector);
  select.current = selector;
  const shown = useRef(value);
  shown.current = value;
  useEffect(() => {
    let live = true;
    let wanted = shown.current;
    const follow = (s: BenchState) => {
      const next = select.current(s);
      if (Object.is(next, wanted)) return;
      wanted = next;
      void afterPaint().then(() => live && startTransition(() => setValue(() => wanted)));
    };
    follow(useBenchStore.getState());
    const unsubscribe = useBenchStore.subscribe(follow);
    return () => {
      live = false;
      unsubscribe();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the selector is read through its ref
  }, deps);
  return value;
}
