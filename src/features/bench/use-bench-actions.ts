/**
 * What the packer does at the bench, through the device's engine (offline too): a scan judged
 * from memory and painted at once, then written (box.open when the group has no open box on the
 * bench — any device's, from the server's boxes — then box.scan); new box, take out, close, reopen, discard — by button or by a command
 * barcode (NEW BOX, CLOSE BOX, UNDO: "$$" codes, domain/rules/bench.ts), which goes through the
 * same scan path and is judged from the same memory. Writes go one after another so a box is
 * always opened before the scans that fill it are written. A refusal of the device's own engine
 * is worded from the rules and data (device-refusal.ts), never in the engine's English.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BenchBoxRow, BenchLineRow, BenchPlanRow } from '../../../domain/schemas/bench';
import { readBenchCommand, type BenchCommand, type BoxMeasure } from '../../../domain/rules/bench';
import { useSession } from '../../app/session';
import { useSyncEngine } from '../../app/sync';
import { afterPaint } from '../../scan/after-paint';
import { scanFeedback } from '../../scan/feedback';
import { useFeedback } from '../../ui/feedback-store';
import { connectQz } from '../printing/printer';
import { usePrinterSettings } from '../printing/printer-settings';
import { setBench, useBenchStore, type LastScan } from './bench-store';
import { deviceRefusal, type BenchWrite } from './device-refusal';
import { benchLabels, benchPrintsByItself, printBenchLabel, printBenchLabels } from './label';
import { LabelQueue } from './label-queue';
import type { BenchView } from './queries';
import {
  currentBoxes,
  nextBoxNo,
  openedBox,
  planCommand,
  planScan,
  refusalWords,
  withBox,
  withScan,
  withUnscan,
  type BenchMemory,
  type PackedScan,
  type ScanPlan,
  type Words,
} from './scan-plan';

/** The sentence of an error: a validation error's first issue, else its message. */
export const messageOf = (err: unknown): string => {
  const issues = (err as { issues?: { message: string }[] })?.issues;
  if (Array.isArray(issues) && issues[0]) return issues[0].message;
  return err instanceof Error ? err.message : String(err);
};

/** A change being written: in the scan's memory until its write is answered. */
type Pending =
  | { kind: 'scan'; id: string; plan: ScanPlan; boxId: string; at: string }
  | { kind: 'unscan'; id: string; boxId: string; lineId: number; units: number };

/** How many packed units UNDO can go back through. */
const UNDO_DEPTH = 100;

