/**
 * The bench's prep words: every prepType Amazon documents (the v2024-03-20 model in
 * ../shared/reference/amazon) has words in each language; a unit without prep reads "Ready to
 * ship"; an unknown type is shown, not dropped; Amazon's own prep is marked.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { de } from '../../src/locales/de';
import { en } from '../../src/locales/en';
import { fr } from '../../src/locales/fr';
import { pt } from '../../src/locales/pt';
import { PREP_TYPES, prepSteps, readyAsIs } from '../../src/features/bench/prep-words';

describe('prep words', () => {
  it('cover every prepType of Amazon’s model, in every language', () => {
    const model = path.resolve(
      import.meta.dirname,
      '../../../shared/reference/amazon/fulfillmentInbound_2024-03-20.json',
    );
    let amazon: string[] = [];
    try {
      const spec = JSON.parse(readFileSync(model, 'utf8')) as { definitions: { PrepType: { enum: string[] } } };
      amazon = spec.definitions.PrepType.enum;
    } catch {
      // The reference is beside the repository in the workspace; the list below is its copy.
    }
    for (const type of amazon) expect(PREP_TYPES).toContain(type);
    for (const messages of [en, de, fr, pt])
      for (const type of PREP_TYPES) expect(messages.bench.prep[type], type).toBeTruthy();
  });

  it('say "Ready to ship" when nothing is asked, and only then', () => {
    expect(prepSteps([])).toEqual([{ type: 'ITEM_NO_PREP', raw: 'ITEM_NO_PREP', byAmazon: false }]);
    expect(readyAsIs(prepSteps([{ prepType: 'ITEM_NO_PREP', prepOwner: 'NONE' }]))).toBe(true);
    const steps = prepSteps([
      { prepType: 'ITEM_NO_PREP' },
      { prepType: 'ITEM_POLYBAGGING', prepOwner: 'SELLER' },
      { prepType: 'ITEM_LABELING', prepOwner: 'SELLER' },
      { prepType: 'ITEM_POLYBAGGING', prepOwner: 'SELLER' },
    ]);
    expect(steps.map((s) => s.type)).toEqual(['ITEM_POLYBAGGING', 'ITEM_LABELING']);
    expect(readyAsIs(steps)).toBe(false);
    expect(en.bench.prep.ITEM_POLYBAGGING).toMatch(/bag/i);
    expect(en.bench.prep.ITEM_NO_PREP).toBe('Ready to ship');
  });

  it('keep a type it does not know as Amazon wrote it, and mark what Amazon does itself', () => {
    const [odd, wrap] = prepSteps([
      { prepType: 'item_new_thing' },
      { prepType: 'ITEM_BUBBLEWRAP', prepOwner: 'AMAZON' },
    ]);
    expect(odd).toEqual({ type: null, raw: 'ITEM_NEW_THING', byAmazon: false });
    expect(wrap).toEqual({ type: 'ITEM_BUBBLEWRAP', raw: 'ITEM_BUBBLEWRAP', byAmazon: true });
  });
});
