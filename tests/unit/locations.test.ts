import { describe, expect, it } from 'vitest';
import { issueMessages } from '../../server/http/validation.js';
import {
  generatedCount,
  generateLocations,
  generatorSchema,
  LOCATION_TYPES,
  locationInputSchema,
  MAX_GENERATED_LOCATIONS,
} from '../../domain/schemas/locations.js';

const spec = (
  levels: { type: string; from: string; to: string; pad?: number }[],
  extra: Record<string, unknown> = {},
) => generatorSchema.parse({ levels, ...extra });

describe('location types', () => {
  it('carry the values of spec §3', () => {
    expect(LOCATION_TYPES.bin).toBe(0);
    expect(LOCATION_TYPES.dock).toBe(9);
    expect(LOCATION_TYPES.warehouse).toBe(13);
    expect(LOCATION_TYPES.box).toBe(18);
    expect(Object.keys(LOCATION_TYPES)).toHaveLength(19);
  });
});

describe('bulk generator', () => {
  it('aisles A–F × racks 1–20 × levels 1–5 × bins 1–4: the count and the codes, parents first', () => {
    const s = spec([
      { type: 'aisle', from: 'A', to: 'F' },
      { type: 'rack', from: '1', to: '20', pad: 2 },
      { type: 'level', from: '1', to: '5' },
      { type: 'bin', from: '1', to: '4' },
    ]);
    // 6 aisles + 120 racks + 600 levels + 2,400 bins
    expect(generatedCount(s)).toBe(3126);
    const all = generateLocations(s);
    expect(all).toHaveLength(3126);
    expect(all.slice(0, 2)).toEqual([
      { code: 'A', type: 'aisle', parentCode: null },
      { code: 'B', type: 'aisle', parentCode: null },
    ]);
    expect(all.find((l) => l.code === 'C-07-3-2')).toEqual({ code: 'C-07-3-2', type: 'bin', parentCode: 'C-07-3' });
    expect(all.filter((l) => l.type === 'bin').at(-1)?.code).toBe('F-20-5-4');
    expect(new Set(all.map((l) => l.code)).size).toBe(all.length);
    const index = new Map(all.map((l, i) => [l.code, i]));
    for (const l of all) if (l.parentCode) expect(index.get(l.parentCode)!).toBeLessThan(index.get(l.code)!);
  });

  it('a prefix and separator shape the codes; the prefix is not a location itself', () => {
    const all = generateLocations(
      spec(
        [
          { type: 'shelf', from: '1', to: '2' },
          { type: 'position', from: 'A', to: 'B' },
        ],
        { prefix: 'z1', separator: '.' },
      ),
    );
    expect(all.map((l) => `${l.code}<${l.parentCode ?? ''}`)).toEqual([
      'Z1.1<',
      'Z1.2<',
      'Z1.1.A<Z1.1',
      'Z1.1.B<Z1.1',
      'Z1.2.A<Z1.2',
      'Z1.2.B<Z1.2',
    ]);
  });

  it('refuses mixed or reversed ranges and too many locations', () => {
    expect(generatorSchema.safeParse({ levels: [{ type: 'aisle', from: 'A', to: '9' }] }).success).toBe(false);
    const reversed = generatorSchema.safeParse({ levels: [{ type: 'rack', from: '9', to: '1' }] }).error!;
    expect(reversed.issues[0].path).toEqual(['levels', 0, 'to']);
    expect(issueMessages(reversed)).toEqual(['To (line 1): “from” comes after “to”']);
    const huge = spec([
      { type: 'aisle', from: '1', to: '200' },
      { type: 'bin', from: '1', to: '200' },
    ]);
    expect(generatedCount(huge)).toBeGreaterThan(MAX_GENERATED_LOCATIONS);
    expect(() => generateLocations(huge)).toThrow(/at most 20000/);
  });
});

describe('location input', () => {
  it('upper-cases codes and refuses what a barcode cannot carry', () => {
    expect(locationInputSchema.parse({ code: ' a-01-1 ', type: 'bin' })).toMatchObject({
      code: 'A-01-1',
      active: true,
    });
    expect(locationInputSchema.safeParse({ code: 'A 01', type: 'bin' }).success).toBe(false);
    expect(locationInputSchema.safeParse({ code: 'A-01', type: 'cupboard' }).success).toBe(false);
  });
});

describe('location barcode designs', () => {
  it('name the parts of a code by the design, with its arrow; a code of more parts keeps only the code', async () => {
    const { locationLabelFromDesign, locationDesignSchema } = await import('../../domain/schemas/label-designs.js');
    const design = locationDesignSchema.parse({ name: 'Shelving', segments: ['zone', 'rack', 'bin'], arrow: 'down' });
    expect(locationLabelFromDesign('Z1-03-12', design)).toEqual({
      code: 'Z1-03-12',
      zone: 'Z1',
      rack: '03',
      bin: '12',
      arrow: 'down',
    });
    expect(locationLabelFromDesign('Z1-03-12-4', design)).toEqual({ code: 'Z1-03-12-4', arrow: 'down' });
    expect(locationLabelFromDesign('DOCK1', design)).toEqual({ code: 'DOCK1', arrow: 'down' });
    expect(locationLabelFromDesign('A-01', { ...design, showHierarchy: false, arrow: 'none' })).toEqual({
      code: 'A-01',
    });
    expect(locationDesignSchema.safeParse({ name: 'x', segments: ['bin', 'bin'] }).error?.issues[0].message).toBe(
      'segments: each level once',
    );
  });
});
