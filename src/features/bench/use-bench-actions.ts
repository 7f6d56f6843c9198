/**
 * What the packer does at the bench, through the device's engine (offline too): a scan judged
 * from memory and painted at once, then written (box.open when the group has no open box of this
 * device, then box.scan); new box, take out, close, reopen, discard. Writes go one after another
 * so a box is always opened before the scans that fill it are written.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BenchBoxRow, BenchLineRow } from '../../../domain/schemas/bench';
import type { BoxMeasure } from '../../../domain/rules/bench';
import { useSession } from '../../app/session';
import { useSyncEngine } from '../../app/sync';
import { afterPaint } from '../../scan/after-paint';
import { scanFeedback } from '../../scan/feedback';
import { useFeedback } from '../../ui/feedback-store';
import { connectQz } from '../printing/printer';
import { usePrinterSettings } from '../printing/printer-settings';
import { setBench, useBenchStore, type LastScan } from './bench-store';
import { readCurrentBoxes, writeCurrentBoxes } from './current-boxes';
import { benchLabels, benchPrintsByItself, printBenchLabel } from './label';
import type { BenchView } from './queries';
import { groupKey, planScan, refusalWords, withScan, type BenchMemory, type ScanPlan } from './scan-plan';

/** The sentence of an error: a validation error's first issue, else its message. */
export const messageOf = (err: unknown): string => {
  const issues = (err as { issues?: { message: string }[] })?.issues;
  if (Array.isArray(issues) && issues[0]) return issues[0].message;
  return err instanceof Error ? err.message : String(err);
};

interface Pending {
  id: string;
  plan: ScanPlan;
  boxId: string;
  at: string;
}

