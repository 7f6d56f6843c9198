/**
 * Where a scanned unit goes at the bench, decided from what the device holds in memory (the
 * replica's rows plus the scans still on their way to it), with the domain's own rule
 * (judgeScan): into the bench's open box of the unit's packing group, or into a new box when
 * there is none — or refused, with what the words need. Pure, so the verdict can be painted in
 * the scan's frame and tested without a browser.
 */
import { judgeScan, type BenchCommand, type ScanRefusal } from '../../../domain/rules/bench';
import type { BenchBoxItemRow, BenchBoxRow, BenchLineRow } from '../../../domain/schemas/bench';

export interface BenchMemory {
  lines: BenchLineRow[];
  boxes: BenchBoxRow[];
  items: BenchBoxItemRow[];
}

/**
 * The bench's box for each packing group (key: the group id, '' for a plan without groups): the
 * same on every device of the bench, from the server's boxes (currentBoxes).
 */
export type CurrentBoxes = Record<string, string>;
export const groupKey = (group: string | null): string => group ?? '';

/** When an open box last became its group's box (opened, reopened, taken), in ms; older rows: opened. */
export const activeTime = (b: BenchBoxRow): number => Date.parse(b.activeAt ?? b.openedAt) || 0;

/**
 * The bench's box of each packing group: of the group's open boxes, the one that became its box
 * last (the server's `activeAt`, replicated to every device; the box number breaks a tie). A box
 * another device opened is this device's box too — a second browser packs into box 1, it does not
 * open box 2 beside it.
 */
export function currentBoxes(boxes: readonly BenchBoxRow[]): CurrentBoxes {
  const best = new Map<string, BenchBoxRow>();
  for (const b of boxes) {
    if (b.state !== 'open') continue;
    const key = groupKey(b.packingGroupId);
    const held = best.get(key);
    const newer =
      !held || activeTime(b) > activeTime(held) || (activeTime(b) === activeTime(held) && b.boxNo > held.boxNo);
    if (newer) best.set(key, b);
  }
  return Object.fromEntries([...best].map(([key, b]) => [key, b.id]));
}

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

