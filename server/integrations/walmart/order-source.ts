/**
 * Walmart orders as Dockside keeps them (domain/schemas/orders.ts), from getAllOrders filtered by
 * last modification. Walmart answers one ship node type per search (SellerFulfilled unless asked),
 * so a pull walks SellerFulfilled, then WFSFulfilled, then 3PLFulfilled, each through its own
 * nextCursor pages; `next` carries the node type and Walmart's cursor. WFS orders are the
 * "WalmartFulfilled" channel on the WFS network; the seller's own and 3PL-shipped ones are
 * "SellerFulfilled" on MFN. A line's state is Walmart's list of statuses with quantities: what
 * was ordered less what was cancelled, against what was shipped (Shipped, Delivered, Refund),
 * decides the status through fbmStatusOf, every line fully cancelled making it CANCELED.
 */
import {
  fbmStatusOf,
  marketplaceOrderInputSchema,
  type MarketplaceOrderInput,
  type OrderLineInput,
  type OrderPage,
} from '../../../domain/schemas/orders.js';
import type { OrderSource } from '../order-source.js';
import type { WalmartClient } from './client.js';
import { SHIP_NODE_TYPES, type ShipNodeType, type WalmartOrder, type WalmartOrderLine } from './orders-models.js';

const PAGE = 100;
/** Walmart serves only orders created in the last 180 days; a day's margin for clocks. */
const CREATED_WINDOW_MS = 179 * 86_400_000;
const SHIPPED = new Set(['Shipped', 'Delivered', 'Refund']);

export function walmartOrderSource(client: WalmartClient, opts: { now?: () => number } = {}): OrderSource {
  const now = opts.now ?? Date.now;
  return {
    async changedSince(since: Date, next: string | null): Promise<OrderPage> {
      const { node, cursor } = parseNext(next);
      const page = cursor
        ? await client.orders.next(cursor)
        : await client.orders.list({
            shipNodeType: node,
            lastModifiedStartDate: since,
            // Walmart's default window is the last 7 days of creation, which would hide an older
            // order changed since; the widest it allows is 180 days.
            createdStartDate: new Date(now() - CREATED_WINDOW_MS),
            limit: PAGE,
          });
      const orders = page.list.elements.order.map((o) => toMarketplaceOrder(o, node));
      const more = page.list.meta.nextCursor;
      const following = SHIP_NODE_TYPES[SHIP_NODE_TYPES.indexOf(node) + 1];
      return {
        orders,
        next: more ? `${node}|${more}` : following ? `${following}|` : null,
      };
    },
  };
}

function parseNext(next: string | null): { node: ShipNodeType; cursor: string | null } {
  if (!next) return { node: SHIP_NODE_TYPES[0], cursor: null };
  const bar = next.indexOf('|');
  const node = next.slice(0, bar) as ShipNodeType;
  if (bar < 0 || !SHIP_NODE_TYPES.includes(node)) throw new RangeError(`Not a Walmart order page token: ${next}`);
  return { node, cursor: next.slice(bar + 1) || null };
}

const count = (amount: string) => Number.parseInt(amount, 10) || 0;
const clip = (v: string | undefined, max: number): string | null => (v ? v.slice(0, max) : null);
const cents = (amount: number) => Math.round(amount * 100);
const isoOf = (ms: number) => new Date(ms).toISOString();

/** Units of the line in each of Walmart's statuses. */
function quantitiesOf(line: WalmartOrderLine) {
  let shipped = 0;
  let cancelled = 0;
  for (const s of line.orderLineStatuses.orderLineStatus) {
    const n = count(s.statusQuantity.amount);
    if (SHIPPED.has(s.status)) shipped += n;
    else if (s.status === 'Cancelled') cancelled += n;
  }
  return { ordered: count(line.orderLineQuantity.amount), shipped, cancelled };
}

