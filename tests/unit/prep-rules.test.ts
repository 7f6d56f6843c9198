/**
 * Prep categories and the prep types that go with them (domain/rules/prep.ts): what Dockside sends
 * when the user names no type, and what it refuses before Amazon would.
 */
import { describe, expect, it } from 'vitest';
import { disallowedPrepTypes, PREP_TYPES_BY_CATEGORY, prepTypesFor } from '../../domain/rules/prep.js';
import { SETTABLE_PREP_CATEGORIES } from '../../domain/schemas/fba-prep.js';

describe('prep types by category', () => {
  it('sends the category’s usual type when none is chosen, and the chosen ones (once each) otherwise', () => {
    expect(prepTypesFor('FRAGILE')).toEqual(['ITEM_BUBBLEWRAP']);
    expect(prepTypesFor('NONE')).toEqual(['ITEM_NO_PREP']);
    expect(prepTypesFor('LIQUID', ['ITEM_CAP_SEALING', 'ITEM_POLYBAGGING', 'ITEM_CAP_SEALING'])).toEqual([
      'ITEM_CAP_SEALING',
      'ITEM_POLYBAGGING',
    ]);
  });

  it('every category a user can set has a usual type, and FC_PROVIDED and UNKNOWN cannot be set', () => {
    for (const c of SETTABLE_PREP_CATEGORIES) expect(prepTypesFor(c)).toHaveLength(1);
    expect(SETTABLE_PREP_CATEGORIES).not.toContain('UNKNOWN');
    expect(SETTABLE_PREP_CATEGORIES).not.toContain('FC_PROVIDED');
    expect(PREP_TYPES_BY_CATEGORY.UNKNOWN).toEqual([]);
  });

  it('names the types a category does not allow', () => {
    expect(disallowedPrepTypes('NONE', ['ITEM_BUBBLEWRAP', 'ITEM_NO_PREP'])).toEqual(['ITEM_BUBBLEWRAP']);
    expect(disallowedPrepTypes('TEXTILE', ['ITEM_POLYBAGGING'])).toEqual([]);
    expect(disallowedPrepTypes('SHARP', ['ITEM_BOXING', 'ITEM_TAPING'])).toEqual(['ITEM_TAPING']);
  });
});