export function planScan(mem: BenchMemory, current: CurrentBoxes, code: string, typed: number): ScanPlan {
  const boxed = boxedByLine(mem.items);
  const boxedOf = (id: number) => boxed.get(id) ?? 0;
  // First which line the code means and whether the plan has room, whatever the box.
  const probe = judgeScan(mem.lines, { packingGroupId: null, boxNo: null }, code, typed, boxedOf);
  if (!probe.ok) {
    if (probe.code === 'over_scan')
      return { kind: 'refuse', reason: 'over_scan', line: probe.line, left: Math.max(0, probe.left), units: probe.n };
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
      ? withBox(mem, openedBox(boxId, planId, plan.boxNo, plan.packingGroupId, at)).boxes
      : mem.boxes;
  const key = `${boxId}:${plan.line.id}`;
  const held = mem.items.find((i) => i.id === key);
  const items = held
    ? mem.items.map((i) => (i.id === key ? { ...i, quantity: i.quantity + plan.units } : i))
    : [...mem.items, { id: key, boxId, planId, planItemId: plan.line.id, quantity: plan.units }];
  return { lines: mem.lines, boxes, items };
}

/** The row of a box this device opens, as the replica will hold it (its number provisional). */
export const openedBox = (
  id: string,
  planId: number,
  boxNo: number,
  packingGroupId: string | null,
  at: string,
): BenchBoxRow => ({
  id,
  planId,
  boxNo,
  packingGroupId,
  state: 'open',
  lengthIn: null,
  widthIn: null,
  heightIn: null,
  weightLb: null,
  preset: null,
  teamLift: false,
  amazonBoxId: null,
  openedAt: at,
  closedAt: null,
  activeAt: at,
});

/** The memory with a box this device has opened (once: the replica may have it already). */
export const withBox = (mem: BenchMemory, box: BenchBoxRow): BenchMemory =>
  mem.boxes.some((b) => b.id === box.id) ? mem : { ...mem, boxes: [...mem.boxes, box] };

/** The memory after units of a line are taken out of a box (before the replica answers). */
export function withUnscan(mem: BenchMemory, boxId: string, lineId: number, units: number): BenchMemory {
  const key = `${boxId}:${lineId}`;
  return {
    ...mem,
    items: mem.items.flatMap((i) =>
      i.id !== key ? [i] : i.quantity > units ? [{ ...i, quantity: i.quantity - units }] : [],
    ),
  };
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

/** Words for the screen: an i18n key (under `bench.refused` or `bench.done`) and its values. */
export interface Words {
  key: string;
  values: Record<string, string | number>;
}

/**
 * The words of the domain's refusal of a scan (judgeScan), from its code and data — the domain's
 * English `message` is the server's, for its API. `boxNo`: the box the scan was for.
 */
export function scanRefusalWords(verdict: ScanRefusal<BenchLineRow>, code: string, boxNo: number): Words {
  switch (verdict.code) {
    case 'unknown':
      return { key: 'unknown', values: { code: code.trim() } };
    case 'other_group':
      return { key: 'otherGroup', values: { title: verdict.line.title, boxNo } };
    case 'over_scan':
      return verdict.left <= 0
        ? { key: 'allBoxed', values: { title: verdict.line.title, planned: verdict.line.quantity } }
        : { key: 'overScan', values: { title: verdict.line.title, left: verdict.left, units: verdict.n } };
  }
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

/** A unit this bench packed: UNDO takes the last one out again. */
export interface PackedScan {
  id: string;
  boxId: string;
  lineId: number;
  units: number;
}

/** What a command barcode does, decided from memory like a unit's scan — or refused, in words. */
export type CommandPlan =
  | { kind: 'new_box'; packingGroupId: string | null; boxNo: number }
  | { kind: 'close_box'; box: BenchBoxRow }
  | { kind: 'undo'; box: BenchBoxRow; line: BenchLineRow; units: number; scan: PackedScan }
  | { kind: 'refuse'; words: Words };

/** The box in front of the packer: the one last used, else one of the bench's open boxes (as the page shows). */
export function boxInFront(mem: BenchMemory, current: CurrentBoxes, activeBoxId: string | null): BenchBoxRow | null {
  const mine = new Set(Object.values(current));
  return (
    mem.boxes.find((b) => b.id === activeBoxId) ?? mem.boxes.find((b) => b.state === 'open' && mine.has(b.id)) ?? null
  );
}

const unitsIn = (mem: BenchMemory, boxId: string): number =>
  mem.items.reduce((n, i) => (i.boxId === boxId ? n + i.quantity : n), 0);

/**
 * A command barcode at the bench:
 *  - NEW BOX: a new box for the packing group of the box in front of the packer (the plan's only
 *    group when there is no box yet); refused while this bench's box of that group is still empty;
 *  - CLOSE BOX: the close form of the box in front (closing needs its size and weight);
 *  - UNDO: the last unit this bench packed taken out again (`lastPacked`, while its box is open
 *    and still holds it).
 */
export function planCommand(
  mem: BenchMemory,
  current: CurrentBoxes,
  activeBoxId: string | null,
  command: BenchCommand | 'unknown_command',
  code: string,
  lastPacked: PackedScan | undefined,
): CommandPlan {
  const refuse = (key: string, values: Words['values'] = {}): CommandPlan => ({
    kind: 'refuse',
    words: { key, values },
  });
  const front = boxInFront(mem, current, activeBoxId);
  switch (command) {
    case 'unknown_command':
      return refuse('unknownCommand', { code: code.trim() });
    case 'new_box': {
      const groups = packingGroups(mem.lines);
      const group = front ? front.packingGroupId : groups.length === 1 ? groups[0].id : undefined;
      if (group === undefined) return refuse('newBoxWhichGroup');
      const open = mem.boxes.find((b) => b.id === current[groupKey(group)] && b.state === 'open');
      if (open && unitsIn(mem, open.id) === 0) return refuse('newBoxEmpty', { boxNo: open.boxNo });
      return { kind: 'new_box', packingGroupId: group, boxNo: nextBoxNo(mem.boxes) };
    }
    case 'close_box':
      if (!front) return refuse('noBoxToClose');
      if (front.state !== 'open') return refuse('alreadyClosed', { boxNo: front.boxNo });
      if (unitsIn(mem, front.id) === 0) return refuse('closeEmpty', { boxNo: front.boxNo });
      return { kind: 'close_box', box: front };
    case 'undo': {
      const box = lastPacked && mem.boxes.find((b) => b.id === lastPacked.boxId);
      const line = lastPacked && mem.lines.find((l) => l.id === lastPacked.lineId);
      if (!lastPacked || !box || !line) return refuse('nothingToUndo');
      if (box.state !== 'open') return refuse('undoClosed', { boxNo: box.boxNo, title: line.title });
      const held = mem.items.find((i) => i.id === `${box.id}:${line.id}`)?.quantity ?? 0;
      if (held < lastPacked.units) return refuse('nothingToUndo');
      return { kind: 'undo', box, line, units: lastPacked.units, scan: lastPacked };
    }
  }
}
