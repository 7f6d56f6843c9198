/**
 * Command barcodes at the bench (src/features/bench/scan-plan.ts planCommand, command-sheet.ts):
 * NEW BOX opens a box for the group of the box in front of the packer, CLOSE BOX asks that box's
 * close form, UNDO takes the last packed unit out again — judged from the same memory as a unit's
 * scan, refused in words; the command sheet draws each code as Code 128 and prints alone.
 */
import { describe, expect, it } from 'vitest';
import { BENCH_COMMANDS } from '../../domain/rules/bench';
import type { BenchBoxRow, BenchLineRow } from '../../domain/schemas/bench';
import { de } from '../../src/locales/de';
import { en } from '../../src/locales/en';
import { fr } from '../../src/locales/fr';
import { pt } from '../../src/locales/pt';
import { commandBarcodeSvg, SHEET_COMMANDS, sheetHtml } from '../../src/features/bench/command-sheet';
import {
  boxInFront,
  openedBox,
  planCommand,
  planScan,
  withBox,
  withScan,
  withUnscan,
  type BenchMemory,
  type PackedScan,
} from '../../src/features/bench/scan-plan';

const line = (id: number, fnsku: string, quantity: number, group: string | null): BenchLineRow => ({
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
  packSize: 1,
  weightLb: 1,
  expiration: null,
});
const box = (id: string, boxNo: number, group: string | null, state: 'open' | 'closed' = 'open'): BenchBoxRow => ({
  ...openedBox(id, 7, boxNo, group, '2025-01-01T00:00:00Z'),
  state,
});
const item = (boxId: string, lineId: number, quantity: number) => ({
  id: `${boxId}:${lineId}`,
  boxId,
  planId: 7,
  planItemId: lineId,
  quantity,
});
const LINES = [line(1, 'X00MUG0001', 3, 'pgA'), line(2, 'X00BOARD01', 2, 'pgB'), line(3, 'X00MAT0001', 2, 'pgA')];
const ONE_GROUP = [line(1, 'X00MUG0001', 3, 'pg1'), line(3, 'X00MAT0001', 2, 'pg1')];

describe('NEW BOX', () => {
  it('opens a box for the group of the box in front of the packer, numbered after the plan’s boxes', () => {
    const mem: BenchMemory = {
      lines: LINES,
      boxes: [box('b1', 1, 'pgA'), box('b2', 2, 'pgB')],
      items: [item('b1', 1, 2)],
    };
    expect(planCommand(mem, { pgA: 'b1', pgB: 'b2' }, 'b1', 'new_box', '$$NEWBOX', undefined)).toEqual({
      kind: 'new_box',
      packingGroupId: 'pgA',
      boxNo: 3,
    });
  });

  it('with no box yet: the plan’s only group; with several groups it asks which', () => {
    const one: BenchMemory = { lines: ONE_GROUP, boxes: [], items: [] };
    expect(planCommand(one, {}, null, 'new_box', '$$NEWBOX', undefined)).toEqual({
      kind: 'new_box',
      packingGroupId: 'pg1',
      boxNo: 1,
    });
    const two: BenchMemory = { lines: LINES, boxes: [], items: [] };
    expect(planCommand(two, {}, null, 'new_box', '$$NEWBOX', undefined)).toEqual({
      kind: 'refuse',
      words: { key: 'newBoxWhichGroup', values: {} },
    });
  });

  it('is refused while this bench’s box of the group is still empty (a double scan opens one box)', () => {
    const mem: BenchMemory = { lines: ONE_GROUP, boxes: [box('b1', 1, 'pg1')], items: [] };
    expect(planCommand(mem, { pg1: 'b1' }, 'b1', 'new_box', '$$NEWBOX', undefined)).toEqual({
      kind: 'refuse',
      words: { key: 'newBoxEmpty', values: { boxNo: 1 } },
    });
  });

  it('the box it opens is in memory at once: the next unit goes into it, not into yet another box', () => {
    const mem: BenchMemory = { lines: ONE_GROUP, boxes: [box('b1', 1, 'pg1')], items: [item('b1', 1, 2)] };
    const cmd = planCommand(mem, { pg1: 'b1' }, 'b1', 'new_box', '$$NEWBOX', undefined);
    expect(cmd.kind).toBe('new_box');
    if (cmd.kind !== 'new_box') return;
    const after = withBox(mem, openedBox('b2', 7, cmd.boxNo, cmd.packingGroupId, '2025-01-01T00:00:00Z'));
    expect(withBox(after, after.boxes[1]).boxes).toHaveLength(2);
    expect(planScan(after, { pg1: 'b2' }, 'X00MAT0001', 1)).toMatchObject({
      kind: 'scan',
      box: { id: 'b2', boxNo: 2 },
    });
    // A second NEW BOX before anything is packed into it is refused.
    expect(planCommand(after, { pg1: 'b2' }, 'b2', 'new_box', '$$NEWBOX', undefined)).toMatchObject({
      kind: 'refuse',
      words: { key: 'newBoxEmpty', values: { boxNo: 2 } },
    });
  });
});

