import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countItemScan } from '../../domain/rules/item-scan.js';
import { applyMovement } from '../../domain/rules/ledger.js';
import { checkSort, RECEIVING, sortDestination, sortLocationError, unitsToSort } from '../../domain/rules/sorting.js';

const item = (over: Record<string, unknown> = {}) =>
  ({ title: 'Mug', status: 'received', itemAction: 'fba_prep', receivedQty: 5, sortedQty: 0, ...over }) as Parameters<
    typeof checkSort
  >[0];

describe('where a sorted unit goes', () => {
  it('prep workflows go to their station, storage to any bin the receiver scans', () => {
    expect(sortDestination('fba_prep')).toEqual({ kind: 'station', code: 'PREP-FBA' });
    expect(sortDestination('wfs_prep')).toEqual({ kind: 'station', code: 'PREP-WFS' });
    expect(sortDestination('fbm')).toEqual({ kind: 'station', code: 'FBM-SHELF' });
    expect(sortDestination('storage')).toEqual({ kind: 'bin' });
    expect(sortLocationError('fba_prep', ' prep-fba ')).toBeNull();
    expect(sortLocationError('fba_prep', 'A-01-02')).toBe('This unit goes to PREP-FBA, not A-01-02');
    expect(sortLocationError('storage', 'A-01-02-3')).toBeNull();
    expect(sortLocationError('storage', 'PREP-FBA')).toMatch(/storage bin, not PREP-FBA/);
    expect(sortLocationError('storage', RECEIVING)).toMatch(/storage bin/);
    expect(sortLocationError('storage', 'a bin!')).toMatch(/not a location code/);
  });

  it('never more than waits in receiving; the last unit out moves the item on (in prep / stored)', () => {
    expect(checkSort(item(), 6, 'PREP-FBA')).toEqual({ ok: false, message: 'Only 5 units of Mug wait in receiving' });
    expect(checkSort(item({ sortedQty: 5 }), 1, 'PREP-FBA')).toEqual({
      ok: false,
      message: 'No units of Mug wait in receiving',
    });
    expect(checkSort(item(), 2, 'PREP-FBA')).toEqual({
      ok: true,
      sortedQty: 2,
      status: 'received',
      location: 'PREP-FBA',
    });
    expect(checkSort(item({ sortedQty: 2 }), 3, 'prep-fba')).toEqual({
      ok: true,
      sortedQty: 5,
      status: 'inprep',
      location: 'PREP-FBA',
    });
    expect(checkSort(item({ itemAction: 'storage' }), 5, 'B-2-1')).toMatchObject({ ok: true, status: 'stored' });
    // Partly delivered items keep their status: more units may still arrive.
    expect(checkSort(item({ status: 'partially_delivered' }), 5, 'PREP-FBA')).toMatchObject({
      ok: true,
      status: 'partially_delivered',
    });
  });

  it('property: scans and sorts in any order conserve units and never take RECEIVING below zero', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('scan' as const), damaged: fc.boolean(), count: fc.integer({ min: 1, max: 6 }) }),
      fc.record({ kind: fc.constant('sort' as const), quantity: fc.integer({ min: 1, max: 8 }) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.array(step, { maxLength: 80 }), (expectedQty, steps) => {
        let it = {
          title: 'X',
          status: 'intransit',
          itemAction: 'fba_prep',
          receivedQty: 0,
          damagedQty: 0,
          sortedQty: 0,
          expectedQty,
          packSize: 1,
        };
        const ledger: { location: string; condition: string; quantity: number }[] = [];
        const onHand = (location: string, condition: string) =>
          ledger
            .filter((r) => r.location === location && r.condition === condition)
            .reduce((n, r) => n + r.quantity, 0);
        for (const s of steps) {
          if (s.kind === 'scan') {
            const r = countItemScan(it, {
              scanned: { candidates: [], isCase: false },
              count: s.count,
              damaged: s.damaged,
            });
            ledger.push({ location: RECEIVING, condition: s.damaged ? 'damaged' : 'sellable', quantity: r.units });
            it = { ...it, receivedQty: r.receivedQty, damagedQty: r.damagedQty, status: r.status };
          } else {
            const check = checkSort(it, s.quantity, 'PREP-FBA');
            const movement = applyMovement(onHand(RECEIVING, 'sellable'), -s.quantity);
            // The device's rule and the ledger's agree on every sort.
            expect(check.ok).toBe(movement.ok);
            if (!check.ok) continue;
            ledger.push(
              { location: RECEIVING, condition: 'sellable', quantity: -s.quantity },
              { location: 'PREP-FBA', condition: 'sellable', quantity: s.quantity },
            );
            it = { ...it, sortedQty: check.sortedQty, status: check.status };
          }
          expect(onHand(RECEIVING, 'sellable')).toBeGreaterThanOrEqual(0);
          expect(onHand(RECEIVING, 'sellable')).toBe(unitsToSort(it));
          expect(onHand(RECEIVING, 'sellable') + onHand('PREP-FBA', 'sellable')).toBe(it.receivedQty);
          expect(ledger.reduce((n, r) => n + r.quantity, 0)).toBe(it.receivedQty + it.damagedQty);
        }
      }),
    );
  });
});
