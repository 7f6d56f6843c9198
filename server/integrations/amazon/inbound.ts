/**
 * Amazon Fulfillment Inbound v2024-03-20 for one store: inbound plans and the asynchronous
 * operations behind every change (a POST answers an operationId; the work is done when
 * getInboundOperationStatus says SUCCESS, or FAILED with its problems). Amazon's usage plan for
 * these operations is 2 requests a second, burst 2 (6 for reads of status).
 */
import type { ProviderHttp } from '../http.js';
import { ProviderFailure } from '../http.js';
import {
  createInboundPlanResponseSchema,
  listInboundPlanItemsResponseSchema,
  listInboundPlansResponseSchema,
  inboundPlanSchema,
  listPackingGroupItemsResponseSchema,
  labelsResponseSchema,
  shipmentItemsResponseSchema,
  type ShipmentItemsResponse,
  listBoxesResponseSchema,
  listPackingOptionsResponseSchema,
  listPlacementOptionsResponseSchema,
  type SetPackingInformationRequest,
  operationStartedSchema,
  operationStatusSchema,
  listPrepDetailsResponseSchema,
  setPrepDetailsResponseSchema,
  type SetPrepDetailsRequest,
  type CreateInboundPlanRequest,
  type OperationStatus,
} from './inbound-models.js';
import { shipmentSchemaWithTransport } from './transport-models.js';

const BASE = '/inbound/fba/2024-03-20';
const WRITE = { perSecond: 2, burst: 2 };
const READ = { perSecond: 2, burst: 6 };

export class AmazonInbound {
  constructor(private readonly sp: ProviderHttp) {}

  createInboundPlan(body: CreateInboundPlanRequest) {
    return this.sp.call({
      name: 'createInboundPlan',
      method: 'POST',
      path: `${BASE}/inboundPlans`,
      json: body,
      schema: createInboundPlanResponseSchema,
      rate: WRITE,
    });
  }

  listInboundPlans(q: { status?: string; nextToken?: string; pageSize?: number } = {}) {
    return this.sp.call({
      name: 'listInboundPlans',
      method: 'GET',
      path: `${BASE}/inboundPlans`,
      query: { pageSize: q.pageSize ?? 30, status: q.status, paginationToken: q.nextToken },
      schema: listInboundPlansResponseSchema,
      rate: READ,
    });
  }

  getInboundPlan(planId: string) {
    return this.sp.call({
      name: 'getInboundPlan',
      method: 'GET',
      path: `${BASE}/inboundPlans/${encodeURIComponent(planId)}`,
      schema: inboundPlanSchema,
      rate: READ,
    });
  }

  listInboundPlanItems(planId: string, nextToken?: string) {
    return this.sp.call({
      name: 'listInboundPlanItems',
      method: 'GET',
      path: `${BASE}/inboundPlans/${encodeURIComponent(planId)}/items`,
      query: { pageSize: 1000, paginationToken: nextToken },
      schema: listInboundPlanItemsResponseSchema,
      rate: READ,
    });
  }

  cancelInboundPlan(planId: string) {
    return this.sp.call({
      name: 'cancelInboundPlan',
      method: 'PUT',
      path: `${BASE}/inboundPlans/${encodeURIComponent(planId)}/cancellation`,
      schema: operationStartedSchema,
      rate: WRITE,
    });
  }

  generatePackingOptions(planId: string) {
    return this.sp.call({
      name: 'generatePackingOptions',
      method: 'POST',
      path: `${BASE}/inboundPlans/${encodeURIComponent(planId)}/packingOptions`,
      schema: operationStartedSchema,
      rate: WRITE,
    });
  }

  listPackingOptions(planId: string) {
    return this.sp.call({
      name: 'listPackingOptions',
      method: 'GET',
      path: `${BASE}/inboundPlans/${encodeURIComponent(planId)}/packingOptions`,
      query: { pageSize: 20 },
      schema: listPackingOptionsResponseSchema,
      rate: READ,
    });
  }

  confirmPackingOption(planId: string, packingOptionId: string) {
    return this.sp.call({
      name: 'confirmPackingOption',
      method: 'POST',
      path: `${BASE}/inboundPlans/${encodeURIComponent(planId)}/packingOptions/${encodeURIComponent(packingOptionId)}/confirmation`,
      schema: operationStartedSchema,
      rate: WRITE,
    });
  }

  listPackingGroupItems(planId: string, packingGroupId: string) {
    return this.sp.call({
      name: 'listPackingGroupItems',
      method: 'GET',
      path: `${BASE}/inboundPlans/${encodeURIComponent(planId)}/packingGroups/${encodeURIComponent(packingGroupId)}/items`,
      query: { pageSize: 100 },
      schema: listPackingGroupItemsResponseSchema,
      rate: READ,
    });
  }

  setPackingInformation(planId: string, body: SetPackingInformationRequest) {
    return this.sp.call({
      name: 'setPackingInformation',
      method: 'POST',
      path: `${BASE}/inboundPlans/${encodeURIComponent(planId)}/packingInformation`,
      json: body,
      schema: operationStartedSchema,
      rate: WRITE,
    });
  }

  listInboundPlanBoxes(planId: string) {
    return this.sp.call({
      name: 'listInboundPlanBoxes',
      method: 'GET',
      path: `${BASE}/inboundPlans/${encodeURIComponent(planId)}/boxes`,
      query: { pageSize: 1000 },
      schema: listBoxesResponseSchema,
      rate: READ,
    });
  }

  generatePlacementOptions(planId: string) {
    return this.sp.call({
      name: 'generatePlacementOptions',
      method: 'POST',
      path: `${BASE}/inboundPlans/${encodeURIComponent(planId)}/placementOptions`,
      json: {},
      schema: operationStartedSchema,
      rate: WRITE,
    });
  }

