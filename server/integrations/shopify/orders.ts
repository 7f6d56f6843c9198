/**
 * A shop's orders and their fulfilment through the GraphQL Admin API: orders changed since a
 * moment (cursor pages, oldest change first), the rest of a long order's lines, the fulfillment
 * orders that say what is left to ship, and fulfillmentCreate. Shopify refuses a fulfilment with
 * userErrors in a 200 answer; they become a refusal here, worded by the field they name.
 */
import { ProviderFailure } from '../http.js';
import type { ShopifyClient } from './client.js';
import {
  fulfillmentCreateDataSchema,
  fulfillmentOrdersDataSchema,
  orderFulfillmentsDataSchema,
  orderLineItemsDataSchema,
  ordersDataSchema,
  type ShopifyFulfillmentInput,
  type ShopifyLineItem,
} from './order-models.js';
import {
  FULFILLMENT_CREATE_MUTATION,
  FULFILLMENT_ORDERS_QUERY,
  ORDER_FULFILLMENTS_QUERY,
  ORDER_LINE_ITEMS_QUERY,
  ORDERS_PAGE,
  ORDERS_QUERY,
} from './order-queries.js';

/** Shopify's search syntax wants a quoted timestamp: updated_at:>='2025-01-01T00:00:00Z'. */
export const updatedSince = (since: Date) => `updated_at:>='${since.toISOString().replace(/\.\d{3}Z$/, 'Z')}'`;

export interface LineToFulfil {
  /** The order's line item gid (gid://shopify/LineItem/…). */
  lineItemId: string;
  quantity: number;
}

export class ShopifyOrders {
  constructor(private readonly client: ShopifyClient) {}

  /** A page of orders matching Shopify's search `query`, by when they last changed. */
  page(q: { query?: string; after?: string | null; first?: number } = {}) {
    return this.client.graphql(
      'orders',
      ORDERS_QUERY,
      { first: q.first ?? ORDERS_PAGE, after: q.after ?? null, query: q.query ?? null },
      ordersDataSchema,
    );
  }

  /** Every line item of the order after `after` (orders come with their first lines only). */
  async remainingLines(orderId: string, after: string | null): Promise<ShopifyLineItem[]> {
    const lines: ShopifyLineItem[] = [];
    for (let cursor = after; cursor;) {
      const data = await this.client.graphql(
        'orderLineItems',
        ORDER_LINE_ITEMS_QUERY,
        { id: orderId, after: cursor },
        orderLineItemsDataSchema,
      );
      if (!data.order) break;
      lines.push(...data.order.lineItems.nodes);
      cursor = data.order.lineItems.pageInfo.hasNextPage ? data.order.lineItems.pageInfo.endCursor : null;
    }
    return lines;
  }

  /** The order's fulfillment orders and what each has left (null when the shop has no such order). */
  async fulfillmentOrders(orderId: string) {
    const data = await this.client.graphql(
      'fulfillmentOrders',
      FULFILLMENT_ORDERS_QUERY,
      { id: orderId },
      fulfillmentOrdersDataSchema,
    );
    return data.order?.fulfillmentOrders.nodes ?? null;
  }

  /** The order's fulfilments and their tracking numbers (null when the shop has no such order). */
  async fulfillments(orderId: string) {
    const data = await this.client.graphql(
      'orderFulfillments',
      ORDER_FULFILLMENTS_QUERY,
      { id: orderId },
      orderFulfillmentsDataSchema,
    );
    return data.order?.fulfillments ?? null;
  }

  /** fulfillmentCreate: one shipment; Shopify's userErrors become a refusal. */
  async createFulfillment(input: ShopifyFulfillmentInput) {
    const data = await this.client.graphql(
      'fulfillmentCreate',
      FULFILLMENT_CREATE_MUTATION,
      { fulfillment: input },
      fulfillmentCreateDataSchema,
    );
    const { fulfillment, userErrors } = data.fulfillmentCreate;
    if (userErrors.length || !fulfillment)
      throw new ProviderFailure(
        'refused',
        'Shopify',
        'fulfillmentCreate',
        userErrors.map((e) => `Shopify${e.field?.length ? ` (${e.field.join('.')})` : ''}: ${e.message}`),
      );
    return fulfillment;
  }

  /**
   * Ships units of the order's line items: finds the open fulfillment-order lines that hold them
   * and sends one fulfillmentCreate. Units beyond what Shopify has left are still asked for, on the
   * last matching line, so Shopify's own refusal says what is wrong.
   */
  async fulfilLines(
    orderId: string,
    lines: LineToFulfil[],
    tracking?: { company?: string; number?: string; url?: string },
    notifyCustomer = false,
  ) {
    const fos = await this.fulfillmentOrders(orderId);
    if (!fos) throw new ProviderFailure('refused', 'Shopify', 'fulfillmentCreate', [`Shopify has no order ${orderId}`]);
    const open = fos.filter((fo) => fo.status === 'OPEN' || fo.status === 'IN_PROGRESS');
    const byFo = new Map<string, { id: string; quantity: number }[]>();
    for (const want of lines) {
      const holders = open.flatMap((fo) =>
        fo.lineItems.nodes.filter((l) => l.lineItem.id === want.lineItemId).map((l) => ({ fo: fo.id, line: l })),
      );
      if (!holders.length)
        throw new ProviderFailure('refused', 'Shopify', 'fulfillmentCreate', [
          `Shopify has nothing left to fulfil of line item ${want.lineItemId}`,
        ]);
      let left = want.quantity;
      holders.forEach(({ fo, line }, i) => {
        const take = i === holders.length - 1 ? left : Math.min(left, line.remainingQuantity);
        if (take <= 0) return;
        byFo.set(fo, [...(byFo.get(fo) ?? []), { id: line.id, quantity: take }]);
        left -= take;
      });
    }
    return this.createFulfillment({
      lineItemsByFulfillmentOrder: [...byFo].map(([fulfillmentOrderId, items]) => ({
        fulfillmentOrderId,
        fulfillmentOrderLineItems: items,
      })),
      notifyCustomer,
      ...(tracking ? { trackingInfo: tracking } : {}),
    });
  }
}