describe('CLOSE BOX', () => {
  it('asks the close form of the box in front (the last used, else this bench’s open box)', () => {
    const mem: BenchMemory = {
      lines: LINES,
      boxes: [box('b1', 1, 'pgA'), box('b2', 2, 'pgB')],
      items: [item('b1', 1, 1), item('b2', 2, 1)],
    };
    expect(planCommand(mem, { pgA: 'b1', pgB: 'b2' }, 'b2', 'close_box', '$$CLOSEBOX', undefined)).toMatchObject({
      kind: 'close_box',
      box: { id: 'b2' },
    });
    expect(boxInFront(mem, { pgA: 'b1' }, null)?.id).toBe('b1');
    expect(planCommand(mem, { pgA: 'b1' }, null, 'close_box', '$$CLOSEBOX', undefined)).toMatchObject({
      kind: 'close_box',
      box: { id: 'b1' },
    });
  });

  it('refuses in words: no box, a closed box, an empty box', () => {
    const refusal = (mem: BenchMemory, active: string | null) =>
      planCommand(mem, { pgA: 'b1' }, active, 'close_box', '$$CLOSEBOX', undefined);
    expect(refusal({ lines: LINES, boxes: [], items: [] }, null)).toEqual({
      kind: 'refuse',
      words: { key: 'noBoxToClose', values: {} },
    });
    expect(refusal({ lines: LINES, boxes: [box('b1', 1, 'pgA', 'closed')], items: [item('b1', 1, 1)] }, 'b1')).toEqual({
      kind: 'refuse',
      words: { key: 'alreadyClosed', values: { boxNo: 1 } },
    });
    expect(refusal({ lines: LINES, boxes: [box('b1', 1, 'pgA')], items: [] }, 'b1')).toEqual({
      kind: 'refuse',
      words: { key: 'closeEmpty', values: { boxNo: 1 } },
    });
  });
});

