/**
 * Where a scanned unit goes at the bench, decided from what the device holds in memory (the
 * replica's rows plus the scans still on their way to it), with the domain's own rule
 * (judgeScan): into this device's open box of the unit's packing group, or into a new box when
 * there is none — or refused, with what the words need. Pure, so the verdict can be painted in
 * the scan's frame and tested without a browser.
 */
import { judgeScan } from '../../../domain/rules/bench';
import { readItemCode } from '../../../domain/rules/item-scan';
import type { BenchBoxItemRow, BenchBoxRow, BenchLineRow } from '../../../domain/schemas/bench';

export interface BenchMemory {
  lines: BenchLineRow[];
  boxes: BenchBoxRow[];
  items: BenchBoxItemRow[];
}

/** This device's box for each packing group (key: the group id, '' for a plan without groups). */
export type CurrentBoxes = Record<string, string>;
export const groupKey = (group: string | null): string => group ?? '';

export type ScanPlan =
  | { kind: 'refuse'; reason: 'unknown'; code: string }
  | { kind: 'refuse'; reason: 'over_scan'; line: BenchLineRow; left: number; units: number }
  | { kind: 'refuse'; reason: 'other_group'; line: BenchLineRow; boxNo: number }
  | { kind: 'scan'; line: BenchLineRow; units: number; box: BenchBoxRow }
  | { kind: 'open'; line: BenchLineRow; units: number; packingGroupId: string | null; boxNo: number };

/** Units of each line in any box of the plan. */
export function boxedByLine(items: BenchBoxItemRow[]): Map<number, number> {
  const boxed = new Map<number, number>();
  for (const i of items) boxed.set(i.planItemId, (boxed.get(i.planItemId) ?? 0) + i.quantity);
  return boxed;
}

/** The number the device gives a box it opens (the server renumbers in the order boxes reach it). */
export const nextBoxNo = (boxes: BenchBoxRow[]): number => boxes.reduce((n, b) => Math.max(n, b.boxNo), 0) + 1;

/** Units a refused scan stood for: a case code counts its case, times the typed count. */
function unitsOf(line: BenchLineRow, code: string, typed: number): number {
  const read = readItemCode(code);
  return read.isCase ? (read.count ?? line.packSize) * typed : typed;
}

export function planScan(mem: BenchMemory, current: CurrentBoxes, code: string, typed: number): ScanPlan {
  const boxed = boxedByLine(mem.items);
  const boxedOf = (id: number) => boxed.get(id) ?? 0;
  // First which line the code means and whether the plan has room, whatever the box.
  const probe = judgeScan(mem.lines, { packingGroupId: null, boxNo: null }, code, typed, boxedOf);
  if (!probe.ok) {
    if (probe.code === 'over_scan' && probe.line)
      return {
        kind: 'refuse',
        reason: 'over_scan',
        line: probe.line,
        left: Math.max(0, probe.line.quantity - boxedOf(probe.line.id)),
        units: unitsOf(probe.line, code, typed),
      };
    return { kind: 'refuse', reason: 'unknown', code: code.trim() };
  }
  const box = mem.boxes.find((b) => b.id === current[groupKey(probe.line.packingGroupId)]);
  if (!box || box.state !== 'open')
    return {
      kind: 'open',
      line: probe.line,
      units: probe.units,
      packingGroupId: probe.line.packingGroupId,
      boxNo: nextBoxNo(mem.boxes),
    };
  const verdict = judgeScan(mem.lines, box, code, typed, boxedOf);
  if (verdict.ok) return { kind: 'scan', line: verdict.line, units: verdict.units, box };
  // The box took another group meanwhile (a box opened without a group takes its first unit's).
  return { kind: 'refuse', reason: 'other_group', line: verdict.line ?? probe.line, boxNo: box.boxNo };
}

/**
 * The memory after a scan the device is about to write, so the next scan (before the replica
 * answers) is judged against it: the new box, if one is opened, and the units in it.
 */
export function withScan(mem: BenchMemory, plan: ScanPlan, boxId: string, planId: number, at: string): BenchMemory {
  if (plan.kind === 'refuse') return mem;
  const boxes =
    plan.kind === 'open'
      ? [
          ...mem.boxes,
          {
            id: boxId,
            planId,
            boxNo: plan.boxNo,
            packingGroupId: plan.packingGroupId,
            state: 'open' as const,
            lengthIn: null,
            widthIn: null,
            heightIn: null,
            weightLb: null,
            preset: null,
            teamLift: false,
            amazonBoxId: null,
            openedAt: at,
            closedAt: null,
          },
        ]
      : mem.boxes;
  const key = `${boxId}:${plan.line.id}`;
  const held = mem.items.find((i) => i.id === key);
  const items = held
    ? mem.items.map((i) => (i.id === key ? { ...i, quantity: i.quantity + plan.units } : i))
    : [...mem.items, { id: key, boxId, planId, planItemId: plan.line.id, quantity: plan.units }];
  return { lines: mem.lines, boxes, items };
}

/** The packing groups of a plan, each with its lines, in the order of their first line. */
export function packingGroups(lines: BenchLineRow[]): { key: string; id: string | null; lines: BenchLineRow[] }[] {
  const groups = new Map<string, { key: string; id: string | null; lines: BenchLineRow[] }>();
  for (const l of lines) {
    const key = groupKey(l.packingGroupId);
    const g = groups.get(key) ?? { key, id: l.packingGroupId, lines: [] };
    g.lines.push(l);
    groups.set(key, g);
  }
  return [...groups.values()];
}

/** A refusal's words: the key under `bench.refused` and its values. */
export function refusalWords(plan: ScanPlan & { kind: 'refuse' }): {
  key: string;
  values: Record<string, string | number>;
} {
  switch (plan.reason) {
    case 'unknown':
      return { key: 'unknown', values: { code: plan.code } };
    case 'over_scan':
      return plan.left <= 0
        ? { key: 'allBoxed', values: { title: plan.line.title, planned: plan.line.quantity } }
        : { key: 'overScan', values: { title: plan.line.title, left: plan.left, units: plan.units } };
    case 'other_group':
      return { key: 'otherGroup', values: { title: plan.line.title, boxNo: plan.boxNo } };
  }
}
