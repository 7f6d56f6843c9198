/**
 * Shopify orders for the `stores.pull-orders` job: `orders(query: "updated_at:>='…'", sortKey:
 * UPDATED_AT)` a cursor page at a time — oldest change first, so an order that changes during a
 * pull moves to the end and is read again rather than missed — each mapped into Dockside's shape.
 * The seller ships these orders themselves (MFN). A line's shipped units are what is no longer
 * unfulfilled of its current quantity (refunded or removed units excluded).
 */
import {
  fbmStatusOf,
  marketplaceOrderInputSchema,
  type MarketplaceOrderInput,
  type OrderLineInput,
} from '../../../domain/schemas/orders.js';
import { centsOf, clipText, earliest, isoOrNull } from '../order-fields.js';
import type { OrderSource } from '../order-source.js';
import type { ShopifyClient } from './client.js';
import type { ShopifyLineItem, ShopifyOrder } from './order-models.js';
import { updatedSince } from './orders.js';

export function shopifyOrderSource(client: ShopifyClient): OrderSource {
  return {
    async changedSince(since, next) {
      const data = await client.orders.page({ query: updatedSince(since), after: next });
      const orders: MarketplaceOrderInput[] = [];
      for (const order of data.orders.nodes) orders.push(await mapShopifyOrder(client, order));
      const { hasNextPage, endCursor } = data.orders.pageInfo;
      return { orders, next: hasNextPage ? endCursor : null };
    },
  };
}

/** A barcode is a GTIN when it is 8, 12, 13 or 14 digits; shops also keep other codes there. */
const gtinOf = (barcode: string | null | undefined) =>
  barcode && /^(\d{8}|\d{12,14})$/.test(barcode) ? barcode : null;

function lineOf(l: ShopifyLineItem, canceled: boolean): OrderLineInput {
  // A cancelled order's current quantity is 0 (refunded, restocked): keep what was ordered.
  const ordered = canceled ? l.quantity : l.currentQuantity;
  return {
    lineId: l.id,
    sku: clipText(l.sku, 120),
    asin: null,
    gtin: gtinOf(l.variant?.barcode),
    title: clipText(l.title, 500),
    quantityOrdered: ordered,
    quantityShipped: Math.min(ordered, Math.max(0, l.currentQuantity - l.unfulfilledQuantity)),
    unitPrice: centsOf(l.originalUnitPriceSet.shopMoney.amount),
  };
}

export async function mapShopifyOrder(client: ShopifyClient, order: ShopifyOrder): Promise<MarketplaceOrderInput> {
  const more = order.lineItems.pageInfo.hasNextPage
    ? await client.orders.remainingLines(order.id, order.lineItems.pageInfo.endCursor)
    : [];
  const canceled = order.cancelledAt !== null;
  const lines = [...order.lineItems.nodes, ...more].map((l) => lineOf(l, canceled));
  const to = order.shippingAddress;
  const fos = order.fulfillmentOrders.nodes;
  return marketplaceOrderInputSchema.parse({
    marketplaceOrderId: order.id,
    // The gid is the id; buyers and the shop's staff say "#1001".
    displayId: order.name,
    salesChannel: 'Shopify',
    fulfillmentNetwork: 'MFN',
    status: fbmStatusOf(lines, canceled),
    marketplaceStatus: canceled ? 'CANCELLED' : order.displayFulfillmentStatus,
    purchasedAt: isoOrNull(order.createdAt),
    updatedAt: isoOrNull(order.updatedAt),
    shipBy: earliest(fos.map((fo) => fo.fulfillBy)),
    deliverBy: earliest(
      fos.map((fo) => fo.deliveryMethod?.maxDeliveryDateTime),
      true,
    ),
    shippingService: clipText(order.shippingLine?.title, 80),
    currency: clipText(order.currencyCode, 3),
    total: centsOf(order.totalPriceSet.shopMoney.amount),
    shipTo: to && {
      name: clipText(to.name, 200),
      line1: clipText(to.address1, 200),
      line2: clipText(to.address2, 200),
      city: clipText(to.city, 100),
      state: clipText(to.provinceCode, 100),
      postalCode: clipText(to.zip, 20),
      countryCode: clipText(to.countryCodeV2, 2),
      phone: clipText(to.phone, 40),
    },
    lines,
  });
}
