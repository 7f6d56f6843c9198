/**
 * The bench's refusals in the user's language (src/features/bench/device-refusal.ts, scan-plan.ts):
 * a scan the domain refuses (judgeScan: unknown, other group, over-scan) and a write the device's
 * own engine refuses offline (a closed box, a plan that left the bench, a box that gives back more
 * than it holds…) are worded from the rule's code and data — title, left, n, quantity — through
 * i18n keys that every language has; the domain's English sentence stays the server's.
 */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { judgeScan } from '../../domain/rules/bench';
import type { BenchBoxRow, BenchLineRow, BenchPlanRow } from '../../domain/schemas/bench';
import { de } from '../../src/locales/de';
import { en } from '../../src/locales/en';
import { fr } from '../../src/locales/fr';
import { pt } from '../../src/locales/pt';
import { deviceRefusal } from '../../src/features/bench/device-refusal';
import { openedBox, planCommand, scanRefusalWords, type BenchMemory } from '../../src/features/bench/scan-plan';

const line = (id: number, fnsku: string, quantity: number, group: string | null): BenchLineRow => ({
  id,
  planId: 7,
  companyId: 1,
  title: id === 1 ? 'Enamel mug' : `Product ${id}`,
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
const PLAN = { id: 7, name: 'FBA-7', status: 'active', step: 'boxes', boxMaxWeightLb: null } as unknown as BenchPlanRow;
const LINES = [line(1, 'X00MUG0001', 3, 'pgA'), line(2, 'X00BOARD01', 2, 'pgB')];
const MEM: BenchMemory = {
  lines: LINES,
  boxes: [box('b1', 1, 'pgA'), box('b2', 2, 'pgB', 'closed')],
  items: [item('b1', 1, 2), item('b2', 2, 1)],
};

const i18n = i18next.createInstance();
await i18n.init({
  resources: { en: { translation: en }, de: { translation: de }, fr: { translation: fr }, pt: { translation: pt } },
  lng: 'en',
  fallbackLng: false,
  interpolation: { escapeValue: false },
});
/** A refusal as the panel says it (LastScanPanel: bench.refused.<key>). */
const say = (lng: string, words: { key: string; values: Record<string, string | number> }) =>
  i18n.getFixedT(lng)(`bench.refused.${words.key}`, words.values);

describe('a scan the domain refuses, in words', () => {
  it('words judgeScan’s code and data, not its English sentence', () => {
    const boxed = (id: number) => (id === 1 ? 2 : 0);
    const over = judgeScan(LINES, MEM.boxes[0], 'X00MUG0001', 3, boxed);
    expect(over).toMatchObject({ ok: false, code: 'over_scan', left: 1, n: 3 });
    if (over.ok) return;
    const words = scanRefusalWords(over, 'X00MUG0001', 1);
    expect(words).toEqual({ key: 'overScan', values: { title: 'Enamel mug', left: 1, units: 3 } });
    expect(say('en', words)).toBe('Only 1 of Enamel mug left to box; the scan counts 3.');
    expect(say('de', words)).toBe('Nur noch 1 von Enamel mug zu verpacken; der Scan zählt 3.');
    expect(say('fr', words)).toContain('Enamel mug');
    expect(say('pt', words)).toBe('Só faltam 1 de Enamel mug para embalar; a leitura conta 3.');
    for (const lng of ['de', 'fr', 'pt']) expect(say(lng, words)).not.toContain(over.message);

    const full = judgeScan(LINES, MEM.boxes[0], 'X00MUG0001', 1, () => 3);
    if (full.ok) throw new Error('refused');
    expect(scanRefusalWords(full, 'X00MUG0001', 1)).toEqual({
      key: 'allBoxed',
      values: { title: 'Enamel mug', planned: 3 },
    });
    const other = judgeScan(LINES, MEM.boxes[0], 'X00BOARD01', 1, () => 0);
    if (other.ok) throw new Error('refused');
    expect(say('de', scanRefusalWords(other, 'X00BOARD01', 1))).toBe(
      'Product 2 gehört zu einer anderen Verpackungsgruppe als Karton 1: einen Karton ihrer Gruppe nehmen.',
    );
    const unknown = judgeScan(LINES, MEM.boxes[0], ' NOPE ', 1, () => 0);
    if (unknown.ok) throw new Error('refused');
    expect(say('fr', scanRefusalWords(unknown, ' NOPE ', 1))).toBe(
      'NOPE ne fait pas partie de ce plan. Mettez l’unité de côté.',
    );
  });
});

describe('a write the device’s engine refuses, in words', () => {
  it('a scan into a box closed meanwhile, or judged again of what the device holds now', () => {
    expect(deviceRefusal({ kind: 'scan', boxId: 'b2', code: 'X00BOARD01', quantity: 1 }, PLAN, MEM)).toEqual({
      reason: 'device',
      words: { key: 'boxClosed', values: { boxNo: 2 } },
    });
    const over = deviceRefusal({ kind: 'scan', boxId: 'b1', code: 'X00MUG0001', quantity: 2 }, PLAN, MEM);
    expect(over).toEqual({
      reason: 'over_scan',
      words: { key: 'overScan', values: { title: 'Enamel mug', left: 1, units: 2 } },
    });
    expect(say('pt', over.words)).toBe('Só faltam 1 de Enamel mug para embalar; a leitura conta 2.');
    expect(deviceRefusal({ kind: 'scan', boxId: 'b1', code: 'X00BOARD01', quantity: 1 }, PLAN, MEM)).toMatchObject({
      reason: 'other_group',
      words: { key: 'otherGroup', values: { boxNo: 1 } },
    });
  });

  it('the plan first: gone from the device, cancelled, left the bench', () => {
    const open = { kind: 'open', packingGroupId: null, reason: 'scan' } as const;
    expect(deviceRefusal(open, null, MEM).words.key).toBe('planGone');
    expect(deviceRefusal(open, { ...PLAN, status: 'cancelled' }, MEM).words).toEqual({
      key: 'planCancelled',
      values: { name: 'FBA-7' },
    });
    const left = deviceRefusal({ kind: 'reopen', boxId: 'b2' }, { ...PLAN, step: 'placement' }, MEM);
    expect(left.words).toEqual({ key: 'planLeft', values: { name: 'FBA-7' } });
    expect(say('de', left.words)).toBe(
      'Plan FBA-7 hat den Packtisch verlassen: Seine Kartons können nicht mehr geändert werden.',
    );
  });

  it('take out, close, discard: worded from the box and its contents', () => {
    expect(deviceRefusal({ kind: 'unscan', boxId: 'b2', lineId: 2, quantity: 1 }, PLAN, MEM).words).toEqual({
      key: 'boxClosedTakeOut',
      values: { boxNo: 2 },
    });
    const less = deviceRefusal({ kind: 'unscan', boxId: 'b1', lineId: 1, quantity: 3 }, PLAN, MEM).words;
    expect(less).toEqual({ key: 'holdsLess', values: { boxNo: 1, held: 2, title: 'Enamel mug', quantity: 3 } });
    expect(say('fr', less)).toBe('Le carton 1 contient 2 de Enamel mug : il ne peut pas en rendre 3.');
    expect(deviceRefusal({ kind: 'unscan', boxId: 'b1', lineId: 9, quantity: 1 }, PLAN, MEM).words.key).toBe(
      'lineGone',
    );
    const heavy = { lengthIn: 12, widthIn: 10, heightIn: 8, weightLb: 60 };
    expect(deviceRefusal({ kind: 'close', boxId: 'b1', measure: heavy }, PLAN, MEM).words).toEqual({
      key: 'closeRefused',
      values: { boxNo: 1 },
    });
    expect(deviceRefusal({ kind: 'discard', boxId: 'b1' }, PLAN, MEM).words).toEqual({
      key: 'notEmpty',
      values: { boxNo: 1 },
    });
    expect(deviceRefusal({ kind: 'discard', boxId: 'gone' }, PLAN, MEM).words.key).toBe('boxGone');
  });

  it('when the device now sees nothing wrong it says so plainly, still in the user’s language', () => {
    const fine = deviceRefusal({ kind: 'scan', boxId: 'b1', code: 'X00MUG0001', quantity: 1 }, PLAN, MEM);
    expect(fine).toEqual({ reason: 'device', words: { key: 'device', values: {} } });
    expect(say('de', fine.words)).toMatch(/^Dieses Gerät konnte es nicht speichern/);
  });
});

describe('every refusal the bench can say', () => {
  // The keys device-refusal.ts, scanRefusalWords, refusalWords and planCommand produce, with the
  // values they give.
  const SAID: [string, Record<string, string | number>][] = [
    ['unknown', { code: 'NOPE' }],
    ['allBoxed', { title: 'Mug', planned: 3 }],
    ['overScan', { title: 'Mug', left: 1, units: 2 }],
    ['otherGroup', { title: 'Mug', boxNo: 1 }],
    ['badCount', { count: 'x' }],
    ['byServer', { message: 'Box 1 is closed' }],
    ['planGone', {}],
    ['planCancelled', { name: 'P' }],
    ['planLeft', { name: 'P' }],
    ['boxGone', {}],
    ['boxClosed', { boxNo: 1 }],
    ['boxClosedTakeOut', { boxNo: 1 }],
    ['lineGone', {}],
    ['holdsLess', { boxNo: 1, held: 1, title: 'Mug', quantity: 2 }],
    ['closeRefused', { boxNo: 1 }],
    ['notEmpty', { boxNo: 1 }],
    ['device', {}],
    ['unknownCommand', { code: '$$X' }],
    ['newBoxWhichGroup', {}],
    ['newBoxEmpty', { boxNo: 1 }],
    ['noBoxToClose', {}],
    ['alreadyClosed', { boxNo: 1 }],
    ['closeEmpty', { boxNo: 1 }],
    ['nothingToUndo', {}],
    ['undoClosed', { boxNo: 1, title: 'Mug' }],
    ['openElsewhere', { boxNo: 1 }],
    ['openedElsewhere', {}],
  ];

  it('has words in each language, every value used and no placeholder left', () => {
    for (const lng of ['en', 'de', 'fr', 'pt'])
      for (const [key, values] of SAID) {
        const text = say(lng, { key, values });
        expect(text, `${lng} ${key}`).not.toBe(`bench.refused.${key}`);
        expect(text, `${lng} ${key}`).not.toMatch(/{{/);
        for (const v of Object.values(values)) expect(text, `${lng} ${key}`).toContain(String(v));
      }
  });

  it('the command refusals planCommand gives are among them', () => {
    const mem: BenchMemory = { lines: LINES, boxes: [], items: [] };
    const keys = (['new_box', 'close_box', 'undo', 'unknown_command'] as const).map((c) => {
      const cmd = planCommand(mem, {}, null, c, '$$X', undefined);
      return cmd.kind === 'refuse' ? cmd.words.key : null;
    });
    expect(keys).toEqual(['newBoxWhichGroup', 'noBoxToClose', 'nothingToUndo', 'unknownCommand']);
    for (const k of keys) expect(SAID.map(([key]) => key)).toContain(k);
  });

  it('what a command does is said in each language too', () => {
    for (const lng of ['en', 'de', 'fr', 'pt'])
      for (const key of ['newBox', 'closeBox', 'closing', 'takenOut']) {
        const text = i18n.getFixedT(lng)(`bench.done.${key}`, { boxNo: 4, units: 1, title: 'Mug' });
        expect(text, `${lng} ${key}`).toContain('4');
        expect(text, `${lng} ${key}`).not.toMatch(/{{/);
      }
    expect(i18n.getFixedT('de')('bench.done.newBox', { boxNo: 4 })).toBe(
      'Neuer Karton 4: einen leeren Karton nehmen, die nächsten Scans kommen hinein',
    );
  });
});
