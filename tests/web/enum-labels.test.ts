/**
 * Every enumeration the domain exports has words in the four locales, or is listed as a trade term
 * or as never shown (issue 41: no raw code such as "UNSHIPPED" or "unit_sorted" on a screen).
 */
import { describe, expect, it } from 'vitest';
import { ENUM_LABELS } from '../../src/app/enum-labels';
import { de } from '../../src/locales/de';
import { en } from '../../src/locales/en';
import { fr } from '../../src/locales/fr';
import { pt } from '../../src/locales/pt';

type Tree = { [k: string]: string | Tree };
const flatten = (t: Tree, prefix = ''): Set<string> =>
  new Set(
    Object.entries(t).flatMap(([k, v]) =>
      typeof v === 'string'
        ? // A plural key (`count_one`, `count_other`) answers for its base key too.
          [`${prefix}${k}`, `${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`]
        : [...flatten(v, `${prefix}${k}.`)],
    ),
  );
const LOCALES = { en, de, fr, pt } as unknown as Record<string, Tree>;
const keysOf = Object.fromEntries(Object.entries(LOCALES).map(([code, tree]) => [code, flatten(tree)]));

/** Every exported array of strings (an enumeration) of every domain module, by `<file>#<NAME>`. */
const modules = import.meta.glob('../../domain/**/*.ts', { eager: true }) as Record<string, Record<string, unknown>>;
const ENUMS = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, v]) => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string'))
    .map(([name, values]) => ({ id: `${file.replace('../../domain/', '')}#${name}`, values: values as string[] })),
);

describe('every domain enumeration has words', () => {
  it('finds the domain’s enumerations (the glob works)', () => {
    expect(ENUMS.length).toBeGreaterThan(150);
    expect(ENUMS.map((e) => e.id)).toContain('schemas/orders.ts#FBM_ORDER_STATUSES');
  });

  it('each is listed in src/app/enum-labels.ts', () => {
    const missing = ENUMS.filter((e) => !ENUM_LABELS[e.id]).map((e) => e.id);
    expect(missing, 'add them to ENUM_LABELS: words, a trade term or never shown').toEqual([]);
  });

  it('no listing is left for an enumeration that is gone', () => {
    const ids = new Set(ENUMS.map((e) => e.id));
    expect(Object.keys(ENUM_LABELS).filter((id) => !ids.has(id))).toEqual([]);
  });

  for (const code of Object.keys(LOCALES))
    it(`each value of a labelled enumeration has words in ${code}`, () => {
      const missing: string[] = [];
      for (const e of ENUMS) {
        const label = ENUM_LABELS[e.id];
        if (!label || !('keys' in label)) continue;
        for (const value of e.values) {
          const key = label.keys(value);
          if (!keysOf[code]!.has(key)) missing.push(`${e.id} ${value} → ${key}`);
        }
      }
      expect(missing).toEqual([]);
    });
});
