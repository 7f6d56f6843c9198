import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseTrackingNumber } from '../../domain/rules/tracking-number.js';
import {
  canTransition,
  ITEM_STATUS_FILTERS,
  ITEM_TRANSITIONS,
  transitionError,
  type ItemStatus,
} from '../../domain/rules/item-status.js';
import { gtinCheckDigitOk, parseGs1, unitGtinOf } from '../../domain/rules/gs1.js';
import { applyMovement, onHand, unitsForScan } from '../../domain/rules/ledger.js';

describe('tracking-number normalisation (spec §5)', () => {
  it('keeps carrier prefixes 1Z, TBA, 92, 93, 94 as they are (after trim, upper-cased)', () => {
    expect(normaliseTrackingNumber('  1z999aa10123456784 ')).toBe('1Z999AA10123456784');
    expect(normaliseTrackingNumber('TBA123456789000')).toBe('TBA123456789000');
    // 22 characters but a kept prefix: rule 1 wins over rule 3.
    expect(normaliseTrackingNumber('9400111899223100001234')).toBe('9400111899223100001234');
    expect(normaliseTrackingNumber('9361289700090000000000')).toBe('9361289700090000000000');
  });
  it('drops a 420+ZIP prefix when 9261 sits at characters 8–11 of a value longer than 15', () => {
    expect(normaliseTrackingNumber('420902109261290300090501234567')).toBe('9261290300090501234567');
    expect(normaliseTrackingNumber('4209021092611234')).toBe('92611234');
    // 15 characters exactly: not longer than 15, so untouched.
    expect(normaliseTrackingNumber('420902109261123')).toBe('420902109261123');
  });
  it('reduces values of length 22, 32 and 34 to their last 12 characters', () => {
    expect(normaliseTrackingNumber('1'.repeat(10) + '123456789012')).toBe('123456789012');
    expect(normaliseTrackingNumber('9'.repeat(20) + 'ABCDEFGHIJKL')).toBe('ABCDEFGHIJKL');
    expect(normaliseTrackingNumber('0'.repeat(22) + '777788889999')).toBe('777788889999');
    expect(normaliseTrackingNumber('X'.repeat(23))).toBe('X'.repeat(23));
  });
  it('is idempotent', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        (s) => normaliseTrackingNumber(normaliseTrackingNumber(s)) === normaliseTrackingNumber(s),
      ),
    );
  });
});

describe('item status transitions', () => {
  it('follows the receiving path and refuses jumps with a clear message', () => {
    expect(canTransition('intransit', 'delivered')).toBe(true);
    expect(canTransition('delivered', 'received')).toBe(true);
    expect(canTransition('received', 'stored')).toBe(true);
    expect(canTransition('stored', 'shipped')).toBe(true);
    expect(canTransition('intransit', 'shipped')).toBe(false);
    expect(transitionError('intransit', 'shipped')).toMatch(/cannot become shipped/);
    expect(transitionError('archived', 'stored')).toMatch(/no longer change/);
    expect(transitionError('stored', 'stored')).toBeNull();
  });
  it('offers exactly the five filter statuses of spec §3', () => {
    expect(ITEM_STATUS_FILTERS).toEqual(['intransit', 'partially_delivered', 'delivered', 'fulfilled', 'blocked']);
  });
  it('every status can reach archived, and archived is terminal', () => {
    const reach = (from: ItemStatus, seen = new Set<ItemStatus>()): Set<ItemStatus> => {
      if (seen.has(from)) return seen;
      seen.add(from);
      for (const to of ITEM_TRANSITIONS[from]) reach(to, seen);
      return seen;
    };
    for (const s of Object.keys(ITEM_TRANSITIONS) as ItemStatus[]) expect(reach(s).has('archived'), s).toBe(true);
    expect(ITEM_TRANSITIONS.archived).toEqual([]);
  });
});

describe('GS1 parsing', () => {
  it('reads the bracketed form', () => {
    expect(parseGs1('(01)09506000134352(17)201225(10)ABC123')).toEqual({
      gtin: '09506000134352',
      expiry: '2020-12-25',
      lot: 'ABC123',
    });
  });
  it('reads a scanned GS1-128 with symbology prefix and FNC1 separators', () => {
    expect(parseGs1(']C1010950600013435210LOT-7\x1d3712\x1d17261130')).toEqual({
      gtin: '09506000134352',
      lot: 'LOT-7',
      count: 12,
      expiry: '2026-11-30',
    });
  });
  it('expiry day 00 means the last day of the month', () => {
    expect(parseGs1('(17)280200')?.expiry).toBe('2028-02-29');
  });
  it('plain codes are not GS1', () => {
    expect(parseGs1('X001ABCDEF')).toBeNull();
    expect(parseGs1('B07XYZ1234')).toBeNull();
  });
  it('checks GTIN check digits and maps a case GTIN-14 to its unit', () => {
    expect(gtinCheckDigitOk('09506000134352')).toBe(true);
    expect(gtinCheckDigitOk('09506000134353')).toBe(false);
    expect(gtinCheckDigitOk('4006381333931')).toBe(true);
    const c = unitGtinOf('14006381333938');
    expect(c).toEqual({ unit: '4006381333931', isCase: true });
    expect(gtinCheckDigitOk(c.unit)).toBe(true);
    expect(unitGtinOf('04006381333931')).toEqual({ unit: '4006381333931', isCase: false });
  });
});

describe('ledger arithmetic', () => {
  it('a case adds its pack size, a bulk count what was entered', () => {
    expect(unitsForScan({ isCase: false, packSize: 12 })).toBe(1);
    expect(unitsForScan({ isCase: true, packSize: 12 })).toBe(12);
    expect(unitsForScan({ isCase: true, packSize: 12, count: 30 })).toBe(30);
    expect(() => unitsForScan({ isCase: false, packSize: 1, count: 0 })).toThrow();
  });
  it('no sequence of movements makes on-hand negative or loses a unit (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 }), { maxLength: 200 }), (deltas) => {
        const ledger: { quantity: number }[] = [];
        let refusedOut = 0;
        for (const d of deltas) {
          const check = applyMovement(onHand(ledger), d);
          if (check.ok) ledger.push({ quantity: d });
          else if (d < 0) refusedOut++;
          expect(onHand(ledger)).toBeGreaterThanOrEqual(0);
        }
        const accepted = ledger.reduce((s, r) => s + r.quantity, 0);
        // Conservation: on-hand is exactly the sum of accepted movements.
        expect(onHand(ledger)).toBe(accepted);
        expect(refusedOut).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
