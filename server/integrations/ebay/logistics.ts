/**
 * eBay Logistics API (sell/logistics/v1_beta) for one seller: live USPS rates for a package
 * (createShippingQuote, getShippingQuote), the label bought from one rate (createFromShippingQuote),
 * read back (getShipment), its PDF (downloadLabelFile) and its cancellation (cancelShipment, the
 * cost refunded to the seller's billing agreement). A quote's rates are live until its
 * expirationDate. Limited Release: eBay grants the sell.logistics scope to approved keysets only.
 * eBay publishes no per-second rate for it; the client keeps to the Sell APIs' 5 a second.
 */
import type { ProviderHttp } from '../http.js';
import { asDocument, documentAnswerSchema } from '../walmart/inbound-documents.js';
import {
  shipmentSchema,
  shippingQuoteSchema,
  type CreateShipmentFromQuoteRequest,
  type ShippingQuoteRequest,
} from './logistics-models.js';

export const LOGISTICS_BASE = '/sell/logistics/v1_beta';
const RATE = { perSecond: 5, burst: 10 };
const seg = (id: string) => encodeURIComponent(id);

export class EbayLogistics {
  /** `documents` reads a PDF answer as {contentType, base64} (see walmart/inbound-documents.ts). */
  constructor(
    private readonly sell: ProviderHttp,
    private readonly documents: ProviderHttp,
  ) {}

  /** createShippingQuote: eBay's live rates for one package (201). */
  createShippingQuote(body: ShippingQuoteRequest) {
    return this.sell.call({
      name: 'createShippingQuote',
      method: 'POST',
      repeatable: true, // a quote buys nothing
      path: `${LOGISTICS_BASE}/shipping_quote`,
      json: body,
      schema: shippingQuoteSchema,
      rate: RATE,
    });
  }

  /** getShippingQuote: the quote again, with its expirationDate. */
  shippingQuote(shippingQuoteId: string) {
    return this.sell.call({
      name: 'getShippingQuote',
      method: 'GET',
      path: `${LOGISTICS_BASE}/shipping_quote/${seg(shippingQuoteId)}`,
      schema: shippingQuoteSchema,
      rate: RATE,
    });
  }

  /** createFromShippingQuote: buys the rate's label; the seller's billing agreement is charged. */
  createFromShippingQuote(body: CreateShipmentFromQuoteRequest) {
    return this.sell.call({
      name: 'createFromShippingQuote',
      method: 'POST',
      path: `${LOGISTICS_BASE}/shipment/create_from_shipping_quote`,
      json: body,
      schema: shipmentSchema,
      rate: RATE,
    });
  }

  /** getShipment: the shipment bought, with its cancellation if one was asked. */
  shipment(shipmentId: string) {
    return this.sell.call({
      name: 'getShipment',
      method: 'GET',
      path: `${LOGISTICS_BASE}/shipment/${seg(shipmentId)}`,
      schema: shipmentSchema,
      rate: RATE,
    });
  }

  /** downloadLabelFile: the label as a PDF (Accept names the format; PDF is eBay's default). */
  async labelFile(shipmentId: string) {
    const answer = await this.documents.call({
      name: 'downloadLabelFile',
      method: 'GET',
      path: `${LOGISTICS_BASE}/shipment/${seg(shipmentId)}/download_label_file`,
      headers: { accept: 'application/pdf' },
      schema: documentAnswerSchema,
      rate: RATE,
    });
    return asDocument(answer);
  }

  /** cancelShipment: the label deleted and its totalShippingCost refunded (refused once used). */
  cancelShipment(shipmentId: string) {
    return this.sell.call({
      name: 'cancelShipment',
      method: 'POST',
      path: `${LOGISTICS_BASE}/shipment/${seg(shipmentId)}/cancel`,
      schema: shipmentSchema,
      rate: RATE,
    });
  }
}
