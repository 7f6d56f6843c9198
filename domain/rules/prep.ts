/**
 * Which prep types go with which prep category (Amazon's packaging and prep requirements): what a
 * SKU of the category needs done to it before it goes in a box. The first type of each list is
 * the usual one, and what Dockside sends when the user names none; Amazon refuses a type the
 * category does not allow.
 */
import type { PrepCategory, PrepType } from '../schemas/fba-prep.js';

export const PREP_TYPES_BY_CATEGORY: Record<PrepCategory, readonly PrepType[]> = {
  NONE: ['ITEM_NO_PREP'],
  ADULT: ['ITEM_BLACK_SHRINKWRAP', 'ITEM_POLYBAGGING'],
  BABY: ['ITEM_POLYBAGGING', 'ITEM_BOXING'],
  FRAGILE: ['ITEM_BUBBLEWRAP', 'ITEM_BOXING'],
  GRANULAR: ['ITEM_POLYBAGGING', 'ITEM_TAPING'],
  HANGER: ['ITEM_HANG_GARMENT', 'ITEM_POLYBAGGING'],
  LIQUID: ['ITEM_POLYBAGGING', 'ITEM_CAP_SEALING', 'ITEM_TAPING'],
  PERFORATED: ['ITEM_POLYBAGGING', 'ITEM_TAPING'],
  SET: ['ITEM_SETCREAT', 'ITEM_SETSTK', 'ITEM_POLYBAGGING', 'ITEM_BOXING'],
  SHARP: ['ITEM_BUBBLEWRAP', 'ITEM_BOXING'],
  SMALL: ['ITEM_POLYBAGGING'],
  TEXTILE: ['ITEM_POLYBAGGING'],
  // Amazon's own, and the absence of a category: nothing to choose.
  FC_PROVIDED: [],
  UNKNOWN: [],
};

/** The prep types sent for a category: the user's, else the category's usual one. */
export const prepTypesFor = (category: PrepCategory, chosen?: readonly PrepType[]): PrepType[] =>
  chosen?.length ? [...new Set(chosen)] : PREP_TYPES_BY_CATEGORY[category].slice(0, 1);

/** The types a category does not allow (empty when all are allowed). */
export const disallowedPrepTypes = (category: PrepCategory, types: readonly PrepType[]): PrepType[] =>
  types.filter((t) => !PREP_TYPES_BY_CATEGORY[category].includes(t));

/**
 * The listing attributes Amazon's dangerous-goods (hazmat) review asks for: a listing issue on one
 * of them means Amazon holds the product until the seller gives its Safety Data Sheet.
 */
export const DANGEROUS_GOODS_ATTRIBUTES: readonly string[] = [
  'safety_data_sheet_url',
  'supplier_declared_dg_hz_regulation',
];