export function useBenchActions(view: BenchView | null | undefined, planId: number) {
  const { t } = useTranslation();
  const engine = useSyncEngine();
  const user = useSession((s) => s.user);
  const toast = useFeedback((s) => s.toast);
  const base = useRef<BenchMemory>({ lines: [], boxes: [], items: [] });
  const plan = useRef<BenchPlanRow | null>(null);
  const pending = useRef<Pending[]>([]);
  /** Boxes this device opened that the replica's answers do not hold yet. */
  const opened = useRef(new Map<string, BenchBoxRow>());
  /** The units this bench packed, last on top: UNDO takes them out again one scan at a time. */
  const packed = useRef<PackedScan[]>([]);
  /** Open boxes taken with "pack into" whose new activeAt the replica's answers do not hold yet. */
  const taken = useRef(new Map<string, string>());
  const writes = useRef<Promise<unknown>>(Promise.resolve());
  const autoPrint = useRef(false);
  /** Labels waiting for one print dialog when no printer prints by itself (per box, or per N units). */
  const labels = useRef(new LabelQueue());
  /** The printer settings being read: a label waits for them (how it prints) rather than guess. */
  const printerReady = useRef<Promise<void> | null>(null);

  /** The replica's answer, as soon as Dexie gives it (before the screen renders it). */
  const follow = useCallback((next: BenchView | null | undefined) => {
    if (!next) return;
    base.current = { lines: next.lines, boxes: next.boxes, items: next.items };
    plan.current = next.plan;
    for (const b of next.boxes) {
      opened.current.delete(b.id);
      const at = taken.current.get(b.id);
      if (at !== undefined && (b.state !== 'open' || (b.activeAt ?? '') >= at)) taken.current.delete(b.id);
    }
  }, []);
  useEffect(() => {
    packed.current = [];
    taken.current.clear();
    labels.current.take();
    showWaiting();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- showWaiting() reads refs only
  }, [planId]);

  useEffect(() => {
    if (!user) return;
    printerReady.current = usePrinterSettings
      .getState()
      .load(user.id)
      .then(async (settings) => {
        const item = settings.kinds.item;
        if (item?.printerName && (item.transport === 'auto' || item.transport === 'qz')) await connectQz();
        autoPrint.current = await benchPrintsByItself(settings);
        labels.current.batch = settings.dialogBatch;
        labels.current.units = settings.dialogUnits;
        showWaiting();
      })
      .catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- showWaiting() reads refs only
  }, [user]);

  const showWaiting = () =>
    setBench({
      labelsWaiting: { count: labels.current.size, batch: labels.current.batch, units: labels.current.units },
    });

  /** The replica's rows with the boxes and scans not yet written (or not yet answered) on top. */
  const memory = (): BenchMemory => {
    let m = base.current;
    if (taken.current.size)
      m = {
        ...m,
        boxes: m.boxes.map((b) => {
          const at = taken.current.get(b.id);
          return at === undefined ? b : { ...b, activeAt: at };
        }),
      };
    for (const box of opened.current.values()) m = withBox(m, box);
    for (const p of pending.current)
      m = p.kind === 'scan' ? withScan(m, p.plan, p.boxId, planId, p.at) : withUnscan(m, p.boxId, p.lineId, p.units);
    return m;
  };
  const settled = (id: string) => {
    pending.current = pending.current.filter((p) => p.id !== id);
  };

  /** Queue a write after those before it; its failure is the caller's to show. */
  const queue = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = writes.current.then(fn, fn);
    writes.current = next.catch(() => undefined);
    return next;
  };

  /**
   * The labels waiting for the print dialog, in one job (one dialog): a box's (CLOSE BOX, the box
   * closed) or all of them (N units reached, the packer's tap). A failed print puts them back.
   */
  const printWaiting = useCallback(
    async (boxId?: string) => {
      const due = labels.current.take(boxId);
      showWaiting();
      if (!due.length) return;
      const lastScan = due[due.length - 1].scanId;
      const shown = () => useBenchStore.getState().print?.scanId;
      try {
        const result = await printBenchLabels(
          due.map((l) => l.line),
          usePrinterSettings.getState().settings,
        );
        if (!result.ok) throw new Error(result.error);
        if (shown() === lastScan || useBenchStore.getState().print?.state === 'queued')
          setBench({ print: { scanId: shown() ?? lastScan, state: 'printed' } });
        toast('success', t('bench.label.batchPrinted', { count: due.length }));
      } catch (err) {
        labels.current.putBack(due);
        showWaiting();
        toast('error', t('printing.failed', { error: messageOf(err) }));
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- showWaiting() reads refs only
    [toast, t],
  );

  const print = useCallback(
    async (line: BenchLineRow, scanId: string, manual: boolean, boxId?: string, units = 1) => {
      if (!benchLabels(line)) return;
      await printerReady.current;
      if (!manual && !autoPrint.current) {
        // No printer that prints by itself: the label waits to go with others in one dialog.
        if (!boxId) return setBench({ print: { scanId, state: 'manual' } });
        let due = false;
        for (let n = 0; n < units; n++) due = labels.current.add({ scanId, boxId, line }) || due;
        setBench({ print: { scanId, state: 'queued' } });
        showWaiting();
        if (due) await printWaiting();
        return;
      }
      setBench({ print: { scanId, state: 'printing' } });
      try {
        const result = await printBenchLabel(line, usePrinterSettings.getState().settings, manual ? 1 : units);
        // The scan is kept whatever the printer does: only the label is to print again.
        setBench({
          print: result.ok ? { scanId, state: 'printed' } : { scanId, state: 'failed', error: result.error },
        });
        if (!result.ok) toast('error', t('printing.failed', { error: result.error }));
      } catch (err) {
        setBench({ print: { scanId, state: 'failed', error: messageOf(err) } });
      }
    },
    [toast, t, printWaiting],
  );

  const refuse = (last: LastScan & { kind: 'refused' }) => {
    scanFeedback(last.reason === 'unknown' ? 'unknown' : 'error');
    setBench({ last, print: null });
  };

  /** The engine refused a write by itself: said from the rules and data, after its change left memory. */
  const refuseWrite = (code: string, write: BenchWrite, lineId?: number) => {
    const why = deviceRefusal(write, plan.current, memory());
    refuse({ kind: 'refused', code, reason: why.reason, words: why.words, lineId });
  };

  /** A box of this device's, opened now: in memory and on screen at once, written after the paint. */
  const openBox = async (group: string | null, boxNo: number, label: string) => {
    if (!engine) return;
    const id = crypto.randomUUID();
    const at = new Date().toISOString();
    opened.current.set(id, openedBox(id, planId, boxNo, group, at));
    scanFeedback('duplicate');
    setBench({
      last: { kind: 'done', code: label, words: { key: 'newBox', values: { boxNo } }, attention: true },
      activeBoxId: id,
      print: null,
      closeRequest: null,
    });
    await afterPaint();
    try {
      await queue(() => engine.mutate('box.open', { id, planId, packingGroupId: group, openedAt: at, reason: 'new' }));
    } catch {
      opened.current.delete(id);
      refuseWrite(label, { kind: 'open', packingGroupId: group, reason: 'new' });
    }
  };

  /** UNDO: the last unit this bench packed taken out again (judged from memory, written after the paint). */
  const takeOut = async (undo: Extract<ReturnType<typeof planCommand>, { kind: 'undo' }>, label: string) => {
    if (!engine) return;
    const { box, line, units, scan: packedScan } = undo;
    const id = crypto.randomUUID();
    packed.current = packed.current.filter((p) => p.id !== packedScan.id);
    pending.current.push({ kind: 'unscan', id, boxId: box.id, lineId: line.id, units });
    // A unit out of the box needs no label: one waiting for the dialog is dropped with it.
    labels.current.drop(box.id, line.id, units);
    showWaiting();
    scanFeedback('ok');
    setBench({
      last: {
        kind: 'done',
        code: label,
        words: { key: 'takenOut', values: { units, title: line.title, boxNo: box.boxNo } },
      },
      activeBoxId: box.id,
      print: null,
      closeRequest: null,
    });
    await afterPaint();
    try {
      await queue(() =>
        engine.mutate('box.unscan', {
          id,
          boxId: box.id,
          planItemId: line.id,
          quantity: units,
          at: new Date().toISOString(),
        }),
      );
    } catch {
      settled(id);
      packed.current.push(packedScan);
      refuseWrite(label, { kind: 'unscan', boxId: box.id, lineId: line.id, quantity: units }, line.id);
    } finally {
      settled(id);
    }
  };

  /**
   * A command barcode, through the scan's path and judged from the same memory: its verdict is
   * painted in the scan's frame, its write (if any) after the paint.
   */
  const command = (which: BenchCommand | 'unknown_command', code: string) => {
    const label = which === 'unknown_command' ? code : t(`bench.commands.${which}.name`);
    const mem = memory();
    const cmd = planCommand(
      mem,
      currentBoxes(mem.boxes),
      useBenchStore.getState().activeBoxId,
      which,
      code,
      packed.current[packed.current.length - 1],
    );
    switch (cmd.kind) {
      case 'refuse':
        refuse({ kind: 'refused', code: label, reason: 'command', words: cmd.words });
        return;
      case 'new_box':
        void openBox(cmd.packingGroupId, cmd.boxNo, label);
        return;
      case 'close_box':
        scanFeedback('ok');
        // The box's close form answers the request (focus, or close when its size and weight are there).
        setBench({
          last: {
            kind: 'done',
            code: label,
            words: { key: 'closeBox', values: { boxNo: cmd.box.boxNo } },
            attention: true,
          },
          activeBoxId: cmd.box.id,
          print: null,
          closeRequest: { boxId: cmd.box.id, seq: Date.now() },
        });
        // The box is full: the labels of its units that wait for the dialog print now, in one go.
        void afterPaint().then(() => printWaiting(cmd.box.id));
        return;
      case 'undo':
        void takeOut(cmd, label);
        return;
    }
  };

  const scan = useCallback(
    async (raw: string) => {
      const code = raw.trim();
      if (!engine || !view || !code) return;
      // A command barcode ("$$…") does what its button does; a unit's code costs two character tests here.
      const which = readBenchCommand(code, base.current.lines);
      if (which) {
        command(which, code);
        return;
      }
      const typed = useBenchStore.getState().count.trim();
      const quantity = typed ? Number(typed) : 1;
      // A count is for one scan: the next is a single unit again.
      setBench({ count: '' });
      if (!Number.isInteger(quantity) || quantity < 1) {
        refuse({ kind: 'refused', code, reason: 'device', words: { key: 'badCount', values: { count: typed } } });
        return;
      }
      const mem = memory();
      const plan = planScan(mem, currentBoxes(mem.boxes), code, quantity);
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
      const before = mem;
      const boxed = before.items.filter((i) => i.planItemId === plan.line.id).reduce((n, i) => n + i.quantity, 0);
      const previousBox = useBenchStore.getState().activeBoxId;
      pending.current.push({ kind: 'scan', id, plan, boxId, at });
      packed.current.push({ id, boxId, lineId: plan.line.id, units: plan.units });
      if (packed.current.length > UNDO_DEPTH) packed.current.shift();
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
        closeRequest: null,
      });
      // The verdict is on screen from memory; the writes (IndexedDB, live queries) wait for its paint.
      await afterPaint();
      let write: BenchWrite = { kind: 'open', packingGroupId: null, reason: 'scan' };
      try {
        await queue(async () => {
          if (plan.kind === 'open') {
            write = { kind: 'open', packingGroupId: plan.packingGroupId, reason: 'scan' };
            const box = await engine.mutate('box.open', {
              id: boxId,
              planId,
              packingGroupId: plan.packingGroupId,
              openedAt: at,
              reason: 'scan',
            });
            // Until the replica's answer holds it, the next scans of the group go into it too.
            if (!base.current.boxes.some((b) => b.id === boxId))
              opened.current.set(boxId, openedBox(boxId, planId, box.boxNo, plan.packingGroupId, at));
          }
          write = { kind: 'scan', boxId, code, quantity };
          const result = await engine.mutate('box.scan', { id, boxId, code, quantity, scannedAt: at });
          const last = useBenchStore.getState().last;
          if (last?.kind === 'packed' && last.id === id && (last.boxed !== result.boxed || last.boxNo !== result.boxNo))
            setBench({ last: { ...last, boxed: result.boxed, boxNo: result.boxNo, planned: result.planned } });
        });
        setTimeout(() => void print(plan.line, id, false, boxId, plan.units), 0);
      } catch {
        // The device's own transaction saw what memory had not (a box closed elsewhere…): said, never dropped.
        settled(id);
        packed.current = packed.current.filter((p) => p.id !== id);
        refuseWrite(code, write, plan.line.id);
      } finally {
        settled(id);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- memory() and command() read refs only
    [engine, view, planId, print],
  );

  /** Runs a box action; a refusal is worded from the rules and data, with the error tone. */
  const act = useCallback(
    async (code: string, write: BenchWrite, fn: () => Promise<unknown>, done?: Words) => {
      try {
        await queue(fn);
        if (done) {
          scanFeedback('ok');
          setBench({ last: { kind: 'done', code, words: done }, print: null });
        }
        return true;
      } catch {
        refuseWrite(code, write);
        return false;
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refuseWrite() reads refs only
    [],
  );

  /** "New box" by button: the group chosen beside it. */
  const newBox = useCallback(
    async (group: string | null) => openBox(group, nextBoxNo(memory().boxes), t('bench.commands.new_box.name')),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- openBox() and memory() read refs only
    [engine, planId, t],
  );

  /** "Take out" on the last scan's panel: what UNDO does. */
  const takeOutLast = useCallback(
    () => command('undo', ''),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- command() reads refs only
    [engine, planId, t],
  );

  /**
   * Pack into this open box from now on: it becomes its group's box on every device of the bench
   * (box.reopen of an open box takes it; queued offline like any write).
   */
  const packInto = useCallback(
    async (box: BenchBoxRow) => {
      if (!engine) return;
      const at = new Date().toISOString();
      taken.current.set(box.id, at);
      setBench({ activeBoxId: box.id });
      const ok = await act(t('bench.boxNo', { boxNo: box.boxNo }), { kind: 'reopen', boxId: box.id }, () =>
        engine.mutate('box.reopen', { boxId: box.id, at }),
      );
      if (!ok) taken.current.delete(box.id);
    },
    [engine, act, t],
  );

  const unscan = useCallback(
    async (box: BenchBoxRow, line: BenchLineRow, quantity: number) => {
      if (!engine) return;
      labels.current.drop(box.id, line.id, quantity);
      showWaiting();
      await act(
        line.fnsku ?? line.title,
        { kind: 'unscan', boxId: box.id, lineId: line.id, quantity },
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
    async (box: BenchBoxRow, m: BoxMeasure, preset: string | null) => {
      if (!engine) return false;
      // Its units' labels that still wait for the dialog go first, in one job.
      void printWaiting(box.id);
      return act(
        t('bench.boxNo', { boxNo: box.boxNo }),
        { kind: 'close', boxId: box.id, measure: m },
        () => engine.mutate('box.close', { boxId: box.id, ...m, preset, closedAt: new Date().toISOString() }),
        { key: 'closed', values: { boxNo: box.boxNo, weight: m.weightLb } },
      );
    },
    [engine, act, t, printWaiting],
  );

  const reopen = useCallback(
    async (box: BenchBoxRow) => {
      if (!engine) return;
      const ok = await act(
        t('bench.boxNo', { boxNo: box.boxNo }),
        { kind: 'reopen', boxId: box.id },
        () => engine.mutate('box.reopen', { boxId: box.id, at: new Date().toISOString() }),
        { key: 'reopened', values: { boxNo: box.boxNo } },
      );
      // Reopened, it is its group's box on every device (the server's activeAt): shown here.
      if (ok) setBench({ activeBoxId: box.id });
    },
    [engine, act, t],
  );

  const discard = useCallback(
    async (box: BenchBoxRow) => {
      if (!engine) return;
      const ok = await act(
        t('bench.boxNo', { boxNo: box.boxNo }),
        { kind: 'discard', boxId: box.id },
        () => engine.mutate('box.discard', { boxId: box.id, at: new Date().toISOString() }),
        { key: 'discarded', values: { boxNo: box.boxNo } },
      );
      if (ok && useBenchStore.getState().activeBoxId === box.id) setBench({ activeBoxId: null });
    },
    [engine, act, t],
  );

  return { scan, newBox, takeOutLast, packInto, unscan, close, reopen, discard, print, printWaiting, follow };
}
