/**
 * Amazon Merchant Fulfillment v0 (Buy Shipping) for one store: which carriers' services can carry
 * a seller-fulfilled order's package and at what rate, buying the label (which also marks the
 * order's items shipped at Amazon), reading and cancelling it. Usage plans as Amazon publishes
 * them: getEligibleShipmentServices 6/s burst 12, createShipment 2/s burst 2, getShipment,
 * cancelShipment and getAdditionalSellerInputs 1/s burst 1.
 */
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { ProviderHttp } from '../http.js';
import { ProviderFailure } from '../http.js';
import {
  additionalSellerInputsResultSchema,
  eligibleShipmentServicesSchema,
  mfnShipmentSchema,
  withPayload,
  type CreateShipmentRequest,
  type GetAdditionalSellerInputsRequest,
  type GetEligibleShipmentServicesRequest,
  type Label,
} from './mfn-models.js';

const BASE = '/mfn/v0';

export class AmazonMerchantFulfillment {
  constructor(private readonly sp: ProviderHttp) {}

  async getEligibleShipmentServices(body: GetEligibleShipmentServicesRequest) {
    const answer = await this.sp.call({
      name: 'getEligibleShipmentServices',
      method: 'POST',
      repeatable: true, // offers change nothing
      path: `${BASE}/eligibleShippingServices`,
      json: body,
      schema: withPayload(eligibleShipmentServicesSchema),
      rate: { perSecond: 6, burst: 12 },
    });
    return answer.payload;
  }

  async createShipment(body: CreateShipmentRequest) {
    const answer = await this.sp.call({
      name: 'createShipment',
      method: 'POST',
      path: `${BASE}/shipments`,
      json: body,
      schema: withPayload(mfnShipmentSchema),
      rate: { perSecond: 2, burst: 2 },
    });
    return answer.payload;
  }

  async getShipment(shipmentId: string) {
    const answer = await this.sp.call({
      name: 'getShipment',
      method: 'GET',
      path: `${BASE}/shipments/${encodeURIComponent(shipmentId)}`,
      schema: withPayload(mfnShipmentSchema),
      rate: { perSecond: 1, burst: 1 },
    });
    return answer.payload;
  }

  /** Asks for the label's refund; Amazon refuses once the carrier's void window has passed. */
  async cancelShipment(shipmentId: string) {
    const answer = await this.sp.call({
      name: 'cancelShipment',
      method: 'DELETE',
      path: `${BASE}/shipments/${encodeURIComponent(shipmentId)}`,
      schema: withPayload(mfnShipmentSchema),
      rate: { perSecond: 1, burst: 1 },
    });
    return answer.payload;
  }

  async getAdditionalSellerInputs(body: GetAdditionalSellerInputsRequest) {
    const answer = await this.sp.call({
      name: 'getAdditionalSellerInputs',
      method: 'POST',
      repeatable: true, // a read
      path: `${BASE}/additionalSellerInputs`,
      json: body,
      schema: withPayload(additionalSellerInputsResultSchema),
      rate: { perSecond: 1, burst: 1 },
    });
    return answer.payload;
  }
}

const md5 = (b: Buffer) => createHash('md5').update(b).digest('base64');

/**
 * The printable label inside an MFN shipment: Amazon sends it base64-encoded and GZIP-compressed,
 * with an MD5 checksum (base64). The model does not say whether the checksum covers the compressed
 * or the decompressed bytes, so either match is accepted; a label matching neither is refused
 * rather than printed.
 */
export function labelDocument(label: Label): { contentType: string; bytes: Buffer } {
  const { Contents, FileType, Checksum } = label.FileContents;
  const refuse = (why: string) =>
    new ProviderFailure('garbage', 'Amazon', 'label', [`Amazon's label for this shipment ${why}`]);
  if (!Contents || !FileType) throw refuse('is empty: the shipment was cancelled');
  const compressed = Buffer.from(Contents, 'base64');
  let bytes: Buffer;
  try {
    bytes = gunzipSync(compressed);
  } catch {
    throw refuse('is not GZIP-compressed data');
  }
  if (Checksum && Checksum !== md5(bytes) && Checksum !== md5(compressed))
    throw refuse('does not match its checksum; buy or fetch it again');
  return { contentType: FileType, bytes };
}
