/** Catalogue rules shared by the screens and the server. */
import { MULTI_PACK_MIN_COUNT, type ProductType } from '../schemas/products.js';

export interface ComponentLine {
  productId: number;
  quantity: number;
}

/**
 * Null when the components fit the product type, else why not: an individual product has none; a
 * multi-pack is one product at least twice; a bundle needs at least one item (the screen prompts
 * to add one); a bundle never contains itself.
 */
export function componentsError(
  type: ProductType,
  components: readonly ComponentLine[],
  selfId?: number,
): string | null {
  if (selfId !== undefined && components.some((c) => c.productId === selfId)) return 'A bundle cannot contain itself';
  if (new Set(components.map((c) => c.productId)).size !== components.length)
    return 'Each product appears once in a bundle; raise its quantity instead';
  if (type === 'individual')
    return components.length ? 'An individual product has no bundle items; choose bundle or multi-pack' : null;
  if (type === 'multi_pack') {
    if (components.length !== 1) return 'A multi-pack is made of exactly one product';
    if (components[0].quantity < MULTI_PACK_MIN_COUNT)
      return `A multi-pack's count must be at least ${MULTI_PACK_MIN_COUNT}`;
    return null;
  }
  return components.length ? null : 'A bundle needs at least one item: add a bundle item';
}

/** Storage is billed per cubic foot: L × W × H in inches / 1,728 (null until all three are known). */
export function cubicFeet(d: {
  lengthIn?: number | null;
  widthIn?: number | null;
  heightIn?: number | null;
}): number | null {
  if (!d.lengthIn || !d.widthIn || !d.heightIn) return null;
  return Math.round(((d.lengthIn * d.widthIn * d.heightIn) / 1728) * 10_000) / 10_000;
}

/**
 * The MSKUFORMULA setting: a template with {ACCOUNT} (the client's account number), {YYYY}, {MM}
 * and {SEQ:n} (the next number, n digits). `nextMsku` gives the formula's next SKU after the
 * ones the client already has.
 */
export const DEFAULT_MSKU_FORMULA = '{ACCOUNT}-{SEQ:5}';

export function nextMsku(formula: string, vars: { account: string; now: Date }, existing: readonly string[]): string {
  const seq = /\{SEQ(?::(\d))?\}/.exec(formula);
  const fixed = formula
    .replaceAll('{ACCOUNT}', vars.account)
    .replaceAll('{YYYY}', String(vars.now.getUTCFullYear()))
    .replaceAll('{MM}', String(vars.now.getUTCMonth() + 1).padStart(2, '0'))
    .toUpperCase();
  if (!seq) return fixed;
  const digits = Number(seq[1] ?? 4);
  const [before, after] = fixed.split(/\{SEQ(?::\d)?\}/);
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^${escape(before)}(\\d+)${escape(after)}$`);
  const last = existing.reduce((max, sku) => {
    const m = pattern.exec(sku.toUpperCase());
    return m ? Math.max(max, Number(m[1])) : max;
  }, 0);
  return `${before}${String(last + 1).padStart(digits, '0')}${after}`;
}
