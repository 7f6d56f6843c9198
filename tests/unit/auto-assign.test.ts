import { describe, expect, it } from 'vitest';
import { autoAssign, unitsPerBox, type AssignLine } from '../../domain/rules/auto-assign.js';

const box = { lengthIn: 18, widthIn: 14, heightIn: 12, maxWeightLb: 50 };
const line = (id: number, group: string, quantity: number, extra: Partial<AssignLine> = {}): AssignLine => ({
  id,
  group,
  quantity,
  packSize: 1,
  unit: { lengthIn: 6, widthIn: 4, heightIn: 3, weightLb: 1 },
  ...extra,
});

describe('auto-assign', () => {
  it('a box takes what fits by volume and by weight, at least one unit', () => {
    // 18×14×12 × 0.85 = 2570 in³ / 72 in³ = 35 by volume; 50 by weight.
    expect(unitsPerBox(line(1, 'A', 1), box)).toBe(35);
    expect(unitsPerBox(line(1, 'A', 1, { unit: { lengthIn: 6, widthIn: 4, heightIn: 3, weightLb: 4 } }), box)).toBe(12);
    expect(unitsPerBox(line(1, 'A', 1, { unit: { lengthIn: 30, widthIn: 20, heightIn: 20, weightLb: 60 } }), box)).toBe(
      1,
    );
    expect(
      unitsPerBox(line(1, 'A', 1, { unit: { lengthIn: null, widthIn: null, heightIn: null, weightLb: null } }), box),
    ).toBe(24);
  });

  it('every unit is boxed exactly once, boxes never mix shipments, sealed cases go whole', () => {
    const lines = [line(1, 'A', 100), line(2, 'A', 26, { packSize: 12 }), line(3, 'B', 7), line(4, 'B', 0)];
    const boxes = autoAssign(lines, box);
    const total = (id: number) =>
      boxes
        .flatMap((b) => b.items)
        .filter((i) => i.lineId === id)
        .reduce((n, i) => n + i.quantity, 0);
    expect([total(1), total(2), total(3), total(4)]).toEqual([100, 26, 7, 0]);
    const groupOf = new Map(lines.map((l) => [l.id, l.group]));
    for (const b of boxes) for (const i of b.items) expect(groupOf.get(i.lineId)).toBe(b.group);
    const cases = boxes.filter((b) => b.sealedCase);
    expect(cases).toHaveLength(2);
    expect(cases.every((c) => c.items.length === 1 && c.items[0].quantity === 12)).toBe(true);
    // 100 + 2 loose units at 35 a box in A: 3 boxes; 7 in B: 1 box.
    expect(boxes.filter((b) => !b.sealedCase && b.group === 'A')).toHaveLength(3);
    expect(boxes.filter((b) => b.group === 'B')).toHaveLength(1);
    // No loose box over its capacity.
    for (const b of boxes.filter((x) => !x.sealedCase)) {
      const fill = b.items.reduce(
        (n, i) =>
          n +
          i.quantity /
            unitsPerBox(
              lines.find((l) => l.id === i.lineId)!,
              box,
            ),
        0,
      );
      expect(fill).toBeLessThanOrEqual(1 + 1e-9);
    }
  });

  it('a box nearly full of one SKU starts a new box rather than overflowing with another', () => {
    const heavy = line(1, 'A', 34); // 34 of 35
    const big = line(2, 'A', 1, { unit: { lengthIn: 12, widthIn: 10, heightIn: 8, weightLb: 10 } }); // 2 a box
    const boxes = autoAssign([heavy, big], box);
    expect(boxes).toHaveLength(2);
    expect(boxes[1].items).toEqual([{ lineId: 2, quantity: 1 }]);
  });
});
