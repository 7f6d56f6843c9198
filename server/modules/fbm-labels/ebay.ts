/**
 * eBay's Logistics API for an eBay store's FBM order (issue 20 step 5): a shipping quote for each
 * package (createShippingQuote), its live USPS rates quoted beside the aggregator's, and the label
 * bought from one (createFromShippingQuote), its PDF downloaded (downloadLabelFile), stored and
 * paid from the client's label funds through the Buy Shipping Labels tool's purchaseLabel; a void
 * is eBay's cancelShipment (eBay refunds its cost). A quote's rates are live until its
 * expirationDate: a rate of an expired quote is refused in words before eBay is asked to sell it.
 * The Logistics API is Limited Release: its scope (sell.logistics) is granted to approved keysets.
 *
 * A store that is not connected to eBay is not asked (it cannot be), nor a production store whose
 * eBay Logistics setting is off (the warehouse's keyset is not known to be approved): their orders
 * are quoted by the aggregator alone.
 */
import type { LabelFormat } from '../../../domain/schemas/shipping-labels.js';
import type { ShipAddress } from '../../../domain/schemas/shipping.js';
import type { Deps } from '../../context.js';
import { businessRule } from '../../http/errors.js';
import { ProviderFailure } from '../../integrations/http.js';
import {
  CANCELLATION_STATUSES,
  EBAY_LABEL_SIZE,
  type EbayContact,
  type Shipment,
  type ShippingQuoteRequest,
} from '../../integrations/ebay/logistics-models.js';
import { ebayClientFor, usesEbayLogistics } from '../stores/ebay.js';
import { credentialsOf, type StoreRecord } from '../stores/service.js';
import { registerLabelVoider, type BoughtLabel, type LabelSeller } from '../shipping/labels.js';
import { daysUntil, failureOf, storeOfLabel, storeOfOrder, type PackageOffer } from './offers.js';
import type { OrderShipment } from './rates.js';

/** An eBay package rate id: the prefix, eBay's shippingQuoteId and the rate's rateId. */
export const EBAY_RATE_PREFIX = 'ebay:';
export const isEbayRate = (rateId: string) => rateId.startsWith(EBAY_RATE_PREFIX);
const quoteAndRate = (rateId: string) => {
  const [shippingQuoteId, rate] = rateId.slice(EBAY_RATE_PREFIX.length).split(':');
  return { shippingQuoteId, rateId: rate };
};

/**
 * The order's eBay store when it uses eBay Logistics (a sandbox store, or a production store whose
 * setting says the warehouse's keyset is approved for the Limited Release sell.logistics scope) and
 * is connected (has eBay's authorisation), or null. A production store with the setting off never
 * asks eBay for the scope, and eBay refuses Logistics calls without it.
 */
export async function ebayStoreOf(deps: Deps, order: { storeId: number }): Promise<StoreRecord | null> {
  const store = await storeOfOrder(deps, order, 'ebay');
  if (!store || !usesEbayLogistics(store)) return null;
  return credentialsOf(deps, store).refreshToken ? store : null;
}

const contact = (a: ShipAddress): EbayContact => ({
  fullName: a.name,
  contactAddress: {
    addressLine1: a.line1,
    ...(a.line2 ? { addressLine2: a.line2 } : {}),
    city: a.city,
    stateOrProvince: a.state,
    postalCode: a.postalCode,
    countryCode: a.countryCode,
  },
  ...(a.phone ? { primaryPhone: { phoneNumber: a.phone } } : {}),
});

const quoteRequest = (s: OrderShipment, pkg: OrderShipment['packages'][number]): ShippingQuoteRequest => ({
  orders: [{ channel: 'EBAY', orderId: s.order.marketplaceOrderId }],
  packageSpecification: {
    dimensions: {
      length: String(pkg.parcel.lengthIn),
      width: String(pkg.parcel.widthIn),
      height: String(pkg.parcel.heightIn),
      unit: 'INCH',
    },
    weight: { value: String(pkg.parcel.weightLb), unit: 'POUND' },
  },
  shipFrom: contact(s.shipFrom),
  shipTo: contact(s.shipTo),
});

