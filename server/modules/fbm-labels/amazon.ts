/**
 * Amazon Buy Shipping for an Amazon store's FBM order (issue 20 step 5): the services Amazon's
 * Merchant Fulfillment v0 offers for each package (getEligibleShipmentServices), quoted beside
 * the aggregator's, and the label bought for one (createShipment), stored and paid from the
 * client's label funds through the Buy Shipping Labels tool's own purchaseLabel; a void is
 * Amazon's cancelShipment. The request is the order's: its Amazon order id, the package's items
 * by Amazon order item id, the warehouse as ship-from, the box's size and weight.
 */
import { and, eq, sql } from 'drizzle-orm';
import { isAmazon } from '../../../domain/schemas/stores.js';
import type { LabelFormat } from '../../../domain/schemas/shipping-labels.js';
import type { Deps } from '../../context.js';
import { selectRows } from '../../db/rows.js';
import { fbmOrderLabels, marketplaceOrders, stores } from '../../db/schema/index.js';
import { businessRule } from '../../http/errors.js';
import { ProviderFailure } from '../../integrations/http.js';
import { labelDocument } from '../../integrations/amazon/merchant-fulfillment.js';
import type { MfnShipment, ShipmentRequestDetails, ShippingService } from '../../integrations/amazon/mfn-models.js';
import { amazonClientFor } from '../stores/amazon.js';
import { apiErrorOf } from '../stores/connection.js';
import type { StoreRecord } from '../stores/service.js';
import { registerLabelVoider, type BoughtLabel, type LabelSeller } from '../shipping/labels.js';
import type { OrderShipment } from './rates.js';

/** An Amazon package rate id: the provider's prefix and Amazon's ShippingServiceId. */
export const AMAZON_RATE_PREFIX = 'amazon:';
export const isAmazonRate = (rateId: string) => rateId.startsWith(AMAZON_RATE_PREFIX);
export const amazonServiceId = (rateId: string) => rateId.slice(AMAZON_RATE_PREFIX.length);

/** The order's Amazon store, or null when the order is another marketplace's. */
export async function amazonStoreOf(deps: Deps, order: { storeId: number }): Promise<StoreRecord | null> {
  const [store] = await deps.db.select().from(stores).where(eq(stores.id, order.storeId));
  return store && isAmazon(store.marketplace) ? store : null;
}

/** The package's items by Amazon order item id: its box's, or (the default box) the whole order's. */
async function itemsOf(deps: Deps, orderId: number, packageNumber: number) {
  const rows = await selectRows<{ line_id: string; quantity: number }>(
    deps.db,
    sql`select l.line_id, sum(bi.quantity)::int as quantity from fbm_box_items bi
          join fbm_boxes b on b.id = bi.box_id
          join marketplace_order_lines l on l.id = bi.order_line_id
        where b.order_id = ${orderId} and b.number = ${packageNumber}
        group by l.line_id`,
  );
  if (rows.length) return rows.map((r) => ({ OrderItemId: r.line_id, Quantity: Number(r.quantity) }));
  const lines = await selectRows<{ line_id: string; quantity: number }>(
    deps.db,
    sql`select line_id, (quantity_ordered - quantity_shipped)::int as quantity from marketplace_order_lines
        where order_id = ${orderId} and quantity_ordered > quantity_shipped`,
  );
  return lines.map((r) => ({ OrderItemId: r.line_id, Quantity: Number(r.quantity) }));
}

export async function requestDetails(
  deps: Deps,
  s: OrderShipment,
  pkg: OrderShipment['packages'][number],
  format: LabelFormat = 'pdf',
): Promise<ShipmentRequestDetails> {
  const a = s.shipFrom;
  return {
    AmazonOrderId: s.order.marketplaceOrderId,
    ItemList: await itemsOf(deps, s.order.id, pkg.number),
    ShipFromAddress: {
      Name: a.name.slice(0, 30),
      AddressLine1: a.line1,
      ...(a.line2 ? { AddressLine2: a.line2.slice(0, 60) } : {}),
      Email: '',
      City: a.city.slice(0, 30),
      StateOrProvinceCode: a.state,
      PostalCode: a.postalCode,
      CountryCode: a.countryCode,
      Phone: a.phone ?? '',
    },
    PackageDimensions: {
      Length: pkg.parcel.lengthIn,
      Width: pkg.parcel.widthIn,
      Height: pkg.parcel.heightIn,
      Unit: 'inches',
    },
    Weight: { Value: Math.round(pkg.parcel.weightLb * 16 * 100) / 100, Unit: 'oz' },
    ShippingServiceOptions: {
      DeliveryExperience: 'DeliveryConfirmationWithoutSignature',
      CarrierWillPickUp: false,
      LabelFormat: format === 'zpl' ? 'ZPL203' : 'PDF',
    },
  };
}

