/**
 * Where a scan goes at the bench (src/features/bench/scan-plan.ts): into the bench's open box of
 * the unit's packing group — the server's, whichever device opened it — else a new box (box.open
 * then box.scan), never over the plan, with refusals in words; back-to-back scans see the ones not
 * yet written. The server's rule for opening a box (domain judgeOpen) and its words on the device.
 */
import { describe, expect, it } from 'vitest';
import type { BenchBoxRow, BenchLineRow } from '../../domain/schemas/bench';
import { judgeOpen } from '../../domain/rules/bench';
import { deviceRefusal } from '../../src/features/bench/device-refusal';
import {
  currentBoxes,
  planScan,
  refusalWords,
  withScan,
  packingGroups,
  type BenchMemory,
} from '../../src/features/bench/scan-plan';

const line = (id: number, fnsku: string, quantity: number, group: string | null, packSize = 1): BenchLineRow => ({
  id,
  planId: 7,
  companyId: 1,
  title: `Product ${id}`,
  msku: `MSKU-${id}`,
  fnsku,
  asin: null,
  codes: [fnsku, `MSKU-${id}`],
  quantity,
  packingGroupId: group,
  labelOwner: 'SELLER',
  prepInstructions: [],
  packSize,
  weightLb: 1,
  expiration: null,
});
const box = (id: string, boxNo: number, group: string | null, state: 'open' | 'closed' = 'open'): BenchBoxRow => ({
  id,
  planId: 7,
  boxNo,
  packingGroupId: group,
  state,
  lengthIn: null,
  widthIn: null,
  heightIn: null,
  weightLb: null,
  preset: null,
  teamLift: false,
  amazonBoxId: null,
  openedAt: '2025-01-01T00:00:00Z',
  closedAt: null,
});
const LINES = [line(1, 'X00MUG0001', 3, 'pgA'), line(2, 'X00BOARD01', 2, 'pgB'), line(3, 'X00MAT0001', 2, 'pgA')];
const empty: BenchMemory = { lines: LINES, boxes: [], items: [] };

