/**
 * The batch-verify counting rule (domain/rules/fbm-pick.ts), the one the screen judges each scan
 * by and the server counts a verification again with: a unit counts by any of its codes, a code
 * not in it or one over its line's quantity is refused, lines sharing a code fill in order, and a
 * tally says in words what was refused and what is missing.
 */
import { describe, expect, it } from 'vitest';
import { judgeVerifyScan, tallyVerifyScans } from '../../domain/rules/fbm-pick.js';

describe('the counting rule', () => {
  const lines = [
    { key: 'a', codes: ['MUG-1', 'UPC-1'], expected: 2, name: 'MUG-1' },
    { key: 'b', codes: ['LAMP-2'], expected: 1, name: 'LAMP-2' },
  ];
  it('counts a unit by any of its codes, refuses one not in it or over its quantity', () => {
    expect(judgeVerifyScan(lines, new Map(), ' upc-1 ')).toEqual({ ok: true, key: 'a', counted: 1, expected: 2 });
    expect(judgeVerifyScan(lines, new Map([['a', 2]]), 'MUG-1')).toMatchObject({ ok: false, kind: 'over', counted: 2 });
    expect(judgeVerifyScan(lines, new Map(), 'MUG-1', 3)).toMatchObject({ ok: false, kind: 'over', quantity: 3 });
    expect(judgeVerifyScan(lines, new Map(), 'NOPE')).toEqual({ ok: false, kind: 'unknown', code: 'NOPE' });
  });
  it('two lines sharing a code fill one after the other', () => {
    const twin = [
      { key: 'x', codes: ['MUG-1'], expected: 1, name: 'MUG-1' },
      { key: 'y', codes: ['MUG-1'], expected: 1, name: 'MUG-1' },
    ];
    const t = tallyVerifyScans(twin, [
      { code: 'MUG-1', quantity: 1 },
      { code: 'MUG-1', quantity: 1 },
    ]);
    expect([...t.counts]).toEqual([
      ['x', 1],
      ['y', 1],
    ]);
    expect(t.verified).toBe(true);
  });
  it('a tally says what was refused and what is missing', () => {
    const t = tallyVerifyScans(lines, [
      { code: 'MUG-1', quantity: 1 },
      { code: 'NOPE', quantity: 1 },
      { code: 'LAMP-2', quantity: 1 },
      { code: 'LAMP-2', quantity: 1 },
    ]);
    expect(t.verified).toBe(false);
    expect(t.scanned).toBe(4);
    expect(t.mismatches.map((m) => [m.kind, m.message])).toEqual([
      ['unknown', 'NOPE is not in it'],
      ['over', 'Too many of LAMP-2: 1 expected, 1 counted already, 1 more scanned'],
      ['missing', '1 of MUG-1 missing'],
    ]);
  });
});