/** The line's product charge is what the customer pays for the line; the unit price divides it. */
function unitPriceOf(line: WalmartOrderLine, ordered: number): number | null {
  const product = line.charges.charge.find((c) => c.chargeType === 'PRODUCT');
  return product && ordered > 0 ? Math.round(cents(product.chargeAmount.amount) / ordered) : null;
}

/** Walmart's own words for the order: its line statuses, in lifecycle order ("Acknowledged+Shipped"). */
function walmartStatusOf(o: WalmartOrder): string {
  const order = ['Created', 'Acknowledged', 'Shipped', 'Delivered', 'Refund', 'Cancelled'];
  const seen = new Set(o.orderLines.orderLine.flatMap((l) => l.orderLineStatuses.orderLineStatus.map((s) => s.status)));
  const words = [...seen].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return (words.join('+') || 'Unknown').slice(0, 60);
}

/** The order's total: Walmart's summary when it sends one, else its charges and their taxes. */
function totalOf(o: WalmartOrder): number | null {
  const summary = o.orderSummary?.totalAmount;
  if (summary) return cents(summary.currencyAmount);
  const charges = o.orderLines.orderLine.flatMap((l) => l.charges.charge);
  if (!charges.length) return null;
  return charges.reduce((n, c) => n + cents(c.chargeAmount.amount) + (c.tax ? cents(c.tax.taxAmount.amount) : 0), 0);
}

/** "USA" (as Walmart writes it) → "US"; two letters pass as they are. */
const countryOf = (c: string) => (c.toUpperCase() === 'USA' ? 'US' : c.length === 2 ? c.toUpperCase() : null);

export function toMarketplaceOrder(o: WalmartOrder, queried: ShipNodeType): MarketplaceOrderInput {
  const wfs = (o.shipNode?.type ?? queried) === 'WFSFulfilled';
  const walmartLines = o.orderLines.orderLine;
  const quantities = walmartLines.map(quantitiesOf);
  const lines: OrderLineInput[] = walmartLines.map((l, i) => {
    const q = quantities[i];
    return {
      lineId: l.lineNumber.slice(0, 120),
      sku: clip(l.item.sku, 120),
      asin: null,
      gtin: null,
      title: clip(l.item.productName, 500),
      quantityOrdered: Math.max(0, q.ordered - q.cancelled),
      quantityShipped: q.shipped,
      unitPrice: unitPriceOf(l, q.ordered),
    };
  });
  const canceled = quantities.length > 0 && quantities.every((q) => q.cancelled >= q.ordered);
  const lastChange = Math.max(o.orderDate, ...walmartLines.map((l) => l.statusDate));
  const info = o.shippingInfo;
  const a = info.postalAddress;
  return marketplaceOrderInputSchema.parse({
    marketplaceOrderId: o.purchaseOrderId,
    // What the buyer quotes to Walmart's support; the purchase order is the seller's id.
    displayId: o.customerOrderId,
    salesChannel: wfs ? 'WalmartFulfilled' : 'SellerFulfilled',
    fulfillmentNetwork: wfs ? 'WFS' : 'MFN',
    status: fbmStatusOf(lines, canceled),
    marketplaceStatus: walmartStatusOf(o),
    purchasedAt: isoOf(o.orderDate),
    updatedAt: isoOf(lastChange),
    shipBy: isoOf(info.estimatedShipDate),
    deliverBy: isoOf(info.estimatedDeliveryDate),
    shippingService: clip(info.methodCode, 80),
    currency:
      o.orderSummary?.totalAmount?.currencyUnit ?? walmartLines[0]?.charges.charge[0]?.chargeAmount.currency ?? null,
    total: totalOf(o),
    shipTo: {
      name: clip(a.name, 200),
      line1: clip(a.address1, 200),
      line2: clip(a.address2, 200),
      city: clip(a.city, 100),
      state: clip(a.state, 100),
      postalCode: clip(a.postalCode, 20),
      countryCode: countryOf(a.country),
      phone: clip(info.phone, 40),
    },
    lines,
  });
}
