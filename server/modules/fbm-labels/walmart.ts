/**
 * Ship With Walmart for a Walmart store's FBM order (issue 20 step 5): Walmart's estimates for each
 * package (getShippingEstimate) quoted beside the aggregator's, and the label bought for one
 * carrier service (createLabel), its PDF downloaded (getLabelByTrackingAndCarrier), stored and paid
 * from the client's label funds through the Buy Shipping Labels tool's purchaseLabel; a void is
 * Walmart's discardLabel (a discarded label is not billed). createLabel answers no price, so the
 * label costs what Walmart's estimate for the service says when it is bought.
 *
 * A store without its Walmart client id and secret is not asked (it cannot be): its orders are
 * quoted by the aggregator alone.
 */
import type { LabelFormat } from '../../../domain/schemas/shipping-labels.js';
import type { Deps } from '../../context.js';
import { businessRule } from '../../http/errors.js';
import { ProviderFailure } from '../../integrations/http.js';
import {
  CUSTOM_PACKAGE,
  type CreateLabelRequest,
  type EstimateAddress,
  type ShippingEstimate,
  type ShippingEstimateRequest,
  type SwwLabel,
} from '../../integrations/walmart/shipping-labels-models.js';
import type { ShipAddress } from '../../../domain/schemas/shipping.js';
import { credentialsOf, type StoreRecord } from '../stores/service.js';
import { walmartClientFor } from '../stores/walmart.js';
import { registerLabelVoider, type BoughtLabel, type LabelSeller } from '../shipping/labels.js';
import { daysUntil, failureOf, packageLines, storeOfLabel, storeOfOrder, type PackageOffer } from './offers.js';
import type { OrderShipment } from './rates.js';

/** A Walmart package rate id: the prefix, the carrier's shortName and the service's name. */
export const WALMART_RATE_PREFIX = 'walmart:';
export const isWalmartRate = (rateId: string) => rateId.startsWith(WALMART_RATE_PREFIX);
const walmartRateId = (e: ShippingEstimate) => `${WALMART_RATE_PREFIX}${e.carrierName}:${e.name}`;
const serviceOf = (rateId: string) => {
  const [carrierName, ...name] = rateId.slice(WALMART_RATE_PREFIX.length).split(':');
  return { carrierName, carrierServiceType: name.join(':') };
};

/** The order's Walmart store when Dockside can sign in to it, or null. */
export async function walmartStoreOf(deps: Deps, order: { storeId: number }): Promise<StoreRecord | null> {
  const store = await storeOfOrder(deps, order, 'walmart');
  if (!store) return null;
  const creds = credentialsOf(deps, store);
  return creds.clientId && creds.clientSecret ? store : null;
}

const estimateAddress = (a: ShipAddress): EstimateAddress => ({
  addressLines: [a.line1, a.line2].filter((l): l is string => !!l),
  city: a.city,
  state: a.state,
  postalCode: a.postalCode,
  countryCode: a.countryCode,
});

const DAY = 86_400_000;

async function estimateRequest(
  deps: Deps,
  s: OrderShipment,
  pkg: OrderShipment['packages'][number],
): Promise<ShippingEstimateRequest> {
  const now = deps.now().getTime();
  const p = pkg.parcel;
  const lines = await packageLines(deps, s.order.id, pkg.number);
  return {
    packageType: CUSTOM_PACKAGE,
    purchaseOrderId: s.order.marketplaceOrderId,
    boxItems: lines.map((l) => ({ lineNumber: l.lineId, sku: l.sku ?? '', quantity: l.quantity })),
    boxDimensions: {
      boxLength: p.lengthIn,
      boxWidth: p.widthIn,
      boxHeight: p.heightIn,
      boxDimensionUnit: 'IN',
      boxWeight: p.weightLb,
      boxWeightUnit: 'LB',
    },
    // Required by Walmart: the order's own promise, else today and a week out.
    shipByDate: s.order.shipBy ?? new Date(now).toISOString(),
    deliverByDate: s.order.deliverBy ?? new Date(now + 7 * DAY).toISOString(),
    fromAddress: estimateAddress(s.shipFrom),
    toAddress: estimateAddress(s.shipTo),
    // Every service, the late ones too: the desk chooses, Walmart's alert is kept as a warning.
    includeServicesNotMeetingDeliveryPromise: true,
  };
}

const offerOf = (deps: Deps, e: ShippingEstimate): PackageOffer => ({
  key: `${e.carrierName}|${e.name}`,
  rateId: walmartRateId(e),
  carrier: e.carrierDisplayName ?? e.carrierName,
  carrierCode: `walmart-${e.carrierName.toLowerCase()}`,
  service: e.displayName ?? e.name,
  serviceCode: e.name,
  costCents: Math.round(e.estimatedRate.amount * 100),
  currency: e.estimatedRate.currency.toUpperCase(),
  deliveryDays: daysUntil(deps.now(), e.deliveryDate),
});

