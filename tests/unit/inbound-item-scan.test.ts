import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countItemScan, itemMatches, readItemCode, type ItemCounts } from '../../domain/rules/item-scan.js';

const item = (over: Partial<ItemCounts> = {}): ItemCounts => ({
  expectedQty: 10,
  receivedQty: 0,
  damagedQty: 0,
  packSize: 6,
  status: 'intransit',
  ...over,
});

describe('reading a scanned item code', () => {
  it('a plain code matches any of the item codes, whatever the case', () => {
    const codes = { asin: 'B07XJ8C8F5', fnsku: 'X001ABCDEF', msku: 'wb-750', upc: '4006381333931' };
    expect(itemMatches(codes, readItemCode(' x001abcdef '))).toBe(true);
    expect(itemMatches(codes, readItemCode('WB-750'))).toBe(true);
    expect(itemMatches(codes, readItemCode('B07XJ8C8F6'))).toBe(false);
  });

  it('a case GTIN-14 (packaging indicator 1–8) names the unit GTIN and counts as a case; indicator 0 is a unit', () => {
    const caseScan = readItemCode('(01)14006381333938(37)24');
    expect(caseScan).toMatchObject({ isCase: true, count: 24 });
    expect(caseScan.candidates).toContain('4006381333931');
    const unit = readItemCode('04006381333931');
    expect(unit.isCase).toBe(false);
    expect(unit.candidates).toContain('4006381333931');
  });
});

describe('counting a scan', () => {
  it('one unit, a case of its pack size, or a bulk count; status follows the totals', () => {
    expect(countItemScan(item(), { scanned: readItemCode('X'), damaged: false })).toMatchObject({
      units: 1,
      receivedQty: 1,
      status: 'partially_delivered',
      verdict: 'received',
    });
    expect(countItemScan(item(), { scanned: { candidates: [], isCase: true }, damaged: false })).toMatchObject({
      units: 6,
      receivedQty: 6,
    });
    expect(
      countItemScan(item({ receivedQty: 6, status: 'partially_delivered' }), {
        scanned: readItemCode('X'),
        count: 4,
        damaged: false,
      }),
    ).toMatchObject({ units: 4, receivedQty: 10, status: 'received', overReceived: 0 });
  });

  it('a first scan that counts every unit takes the item from in transit to received (via delivered); a stored item keeps its status', () => {
    expect(
      countItemScan(item({ expectedQty: 6 }), { scanned: { candidates: [], isCase: true }, damaged: false }).status,
    ).toBe('received');
    expect(
      countItemScan(item({ receivedQty: 10, status: 'stored' }), { scanned: readItemCode('X'), damaged: false }).status,
    ).toBe('stored');
  });

  it('over-receipt counts only the units beyond the expected quantity, once', () => {
    const first = countItemScan(item({ receivedQty: 9, status: 'partially_delivered' }), {
      scanned: readItemCode('X'),
      count: 3,
      damaged: false,
    });
    expect(first).toMatchObject({ verdict: 'over_received', overReceived: 2, receivedQty: 12 });
    const again = countItemScan(item({ receivedQty: 12, status: 'received' }), {
      scanned: readItemCode('X'),
      damaged: false,
    });
    expect(again).toMatchObject({ verdict: 'over_received', overReceived: 1 });
  });

  it('a damaged unit is counted as damaged, not as received', () => {
    expect(countItemScan(item(), { scanned: readItemCode('X'), damaged: true })).toMatchObject({
      verdict: 'damaged',
      receivedQty: 0,
      damagedQty: 1,
    });
  });

  it('a bad bulk count is refused', () => {
    expect(() => countItemScan(item(), { scanned: readItemCode('X'), count: 0, damaged: false })).toThrow();
  });

  it('property: any sequence of scans loses no unit and flags exactly the units beyond expected', () => {
    const scanArb = fc.record({
      isCase: fc.boolean(),
      count: fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }),
      damaged: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 24 }),
        fc.array(scanArb, { maxLength: 60 }),
        (expectedQty, packSize, scans) => {
          let state = item({ expectedQty, packSize });
          let units = 0;
          let over = 0;
          for (const s of scans) {
            const r = countItemScan(state, {
              scanned: { candidates: [], isCase: s.isCase },
              count: s.count,
              damaged: s.damaged,
            });
            units += r.units;
            over += r.overReceived;
            expect(r.units).toBeGreaterThan(0);
            state = { ...state, receivedQty: r.receivedQty, damagedQty: r.damagedQty, status: r.status };
          }
          expect(state.receivedQty + state.damagedQty).toBe(units);
          expect(over).toBe(Math.max(0, units - expectedQty));
          if (units >= expectedQty && units > 0) expect(state.status).toBe('received');
          else if (units > 0) expect(state.status).toBe('partially_delivered');
        },
      ),
    );
  });
});
