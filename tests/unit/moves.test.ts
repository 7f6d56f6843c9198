/** Move rules: a move never creates, loses or overdraws a unit (property test), and says why not. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyDeltas, lineKey, planContainerMove, planUnitMove, type BalanceLine } from '../../domain/rules/moves.js';
import { inventoryMoveArgsSchema } from '../../domain/schemas/inventory.js';

const line = (over: Partial<BalanceLine>): BalanceLine => ({
  companyId: 1,
  productKey: 'X001',
  location: 'A-01',
  lpn: '',
  condition: 'sellable',
  quantity: 5,
  ...over,
});

describe('planUnitMove', () => {
  it('takes the units out of the source and puts them at the destination', () => {
    const plan = planUnitMove(
      [line({})],
      'X001',
      3,
      { location: 'A-01', lpn: '' },
      { location: 'B-01', lpn: 'LPN00000001' },
    );
    expect(plan).toMatchObject({ ok: true });
    if (!plan.ok) return;
    expect(plan.deltas.map((d) => [d.location, d.lpn, d.quantity])).toEqual([
      ['A-01', '', -3],
      ['B-01', 'LPN00000001', 3],
    ]);
  });

  it('refuses more than is there, nothing there, an ambiguous code and a move to the same place', () => {
    const from = { location: 'A-01', lpn: '' };
    expect(planUnitMove([line({})], 'X001', 6, from, { location: 'B', lpn: '' })).toEqual({
      ok: false,
      message: 'Only 5 of X001 at A-01; cannot move 6',
    });
    expect(planUnitMove([], 'X001', 1, from, { location: 'B', lpn: '' })).toEqual({
      ok: false,
      message: 'No units of X001 at A-01',
    });
    expect(planUnitMove([line({}), line({ companyId: 2 })], '0123', 1, from, { location: 'B', lpn: '' })).toMatchObject(
      { ok: false, message: expect.stringMatching(/matches 2 products/) },
    );
    expect(planUnitMove([line({})], 'X001', 1, from, from)).toEqual({
      ok: false,
      message: 'The units are already there',
    });
    expect(planUnitMove([line({})], 'X001', 0, from, { location: 'B', lpn: '' })).toMatchObject({ ok: false });
  });
});

describe('move arguments', () => {
  it('a unit move states its quantity; only an LPN moves without one', () => {
    const base = {
      id: crypto.randomUUID(),
      from: 'a-01',
      to: 'B-01',
      reason: 'mis_pick',
      movedAt: new Date().toISOString(),
    };
    expect(inventoryMoveArgsSchema.safeParse({ ...base, productCode: 'x001' }).error?.issues[0].message).toBe(
      'quantity: enter or scan how many units to move',
    );
    expect(inventoryMoveArgsSchema.parse({ ...base, productCode: 'x001', quantity: 2 })).toMatchObject({
      from: 'A-01',
      productCode: 'X001',
      condition: 'sellable',
    });
    expect(inventoryMoveArgsSchema.safeParse({ ...base, to: 'A-01' }).success).toBe(false);
    expect(inventoryMoveArgsSchema.safeParse({ ...base, reason: 'because' }).success).toBe(false);
  });
});

const PLACES = ['A-01', 'A-02', 'B-01'];
const LPNS = ['', 'LPN00000001', 'LPN00000002'];
const moveArb = fc.oneof(
  fc.record({
    kind: fc.constant('units' as const),
    product: fc.constantFrom('X001', 'X002'),
    companyId: fc.constantFrom(1, 2),
    from: fc.integer({ min: 0, max: 8 }),
    to: fc.integer({ min: 0, max: 8 }),
    quantity: fc.integer({ min: 1, max: 12 }),
  }),
  fc.record({
    kind: fc.constant('lpn' as const),
    lpn: fc.constantFrom('LPN00000001', 'LPN00000002'),
    to: fc.constantFrom(...PLACES),
  }),
);
const place = (i: number) => ({ location: PLACES[i % 3], lpn: LPNS[Math.floor(i / 3)] });

describe('moves conserve units', () => {
  it('over random sequences: totals per client and product never change, nothing goes negative, a refused move changes nothing', () => {
    fc.assert(
      fc.property(fc.array(moveArb, { maxLength: 60 }), (moves) => {
        const balances = new Map<string, BalanceLine>();
        for (const companyId of [1, 2])
          for (const productKey of ['X001', 'X002']) {
            const l = line({ companyId, productKey, quantity: 10 });
            balances.set(lineKey(l), l);
          }
        const totals = () => {
          const t = new Map<string, number>();
          for (const b of balances.values())
            t.set(`${b.companyId}/${b.productKey}`, (t.get(`${b.companyId}/${b.productKey}`) ?? 0) + b.quantity);
          return t;
        };
        const start = totals();
        // Where each LPN stands: units in an LPN are where the LPN is (the server resolves it the same way).
        const lpnAt = new Map<string, string>([
          ['LPN00000001', 'A-01'],
          ['LPN00000002', 'B-01'],
        ]);
        const at = (i: number) => {
          const p = place(i);
          return p.lpn ? { location: lpnAt.get(p.lpn)!, lpn: p.lpn } : p;
        };
        for (const m of moves) {
          const before = JSON.stringify([...balances]);
          let deltas;
          if (m.kind === 'units') {
            const from = at(m.from);
            const candidates = [...balances.values()].filter(
              (b) =>
                b.location === from.location &&
                b.lpn === from.lpn &&
                b.productKey === m.product &&
                b.companyId === m.companyId,
            );
            const plan = planUnitMove(candidates, m.product, m.quantity, from, at(m.to));
            if (!plan.ok) {
              expect(JSON.stringify([...balances])).toBe(before);
              continue;
            }
            deltas = plan.deltas;
          } else {
            deltas = planContainerMove(
              [...balances.values()].filter((b) => b.lpn === m.lpn),
              m.to,
            );
            lpnAt.set(m.lpn, m.to);
          }
          expect(applyDeltas(balances, deltas)).toEqual({ ok: true });
          for (const b of balances.values()) expect(b.quantity).toBeGreaterThanOrEqual(0);
          // Everything in an LPN is where the LPN stands.
          for (const lpn of LPNS.slice(1))
            for (const b of balances.values())
              if (b.lpn === lpn && b.quantity > 0) expect(b.location).toBe(lpnAt.get(lpn));
        }
        expect(totals()).toEqual(start);
      }),
      { numRuns: 500 },
    );
  });
});