/** eBay's rates for each package of the order (one shipping quote per package). */
export async function ebayOffers(deps: Deps, store: StoreRecord, s: OrderShipment) {
  const client = await ebayClientFor(deps, store);
  const perPackage: PackageOffer[][] = [];
  const warnings = new Set<string>();
  try {
    for (const p of s.packages) {
      const quote = await client.logistics.createShippingQuote(quoteRequest(s, p));
      for (const w of quote.warnings ?? []) if (w.longMessage ?? w.message) warnings.add(w.longMessage ?? w.message!);
      perPackage.push(
        quote.rates.map((r) => ({
          key: `${r.shippingCarrierCode}|${r.shippingServiceCode}`,
          rateId: `${EBAY_RATE_PREFIX}${quote.shippingQuoteId}:${r.rateId}`,
          carrier: r.shippingCarrierName ?? r.shippingCarrierCode,
          carrierCode: `ebay-${r.shippingCarrierCode.toLowerCase()}`,
          service: r.shippingServiceName ?? r.shippingServiceCode,
          serviceCode: r.shippingServiceCode,
          costCents: Math.round(Number(r.baseShippingCost.value) * 100),
          currency: r.baseShippingCost.currency.toUpperCase(),
          deliveryDays: daysUntil(deps.now(), r.maxEstimatedDeliveryDate ?? r.minEstimatedDeliveryDate),
        })),
      );
    }
  } catch (err) {
    throw failureOf(err);
  }
  return { perPackage, warnings: [...warnings] };
}

const isLive = (s: Shipment) => !s.cancellation || s.cancellation.cancellationStatus === 'CANCELLATION_REJECTED';

/** The label seller for one package bought through eBay's Logistics API. */
export function ebaySeller(deps: Deps, store: StoreRecord, rateId: string, format: LabelFormat): LabelSeller {
  const chosen = quoteAndRate(rateId);
  const bought = async (shipment: Shipment): Promise<BoughtLabel> => {
    const client = await ebayClientFor(deps, store);
    const pdf = await client.logistics.labelFile(shipment.shipmentId);
    return {
      providerLabelId: shipment.shipmentId,
      carrier: shipment.rate.shippingCarrierName ?? shipment.rate.shippingCarrierCode ?? 'USPS',
      service: shipment.rate.shippingServiceName ?? shipment.rate.shippingServiceCode ?? '',
      trackingNumber: shipment.shipmentTrackingNumber ?? null,
      document: pdf.bytes.toString('base64'),
      costCents: Math.round(Number(shipment.rate.totalShippingCost.value) * 100),
    };
  };
  return {
    provider: 'ebay',
    async buy(sold) {
      if (format !== 'pdf') throw businessRule('eBay labels come as PDF only: choose PDF');
      const client = await ebayClientFor(deps, store);
      try {
        const quote = await client.logistics.shippingQuote(chosen.shippingQuoteId);
        if (Date.parse(quote.expirationDate) <= deps.now().getTime())
          throw businessRule(
            `eBay’s quote for this package expired at ${quote.expirationDate}: shop the rates again and buy a fresh one`,
          );
        const shipment = await client.logistics.createFromShippingQuote({
          shippingQuoteId: chosen.shippingQuoteId,
          rateId: chosen.rateId,
          labelSize: EBAY_LABEL_SIZE,
        });
        // Kept at once: a crash from here on is healed by getShipment, never a second purchase.
        await sold(shipment.shipmentId);
        return await bought(shipment);
      } catch (err) {
        throw failureOf(err);
      }
    },
    async recover(shipmentId) {
      const client = await ebayClientFor(deps, store);
      try {
        const shipment = await client.logistics.shipment(shipmentId);
        return isLive(shipment) ? await bought(shipment) : null;
      } catch (err) {
        throw failureOf(err);
      }
    },
    async cancel(shipmentId) {
      await (await ebayClientFor(deps, store)).logistics.cancelShipment(shipmentId);
    },
  };
}

/** eBay's void: cancelShipment for the label's order's store (eBay refunds the label's cost). */
registerLabelVoider('ebay', async (deps, ctx, row) => {
  const store = await storeOfLabel(deps, ctx, row, 'ebay');
  if (!store) throw businessRule('The eBay store this label was bought through is gone: cancel it at eBay');
  if (!usesEbayLogistics(store))
    throw businessRule(
      'eBay Logistics is off for the store this label was bought through, so eBay refuses Dockside’s cancellation: turn it on (and reconnect the store) to void the label, or cancel it at eBay',
    );
  const client = await ebayClientFor(deps, store);
  try {
    const shipment = await client.logistics.cancelShipment(row.providerLabelId!);
    const status = shipment.cancellation?.cancellationStatus ?? 'none';
    // Requested: the carrier decides later, and eBay refunds once it accepts.
    const approved = status === CANCELLATION_STATUSES[0] || status === CANCELLATION_STATUSES[1];
    return { approved, message: `eBay answered ${status}` };
  } catch (err) {
    if (err instanceof ProviderFailure && err.kind === 'refused')
      return { approved: false, message: err.messages.join('; ') };
    throw err;
  }
});
