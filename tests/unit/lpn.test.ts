import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lpnCode, lpnCreateSchema, nestingError, outermost } from '../../domain/schemas/lpn.js';

describe('LPN rules', () => {
  it('codes are the prefix and an 8-digit number', () => {
    expect(lpnCode('LPN', 42)).toBe('LPN00000042');
    expect(lpnCreateSchema.parse({ count: '3' })).toMatchObject({ count: 3, prefix: 'LPN' });
    expect(lpnCreateSchema.safeParse({ count: 1001 }).success).toBe(false);
  });

  it('an LPN cannot go into itself or anything it contains', () => {
    const parentOf = new Map<string, string | null>([
      ['A', null],
      ['B', 'A'],
      ['C', 'B'],
      ['D', null],
    ]);
    expect(nestingError(parentOf, 'A', 'A')).toBe('A cannot go into itself');
    expect(nestingError(parentOf, 'A', 'C')).toBe('C is inside A; A cannot go into it');
    expect(nestingError(parentOf, 'D', 'C')).toBeNull();
    expect(outermost(parentOf, 'C')).toBe('A');
    expect(outermost(parentOf, 'D')).toBe('D');
  });

  it('property: any sequence of allowed nestings never forms a cycle', () => {
    const codes = ['L1', 'L2', 'L3', 'L4', 'L5', 'L6'];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...codes), fc.option(fc.constantFrom(...codes), { nil: null })), {
          maxLength: 60,
        }),
        (steps) => {
          const parentOf = new Map<string, string | null>(codes.map((c) => [c, null]));
          for (const [child, parent] of steps) {
            if (parent === null) parentOf.set(child, null);
            else if (nestingError(parentOf, child, parent) === null) parentOf.set(child, parent);
          }
          // Walking up from every LPN ends at a top-level one within as many steps as there are LPNs.
          for (const c of codes) {
            let at: string | null = c;
            let steps = 0;
            while (at && steps <= codes.length) {
              at = parentOf.get(at) ?? null;
              steps++;
            }
            expect(at).toBeNull();
          }
        },
      ),
    );
  });
});