describe('planScan', () => {
  it('opens a box for the unit’s group when the bench has none open, numbered after the plan’s boxes', () => {
    const mem = { ...empty, boxes: [box('closed-one', 4, 'pgA', 'closed')] };
    expect(planScan(mem, currentBoxes(mem.boxes), 'x00mug0001', 1)).toMatchObject({
      kind: 'open',
      packingGroupId: 'pgA',
      boxNo: 5,
      units: 1,
      line: { id: 1 },
    });
  });

  it('scans into this device’s open box of the group; a closed one means a new box', () => {
    const mem = { ...empty, boxes: [box('b1', 1, 'pgA'), box('b2', 2, 'pgB', 'closed')] };
    const current = { pgA: 'b1', pgB: 'b2' };
    expect(planScan(mem, current, 'MSKU-3', 2)).toMatchObject({ kind: 'scan', box: { id: 'b1' }, units: 2 });
    expect(planScan(mem, current, 'X00BOARD01', 1)).toMatchObject({ kind: 'open', packingGroupId: 'pgB', boxNo: 3 });
  });

  it('refuses over-scans and unknown codes in words, opening nothing', () => {
    const mem: BenchMemory = {
      ...empty,
      boxes: [box('b1', 1, 'pgA')],
      items: [{ id: 'b1:1', boxId: 'b1', planId: 7, planItemId: 1, quantity: 2 }],
    };
    const over = planScan(mem, { pgA: 'b1' }, 'X00MUG0001', 2);
    expect(over).toMatchObject({ kind: 'refuse', reason: 'over_scan', left: 1, units: 2 });
    expect(refusalWords(over as never)).toEqual({
      key: 'overScan',
      values: { title: 'Product 1', left: 1, units: 2 },
    });
    const full = { ...mem, items: [{ ...mem.items[0], quantity: 3 }] };
    expect(refusalWords(planScan(full, { pgA: 'b1' }, 'X00MUG0001', 1) as never)).toEqual({
      key: 'allBoxed',
      values: { title: 'Product 1', planned: 3 },
    });
    const unknown = planScan(mem, {}, ' NOPE-1 ', 1);
    expect(unknown).toEqual({ kind: 'refuse', reason: 'unknown', code: 'NOPE-1' });
  });

  it('refuses another group’s unit for a box that took another group', () => {
    // A box opened without a group took pgA's unit; this bench keeps it for the plan's "no group" key.
    const lines = [line(1, 'X00MUG0001', 3, 'pgA'), line(4, 'X00NOGRP01', 2, null)];
    const mem: BenchMemory = { lines, boxes: [box('b1', 1, 'pgA')], items: [] };
    const plan = planScan(mem, { '': 'b1' }, 'X00NOGRP01', 1);
    // A line without a group fits any box (Amazon's plan without groups): scanned in.
    expect(plan).toMatchObject({ kind: 'scan', box: { id: 'b1' } });
    const grouped = planScan({ ...mem, lines: [line(1, 'X00MUG0001', 3, 'pgB')] }, { pgB: 'b1' }, 'X00MUG0001', 1);
    expect(grouped).toMatchObject({ kind: 'refuse', reason: 'other_group', boxNo: 1 });
  });

  it('counts a case barcode as its case', () => {
    const board = { ...line(2, 'X00BOARD01', 30, 'pgB', 12), codes: ['X00BOARD01', '0036000291452'] };
    const plan = planScan({ lines: [board], boxes: [], items: [] }, {}, '10036000291459', 1);
    expect(plan).toMatchObject({ kind: 'open', units: 12 });
    const over = planScan({ lines: [{ ...board, quantity: 5 }], boxes: [], items: [] }, {}, '10036000291459', 1);
    expect(over).toMatchObject({ kind: 'refuse', reason: 'over_scan', left: 5, units: 12 });
  });

  it('back to back: the next scan goes into the box the first one is opening and sees its units', () => {
    const first = planScan(empty, {}, 'X00MUG0001', 2);
    expect(first.kind).toBe('open');
    const after = withScan(empty, first, 'new-box', 7, '2025-01-01T00:00:00Z');
    expect(after.boxes).toMatchObject([{ id: 'new-box', boxNo: 1, packingGroupId: 'pgA', state: 'open' }]);
    const second = planScan(after, { pgA: 'new-box' }, 'X00MUG0001', 1);
    expect(second).toMatchObject({ kind: 'scan', box: { id: 'new-box' } });
    const third = withScan(after, second, 'new-box', 7, '2025-01-01T00:00:00Z');
    expect(third.items).toEqual([{ id: 'new-box:1', boxId: 'new-box', planId: 7, planItemId: 1, quantity: 3 }]);
    expect(planScan(third, { pgA: 'new-box' }, 'X00MUG0001', 1)).toMatchObject({ kind: 'refuse', reason: 'over_scan' });
  });

  it('lists the packing groups in the order of their first line', () => {
    expect(packingGroups(LINES).map((g) => [g.key, g.lines.map((l) => l.id)])).toEqual([
      ['pgA', [1, 3]],
      ['pgB', [2]],
    ]);
  });
});

