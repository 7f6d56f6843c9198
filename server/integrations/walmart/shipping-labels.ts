/**
 * Ship With Walmart (SWW) labels for a Walmart order: estimates for a package
 * (getShippingEstimate), the label bought for one carrier service (createLabel), the labels of a
 * purchase order (getLabel), one label's PDF (getLabelByTrackingAndCarrier) and discarding it
 * (discardLabel). Walmart bills the label to the seller's account; a discarded label is not billed.
 * Walmart publishes no per-second rate for these; the client keeps to the Marketplace's usual
 * 10 a second.
 */
import type { ProviderHttp } from '../http.js';
import { asDocument, documentAnswerSchema } from './inbound-documents.js';
import {
  createLabelResponseSchema,
  discardLabelResponseSchema,
  purchaseOrderLabelsResponseSchema,
  shippingEstimateResponseSchema,
  type CreateLabelRequest,
  type ShippingEstimateRequest,
} from './shipping-labels-models.js';

export const SWW_BASE = '/v3/shipping/labels';
const RATE = { perSecond: 10, burst: 10 };
const seg = (v: string) => encodeURIComponent(v);
const labelPath = (carrierShortName: string, trackingNo: string) =>
  `${SWW_BASE}/carriers/${seg(carrierShortName)}/trackings/${seg(trackingNo)}`;

export class WalmartShippingLabels {
  /** `documents` reads a PDF answer as {contentType, base64} (inbound-documents.ts). */
  constructor(
    private readonly http: ProviderHttp,
    private readonly documents: ProviderHttp,
  ) {}

  /** getShippingEstimate: every service Walmart sells for the box, priced. */
  estimates(body: ShippingEstimateRequest) {
    return this.http.call({
      name: 'getShippingEstimate',
      method: 'POST',
      repeatable: true, // an estimate buys nothing
      path: `${SWW_BASE}/shipping-estimates`,
      json: body,
      headers: { accept: 'application/json' },
      schema: shippingEstimateResponseSchema,
      rate: RATE,
    });
  }

  /** createLabel (Accept application/json): the tracking number; the PDF is downloaded apart. */
  createLabel(body: CreateLabelRequest) {
    return this.http.call({
      name: 'createLabel',
      method: 'POST',
      path: SWW_BASE,
      json: body,
      headers: { accept: 'application/json' },
      schema: createLabelResponseSchema,
      rate: RATE,
    });
  }

  /** getLabel: every label bought for the purchase order. */
  labelsOf(purchaseOrderId: string) {
    return this.http.call({
      name: 'getLabel',
      method: 'GET',
      path: `${SWW_BASE}/purchase-orders/${seg(purchaseOrderId)}`,
      headers: { accept: 'application/json' },
      schema: purchaseOrderLabelsResponseSchema,
      rate: RATE,
    });
  }

  /** getLabelByTrackingAndCarrier: the label as a PDF. */
  async labelPdf(carrierShortName: string, trackingNo: string) {
    const answer = await this.documents.call({
      name: 'getLabelByTrackingAndCarrier',
      method: 'GET',
      path: labelPath(carrierShortName, trackingNo),
      headers: { accept: 'application/pdf' },
      schema: documentAnswerSchema,
      rate: RATE,
    });
    return asDocument(answer);
  }

  /** discardLabel: marks the label discarded (it is not billed). */
  discard(carrierShortName: string, trackingNo: string) {
    return this.http.call({
      name: 'discardLabel',
      method: 'DELETE',
      path: labelPath(carrierShortName, trackingNo),
      headers: { accept: 'application/json' },
      schema: discardLabelResponseSchema,
      rate: RATE,
    });
  }
}
