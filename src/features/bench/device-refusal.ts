/**
 * A write the device's engine refused by itself (offline too): its transaction saw what the
 * bench's memory had not — a box closed on another tab, a plan that left the bench, a count the
 * replica had changed. The engine's refusal is the domain's English sentence (the server's words,
 * for its API); the screen words it in the user's language instead, from the same rules asked
 * again of what the device holds now. Pure, so it is tested without a browser.
 */
import { judgeBox, judgeOpen, judgeScan, type BoxMeasure, type OpenReason } from '../../../domain/rules/bench';
import type { BenchPlanRow } from '../../../domain/schemas/bench';
import type { RefusalReason } from './bench-store';
import { boxedByLine, scanRefusalWords, type BenchMemory, type Words } from './scan-plan';

/** What the bench asked of the engine. */
export type BenchWrite =
  | { kind: 'open'; packingGroupId: string | null; reason: OpenReason }
  | { kind: 'scan'; boxId: string; code: string; quantity: number }
  | { kind: 'unscan'; boxId: string; lineId: number; quantity: number }
  | { kind: 'close'; boxId: string; measure: BoxMeasure }
  | { kind: 'reopen'; boxId: string }
  | { kind: 'discard'; boxId: string };

export interface DeviceRefusal {
  reason: RefusalReason;
  words: Words;
}

const said = (key: string, values: Words['values'] = {}, reason: RefusalReason = 'device'): DeviceRefusal => ({
  reason,
  words: { key, values },
});

/**
 * Why the engine refused `write`, in words, judged again of the device's plan row and memory (the
 * refused write not in it). The engine's checks, in its order: the plan, the box, then the write's
 * own rule. When the device now sees nothing wrong, it says so plainly (`device`: try again).
 */
export function deviceRefusal(
  write: BenchWrite,
  plan: BenchPlanRow | null | undefined,
  mem: BenchMemory,
): DeviceRefusal {
  if (!plan) return said('planGone');
  if (plan.status === 'cancelled') return said('planCancelled', { name: plan.name });
  if (plan.step !== 'boxes') return said('planLeft', { name: plan.name });
  if (write.kind === 'open') {
    const verdict = judgeOpen(mem.boxes, write.packingGroupId, write.reason, (id) =>
      mem.items.reduce((n, i) => (i.boxId === id ? n + i.quantity : n), 0),
    );
    if (verdict.ok) return said('device');
    return said(verdict.code === 'open_elsewhere' ? 'openElsewhere' : 'newBoxEmpty', { boxNo: verdict.boxNo });
  }
  const box = mem.boxes.find((b) => b.id === write.boxId);
  if (!box) return said('boxGone');
  switch (write.kind) {
    case 'scan': {
      if (box.state !== 'open') return said('boxClosed', { boxNo: box.boxNo });
      const boxed = boxedByLine(mem.items);
      const verdict = judgeScan(mem.lines, box, write.code, write.quantity, (id) => boxed.get(id) ?? 0);
      if (!verdict.ok) return { reason: verdict.code, words: scanRefusalWords(verdict, write.code, box.boxNo) };
      break;
    }
    case 'unscan': {
      if (box.state !== 'open') return said('boxClosedTakeOut', { boxNo: box.boxNo });
      const line = mem.lines.find((l) => l.id === write.lineId);
      if (!line) return said('lineGone');
      const held = mem.items.find((i) => i.id === `${box.id}:${line.id}`)?.quantity ?? 0;
      if (held < write.quantity)
        return said('holdsLess', { boxNo: box.boxNo, held, title: line.title, quantity: write.quantity });
      break;
    }
    case 'close': {
      const units = mem.items.reduce((n, i) => (i.boxId === box.id ? n + i.quantity : n), 0);
      const verdict = judgeBox(write.measure, units, plan.boxMaxWeightLb ?? undefined);
      if (verdict.issues.length) return said('closeRefused', { boxNo: box.boxNo });
      break;
    }
    case 'discard':
      if (mem.items.some((i) => i.boxId === box.id)) return said('notEmpty', { boxNo: box.boxNo });
      break;
    case 'reopen':
      break;
  }
  return said('device');
}
