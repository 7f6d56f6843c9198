import { describe, expect, it } from 'vitest';
import { BENCH_COMMANDS, judgeBox, judgeScan, readBenchCommand, readScale } from '../../domain/rules/bench.js';

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
  it('gives a refusal’s data with its English sentence: the line, what is left and what the scan counts', () => {
    const boxed = new Map([[1, 3]]);
    const over = judgeScan(lines, { packingGroupId: 'g1', boxNo: 1 }, 'MUG-1', 2, (id) => boxed.get(id) ?? 0);
    expect(over).toMatchObject({ ok: false, code: 'over_scan', line: { id: 1 }, left: 1, n: 2 });
    // A case barcode counts its case: the data says so too.
    const cased = [{ ...lines[0], codes: ['0036000291452'] }];
    expect(judgeScan(cased, { packingGroupId: null, boxNo: null }, '10036000291459', 1, () => 0)).toMatchObject({
      ok: false,
      code: 'over_scan',
      left: 4,
      n: 6,
    });
    const full = judgeScan(lines, { packingGroupId: 'g1', boxNo: 1 }, 'MUG-1', 1, () => 4);
    expect(full).toMatchObject({ code: 'over_scan', left: 0, n: 1, message: expect.stringMatching(/boxed already/) });
    expect(judgeScan(lines, { packingGroupId: 'g1', boxNo: 1 }, 'NOPE', 1, () => 0)).toEqual({
      ok: false,
      code: 'unknown',
      message: 'NOPE is not in this plan',
    });
    expect(judgeScan([lines[0]], { packingGroupId: 'g2', boxNo: 1 }, 'MUG-1', 1, () => 0)).toMatchObject({
      ok: false,
      code: 'other_group',
      line: { id: 1, title: 'Mug' },
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

describe('readBenchCommand', () => {
  it('reads the bench’s command barcodes, whatever the case and the spaces a scanner adds', () => {
    expect(readBenchCommand('$$NEWBOX')).toBe('new_box');
    expect(readBenchCommand(' $$closebox\r')).toBe('close_box');
    expect(readBenchCommand('$$Undo')).toBe('undo');
    expect(Object.values(BENCH_COMMANDS).map((c) => readBenchCommand(c))).toEqual(['new_box', 'close_box', 'undo']);
  });
  it('a "$$" code the bench does not know is an unknown command, not a unit', () => {
    expect(readBenchCommand('$$NEWPALLET')).toBe('unknown_command');
    expect(readBenchCommand('$$')).toBe('unknown_command');
  });
  it('no unit code is a command: FNSKU, ASIN, UPC, EAN, GTIN, GS1, LPN, location, an MSKU with a $ inside', () => {
    for (const code of [
      'X00MUG0001',
      'B0CXYZ1234',
      '036000291452',
      '4006381333931',
      '10036000291459',
      '(01)10036000291459(30)12',
      ']C10110036000291459',
      'LPN00000042',
      'A-01-02/B',
      'MUG$$NEWBOX',
      '$NEWBOX',
      'NEWBOX',
    ])
      expect(readBenchCommand(code), code).toBeNull();
  });
  it('a plan line whose code is the command’s (an MSKU is free text) keeps it as a unit', () => {
    expect(readBenchCommand('$$undo', [{ codes: ['X00MUG0001', '$$UNDO'] }])).toBeNull();
    expect(readBenchCommand('$$NEWBOX', [{ codes: ['X00MUG0001'] }])).toBe('new_box');
  });
  it('the commands’ words have no Y or Z (swapped by a scanner typing on a QWERTZ layout) and read as Code 128 B', () => {
    for (const code of Object.values(BENCH_COMMANDS)) expect(code).toMatch(/^\$\$[A-X]+$/);
  });
});
