/**
 * eBay orders for the `stores.pull-orders` job: getOrders filtered by lastmodifieddate from the
 * window's start, paged by offset, each order mapped into Dockside's shape. eBay gives a line's
 * state (NOT_STARTED, IN_PROGRESS, FULFILLED) but not how many of its units have shipped, so an
 * order with a partly shipped line also reads its shipping fulfillments and counts them.
 *
 * getOrders cannot be sorted; offset paging over a window whose lower bound only is fixed can show
 * an order twice when others change meanwhile (the job keeps the newest picture), never skip one
 * that was in the window when the pull began.
 */
import {
  fbmStatusOf,
  marketplaceOrderInputSchema,
  type MarketplaceOrderInput,
  type OrderAddress,
  type OrderLineInput,
} from '../../../domain/schemas/orders.js';
import { centsOf, clipText, earliest, isoOrNull } from '../order-fields.js';
import type { OrderSource } from '../order-source.js';
import type { EbayClient } from './client.js';
import type { EbayLineItem, EbayOrder } from './order-models.js';

/** Orders per getOrders page (eBay allows up to 200). */
const PAGE_SIZE = 100;

export function ebayOrderSource(client: EbayClient, pageSize = PAGE_SIZE): OrderSource {
  return {
    async changedSince(since, next) {
      const offset = next ? Number(next) : 0;
      const page = await client.fulfillment.orders({
        limit: pageSize,
        offset,
        filter: { lastModifiedDate: { from: since } },
      });
      const orders: MarketplaceOrderInput[] = [];
      for (const order of page.orders ?? []) orders.push(await mapEbayOrder(client, order));
      return { orders, next: page.next ? nextOffset(page.next, offset + pageSize) : null };
    },
  };
}

/** The offset eBay's `next` URI asks for (the page after this one). */
function nextOffset(next: string, fallback: number): string {
  const asked = Number(new URL(next, 'https://api.ebay.com').searchParams.get('offset'));
  return String(Number.isInteger(asked) && asked > 0 ? asked : fallback);
}

/** Units shipped per line: a FULFILLED line is whole, a partly shipped one is counted from its packages. */
async function shippedByLine(client: EbayClient, order: EbayOrder): Promise<Map<string, number>> {
  const shipped = new Map<string, number>();
  for (const l of order.lineItems)
    if (l.lineItemFulfillmentStatus === 'FULFILLED') shipped.set(l.lineItemId, l.quantity);
  if (order.lineItems.some((l) => l.lineItemFulfillmentStatus === 'IN_PROGRESS')) {
    const packages = await client.fulfillment.shippingFulfillments(order.orderId);
    const counted = new Map<string, number>();
    for (const f of packages.fulfillments ?? [])
      for (const l of f.lineItems) counted.set(l.lineItemId, (counted.get(l.lineItemId) ?? 0) + l.quantity);
    for (const l of order.lineItems)
      if (l.lineItemFulfillmentStatus === 'IN_PROGRESS')
        shipped.set(l.lineItemId, Math.min(l.quantity, counted.get(l.lineItemId) ?? 0));
  }
  return shipped;
}

/** lineItemCost is the price of all the line's units before discounts: the unit price is its share. */
const unitPrice = (l: EbayLineItem) => {
  const cost = centsOf(l.lineItemCost?.value);
  return cost === null || l.quantity <= 0 ? null : Math.round(cost / l.quantity);
};

function shipToOf(order: EbayOrder): OrderAddress | null {
  const to = order.fulfillmentStartInstructions?.find((i) => i.shippingStep?.shipTo)?.shippingStep?.shipTo;
  if (!to) return null;
  const a = to.contactAddress;
  return {
    name: clipText(to.fullName, 200),
    line1: clipText(a?.addressLine1, 200),
    line2: clipText(a?.addressLine2, 200),
    city: clipText(a?.city, 100),
    state: clipText(a?.stateOrProvince, 100),
    postalCode: clipText(a?.postalCode, 20),
    countryCode: clipText(a?.countryCode, 2),
    phone: clipText(to.primaryPhone?.phoneNumber, 40),
  };
}

export async function mapEbayOrder(client: EbayClient, order: EbayOrder): Promise<MarketplaceOrderInput> {
  const shipped = await shippedByLine(client, order);
  const lines: OrderLineInput[] = order.lineItems.map((l) => ({
    lineId: l.lineItemId,
    sku: clipText(l.sku, 120),
    asin: null,
    // getOrders carries no product codes (UPC/EAN); lines are matched by SKU.
    gtin: null,
    title: clipText(l.title, 500),
    quantityOrdered: l.quantity,
    quantityShipped: shipped.get(l.lineItemId) ?? 0,
    unitPrice: unitPrice(l),
  }));
  const cancelState = order.cancelStatus?.cancelState;
  const canceled = cancelState === 'CANCELED';
  const instructions = order.fulfillmentStartInstructions ?? [];
  const total = order.pricingSummary?.total;
  return marketplaceOrderInputSchema.parse({
    marketplaceOrderId: order.orderId,
    salesChannel: 'Ebay',
    fulfillmentNetwork: 'EBAY',
    status: fbmStatusOf(lines, canceled),
    marketplaceStatus: canceled
      ? 'CANCELED'
      : cancelState === 'IN_PROGRESS'
        ? `${order.orderFulfillmentStatus} (cancellation requested)`
        : order.orderFulfillmentStatus,
    purchasedAt: isoOrNull(order.creationDate),
    updatedAt: isoOrNull(order.lastModifiedDate) ?? isoOrNull(order.creationDate),
    shipBy: earliest(order.lineItems.map((l) => l.lineItemFulfillmentInstructions?.shipByDate)),
    deliverBy: earliest(
      [
        ...order.lineItems.map((l) => l.lineItemFulfillmentInstructions?.maxEstimatedDeliveryDate),
        ...instructions.map((i) => i.maxEstimatedDeliveryDate),
      ],
      true,
    ),
    shippingService: clipText(instructions.find((i) => i.shippingStep)?.shippingStep?.shippingServiceCode, 80),
    currency: clipText(total?.currency, 3),
    total: centsOf(total?.value),
    shipTo: shipToOf(order),
    lines,
  });
}
