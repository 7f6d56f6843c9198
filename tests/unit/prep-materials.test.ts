import { describe, expect, it } from 'vitest';
import {
  canonicalPrice,
  costGroupInputSchema,
  isLowStock,
  prepMaterialInputSchema,
  prepMaterialPurchaseInputSchema,
} from '../../domain/schemas/prep-materials.js';

const base = {
  name: 'Bag',
  code: 'pb-1',
  kind: 'polyBag',
  unitOfMeasure: 'each',
  costPrice: '0.05',
  clientPrice: '0.15',
};

describe('prep material prices', () => {
  it('are canonical decimal text with at most 6 decimals, never floats', () => {
    expect(canonicalPrice('1.250000')).toBe('1.25');
    expect(canonicalPrice('007')).toBe('7.00');
    expect(canonicalPrice('0.000001')).toBe('0.000001');
    const m = prepMaterialInputSchema.parse({ ...base, clientPrice: '1.234567' });
    expect(m).toMatchObject({
      code: 'PB-1',
      clientPrice: '1.234567',
      costPrice: '0.05',
      reorderLevel: 0,
      active: true,
    });
    for (const bad of ['1.2345678', '-1', '1e3', '', 'abc'])
      expect(prepMaterialInputSchema.safeParse({ ...base, costPrice: bad }).success, bad).toBe(false);
    expect(prepMaterialInputSchema.safeParse({ ...base, costPrice: 1.25 }).success).toBe(false);
  });
});

describe('prep material items', () => {
  it('take dimensions only for boxes, all three or none', () => {
    expect(prepMaterialInputSchema.safeParse({ ...base, lengthIn: '10' }).success).toBe(false);
    const dims = { lengthIn: '12', widthIn: '10', heightIn: '8.5' };
    expect(prepMaterialInputSchema.safeParse({ ...base, kind: 'box', ...dims }).success).toBe(true);
    expect(prepMaterialInputSchema.safeParse({ ...base, kind: 'box', lengthIn: '12' }).success).toBe(false);
    expect(
      prepMaterialInputSchema.safeParse({ ...base, kind: 'box', lengthIn: '', widthIn: '', heightIn: '' }).success,
    ).toBe(true);
  });
  it('refuse unknown kinds, negative reorder levels, bad codes', () => {
    expect(prepMaterialInputSchema.safeParse({ ...base, kind: 'crate' }).success).toBe(false);
    expect(prepMaterialInputSchema.safeParse({ ...base, reorderLevel: -1 }).success).toBe(false);
    expect(prepMaterialInputSchema.safeParse({ ...base, code: 'a b' }).success).toBe(false);
  });
  it('are low on stock at or below the reorder level', () => {
    expect(isLowStock(10, 10)).toBe(true);
    expect(isLowStock(0, 0)).toBe(true);
    expect(isLowStock(11, 10)).toBe(false);
  });
});

describe('purchases and cost groups', () => {
  const p = { materialId: 1, quantity: 5, unitCost: '0.80', purchasedOn: '2026-11-20' };
  it('need a quantity above 0, a price and a real day', () => {
    expect(prepMaterialPurchaseInputSchema.parse(p)).toMatchObject({ quantity: 5, unitCost: '0.80' });
    for (const bad of [
      { quantity: 0 },
      { quantity: -1 },
      { quantity: 1.5 },
      { unitCost: '-1' },
      { purchasedOn: '2026-02-30' },
      { materialId: undefined },
    ])
      expect(prepMaterialPurchaseInputSchema.safeParse({ ...p, ...bad }).success, JSON.stringify(bad)).toBe(false);
  });
  it('cost groups need a name', () => {
    expect(costGroupInputSchema.safeParse({ name: ' ' }).success).toBe(false);
    expect(costGroupInputSchema.parse({ name: ' Boxes ' }).name).toBe('Boxes');
  });
});
