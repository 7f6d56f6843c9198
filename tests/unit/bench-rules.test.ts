import { describe, expect, it } from 'vitest';
import { judgeBox, judgeScan, readScale } from '../../domain/rules/bench.js';

const lines = [
  { id: 1, title: 'Mug', codes: ['X00MUG', 'MUG-1'], quantity: 4, packingGroupId: 'g1', packSize: 6 },
  { id: 2, title: 'Mug lot B', codes: ['X00MUG'], quantity: 2, packingGroupId: 'g2', packSize: 6 },
];

describe('judgeScan', () => {
  it('prefers the line of the box’s group when a code is on two lines', () => {
    const v = judgeScan(lines, { packingGroupId: 'g2', boxNo: 1 }, 'x00mug', 1, () => 0);
    expect(v).toMatchObject({ ok: true, line: { id: 2 }, units: 1 });
  });
  it('counts what is left across every box', () => {
    const boxed = new Map([[1, 3]]);
    expect(judgeScan(lines, { packingGroupId: 'g1', boxNo: 1 }, 'MUG-1', 1, (id) => boxed.get(id) ?? 0)).toMatchObject({
      ok: true,
    });
    expect(judgeScan(lines, { packingGroupId: 'g1', boxNo: 1 }, 'MUG-1', 2, (id) => boxed.get(id) ?? 0)).toMatchObject({
      ok: false,
      code: 'over_scan',
      message: 'Only 1 unit of Mug left to box; the scan counts 2',
    });
  });
  it('a box of no group takes any line', () => {
    expect(judgeScan(lines, { packingGroupId: null, boxNo: null }, 'MUG-1', 1, () => 0)).toMatchObject({
      ok: true,
      line: { id: 1 },
    });
  });
});

describe('judgeBox', () => {
  const m = (lengthIn: number, weightLb: number) => ({ lengthIn, widthIn: 10, heightIn: 10, weightLb });
  it('takes a box within 25 in and 50 lb', () => {
    expect(judgeBox(m(25, 50), 3)).toEqual({ issues: [], problems: [], teamLift: false, parcelOk: true });
  });
  it('refuses a heavy or long box of several units, and an empty box', () => {
    expect(judgeBox(m(26, 51), 2).issues).toEqual([
      { key: 'side', longest: 26, max: 25 },
      { key: 'heavy', weight: 51, max: 50 },
    ]);
    expect(judgeBox(m(26, 51), 2).problems).toHaveLength(2);
    expect(judgeBox(m(10, 5), 0).problems[0]).toMatch(/empty/);
  });
  it('lets one oversize unit go alone: team lift over 50 lb, no small parcel over 100 lb', () => {
    expect(judgeBox(m(40, 70), 1)).toEqual({ issues: [], problems: [], teamLift: true, parcelOk: true });
    expect(judgeBox(m(40, 120), 1)).toMatchObject({ teamLift: true, parcelOk: false });
  });
  it('uses the packing option’s weight limit when lower', () => {
    expect(judgeBox(m(10, 45), 2, 40).problems[0]).toMatch(/at most 40 lb/);
  });
});

describe('readScale', () => {
  it('reads what keyboard scales type, in lb', () => {
    expect(readScale('12.40 lb')).toBe(12.4);
    expect(readScale('  3.1\r')).toBe(3.1);
    expect(readScale('5KG')).toBe(11.02);
    expect(readScale('32 oz')).toBe(2);
    expect(readScale('2,5')).toBe(2.5);
    expect(readScale('abc')).toBeNull();
    expect(readScale('-1')).toBeNull();
  });
});
