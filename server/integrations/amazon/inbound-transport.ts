/**
 * Amazon Fulfillment Inbound v2024-03-20 transportation for one store: transportation options per
 * placement option (to compare placements by landed cost before confirming one), their
 * confirmation, delivery windows (which own-carrier shipments must book first), tracking details
 * for own-carrier shipments, and the partnered LTL carrier's bill of lading (v0). Same usage plan
 * as the rest of inbound: 2 requests a second.
 */
import type { ProviderHttp } from '../http.js';
import { operationStartedSchema } from './inbound-models.js';
import {
  billOfLadingResponseSchema,
  listDeliveryWindowOptionsResponseSchema,
  listTransportationOptionsResponseSchema,
  type GenerateTransportationOptionsRequest,
  type TrackingDetailsInput,
  type TransportationOption,
  type TransportationSelection,
} from './transport-models.js';

const BASE = '/inbound/fba/2024-03-20';
const WRITE = { perSecond: 2, burst: 2 };
const READ = { perSecond: 2, burst: 6 };
const plan = (id: string) => `${BASE}/inboundPlans/${encodeURIComponent(id)}`;
const shipment = (planId: string, id: string) => `${plan(planId)}/shipments/${encodeURIComponent(id)}`;

export class AmazonInboundTransport {
  constructor(private readonly sp: ProviderHttp) {}

  generateTransportationOptions(planId: string, body: GenerateTransportationOptionsRequest) {
    return this.sp.call({
      name: 'generateTransportationOptions',
      method: 'POST',
      path: `${plan(planId)}/transportationOptions`,
      json: body,
      schema: operationStartedSchema,
      rate: WRITE,
    });
  }

  /** Every transportation option of a placement option or of one shipment, all pages read. */
  async listTransportationOptions(
    planId: string,
    by: { placementOptionId: string } | { shipmentId: string },
  ): Promise<TransportationOption[]> {
    const all: TransportationOption[] = [];
    let nextToken: string | undefined;
    do {
      const page = await this.sp.call({
        name: 'listTransportationOptions',
        method: 'GET',
        path: `${plan(planId)}/transportationOptions`,
        query: { ...by, pageSize: 20, paginationToken: nextToken },
        schema: listTransportationOptionsResponseSchema,
        rate: READ,
      });
      all.push(...page.transportationOptions);
      nextToken = page.pagination?.nextToken;
    } while (nextToken);
    return all;
  }

  confirmTransportationOptions(planId: string, transportationSelections: TransportationSelection[]) {
    return this.sp.call({
      name: 'confirmTransportationOptions',
      method: 'POST',
      path: `${plan(planId)}/transportationOptions/confirmation`,
      json: { transportationSelections },
      schema: operationStartedSchema,
      rate: WRITE,
    });
  }

  generateDeliveryWindowOptions(planId: string, shipmentId: string) {
    return this.sp.call({
      name: 'generateDeliveryWindowOptions',
      method: 'POST',
      path: `${shipment(planId, shipmentId)}/deliveryWindowOptions`,
      schema: operationStartedSchema,
      rate: WRITE,
    });
  }

  listDeliveryWindowOptions(planId: string, shipmentId: string) {
    return this.sp.call({
      name: 'listDeliveryWindowOptions',
      method: 'GET',
      path: `${shipment(planId, shipmentId)}/deliveryWindowOptions`,
      query: { pageSize: 100 },
      schema: listDeliveryWindowOptionsResponseSchema,
      rate: READ,
    });
  }

  confirmDeliveryWindowOptions(planId: string, shipmentId: string, deliveryWindowOptionId: string) {
    return this.sp.call({
      name: 'confirmDeliveryWindowOptions',
      method: 'POST',
      path: `${shipment(planId, shipmentId)}/deliveryWindowOptions/${encodeURIComponent(deliveryWindowOptionId)}/confirmation`,
      schema: operationStartedSchema,
      rate: WRITE,
    });
  }

  /** Tracking ids per box (own-carrier small parcel) or the PRO number (own-carrier LTL). */
  updateShipmentTrackingDetails(planId: string, shipmentId: string, trackingDetails: TrackingDetailsInput) {
    return this.sp.call({
      name: 'updateShipmentTrackingDetails',
      method: 'PUT',
      path: `${shipment(planId, shipmentId)}/trackingDetails`,
      json: { trackingDetails },
      schema: operationStartedSchema,
      rate: WRITE,
    });
  }

  /** Fulfillment Inbound v0 getBillOfLading: a download URL (valid 15 seconds); v0 names the shipment FBA…. */
  getBillOfLading(shipmentConfirmationId: string) {
    return this.sp.call({
      name: 'getBillOfLading',
      method: 'GET',
      path: `/fba/inbound/v0/shipments/${encodeURIComponent(shipmentConfirmationId)}/billOfLading`,
      schema: billOfLadingResponseSchema,
      rate: { perSecond: 2, burst: 30 },
    });
  }
}
