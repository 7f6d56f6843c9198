/**
 * eBay Sell Fulfillment v1 for one seller: orders (getOrders, getOrder) and shipping fulfillments
 * (create, list, get). eBay publishes daily call limits for this API, not a per-second rate; the
 * client keeps to 5 calls a second with bursts of 10, as for the rest of the Sell APIs.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { ProviderFailure, type ProviderHttp } from '../http.js';
import { ebayFilter, type EbayOrderFilter } from './filter.js';
import {
  createdAnswerSchema,
  ebayOrderSchema,
  orderSearchPageSchema,
  shippingFulfillmentPageSchema,
  shippingFulfillmentSchema,
  type ShippingFulfillmentDetails,
} from './order-models.js';

const BASE = '/sell/fulfillment/v1/order';
const RATE = { perSecond: 5, burst: 10 };

/**
 * createShippingFulfillment names the new fulfillment only in its Location header, and the shared
 * HTTP core returns bodies. The client's fetch therefore hands each answer's Location to whatever
 * call is waiting for it — found through the async context of that call, so concurrent calls never
 * see each other's headers.
 */
export class LocationCapture {
  private readonly waiting = new AsyncLocalStorage<{ location: string | null }>();

  constructor(private readonly fetchImpl?: typeof fetch) {}

  readonly fetch: typeof fetch = async (input, init) => {
    const res = await (this.fetchImpl ?? fetch)(input, init);
    const sink = this.waiting.getStore();
    if (sink) sink.location = res.headers.get('location');
    return res;
  };

  async run<T>(work: () => Promise<T>): Promise<{ value: T; location: string | null }> {
    const sink = { location: null as string | null };
    const value = await this.waiting.run(sink, work);
    return { value, location: sink.location };
  }
}

export interface OrdersQuery {
  limit?: number;
  offset?: number;
  /** eBay's `filter` text, or the criteria to write it from. */
  filter?: string | EbayOrderFilter;
  /** Up to 50 order ids; eBay then ignores every other parameter. */
  orderIds?: string[];
}

export class EbayFulfillment {
  constructor(
    private readonly sell: ProviderHttp,
    private readonly locations: LocationCapture,
  ) {}

  private orderPath(orderId: string, rest = '') {
    return `${BASE}/${encodeURIComponent(orderId)}${rest}`;
  }

  /** getOrders: a page of orders (limit 1–200, offset from 0), filtered by eBay's criteria. */
  orders(q: OrdersQuery = {}) {
    return this.sell.call({
      name: 'getOrders',
      method: 'GET',
      path: BASE,
      query: {
        limit: q.limit ?? 50,
        offset: q.offset ?? 0,
        filter: typeof q.filter === 'string' ? q.filter : q.filter && ebayFilter(q.filter),
        orderIds: q.orderIds,
      },
      schema: orderSearchPageSchema,
      rate: RATE,
    });
  }

  /** getOrder: one order, with its cancellation requests in full (getOrders leaves them empty). */
  order(orderId: string) {
    return this.sell.call({
      name: 'getOrder',
      method: 'GET',
      path: this.orderPath(orderId),
      schema: ebayOrderSchema,
      rate: RATE,
    });
  }

  /**
   * createShippingFulfillment: one package of the order's line items (and how many of each). eBay
   * answers 201 with the new fulfillment's URI in Location; its last segment is the fulfillment id.
   */
  async createShippingFulfillment(orderId: string, details: ShippingFulfillmentDetails) {
    const { location } = await this.locations.run(() =>
      this.sell.call({
        name: 'createShippingFulfillment',
        method: 'POST',
        path: this.orderPath(orderId, '/shipping_fulfillment'),
        json: details,
        schema: createdAnswerSchema,
        rate: RATE,
      }),
    );
    const fulfillmentId = location && /\/shipping_fulfillment\/([^/?#]+)$/.exec(location)?.[1];
    if (!location || !fulfillmentId)
      throw new ProviderFailure('garbage', 'eBay', 'createShippingFulfillment', [
        'eBay created the fulfillment without saying where it is (no Location header); check the order on eBay before trying again',
      ]);
    return { fulfillmentId: decodeURIComponent(fulfillmentId), location };
  }

  /** getShippingFulfillments: every package shipped against the order. */
  shippingFulfillments(orderId: string) {
    return this.sell.call({
      name: 'getShippingFulfillments',
      method: 'GET',
      path: this.orderPath(orderId, '/shipping_fulfillment'),
      schema: shippingFulfillmentPageSchema,
      rate: RATE,
    });
  }

  /** getShippingFulfillment: one package. */
  shippingFulfillment(orderId: string, fulfillmentId: string) {
    return this.sell.call({
      name: 'getShippingFulfillment',
      method: 'GET',
      path: this.orderPath(orderId, `/shipping_fulfillment/${encodeURIComponent(fulfillmentId)}`),
      schema: shippingFulfillmentSchema,
      rate: RATE,
    });
  }
}
