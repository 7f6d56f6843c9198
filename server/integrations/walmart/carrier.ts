/**
 * Walmart Preferred Carrier for WFS inbound shipments: rate quotes for FedEx small parcel or LTL,
 * accepting one (Walmart then books the carrier and the charges come off the seller's WFS sales),
 * voiding it within Walmart's window (24 hours parcel, 1 hour LTL), and the carrier's labels as a
 * PDF. Walmart's limits are in carrier-models.ts; Walmart, not the client, is the judge of them.
 */
import type { ProviderHttp } from '../http.js';
import {
  carrierQuoteResponseSchema,
  carrierQuotesResponseSchema,
  type CarrierMode,
  type CarrierQuoteRequest,
} from './carrier-models.js';
import { asDocument, documentAnswerSchema } from './inbound-documents.js';
import { serviceResponseSchema, WFS_RATE } from './inbound-models.js';

const id = (shipmentId: string) => encodeURIComponent(shipmentId);

export class WalmartCarrier {
  constructor(private readonly http: ProviderHttp) {}

  /** createCarrierRateQuotes: Walmart's negotiated rates for the shipment's boxes or pallets. */
  createQuotes(body: CarrierQuoteRequest) {
    return this.http.call({
      name: 'createCarrierRateQuotes',
      method: 'POST',
      repeatable: true, // a quote is an estimate
      path: '/v3/fulfillment/carrier-rate-quotes',
      json: body,
      schema: carrierQuotesResponseSchema,
      rate: WFS_RATE,
    });
  }

  /**
   * getCarrierRateQuote. Walmart's model declares shipmentId and mode "in: path" on a path without
   * placeholders, so they can only travel in the query string.
   */
  quote(shipmentId: string, mode?: CarrierMode) {
    return this.http.call({
      name: 'getCarrierRateQuote',
      method: 'GET',
      path: '/v3/fulfillment/carrier-rate-quotes',
      query: { shipmentId, mode },
      schema: carrierQuoteResponseSchema,
      rate: WFS_RATE,
    });
  }

  /** confirmCarrierRateQuote: accept the estimated charges; the void window starts now. */
  confirmQuote(shipmentId: string) {
    return this.http.call({
      name: 'confirmCarrierRateQuote',
      method: 'POST',
      path: '/v3/fulfillment/carrier-rate-quote/confirm',
      json: { shipmentId },
      schema: serviceResponseSchema,
      rate: WFS_RATE,
    });
  }

  /** voidCarrierRateQuote: cancel the accepted charges, within Walmart's void window. */
  voidQuote(shipmentId: string) {
    return this.http.call({
      name: 'voidCarrierRateQuote',
      method: 'DELETE',
      path: `/v3/fulfillment/carrier-rate-quote/${id(shipmentId)}`,
      schema: serviceResponseSchema,
      rate: WFS_RATE,
    });
  }

  /** printCarrierLabel: one 4×6 label per package, as a PDF; shipDate at most 10 days ahead. */
  async label(shipmentId: string, shipDate: string) {
    const answer = await this.http.call({
      name: 'printCarrierLabel',
      method: 'POST',
      repeatable: true, // the same labels again
      path: `/v3/fulfillment/carrier-label/${id(shipmentId)}`,
      json: { shipDate },
      headers: { accept: 'application/pdf, application/json' },
      schema: documentAnswerSchema,
      rate: WFS_RATE,
    });
    return asDocument(answer);
  }
}
