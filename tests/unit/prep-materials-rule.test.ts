import { describe, expect, it } from 'vitest';
import { bagFits, drawUnits, materialKindFor, materialsForUnit } from '../../domain/rules/prep-materials.js';

const product = { lengthIn: 8, widthIn: 6, heightIn: 2 };

describe('which bag a unit takes', () => {
  it('fits a product of a ≥ b ≥ c in a flat bag when W ≥ b + c and L ≥ a + c, in either orientation', () => {
    expect(bagFits({ lengthIn: 10, widthIn: 8 }, product)).toBe(true);
    expect(bagFits({ lengthIn: 8, widthIn: 10 }, product)).toBe(true);
    expect(bagFits({ lengthIn: 9.9, widthIn: 8 }, product)).toBe(false);
    expect(bagFits({ lengthIn: 10, widthIn: 7.9 }, product)).toBe(false);
    // Without a product size any bag fits.
    expect(bagFits({ lengthIn: 1, widthIn: 1 }, { lengthIn: null, widthIn: 6, heightIn: 2 })).toBe(true);
  });

  it('orders sized bags by area, then unsized ones; empty and too small bags are left out', () => {
    const order = materialsForUnit(
      [
        { id: 1, lengthIn: null, widthIn: null, onHand: 10 },
        { id: 2, lengthIn: 20, widthIn: 14, onHand: 10 },
        { id: 3, lengthIn: 12, widthIn: 10, onHand: 10 },
        { id: 4, lengthIn: 8, widthIn: 6, onHand: 10 },
        { id: 5, lengthIn: 11, widthIn: 10, onHand: 0 },
      ],
      product,
    );
    expect(order.map((m) => m.id)).toEqual([3, 2, 1]);
  });

  it('draws in order until the quantity is met or stock runs out', () => {
    const order = [
      { id: 3, lengthIn: 12, widthIn: 10, onHand: 4 },
      { id: 2, lengthIn: 20, widthIn: 14, onHand: 2 },
    ];
    expect(drawUnits(order, 3)).toEqual([{ id: 3, quantity: 3 }]);
    expect(drawUnits(order, 5)).toEqual([
      { id: 3, quantity: 4 },
      { id: 2, quantity: 1 },
    ]);
    expect(drawUnits(order, 9)).toEqual([
      { id: 3, quantity: 4 },
      { id: 2, quantity: 2 },
    ]);
    expect(drawUnits([], 3)).toEqual([]);
  });

  it('maps Amazon prep types to a material kind', () => {
    expect(materialKindFor('ITEM_POLYBAGGING')).toBe('polyBag');
    expect(materialKindFor('ITEM_BUBBLEWRAP')).toBe('bubbleWrap');
    expect(materialKindFor('SELLER_LABEL')).toBe('label');
    expect(materialKindFor('ITEM_TAPING')).toBeNull();
    expect(materialKindFor('toString')).toBeNull();
  });
});
