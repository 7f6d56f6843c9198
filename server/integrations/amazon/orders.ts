/**
 * Amazon orders for one store: Orders v2026-01-01 reads (searchOrders, getOrder) and the Orders v0
 * writes that have no successor (confirmShipment, updateShipmentStatus). Usage plans as Amazon
 * publishes them: searchOrders 0.0056 requests a second, burst 20 (so a pull pages through the
 * burst, then waits — a real store should ask for 100 orders a page); getOrder 0.5/s burst 30;
 * confirmShipment 2/s burst 10; updateShipmentStatus 5/s burst 15.
 */
import type { ProviderHttp } from '../http.js';
import {
  getOrderResponseSchema,
  noContentSchema,
  searchOrdersResponseSchema,
  type ConfirmShipmentRequest,
  type IncludedData,
  type SearchOrdersQuery,
  type UpdateShipmentStatusRequest,
} from './orders-models.js';

const V2026 = '/orders/2026-01-01/orders';
const V0 = '/orders/v0/orders';

export class AmazonOrders {
  constructor(private readonly sp: ProviderHttp) {}

  /** One page of orders created or changed in a period (arrays go comma-separated, as Amazon reads them). */
  searchOrders(q: SearchOrdersQuery) {
    return this.sp.call({
      name: 'searchOrders',
      method: 'GET',
      path: V2026,
      query: {
        createdAfter: q.createdAfter,
        createdBefore: q.createdBefore,
        lastUpdatedAfter: q.lastUpdatedAfter,
        lastUpdatedBefore: q.lastUpdatedBefore,
        fulfillmentStatuses: q.fulfillmentStatuses?.length ? q.fulfillmentStatuses : undefined,
        marketplaceIds: q.marketplaceIds?.length ? q.marketplaceIds : undefined,
        fulfilledBy: q.fulfilledBy?.length ? q.fulfilledBy : undefined,
        maxResultsPerPage: q.maxResultsPerPage,
        paginationToken: q.paginationToken,
        includedData: q.includedData?.length ? q.includedData : undefined,
      },
      schema: searchOrdersResponseSchema,
      rate: { perSecond: 0.0056, burst: 20 },
    });
  }

  getOrder(orderId: string, includedData: IncludedData[] = []) {
    return this.sp.call({
      name: 'getOrder',
      method: 'GET',
      path: `${V2026}/${encodeURIComponent(orderId)}`,
      query: { includedData: includedData.length ? includedData : undefined },
      schema: getOrderResponseSchema,
      rate: { perSecond: 0.5, burst: 30 },
    });
  }

  /** Tells Amazon a package left (carrier, tracking, which items and how many); answers nothing. */
  confirmShipment(orderId: string, body: ConfirmShipmentRequest) {
    return this.sp.call({
      name: 'confirmShipment',
      method: 'POST',
      path: `${V0}/${encodeURIComponent(orderId)}/shipmentConfirmation`,
      json: body,
      schema: noContentSchema,
      rate: { perSecond: 2, burst: 10 },
    });
  }

  /** In-store pickup orders: ready for pickup, picked up, or refused at pickup. */
  updateShipmentStatus(orderId: string, body: UpdateShipmentStatusRequest) {
    return this.sp.call({
      name: 'updateShipmentStatus',
      method: 'POST',
      path: `${V0}/${encodeURIComponent(orderId)}/shipment`,
      json: body,
      schema: noContentSchema,
      rate: { perSecond: 5, burst: 15 },
    });
  }
}
