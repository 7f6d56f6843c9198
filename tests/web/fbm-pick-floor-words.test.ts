/**
 * The pick screen's words (src/features/fbm-pick/words.ts): each refusal of the pick rule has its
 * i18n key with the values its sentence names, in every locale; the totes of a picked batch are
 * its orders with what each got.
 */
import { describe, expect, it } from 'vitest';
import { judgePickScan, type PickStop } from '../../domain/rules/fbm-pick';
import { en } from '../../src/locales/en';
import { de } from '../../src/locales/de';
import { fr } from '../../src/locales/fr';
import { pt } from '../../src/locales/pt';
import { refusalWords, totesOf } from '../../src/features/fbm-pick/words';

const stop = (id: number, location: string, key: string, quantity: number, picked = 0): PickStop => ({
  id,
  sequence: id,
  location,
  productKey: key,
  sku: key,
  codes: [key],
  quantity,
  picked,
  short: 0,
});
const LINES = [stop(1, 'A-1', 'MUG-1', 2), stop(2, 'B-1', 'LAMP-2', 1)];

describe('pick refusals in words', () => {
  const refusals = [
    judgePickScan(LINES, null, 'MUG-1'),
    judgePickScan(LINES, null, 'Q-9'),
    judgePickScan(LINES, 'A-1', 'LAMP-2'),
    judgePickScan(LINES, 'A-1', 'MUG-1', 5),
    judgePickScan(
      LINES.map((l) => ({ ...l, picked: l.quantity })),
      null,
      'A-1',
    ),
  ];
  it('each refusal names its key and the values of its sentence, in every locale', () => {
    const codes = new Set<string>();
    for (const r of refusals) {
      if (r.ok) throw new Error('expected a refusal');
      const w = refusalWords(r);
      codes.add(r.code);
      for (const locale of [en, de, fr, pt]) {
        const text = (locale.fbmPick.refused as Record<string, string>)[r.code];
        expect(text, `${r.code}`).toBeTruthy();
        for (const name of text.match(/{{(\w+)}}/g) ?? []) expect(w.values).toHaveProperty(name.slice(2, -2));
      }
    }
    expect([...codes].sort()).toEqual(['batch_done', 'scan_location', 'too_many', 'wrong_item', 'wrong_location']);
  });
  it('a wrong item says what was scanned, where, and what to pick instead', () => {
    const r = judgePickScan(LINES, 'A-1', 'lamp-2');
    if (r.ok) throw new Error('expected a refusal');
    expect(refusalWords(r)).toEqual({
      key: 'fbmPick.refused.wrong_item',
      values: { scanned: 'LAMP-2', location: 'A-1', expected: 'MUG-1' },
    });
  });
});

describe('totes of a batch', () => {
  it('one per order, with its units picked and short', () => {
    expect(
      totesOf([
        { marketplaceOrderId: 'O-1', quantity: 2, picked: 2, short: 0 },
        { marketplaceOrderId: 'O-2', quantity: 1, picked: 0, short: 1 },
        { marketplaceOrderId: 'O-1', quantity: 1, picked: 1, short: 0 },
      ]),
    ).toEqual([
      { order: 'O-1', units: 3, picked: 3, short: 0 },
      { order: 'O-2', units: 1, picked: 0, short: 1 },
    ]);
  });
});