/** Walmart's estimates for each package, and Walmart's alert (no service meets the promise). */
export async function walmartOffers(deps: Deps, store: StoreRecord, s: OrderShipment) {
  const client = walmartClientFor(deps, store);
  const perPackage: PackageOffer[][] = [];
  const alerts = new Set<string>();
  try {
    for (const p of s.packages) {
      const { data } = await client.shippingLabels.estimates(await estimateRequest(deps, s, p));
      if (data.alertMessage) alerts.add(data.alertMessage);
      perPackage.push(data.estimates.map((e) => offerOf(deps, e)));
    }
  } catch (err) {
    throw failureOf(err);
  }
  return { perPackage, alerts: [...alerts] };
}

/** A Ship With Walmart label as Dockside keeps it: its PDF fetched, priced at the estimate. */
async function boughtLabel(
  client: ReturnType<typeof walmartClientFor>,
  label: SwwLabel,
  estimate: ShippingEstimate | undefined,
): Promise<BoughtLabel> {
  if (!estimate)
    throw businessRule(`Walmart no longer prices ${label.carrierName} ${label.carrierServiceType}: shop again`);
  const pdf = await client.shippingLabels.labelPdf(label.carrierName, label.trackingNo);
  return {
    providerLabelId: `${label.carrierName}/${label.trackingNo}`,
    carrier: label.carrierFullName ?? label.carrierName,
    service: estimate.displayName ?? label.carrierServiceType ?? estimate.name,
    trackingNumber: label.trackingNo,
    document: pdf.bytes.toString('base64'),
    costCents: Math.round(estimate.estimatedRate.amount * 100),
  };
}

/** The label seller for one package bought through Ship With Walmart. */
export function walmartSeller(
  deps: Deps,
  store: StoreRecord,
  s: OrderShipment,
  pkg: OrderShipment['packages'][number],
  rateId: string,
  format: LabelFormat,
): LabelSeller {
  const { carrierName, carrierServiceType } = serviceOf(rateId);
  return {
    provider: 'walmart',
    async buy(sold): Promise<BoughtLabel> {
      if (format !== 'pdf') throw businessRule('Ship With Walmart labels come as PDF only: choose PDF');
      const client = walmartClientFor(deps, store);
      try {
        // The price the label is drawn at: Walmart's estimate for the service now.
        const request = await estimateRequest(deps, s, pkg);
        const { data } = await client.shippingLabels.estimates(request);
        const estimate = data.estimates.find((e) => e.carrierName === carrierName && e.name === carrierServiceType);
        if (!estimate)
          throw businessRule(
            `Walmart no longer offers ${carrierName} ${carrierServiceType} for this package: shop again`,
          );
        const a = s.shipFrom;
        const body: CreateLabelRequest = {
          packageType: CUSTOM_PACKAGE,
          purchaseOrderId: request.purchaseOrderId!,
          boxDimensions: request.boxDimensions,
          boxItems: request.boxItems!,
          carrierName,
          carrierServiceType,
          // Walmart requires a phone on the from-address; without one the seller's ship node stands.
          ...(a.phone
            ? {
                fromAddress: {
                  contactName: a.name,
                  addressLine1: a.line1,
                  ...(a.line2 ? { addressLine2: a.line2 } : {}),
                  city: a.city,
                  state: a.state,
                  postalCode: a.postalCode,
                  country: a.countryCode,
                  phone: a.phone,
                },
              }
            : {}),
        };
        const { data: label } = await client.shippingLabels.createLabel(body);
        // Kept at once: a crash from here on is healed by reading the order's labels back
        // (recover), never by a second purchase.
        await sold(`${label.carrierName}/${label.trackingNo}`);
        return await boughtLabel(client, label, estimate);
      } catch (err) {
        throw failureOf(err);
      }
    },
    async recover(providerLabelId) {
      const [carrier, trackingNo] = providerLabelId.split('/');
      const client = walmartClientFor(deps, store);
      try {
        const request = await estimateRequest(deps, s, pkg);
        // getLabel lists the purchase order's labels that are not discarded: absent, it is gone.
        const { data: live } = await client.shippingLabels.labelsOf(request.purchaseOrderId!);
        const label = live.find((l) => l.carrierName === carrier && l.trackingNo === trackingNo);
        if (!label) return null;
        // Walmart's label carries no price: drawn at the service's estimate, as a purchase is.
        const { data } = await client.shippingLabels.estimates(request);
        const estimate = data.estimates.find((e) => e.carrierName === carrierName && e.name === carrierServiceType);
        return await boughtLabel(client, label, estimate);
      } catch (err) {
        throw failureOf(err);
      }
    },
    async cancel(providerLabelId) {
      const [carrier, trackingNo] = providerLabelId.split('/');
      await walmartClientFor(deps, store).shippingLabels.discard(carrier, trackingNo);
    },
  };
}

/** Walmart's void: discardLabel for the label's order's store. */
registerLabelVoider('walmart', async (deps, ctx, row) => {
  const store = await storeOfLabel(deps, ctx, row, 'walmart');
  if (!store) throw businessRule('The Walmart store this label was bought through is gone: discard it at Walmart');
  const [carrier, trackingNo] = row.providerLabelId!.split('/');
  try {
    const { data } = await walmartClientFor(deps, store).shippingLabels.discard(carrier, trackingNo);
    return { approved: data, message: data ? 'Walmart discarded the label' : 'Walmart did not discard the label' };
  } catch (err) {
    if (err instanceof ProviderFailure && err.kind === 'refused')
      return { approved: false, message: err.messages.join('; ') };
    throw err;
  }
});
