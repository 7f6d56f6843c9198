/** Catalogue rules: bundle composition, cubic feet, the MSKU formula. */
import { describe, expect, it } from 'vitest';
import { componentsError, cubicFeet, nextMsku } from '../../domain/rules/products.js';
import { productInputSchema } from '../../domain/schemas/products.js';
import { issueMessages } from '../../server/http/validation.js';

describe('bundle composition', () => {
  it('a multi-pack is one product at least twice; a bundle needs an item; an individual product has none', () => {
    expect(componentsError('multi_pack', [{ productId: 1, quantity: 1 }])).toBe(
      "A multi-pack's count must be at least 2",
    );
    expect(componentsError('multi_pack', [{ productId: 1, quantity: 2 }])).toBeNull();
    expect(
      componentsError('multi_pack', [
        { productId: 1, quantity: 2 },
        { productId: 2, quantity: 2 },
      ]),
    ).toBe('A multi-pack is made of exactly one product');
    expect(componentsError('bundle', [])).toBe('A bundle needs at least one item: add a bundle item');
    expect(componentsError('custom_bundle', [{ productId: 3, quantity: 1 }])).toBeNull();
    expect(componentsError('individual', [{ productId: 3, quantity: 1 }])).toMatch(/no bundle items/);
    expect(componentsError('bundle', [{ productId: 7, quantity: 1 }], 7)).toBe('A bundle cannot contain itself');
    expect(
      componentsError('bundle', [
        { productId: 3, quantity: 1 },
        { productId: 3, quantity: 2 },
      ]),
    ).toMatch(/appears once/);
  });
});

describe('cubic feet', () => {
  it('is L × W × H / 1,728, known only with all three', () => {
    expect(cubicFeet({ lengthIn: 12, widthIn: 12, heightIn: 12 })).toBe(1);
    expect(cubicFeet({ lengthIn: 10, widthIn: 8, heightIn: 4 })).toBe(0.1852);
    expect(cubicFeet({ lengthIn: 10, widthIn: 8 })).toBeNull();
  });
});

describe('MSKU formula', () => {
  const vars = { account: 'AC1001', now: new Date('2026-11-23T10:00:00Z') };
  it('takes the number after the highest one the client has, in the formula’s pattern only', () => {
    expect(nextMsku('{ACCOUNT}-{SEQ:5}', vars, [])).toBe('AC1001-00001');
    expect(nextMsku('{ACCOUNT}-{SEQ:5}', vars, ['AC1001-00007', 'AC1001-00012', 'OTHER-99999', 'AC1001-X'])).toBe(
      'AC1001-00013',
    );
    expect(nextMsku('sku-{YYYY}{MM}-{SEQ:3}', vars, ['SKU-202611-041'])).toBe('SKU-202611-042');
    expect(nextMsku('{ACCOUNT}.{SEQ}', vars, ['AC1001.9999'])).toBe('AC1001.10000');
  });
});

describe('product input', () => {
  it('normalises codes and refuses malformed ones with the field named', () => {
    const ok = productInputSchema.parse({ title: ' Mug ', asin: 'b07xj8c8f5', upc: '012345678905', lengthIn: '10.5' });
    expect(ok).toMatchObject({
      title: 'Mug',
      asin: 'B07XJ8C8F5',
      upc: '012345678905',
      lengthIn: 10.5,
      productType: 'individual',
    });
    const bad = productInputSchema.safeParse({ title: 'Mug', upc: '12AB', weightLb: -1 });
    // Each issue names its field by path; a refusal says it with the form's label (issue 41).
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['upc', 'weightLb']);
    expect(issueMessages(bad.error!)).toEqual([
      'UPC / EAN: 8 to 14 digits (UPC, EAN or GTIN)',
      'Weight (lb): more than 0',
    ]);
    expect(issueMessages(bad.error!, 'de')).toEqual([
      'UPC / EAN: 8 bis 14 Ziffern (UPC, EAN oder GTIN)',
      'Gewicht (lb): Mehr als 0',
    ]);
  });
});