  listPlacementOptions(planId: string) {
    return this.sp.call({
      name: 'listPlacementOptions',
      method: 'GET',
      path: `${BASE}/inboundPlans/${encodeURIComponent(planId)}/placementOptions`,
      query: { pageSize: 20 },
      schema: listPlacementOptionsResponseSchema,
      rate: READ,
    });
  }

  confirmPlacementOption(planId: string, placementOptionId: string) {
    return this.sp.call({
      name: 'confirmPlacementOption',
      method: 'POST',
      path: `${BASE}/inboundPlans/${encodeURIComponent(planId)}/placementOptions/${encodeURIComponent(placementOptionId)}/confirmation`,
      schema: operationStartedSchema,
      rate: WRITE,
    });
  }

  getShipment(planId: string, shipmentId: string) {
    return this.sp.call({
      name: 'getShipment',
      method: 'GET',
      path: `${BASE}/inboundPlans/${encodeURIComponent(planId)}/shipments/${encodeURIComponent(shipmentId)}`,
      schema: shipmentSchemaWithTransport,
      rate: READ,
    });
  }

  /**
   * Fulfillment Inbound v0 getLabels: a download URL (valid 15 seconds) of the shipment's box labels
   * — UNIQUE for the boxes named, BARCODE_2D for every box with its contents — or pallet labels.
   * v0 names the shipment by its confirmation id (FBA…).
   */
  getLabels(
    shipmentConfirmationId: string,
    q: { labelType: 'UNIQUE' | 'BARCODE_2D' | 'PALLET'; boxIds?: string[]; pallets?: number; pageType?: string },
  ) {
    return this.sp.call({
      name: 'getLabels',
      method: 'GET',
      path: `/fba/inbound/v0/shipments/${encodeURIComponent(shipmentConfirmationId)}/labels`,
      query: {
        PageType: q.pageType ?? 'PackageLabel_Thermal',
        LabelType: q.labelType,
        PackageLabelsToPrint: q.boxIds,
        NumberOfPackages: q.labelType === 'BARCODE_2D' ? q.boxIds?.length : undefined,
        NumberOfPallets: q.pallets,
      },
      schema: labelsResponseSchema,
      rate: { perSecond: 2, burst: 30 },
    });
  }

  /**
   * Fulfillment Inbound v0 getShipmentItemsByShipmentId: each SKU of a shipment (named by its
   * confirmation id, FBA…) with the quantities shipped and received so far — receiving at Amazon.
   */
  async shipmentItems(shipmentConfirmationId: string): Promise<ShipmentItemsResponse['payload']['ItemData']> {
    const all: ShipmentItemsResponse['payload']['ItemData'] = [];
    let next: string | undefined;
    do {
      const page = await this.sp.call({
        name: 'getShipmentItemsByShipmentId',
        method: 'GET',
        path: `/fba/inbound/v0/shipments/${encodeURIComponent(shipmentConfirmationId)}/items`,
        query: next ? { NextToken: next } : {},
        schema: shipmentItemsResponseSchema,
        rate: { perSecond: 2, burst: 30 },
      });
      all.push(...page.payload.ItemData);
      next = page.payload.NextToken || undefined;
    } while (next);
    return all;
  }

  /**
   * The prep details of up to 100 MSKUs. Amazon reads the list comma-separated, so a comma, plus
   * or percent inside an MSKU is percent-encoded once here and again by the query string.
   */
  listPrepDetails(marketplaceId: string, mskus: string[]) {
    const escaped = mskus.map((m) => m.replace(/[%+,]/g, (ch) => encodeURIComponent(ch)));
    return this.sp.call({
      name: 'listPrepDetails',
      method: 'GET',
      path: `${BASE}/items/prepDetails`,
      query: { marketplaceId, mskus: escaped },
      schema: listPrepDetailsResponseSchema,
      rate: READ,
    });
  }

  /** Sets the prep category and types of up to 100 MSKUs: an operation, like every change. */
  setPrepDetails(body: SetPrepDetailsRequest) {
    return this.sp.call({
      name: 'setPrepDetails',
      method: 'POST',
      path: `${BASE}/items/prepDetails`,
      json: body,
      schema: setPrepDetailsResponseSchema,
      rate: { perSecond: 2, burst: 30 },
    });
  }

  operationStatus(operationId: string) {
    return this.sp.call({
      name: 'getInboundOperationStatus',
      method: 'GET',
      path: `${BASE}/operations/${encodeURIComponent(operationId)}`,
      schema: operationStatusSchema,
      rate: READ,
    });
  }

  /**
   * Polls an operation until it is done. SUCCESS answers the status; FAILED becomes a refusal whose
   * messages are Amazon's operation problems, ready to show per SKU; still running after `timeoutMs`
   * is a provider failure a job can retry later.
   */
  async waitFor(operationId: string, opts: { pollMs?: number; timeoutMs?: number } = {}): Promise<OperationStatus> {
    const pollMs = opts.pollMs ?? 1_000;
    const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
    for (;;) {
      const status = await this.operationStatus(operationId);
      if (status.operationStatus === 'SUCCESS') return status;
      if (status.operationStatus === 'FAILED')
        throw new ProviderFailure(
          'refused',
          'Amazon',
          status.operation,
          status.operationProblems.map((p) => `Amazon (${p.code}): ${p.message}${p.details ? ` — ${p.details}` : ''}`),
        );
      if (Date.now() > deadline)
        throw new ProviderFailure('unavailable', 'Amazon', status.operation, [
          'Amazon is still working on it; Dockside will check again',
        ]);
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }
}
