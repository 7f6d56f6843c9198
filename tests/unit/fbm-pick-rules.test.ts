import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allocate, holdVerdict, parseRouting, routeComparator } from '../../domain/rules/fbm-pick.js';

const base = { unshipped: 2, matched: true, productKey: 'MUG-1', held: 0, consumed: 0, free: 5 };

describe('holdVerdict', () => {
  it('holds the whole unshipped quantity or nothing, and says why', () => {
    expect(holdVerdict(base)).toMatchObject({ outcome: 'held', hold: 2 });
    expect(holdVerdict({ ...base, free: 1 })).toMatchObject({ outcome: 'insufficient', hold: 0 });
    expect(holdVerdict({ ...base, free: 1 }).message).toMatch(/Only 1 of MUG-1 available, 2 needed/);
    expect(holdVerdict({ ...base, free: 0 })).toMatchObject({ outcome: 'no_stock', hold: 0 });
    expect(holdVerdict({ ...base, matched: false, productKey: null })).toMatchObject({ outcome: 'unmatched' });
    expect(holdVerdict({ ...base, unshipped: 0 })).toMatchObject({ outcome: 'nothing_to_ship' });
    expect(holdVerdict({ ...base, held: 2 })).toMatchObject({ outcome: 'already_held', hold: 0 });
    // Picked already (consumed): only the rest is held.
    expect(holdVerdict({ ...base, unshipped: 3, consumed: 1 })).toMatchObject({ outcome: 'held', hold: 2 });
    expect(holdVerdict({ ...base, consumed: 2 })).toMatchObject({ outcome: 'already_held' });
  });
});

describe('allocate', () => {
  it('takes places in the order given and spreads when one is not enough', () => {
    const places = [
      { location: 'A-1', lpn: '', zone: 'Z-A', free: 1 },
      { location: 'A-2', lpn: '', zone: 'Z-A', free: 0 },
      { location: 'B-1', lpn: '', zone: 'Z-B', free: 5 },
    ];
    const { picks, short } = allocate(3, places);
    expect(picks.map((p) => [p.location, p.quantity])).toEqual([
      ['A-1', 1],
      ['B-1', 2],
    ]);
    expect(short).toBe(0);
    expect(places[2].free).toBe(3);
    expect(allocate(9, places).short).toBe(6);
  });

  it('never allocates more than the places hold nor more than needed', () => {
    fc.assert(
      fc.property(fc.nat(20), fc.array(fc.nat(5), { maxLength: 6 }), (need, frees) => {
        const places = frees.map((free, i) => ({ location: `L-${i}`, lpn: '', zone: null, free }));
        const total = frees.reduce((a, b) => a + b, 0);
        const { picks, short } = allocate(need, places);
        const taken = picks.reduce((n, p) => n + p.quantity, 0);
        expect(taken + short).toBe(need);
        expect(taken).toBe(Math.min(need, total));
        expect(places.every((p) => p.free >= 0)).toBe(true);
      }),
    );
  });
});

describe('walking order', () => {
  const places = [
    { zone: null, location: 'FBM-SHELF', lpn: '' },
    { zone: 'Z-B', location: 'B-1', lpn: '' },
    { zone: 'Z-A', location: 'A-10', lpn: '' },
    { zone: 'Z-A', location: 'A-2', lpn: '' },
    { zone: 'Z-C', location: 'C-1', lpn: '' },
  ];
  it('zones alphabetically without routing, locations naturally, no zone last', () => {
    expect([...places].sort(routeComparator([])).map((p) => p.location)).toEqual([
      'A-2',
      'A-10',
      'B-1',
      'C-1',
      'FBM-SHELF',
    ]);
  });
  it('FBM_ROUTING zones first in their order, the others after', () => {
    const routing = parseRouting(JSON.stringify({ zones: ['z-b', 'Z-A'] }));
    expect(routing).toEqual(['Z-B', 'Z-A']);
    expect([...places].sort(routeComparator(routing)).map((p) => p.location)).toEqual([
      'B-1',
      'A-2',
      'A-10',
      'C-1',
      'FBM-SHELF',
    ]);
    expect(parseRouting('["Z-C"]')).toEqual(['Z-C']);
    expect(parseRouting('not json')).toEqual([]);
    expect(parseRouting(null)).toEqual([]);
    expect(parseRouting('{"strategy":"zone"}')).toEqual([]);
  });
});