describe('the bench’s open box is the server’s, on every device', () => {
  const at = (b: BenchBoxRow, activeAt: string | null | undefined): BenchBoxRow => ({ ...b, activeAt });
  const PLAN = {
    id: 7,
    channel: 'fba',
    companyId: 1,
    name: 'P',
    status: 'active',
    step: 'boxes',
    boxMaxWeightLb: 50,
  } as const;

  it('a second device packs into box 1 another device opened, instead of opening box 2 beside it', () => {
    // The replica holds box 1, opened on the other browser; this device never opened a box.
    const mem: BenchMemory = { ...empty, boxes: [at(box('b1', 1, 'pgA'), '2025-01-01T10:00:00.000Z')] };
    expect(currentBoxes(mem.boxes)).toEqual({ pgA: 'b1' });
    expect(planScan(mem, currentBoxes(mem.boxes), 'X00MUG0001', 1)).toMatchObject({ kind: 'scan', box: { id: 'b1' } });
    // Another group has no open box: its unit opens one.
    expect(planScan(mem, currentBoxes(mem.boxes), 'X00BOARD01', 1)).toMatchObject({ kind: 'open', boxNo: 2 });
  });

  it('of a group’s open boxes the one taken last is the bench’s: NEW BOX, a reopen, “pack into”', () => {
    const b1 = at(box('b1', 1, 'pgA'), '2025-01-01T10:00:00.000Z');
    const b2 = at(box('b2', 2, 'pgA'), '2025-01-01T10:05:00.000Z');
    expect(currentBoxes([b1, b2])).toEqual({ pgA: 'b2' });
    // Box 1 taken again (reopened or "pack into") after box 2 was opened.
    expect(currentBoxes([at(b1, '2025-01-01T10:07:00.000Z'), b2])).toEqual({ pgA: 'b1' });
    // A server timestamp and a device's compare as times, not as text.
    expect(currentBoxes([at(b1, '2025-01-01T10:07:00+00:00'), at(b2, '2025-01-01T10:06:00.000Z')])).toEqual({
      pgA: 'b1',
    });
    // Rows from before activeAt: when they were opened; a tie goes to the higher number.
    expect(currentBoxes([at(b1, undefined), at(box('b2', 2, 'pgA'), undefined)])).toEqual({ pgA: 'b2' });
    // Closed boxes are nobody's; groups are apart; no group is its own key.
    expect(currentBoxes([box('c', 3, 'pgA', 'closed'), box('n', 4, null), box('g', 5, 'pgB')])).toEqual({
      '': 'n',
      pgB: 'g',
    });
  });

  it('the server’s rule for opening a box: a scan that saw none loses to another device’s, NEW BOX never makes a second empty one', () => {
    const boxes = [box('b1', 1, 'pgA'), box('b2', 2, 'pgB', 'closed')];
    const held = new Map([['b1', 3]]);
    const unitsIn = (id: string) => held.get(id) ?? 0;
    expect(judgeOpen(boxes, 'pgA', 'scan', unitsIn)).toMatchObject({ ok: false, code: 'open_elsewhere', boxNo: 1 });
    expect(judgeOpen(boxes, 'pgA', 'new', unitsIn)).toEqual({ ok: true });
    expect(judgeOpen(boxes, 'pgB', 'scan', unitsIn)).toEqual({ ok: true });
    expect(judgeOpen(boxes, 'pgA', 'new', () => 0)).toMatchObject({ ok: false, code: 'still_empty', boxNo: 1 });
    expect(judgeOpen(boxes, null, 'scan', unitsIn)).toEqual({ ok: true });
  });

  it('a box.open the device itself refuses is said from the same rule, in words', () => {
    const mem: BenchMemory = { ...empty, boxes: [box('b1', 1, 'pgA')] };
    expect(deviceRefusal({ kind: 'open', packingGroupId: 'pgA', reason: 'scan' }, PLAN, mem)).toEqual({
      reason: 'device',
      words: { key: 'openElsewhere', values: { boxNo: 1 } },
    });
    expect(deviceRefusal({ kind: 'open', packingGroupId: 'pgA', reason: 'new' }, PLAN, mem)).toEqual({
      reason: 'device',
      words: { key: 'newBoxEmpty', values: { boxNo: 1 } },
    });
    expect(deviceRefusal({ kind: 'open', packingGroupId: 'pgB', reason: 'scan' }, PLAN, mem).words.key).toBe('device');
  });
});