describe('UNDO', () => {
  const packed: PackedScan = { id: 's2', boxId: 'b1', lineId: 3, units: 2 };

  it('takes the last packed unit out of its box (a case scan: all its units)', () => {
    const mem: BenchMemory = {
      lines: LINES,
      boxes: [box('b1', 1, 'pgA')],
      items: [item('b1', 1, 1), item('b1', 3, 2)],
    };
    const cmd = planCommand(mem, { pgA: 'b1' }, 'b1', 'undo', '$$UNDO', packed);
    expect(cmd).toMatchObject({ kind: 'undo', box: { id: 'b1' }, line: { id: 3 }, units: 2, scan: packed });
    // Memory sees it out at once: the unit may be scanned again before the replica answers.
    const after = withUnscan(mem, 'b1', 3, 2);
    expect(after.items).toEqual([item('b1', 1, 1)]);
    expect(withUnscan(mem, 'b1', 1, 0).items).toEqual(mem.items);
    expect(planScan(after, { pgA: 'b1' }, 'X00MAT0001', 2)).toMatchObject({ kind: 'scan', units: 2 });
  });

  it('refuses in words: nothing packed, its box closed, the unit no longer in it', () => {
    const mem: BenchMemory = { lines: LINES, boxes: [box('b1', 1, 'pgA')], items: [item('b1', 3, 1)] };
    expect(planCommand(mem, {}, null, 'undo', '$$UNDO', undefined)).toEqual({
      kind: 'refuse',
      words: { key: 'nothingToUndo', values: {} },
    });
    expect(planCommand(mem, {}, null, 'undo', '$$UNDO', packed)).toEqual({
      kind: 'refuse',
      words: { key: 'nothingToUndo', values: {} },
    });
    const closed = { ...mem, boxes: [box('b1', 1, 'pgA', 'closed')], items: [item('b1', 3, 2)] };
    expect(planCommand(closed, {}, null, 'undo', '$$UNDO', packed)).toEqual({
      kind: 'refuse',
      words: { key: 'undoClosed', values: { boxNo: 1, title: 'Product 3' } },
    });
  });

  it('goes back scan by scan: each packed scan is on the stack the device keeps', () => {
    const empty: BenchMemory = { lines: ONE_GROUP, boxes: [], items: [] };
    const first = planScan(empty, {}, 'X00MUG0001', 1);
    const mem1 = withScan(empty, first, 'b1', 7, '2025-01-01T00:00:00Z');
    const second = planScan(mem1, { pg1: 'b1' }, 'X00MAT0001', 1);
    const mem2 = withScan(mem1, second, 'b1', 7, '2025-01-01T00:00:00Z');
    const stack: PackedScan[] = [
      { id: 's1', boxId: 'b1', lineId: 1, units: 1 },
      { id: 's2', boxId: 'b1', lineId: 3, units: 1 },
    ];
    const undo2 = planCommand(mem2, { pg1: 'b1' }, 'b1', 'undo', '$$UNDO', stack[1]);
    expect(undo2).toMatchObject({ kind: 'undo', line: { id: 3 } });
    const mem3 = withUnscan(mem2, 'b1', 3, 1);
    expect(planCommand(mem3, { pg1: 'b1' }, 'b1', 'undo', '$$UNDO', stack[0])).toMatchObject({
      kind: 'undo',
      line: { id: 1 },
    });
  });
});

describe('an unknown command', () => {
  it('is refused as a command, with the code as scanned', () => {
    expect(
      planCommand({ lines: LINES, boxes: [], items: [] }, {}, null, 'unknown_command', ' $$PALLET ', undefined),
    ).toEqual({
      kind: 'refuse',
      words: { key: 'unknownCommand', values: { code: '$$PALLET' } },
    });
  });
});

describe('the command sheet', () => {
  it('names and explains every command in each language', () => {
    expect(SHEET_COMMANDS).toEqual(['new_box', 'close_box', 'undo']);
    for (const messages of [en, de, fr, pt])
      for (const c of SHEET_COMMANDS) {
        expect(messages.bench.commands[c].name, c).toBeTruthy();
        expect(messages.bench.commands[c].help, c).toBeTruthy();
      }
    expect(de.bench.commands.new_box.name).toBe('NEUER KARTON');
  });

  it('draws each command as Code 128 (bwip-js SVG)', async () => {
    for (const c of SHEET_COMMANDS) {
      const svg = await commandBarcodeSvg(BENCH_COMMANDS[c]);
      expect(svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
      // Bars are drawn (a path with many segments), on white.
      expect(svg).toMatch(/<path[^>]+d="[^"]{200,}"/);
      expect(svg).toContain('#FFFFFF');
    }
    const [a, b] = await Promise.all([commandBarcodeSvg('$$NEWBOX'), commandBarcodeSvg('$$UNDO')]);
    expect(a).not.toBe(b);
  });

  it('prints as a page of its own, every text escaped', () => {
    const html = sheetHtml('de', 'Packtisch <Befehle>', 'Drucken & aufkleben', [
      { command: 'new_box', code: '$$NEWBOX', name: 'NEUER KARTON', help: 'a "quoted" help', svg: '<svg></svg>' },
    ]);
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<title>Packtisch &lt;Befehle&gt;</title>');
    expect(html).toContain('Drucken &amp; aufkleben');
    expect(html).toContain('<h2>NEUER KARTON</h2>');
    expect(html).toContain('<p class="code">$$NEWBOX</p>');
    expect(html).toContain('a &quot;quoted&quot; help');
    expect(html).toContain('src="data:image/svg+xml;charset=utf-8,%3Csvg%3E%3C%2Fsvg%3E"');
  });
});