const DAY = 86_400_000;
/** Business-agnostic days from the ship date to the latest promised delivery. */
export const deliveryDaysOf = (svc: ShippingService): number | null => {
  const until = svc.LatestEstimatedDeliveryDate ?? svc.EarliestEstimatedDeliveryDate;
  if (!until) return null;
  return Math.max(1, Math.ceil((Date.parse(until) - Date.parse(svc.ShipDate)) / DAY));
};

const failureOf = (err: unknown) => (err instanceof ProviderFailure ? apiErrorOf(err) : err);

/** Amazon's eligible services for each package of the order (one answer per package). */
export async function amazonOffers(deps: Deps, store: StoreRecord, s: OrderShipment) {
  const client = await amazonClientFor(deps, store);
  const answers = [];
  try {
    for (const p of s.packages)
      answers.push(
        await client.merchantFulfillment.getEligibleShipmentServices({
          ShipmentRequestDetails: await requestDetails(deps, s, p),
        }),
      );
  } catch (err) {
    throw failureOf(err);
  }
  return answers;
}

const boughtOf = (shipment: MfnShipment): BoughtLabel => {
  const svc = shipment.ShippingService;
  return {
    providerLabelId: shipment.ShipmentId,
    carrier: svc.CarrierName,
    service: svc.ShippingServiceName,
    trackingNumber: shipment.TrackingId ?? null,
    document: labelDocument(shipment.Label).bytes.toString('base64'),
    costCents: Math.round(svc.Rate.Amount * 100),
  };
};

/** The label seller for one package bought through Amazon Buy Shipping. */
export function amazonSeller(
  deps: Deps,
  store: StoreRecord,
  s: OrderShipment,
  pkg: OrderShipment['packages'][number],
  rateId: string,
  format: LabelFormat,
): LabelSeller {
  return {
    provider: 'amazon',
    async buy(sold) {
      const client = await amazonClientFor(deps, store);
      try {
        const shipment = await client.merchantFulfillment.createShipment({
          ShipmentRequestDetails: await requestDetails(deps, s, pkg, format),
          ShippingServiceId: amazonServiceId(rateId),
        });
        // Kept at once: a crash from here on is healed by getShipment, never a second purchase.
        await sold(shipment.ShipmentId);
        return boughtOf(shipment);
      } catch (err) {
        throw failureOf(err);
      }
    },
    async recover(shipmentId) {
      const client = await amazonClientFor(deps, store);
      try {
        const shipment = await client.merchantFulfillment.getShipment(shipmentId);
        return shipment.Status === 'Purchased' ? boughtOf(shipment) : null;
      } catch (err) {
        throw failureOf(err);
      }
    },
    async cancel(shipmentId) {
      const client = await amazonClientFor(deps, store);
      await client.merchantFulfillment.cancelShipment(shipmentId);
    },
  };
}

/** Amazon's void: cancelShipment for the label's order's store (the refund follows at Amazon). */
registerLabelVoider('amazon', async (deps, ctx, row) => {
  const [link] = await deps.db
    .select({ storeId: marketplaceOrders.storeId })
    .from(fbmOrderLabels)
    .innerJoin(marketplaceOrders, eq(marketplaceOrders.id, fbmOrderLabels.orderId))
    .where(and(eq(fbmOrderLabels.tenantId, ctx.tenantId), eq(fbmOrderLabels.requestKey, row.requestKey)));
  const store = link ? await amazonStoreOf(deps, link) : null;
  if (!store) throw businessRule('The Amazon store this label was bought through is gone: cancel it at Amazon');
  const client = await amazonClientFor(deps, store);
  try {
    const shipment = await client.merchantFulfillment.cancelShipment(row.providerLabelId!);
    return { approved: shipment.Status !== 'Purchased', message: `Amazon answered ${shipment.Status}` };
  } catch (err) {
    if (err instanceof ProviderFailure && err.kind === 'refused')
      return { approved: false, message: err.messages.join('; ') };
    throw err;
  }
});
