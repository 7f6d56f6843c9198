/**
 * Which prep material a prepped unit uses (issue 21): a unit poly-bagged takes one poly bag, a
 * unit bubble-wrapped one bubble-wrap bag or sheet, a unit the seller labels one label. Of the
 * materials of that kind in stock, the smallest bag the product fits in is used; materials
 * without a size fit anything and come after the sized ones, so a warehouse that never measured
 * its bags still has them used.
 *
 * A flat bag of L × W holds a product of a ≥ b ≥ c inches when W ≥ b + c and L ≥ a + c (the
 * product's depth takes up the bag's width and length as it fills) — the packers' rule of thumb.
 * A product without dimensions fits any bag (we cannot know better; the smallest sized one is
 * then used, which the packer sees on the bench's material list).
 */
import type { PrepType } from '../schemas/fba-prep.js';
import type { PrepMaterialKind } from '../schemas/prep-materials.js';

/** The material kind one unit of a prep type uses; prep types without one use nothing counted. */
export const PREP_TYPE_MATERIAL: Partial<Record<PrepType | 'SELLER_LABEL', PrepMaterialKind>> = {
  ITEM_POLYBAGGING: 'polyBag',
  ITEM_BLACK_SHRINKWRAP: 'polyBag',
  ITEM_BUBBLEWRAP: 'bubbleWrap',
  SELLER_LABEL: 'label',
};

/** The material kind for a prep as Amazon names it (any text), or null when it uses none we count. */
export const materialKindFor = (prep: string): PrepMaterialKind | null =>
  Object.hasOwn(PREP_TYPE_MATERIAL, prep)
    ? ((PREP_TYPE_MATERIAL as Record<string, PrepMaterialKind | undefined>)[prep] ?? null)
    : null;

export interface MaterialCandidate {
  id: number;
  lengthIn: number | null;
  widthIn: number | null;
  onHand: number;
}

export interface ProductSize {
  lengthIn: number | null;
  widthIn: number | null;
  heightIn: number | null;
}

export function bagFits(bag: { lengthIn: number; widthIn: number }, product: ProductSize): boolean {
  const dims = [product.lengthIn, product.widthIn, product.heightIn];
  if (dims.some((d) => d === null || !(d > 0))) return true;
  const [a, b, c] = (dims as number[]).sort((x, y) => y - x);
  const [bagL, bagW] = [bag.lengthIn, bag.widthIn].sort((x, y) => y - x);
  return bagW >= b + c && bagL >= a + c;
}

/**
 * The materials to draw from, in order: sized ones the product fits, smallest area first, then
 * unsized ones by id. Only materials with stock; a sized bag too small is never used.
 */
export function materialsForUnit(candidates: readonly MaterialCandidate[], product: ProductSize): MaterialCandidate[] {
  const stocked = candidates.filter((m) => m.onHand > 0);
  const sized = stocked
    .filter(
      (m): m is MaterialCandidate & { lengthIn: number; widthIn: number } => m.lengthIn !== null && m.widthIn !== null,
    )
    .filter((m) => bagFits(m, product))
    .sort((x, y) => x.lengthIn * x.widthIn - y.lengthIn * y.widthIn || x.id - y.id);
  const unsized = stocked.filter((m) => m.lengthIn === null || m.widthIn === null).sort((x, y) => x.id - y.id);
  return [...sized, ...unsized];
}

/** How many units each material gives, drawing in order until the quantity is met or stock runs out. */
export function drawUnits(order: readonly MaterialCandidate[], quantity: number): { id: number; quantity: number }[] {
  const out: { id: number; quantity: number }[] = [];
  let left = quantity;
  for (const m of order) {
    if (left <= 0) break;
    const take = Math.min(left, m.onHand);
    if (take > 0) out.push({ id: m.id, quantity: take });
    left -= take;
  }
  return out;
}
