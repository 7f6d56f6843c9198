/**
 * The pick screen's verdicts in the user's language: the domain's refusal (domain/rules/fbm-pick.ts)
 * as an i18n key under fbmPick.refused with its values. Pure, so it is tested without a browser.
 */
import type { PickRefusal } from '../../../domain/rules/fbm-pick';

export interface Words {
  key: string;
  values: Record<string, string | number>;
}

export function refusalWords(r: PickRefusal): Words {
  switch (r.code) {
    case 'batch_done':
      return { key: 'fbmPick.refused.batch_done', values: {} };
    case 'scan_location':
      return { key: 'fbmPick.refused.scan_location', values: { expected: r.expected, scanned: r.scanned } };
    case 'wrong_location':
      return { key: 'fbmPick.refused.wrong_location', values: { expected: r.expected, scanned: r.scanned } };
    case 'wrong_item':
      return {
        key: 'fbmPick.refused.wrong_item',
        values: { scanned: r.scanned, location: r.location, expected: r.expected },
      };
    case 'too_many':
      return {
        key: 'fbmPick.refused.too_many',
        values: { left: r.left, item: r.productKey, location: r.location, quantity: r.quantity },
      };
  }
}

/** Orders of a batch (the totes) with what each got: picked and short units. */
export function totesOf(
  lines: readonly { marketplaceOrderId: string; quantity: number; picked: number; short: number }[],
): { order: string; units: number; picked: number; short: number }[] {
  const by = new Map<string, { order: string; units: number; picked: number; short: number }>();
  for (const l of lines) {
    const t = by.get(l.marketplaceOrderId) ?? { order: l.marketplaceOrderId, units: 0, picked: 0, short: 0 };
    t.units += l.quantity;
    t.picked += l.picked;
    t.short += l.short;
    by.set(l.marketplaceOrderId, t);
  }
  return [...by.values()];
}
