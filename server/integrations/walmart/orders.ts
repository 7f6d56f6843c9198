/**
 * Walmart Marketplace (US) Orders API v3 for one seller: getAllOrders (with its nextCursor pages),
 * getAnOrder, acknowledgeOrders, shippingUpdates and cancelOrderLines, at Walmart's paths and in
 * its shapes (orders-models.ts; Walmart's published "Order Management" OpenAPI 3.0.1 on
 * developer.walmart.com).
 *
 * Rates: Walmart states per-API limits in its reference and changes them per seller (Get Partner
 * Configurations), answering 429 REQUEST_THRESHOLD_VIOLATED past them. The stored Marketplace
 * throttling pages list feeds and a few sync APIs but not the order calls, so each order operation
 * keeps to 10 calls a second (the pace this client already keeps for WFS reads); a 429 is ridden
 * through by ProviderHttp's backoff.
 */
import { ProviderFailure, type ProviderHttp } from '../http.js';
import {
  orderResponseSchema,
  ordersListSchema,
  type CancelLine,
  type OrdersQuery,
  type ShipLine,
  type WalmartOrdersList,
} from './orders-models.js';

const RATE = { perSecond: 10, burst: 10 };
/** Walmart's page size limit for getAllOrders. */
export const MAX_ORDERS_PAGE = 200;

const iso = (d: Date | undefined) => d?.toISOString();
const poPath = (purchaseOrderId: string, action = '') =>
  `/v3/orders/${encodeURIComponent(purchaseOrderId)}${action ? `/${action}` : ''}`;

/** Walmart answers 404 CONTENT_NOT_FOUND when no order matches a search: an empty page, not a fault. */
const EMPTY: WalmartOrdersList = { list: { meta: { totalCount: 0 }, elements: { order: [] } } };

export class WalmartOrders {
  constructor(private readonly http: ProviderHttp) {}

  private async listing(path: string, query?: Record<string, string | number | undefined>): Promise<WalmartOrdersList> {
    try {
      return await this.http.call({
        name: 'getAllOrders',
        method: 'GET',
        path,
        query,
        schema: ordersListSchema,
        rate: RATE,
      });
    } catch (err) {
      if (err instanceof ProviderFailure && err.status === 404) return EMPTY;
      throw err;
    }
  }

  /** The first page of orders matching the filters (Walmart defaults to SellerFulfilled, last 7 days). */
  async list(q: OrdersQuery = {}): Promise<WalmartOrdersList> {
    if (q.limit !== undefined && (q.limit < 1 || q.limit > MAX_ORDERS_PAGE))
      throw new RangeError(`Walmart pages orders 1 to ${MAX_ORDERS_PAGE} at a time`);
    return this.listing('/v3/orders', {
      createdStartDate: iso(q.createdStartDate),
      createdEndDate: iso(q.createdEndDate),
      lastModifiedStartDate: iso(q.lastModifiedStartDate),
      lastModifiedEndDate: iso(q.lastModifiedEndDate),
      fromExpectedShipDate: iso(q.fromExpectedShipDate),
      toExpectedShipDate: iso(q.toExpectedShipDate),
      status: q.status,
      shipNodeType: q.shipNodeType,
      sku: q.sku,
      customerOrderId: q.customerOrderId,
      purchaseOrderId: q.purchaseOrderId,
      limit: q.limit,
    });
  }

  /**
   * The page after one whose meta.nextCursor was given: Walmart's cursor is the whole query string
   * of the next request (it repeats the first page's filters), so it is appended as it came.
   */
  async next(nextCursor: string): Promise<WalmartOrdersList> {
    if (!nextCursor.startsWith('?')) throw new RangeError('A Walmart nextCursor is a query string starting with "?"');
    return this.listing(`/v3/orders${nextCursor}`);
  }

  /** getAnOrder: one purchase order. */
  get(purchaseOrderId: string) {
    return this.http.call({
      name: 'getAnOrder',
      method: 'GET',
      path: poPath(purchaseOrderId),
      schema: orderResponseSchema,
      rate: RATE,
    });
  }

  /** acknowledgeOrders: the seller will fulfil the whole order (Walmart wants this before shipping). */
  acknowledge(purchaseOrderId: string) {
    return this.http.call({
      name: 'acknowledgeOrders',
      method: 'POST',
      repeatable: true, // Walmart acknowledges an order once, whatever is sent again
      path: poPath(purchaseOrderId, 'acknowledge'),
      schema: orderResponseSchema,
      rate: RATE,
    });
  }

  /**
   * shippingUpdates: lines (or some units of them) shipped with their tracking. Several packages
   * of one line become several Shipped statuses of that line, as Walmart models them.
   * `sellerOrderId` (at most 30 characters) is printed on the return label.
   */
  ship(purchaseOrderId: string, shipment: { sellerOrderId: string; lines: ShipLine[] }) {
    return this.http.call({
      name: 'shippingUpdates',
      method: 'POST',
      path: poPath(purchaseOrderId, 'shipping'),
      json: shippingBody(shipment.sellerOrderId, shipment.lines),
      schema: orderResponseSchema,
      rate: RATE,
    });
  }

  /** cancelOrderLines: units of lines the seller will not ship, with Walmart's reason. */
  cancel(purchaseOrderId: string, lines: CancelLine[]) {
    return this.http.call({
      name: 'cancelOrderLines',
      method: 'POST',
      path: poPath(purchaseOrderId, 'cancel'),
      json: cancellationBody(lines),
      schema: orderResponseSchema,
      rate: RATE,
    });
  }
}

const each = (n: number) => ({ unitOfMeasurement: 'EACH', amount: String(n) });

/** Entries grouped by line number, first appearance first. */
function byLine<T extends { lineNumber: string }>(entries: T[]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const e of entries) groups.set(e.lineNumber, [...(groups.get(e.lineNumber) ?? []), e]);
  return [...groups];
}

/** The shippingUpdates body in Walmart's shape (orderShipment.orderLines.orderLine[]). */
export function shippingBody(sellerOrderId: string, lines: ShipLine[]) {
  return {
    orderShipment: {
      orderLines: {
        orderLine: byLine(lines).map(([lineNumber, packages]) => ({
          lineNumber,
          sellerOrderId,
          orderLineStatuses: {
            orderLineStatus: packages.map((p) => ({
              status: 'Shipped',
              statusQuantity: each(p.quantity),
              trackingInfo: {
                shipDateTime: p.shipDateTime.getTime(),
                carrierName: p.otherCarrier ? { otherCarrier: p.carrier } : { carrier: p.carrier },
                methodCode: p.methodCode,
                trackingNumber: p.trackingNumber,
                ...(p.trackingUrl ? { trackingURL: p.trackingUrl } : {}),
              },
            })),
          },
        })),
      },
    },
  };
}

/** The cancelOrderLines body in Walmart's shape (orderCancellation.orderLines.orderLine[]). */
export function cancellationBody(lines: CancelLine[]) {
  return {
    orderCancellation: {
      orderLines: {
        orderLine: byLine(lines).map(([lineNumber, parts]) => ({
          lineNumber,
          orderLineStatuses: {
            orderLineStatus: parts.map((p) => ({
              status: 'Cancelled',
              cancellationReason: p.reason,
              statusQuantity: each(p.quantity),
            })),
          },
        })),
      },
    },
  };
}
