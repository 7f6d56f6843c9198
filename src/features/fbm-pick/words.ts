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

/** A reserve line's outcome in the user's language (under fbmPick.reserve.line): the SKU, what it needs, what is free and on hand. */
export function reserveLineWords(l: {
  sku: string | null;
  lineId: string;
  productKey: string | null;
  quantity: number;
  outcome: string;
  available: number;
  onHand: number;
}): Words {
  const sku = l.sku ?? l.productKey ?? l.lineId;
  const key = l.outcome === 'no_stock' && l.onHand > 0 ? 'no_stock_held' : l.outcome;
  return {
    key: `fbmPick.reserve.line.${key}`,
    values: { sku, quantity: l.quantity, available: l.available, onHand: l.onHand },
  };
}

export type OrderReserveOutcome = 'reserved' | 'partial' | 'not_reserved' | 'nothing';

/** A reserve call's lines per order, in the order they came, with the order's outcome. */
export function reserveByOrder<L extends { orderId: number; marketplaceOrderId: string; outcome: string }>(
  lines: readonly L[],
): { orderId: number; order: string; outcome: OrderReserveOutcome; lines: L[] }[] {
  const by = new Map<number, { orderId: number; order: string; lines: L[] }>();
  for (const l of lines) {
    const o = by.get(l.orderId) ?? { orderId: l.orderId, order: l.marketplaceOrderId, lines: [] };
    o.lines.push(l);
    by.set(l.orderId, o);
  }
  return [...by.values()].map((o) => {
    const holds = o.lines.filter((l) => l.outcome === 'held' || l.outcome === 'already_held').length;
    const missing = o.lines.filter((l) => !['held', 'already_held', 'nothing_to_ship'].includes(l.outcome)).length;
    const outcome: OrderReserveOutcome =
      missing === 0 ? (holds ? 'reserved' : 'nothing') : holds ? 'partial' : 'not_reserved';
    return { ...o, outcome };
  });
}