export function useBenchActions(view: BenchView | null | undefined, planId: number) {
  const { t } = useTranslation();
  const engine = useSyncEngine();
  const user = useSession((s) => s.user);
  const toast = useFeedback((s) => s.toast);
  const base = useRef<BenchMemory>({ lines: [], boxes: [], items: [] });
  const pending = useRef<Pending[]>([]);
  const current = useRef(readCurrentBoxes(planId));
  const writes = useRef<Promise<unknown>>(Promise.resolve());
  const autoPrint = useRef(false);

  /** The replica's answer, as soon as Dexie gives it (before the screen renders it). */
  const follow = useCallback((next: BenchView | null | undefined) => {
    if (next) base.current = { lines: next.lines, boxes: next.boxes, items: next.items };
  }, []);
  useEffect(() => {
    current.current = readCurrentBoxes(planId);
  }, [planId]);

  useEffect(() => {
    if (!user) return;
    void usePrinterSettings
      .getState()
      .load(user.id)
      .then(async (settings) => {
        if (settings.kinds.item?.printerName) await connectQz();
        autoPrint.current = await benchPrintsByItself(settings);
      });
  }, [user]);

  /** The replica's rows with the scans not yet written on top. */
  const memory = (): BenchMemory =>
    pending.current.reduce((m, p) => withScan(m, p.plan, p.boxId, planId, p.at), base.current);

  const remember = (group: string | null, boxId: string) => {
    current.current = { ...current.current, [groupKey(group)]: boxId };
    writeCurrentBoxes(planId, current.current);
  };

  /** Queue a write after those before it; its failure is the caller's to show. */
  const queue = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = writes.current.then(fn, fn);
    writes.current = next.catch(() => undefined);
    return next;
  };

  const print = useCallback(
    async (line: BenchLineRow, scanId: string, manual: boolean) => {
      if (!benchLabels(line)) return;
      if (!manual && !autoPrint.current) {
        setBench({ print: { scanId, state: 'manual' } });
        return;
      }
      setBench({ print: { scanId, state: 'printing' } });
      try {
        const result = await printBenchLabel(line, usePrinterSettings.getState().settings);
        // The scan is kept whatever the printer does: only the label is to print again.
        setBench({
          print: result.ok ? { scanId, state: 'printed' } : { scanId, state: 'failed', error: result.error },
        });
        if (!result.ok) toast('error', t('printing.failed', { error: result.error }));
      } catch (err) {
        setBench({ print: { scanId, state: 'failed', error: messageOf(err) } });
      }
    },
    [toast, t],
  );

  const refuse = (last: LastScan & { kind: 'refused' }) => {
    scanFeedback(last.reason === 'unknown' ? 'unknown' : 'error');
    setBench({ last, print: null });
  };

  const scan = useCallback(
    async (raw: string) => {
      const code = raw.trim();
      if (!engine || !view || !code) return;
      const typed = useBenchStore.getState().count.trim();
      const quantity = typed ? Number(typed) : 1;
      // A count is for one scan: the next is a single unit again.
      setBench({ count: '' });
      if (!Number.isInteger(quantity) || quantity < 1) {
        refuse({ kind: 'refused', code, reason: 'device', words: { key: 'badCount', values: { count: typed } } });
        return;
      }
      const plan = planScan(memory(), current.current, code, quantity);
      if (plan.kind === 'refuse') {
        refuse({
          kind: 'refused',
          code,
          reason: plan.reason,
          words: refusalWords(plan),
          lineId: plan.reason === 'unknown' ? undefined : plan.line.id,
        });
        return;
      }
      const id = crypto.randomUUID();
      const at = new Date().toISOString();
      const boxId = plan.kind === 'open' ? crypto.randomUUID() : plan.box.id;
      const boxNo = plan.kind === 'open' ? plan.boxNo : plan.box.boxNo;
      if (plan.kind === 'open') remember(plan.packingGroupId, boxId);
      const before = memory();
      const boxed = before.items.filter((i) => i.planItemId === plan.line.id).reduce((n, i) => n + i.quantity, 0);
      const previousBox = useBenchStore.getState().activeBoxId;
      pending.current.push({ id, plan, boxId, at });
      scanFeedback(plan.kind === 'open' && previousBox !== null ? 'duplicate' : 'ok');
      setBench({
        last: {
          kind: 'packed',
          id,
          code,
          lineId: plan.line.id,
          units: plan.units,
          boxId,
          boxNo,
          opened: plan.kind === 'open',
          switched: previousBox !== null && previousBox !== boxId,
          boxed: boxed + plan.units,
          planned: plan.line.quantity,
        },
        activeBoxId: boxId,
        print: null,
      });
      // The verdict is on screen from memory; the writes (IndexedDB, live queries) wait for its paint.
      await afterPaint();
      try {
        await queue(async () => {
          if (plan.kind === 'open')
            await engine.mutate('box.open', { id: boxId, planId, packingGroupId: plan.packingGroupId, openedAt: at });
          const result = await engine.mutate('box.scan', { id, boxId, code, quantity, scannedAt: at });
          const last = useBenchStore.getState().last;
          if (last?.kind === 'packed' && last.id === id && (last.boxed !== result.boxed || last.boxNo !== result.boxNo))
            setBench({ last: { ...last, boxed: result.boxed, boxNo: result.boxNo, planned: result.planned } });
        });
        setTimeout(() => void print(plan.line, id, false), 0);
      } catch (err) {
        // The device's own transaction saw what memory had not (a box closed elsewhere…): said, never dropped.
        refuse({ kind: 'refused', code, reason: 'device', words: { text: messageOf(err) }, lineId: plan.line.id });
      } finally {
        pending.current = pending.current.filter((p) => p.id !== id);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- memory() and remember() read refs only
    [engine, view, planId, print],
  );

  /** Runs a box action; a refusal is shown in the panel with the error tone. */
  const act = useCallback(
    async (
      code: string,
      fn: () => Promise<unknown>,
      done?: { key: string; values: Record<string, string | number> },
    ) => {
      try {
        await queue(fn);
        if (done) {
          scanFeedback('ok');
          setBench({ last: { kind: 'done', code, words: done }, print: null });
        }
        return true;
      } catch (err) {
        refuse({ kind: 'refused', code, reason: 'device', words: { text: messageOf(err) } });
        return false;
      }
    },
    [],
  );

  const newBox = useCallback(
    async (group: string | null) => {
      if (!engine) return;
      const id = crypto.randomUUID();
      remember(group, id);
      setBench({ activeBoxId: id });
      await act(t('bench.newBox'), () =>
        engine.mutate('box.open', { id, planId, packingGroupId: group, openedAt: new Date().toISOString() }),
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- remember() reads refs only
    [engine, planId, act, t],
  );

  /** Pack into this open box from now on (one another bench opened, or found after a reset). */
  const packInto = useCallback((box: BenchBoxRow) => {
    remember(box.packingGroupId, box.id);
    setBench({ activeBoxId: box.id });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- remember() reads refs only
  }, []);

  const unscan = useCallback(
    async (box: BenchBoxRow, line: BenchLineRow, quantity: number) => {
      if (!engine) return;
      await act(
        line.fnsku ?? line.title,
        () =>
          engine.mutate('box.unscan', {
            id: crypto.randomUUID(),
            boxId: box.id,
            planItemId: line.id,
            quantity,
            at: new Date().toISOString(),
          }),
        { key: 'takenOut', values: { units: quantity, title: line.title, boxNo: box.boxNo } },
      );
    },
    [engine, act],
  );

  const close = useCallback(
    async (box: BenchBoxRow, m: BoxMeasure, preset: string | null) =>
      !!engine &&
      act(
        t('bench.boxNo', { boxNo: box.boxNo }),
        () => engine.mutate('box.close', { boxId: box.id, ...m, preset, closedAt: new Date().toISOString() }),
        { key: 'closed', values: { boxNo: box.boxNo, weight: m.weightLb } },
      ),
    [engine, act, t],
  );

  const reopen = useCallback(
    async (box: BenchBoxRow) => {
      if (!engine) return;
      const ok = await act(
        t('bench.boxNo', { boxNo: box.boxNo }),
        () => engine.mutate('box.reopen', { boxId: box.id, at: new Date().toISOString() }),
        { key: 'reopened', values: { boxNo: box.boxNo } },
      );
      if (ok) packInto(box);
    },
    [engine, act, t, packInto],
  );

  const discard = useCallback(
    async (box: BenchBoxRow) => {
      if (!engine) return;
      const ok = await act(
        t('bench.boxNo', { boxNo: box.boxNo }),
        () => engine.mutate('box.discard', { boxId: box.id, at: new Date().toISOString() }),
        { key: 'discarded', values: { boxNo: box.boxNo } },
      );
      if (ok && useBenchStore.getState().activeBoxId === box.id) setBench({ activeBoxId: null });
    },
    [engine, act, t],
  );

  return { scan, newBox, packInto, unscan, close, reopen, discard, print, current, follow };
}
