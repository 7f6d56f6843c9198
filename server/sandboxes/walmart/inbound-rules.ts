/**
 * The checks Walmart makes on an inbound order's lines before it creates shipments, per line
 * (getInboundOrderErrors' documented kinds: missing required information, an invalid product id,
 * duplicated product ids), and how the sandbox routes lines to fulfilment centres: sortable lines by
 * SKU across the sortable centres, non-sortable ones to the non-sort centre, one shipment per
 * centre — the same split for the preview and for createShipment.
 *
 * Sandbox deviation: Walmart also refuses SKUs not yet converted to WFS; the sandbox has no WFS
 * catalogue to look in and treats every SKU with a valid product id as converted.
 */
import type { InboundOrderItem } from '../../integrations/walmart/inbound-models.js';
import type { WalmartErrorItem } from '../../integrations/walmart/models.js';
import { rng } from '../random.js';
import { requestError } from './inbound-refusals.js';
import { gs1CheckDigit, NODES, type Node } from './inbound-state.js';

/** Digits per product type; GTIN is Walmart's documented type, UPC and EAN appear in its errors. */
const DIGITS: Record<string, number> = { GTIN: 14, UPC: 12, EAN: 13 };

/** Per-line errors, fields named as Walmart names them (`orderItems[3].productId`). */
export function lineErrors(items: InboundOrderItem[], now: number, prefix = ''): WalmartErrorItem[] {
  const errors: WalmartErrorItem[] = [];
  const seenProduct = new Map<string, number>();
  const seenSku = new Map<string, number>();
  items.forEach((item, i) => {
    const at = (field: string) => `${prefix}orderItems[${i}].${field}`;
    const type = item.productType.toUpperCase();
    const digits = DIGITS[type];
    const id = item.productId.trim();
    if (!digits)
      errors.push(
        requestError(at('productType'), `Product type ${item.productType} is not supported`, `sku ${item.sku}`),
      );
    else if (!new RegExp(`^\\d{${digits}}$`).test(id))
      errors.push(
        requestError(
          at('productId'),
          `Product ID with Product Type ${type} should be ${digits} digit`,
          `Product ID with Product Type ${type} should be ${digits} digit:${item.productId}`,
        ),
      );
    else if (gs1CheckDigit(id.slice(0, -1)) !== Number(id.slice(-1)))
      errors.push(
        requestError(at('productId'), `Product ID ${id} has a wrong check digit`, `sku ${item.sku}: invalid ${type}`),
      );
    const firstProduct = seenProduct.get(id);
    if (firstProduct !== undefined)
      errors.push(requestError(at('productId'), 'Duplicated Product ID', `${id} is also on line ${firstProduct + 1}`));
    else seenProduct.set(id, i);
    const firstSku = seenSku.get(item.sku);
    if (firstSku !== undefined)
      errors.push(requestError(at('sku'), 'Duplicated SKU', `${item.sku} is also on line ${firstSku + 1}`));
    else seenSku.set(item.sku, i);
    if (item.itemQty !== item.vendorPackQty * item.innerPackQty)
      errors.push(
        requestError(
          at('itemQty'),
          'itemQty must equal vendorPackQty x innerPackQty',
          `sku ${item.sku}: ${item.vendorPackQty} cases of ${item.innerPackQty} make ${item.vendorPackQty * item.innerPackQty}, not ${item.itemQty}`,
        ),
      );
    if (Date.parse(item.expectedDeliveryDate) <= now)
      errors.push(
        requestError(at('expectedDeliveryDate'), 'expectedDeliveryDate must be in the future', `sku ${item.sku}`),
      );
  });
  return errors;
}

const isSortable = (item: InboundOrderItem) => item.nonSortItem !== true;

/** The centre a line goes to: the same SKU always to the same centre. */
function nodeFor(item: InboundOrderItem): Node {
  const candidates = NODES.filter((n) => n.sortable === isSortable(item));
  return candidates[Math.floor(rng(`walmart/route/${item.sku}`)() * candidates.length)];
}

/** The order's lines grouped by centre, in the order the centres are listed. */
export function routeLines(items: InboundOrderItem[]): { node: Node; items: InboundOrderItem[] }[] {
  const groups = new Map<Node, InboundOrderItem[]>();
  for (const item of items) {
    const node = nodeFor(item);
    const group = groups.get(node);
    if (group) group.push(item);
    else groups.set(node, [item]);
  }
  return NODES.filter((n) => groups.has(n)).map((node) => ({ node, items: groups.get(node)! }));
}

/** The Inventory Transfer Service's estimated charge per unit (USD): sortable and non-sortable. */
export const transferChargePerUnit = (item: InboundOrderItem) => (isSortable(item) ? 0.25 : 0.75);
export { isSortable };
