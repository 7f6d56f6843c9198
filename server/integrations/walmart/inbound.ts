/**
 * Walmart Fulfillment Services inbound for one seller account: preview an inbound order (where
 * Walmart would send each line), create it (Walmart splits it into one shipment per fulfilment
 * centre), read each shipment's items and what the centre received, the requests Walmart refused
 * (per line), change quantities or tracking before the shipment arrives, cancel the whole order,
 * and print the receiving labels every box or pallet carries. Walmart Preferred Carrier quotes and
 * labels are `carrier`. Shipments themselves are listed by WalmartClient.inboundShipments.
 */
import type { ProviderHttp } from '../http.js';
import { WalmartCarrier } from './carrier.js';
import { walmartLineProblems } from './errors.js';
import { asDocument, documentAnswerSchema } from './inbound-documents.js';
import {
  createInboundOrderResponseSchema,
  inboundOrderErrorsResponseSchema,
  inboundPreviewResponseSchema,
  inboundShipmentItemsResponseSchema,
  serviceResponseSchema,
  WFS_RATE,
  type CreateInboundOrder,
  type InboundShipmentItem,
  type ShipmentLabelRequest,
  type ShipmentTracking,
  type UpdateShipmentQuantity,
} from './inbound-models.js';

/** Walmart's page size ceiling for the inbound lists. */
const PAGE = 50;

export class WalmartWfs {
  readonly carrier: WalmartCarrier;

  constructor(private readonly http: ProviderHttp) {
    this.carrier = new WalmartCarrier(http);
  }

  /**
   * inboundPreview: the fulfilment centres Walmart would route each line to (selfMirroring) and,
   * for sellers in the Inventory Transfer Service, the ITS alternative with its transfer charge.
   * The US market is buId 0, martId 0.
   */
  async preview(order: Omit<CreateInboundOrder, 'inboundServices'>) {
    const answer = await this.http.call({
      name: 'inboundPreview',
      method: 'POST',
      repeatable: true,
      path: '/v3/fulfillment/inbound-preview',
      json: { header: { headerAttributes: { buId: '0', martId: '0' } }, payload: order },
      schema: inboundPreviewResponseSchema,
      rate: WFS_RATE,
    });
    return answer.payload[0] ?? null;
  }

  /** createShipment: the inbound order, answered with the shipments Walmart split it into. */
  async createInboundOrder(order: CreateInboundOrder) {
    const answer = await this.http.call({
      name: 'createShipment',
      method: 'POST',
      path: '/v3/fulfillment/inbound-shipments',
      json: order,
      schema: createInboundOrderResponseSchema,
      rate: WFS_RATE,
    });
    return answer.payload;
  }

  /** getInboundShipmentItems: one page of a shipment's (or every shipment's) items. */
  shipmentItems(q: { shipmentId?: string; offset?: number; limit?: number } = {}) {
    return this.http.call({
      name: 'getInboundShipmentItems',
      method: 'GET',
      path: '/v3/fulfillment/inbound-shipment-items',
      query: { offset: q.offset ?? 0, limit: q.limit ?? PAGE, shipmentId: q.shipmentId },
      schema: inboundShipmentItemsResponseSchema,
      rate: WFS_RATE,
    });
  }

  /** Every item of one shipment, all pages read: what a receiving poll compares. */
  async allShipmentItems(shipmentId: string): Promise<InboundShipmentItem[]> {
    const all: InboundShipmentItem[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await this.shipmentItems({ shipmentId, offset, limit: PAGE });
      all.push(...(page.payload ?? []));
      if (!page.payload?.length || all.length >= (page.headers?.totalCount ?? 0)) return all;
    }
  }

  /**
   * getInboundOrderErrors: the inbound orders Walmart refused, with their lines and errors. Walmart
   * filters by inboundOrderId (its guide; since January 2025) — the model still names shipmentId.
   */
  inboundOrderErrors(q: { inboundOrderId?: string; shipmentId?: string; offset?: number; limit?: number } = {}) {
    return this.http.call({
      name: 'getInboundOrderErrors',
      method: 'GET',
      path: '/v3/fulfillment/inbound-shipment-errors',
      query: {
        offset: q.offset ?? 0,
        limit: q.limit ?? PAGE,
        inboundOrderId: q.inboundOrderId,
        shipmentId: q.shipmentId,
      },
      schema: inboundOrderErrorsResponseSchema,
      rate: WFS_RATE,
    });
  }

  /** What to fix on which line of a refused inbound order (empty once Walmart accepted it). */
  async inboundOrderProblems(inboundOrderId: string) {
    const page = await this.inboundOrderErrors({ inboundOrderId });
    return (page.payload ?? [])
      .filter((e) => e.inboundOrderId === inboundOrderId)
      .flatMap((e) => walmartLineProblems(e.errors, e.orderItems ?? []));
  }

  /**
   * updateShipmentQuantity: new quantities per SKU before the shipment is received; a SKU may rise
   * by at most 6 units, 0 takes it off, and not every SKU may go to 0 (cancel the order instead).
   */
  updateShipmentQuantities(body: UpdateShipmentQuantity) {
    return this.http.call({
      name: 'updateShipmentQuantity',
      method: 'PUT',
      path: '/v3/fulfillment/shipment-quantities',
      json: body,
      schema: serviceResponseSchema,
      rate: WFS_RATE,
    });
  }

  /** updateShipmentTrackingDetails: the seller's own carrier and tracking numbers (at most 100). */
  updateShipmentTracking(body: ShipmentTracking) {
    return this.http.call({
      name: 'updateShipmentTrackingDetails',
      method: 'POST',
      repeatable: true, // the same numbers again replace themselves
      path: '/v3/fulfillment/shipment-tracking',
      json: body,
      schema: serviceResponseSchema,
      rate: WFS_RATE,
    });
  }

  /** cancelShipment: the whole inbound order and all its shipments, before any is being received. */
  cancelInboundOrder(inboundOrderId: string) {
    return this.http.call({
      name: 'cancelShipment',
      method: 'DELETE',
      path: `/v3/fulfillment/inbound-shipments/${encodeURIComponent(inboundOrderId)}`,
      schema: serviceResponseSchema,
      rate: WFS_RATE,
    });
  }

  /**
   * createInboundShipmentLabelV2: WFS receiving labels (not carrier labels) — a 4×6 or 4×3⅓ PDF,
   * or 4×6 ZPL — `count` per load type; with no load types, one blank label to fill out by hand.
   */
  async receivingLabels(body: ShipmentLabelRequest) {
    const zpl = body.labelFormat?.toUpperCase() === 'ZPL';
    const answer = await this.http.call({
      name: 'createInboundShipmentLabelV2',
      method: 'POST',
      repeatable: true, // labels are drawn, not bought
      path: '/v3/fulfillment/shipment-label',
      json: body,
      headers: { accept: zpl ? 'application/zpl, text/plain, application/json' : 'application/pdf, application/json' },
      schema: documentAnswerSchema,
      rate: WFS_RATE,
    });
    return asDocument(answer);
  }
}
