/**
 * Telling a marketplace that packages left (issue 20 step 7), one function per provider, each in
 * the provider's own terms. Every one **reads first**: the packages the marketplace already holds
 * (by tracking number) are taken as told, so a job retried after a crash between the provider's
 * yes and our record never confirms twice — the marketplaces refuse a second confirmation
 * differently (Amazon: the packageReferenceId is used; Walmart: more units than left to ship; eBay
 * 409 32700; Shopify: nothing left to fulfil), and reading first makes none of them matter.
 */
import { AMAZON_MARKETPLACE_IDS } from '../../../domain/schemas/stores.js';
import type { Deps } from '../../context.js';
import type { StoredShipPackage } from '../../db/schema/fbm-ship.js';
import { METHOD_CODES, WALMART_CARRIERS, type ShipLine } from '../../integrations/walmart/orders-models.js';
import { amazonClientFor } from '../stores/amazon.js';
import { ebayClientFor } from '../stores/ebay.js';
import type { StoreRecord } from '../stores/service.js';
import { shopifyClientFor } from '../stores/shopify.js';
import { walmartClientFor } from '../stores/walmart.js';

export interface ConfirmTarget {
  deps: Deps;
  store: StoreRecord;
  /** The marketplace's order id (Amazon order id, Walmart PO, eBay order id, Shopify order gid). */
  marketplaceOrderId: string;
  /** Printed on Walmart's return label (at most 30 characters). */
  sellerOrderId: string;
  shipmentId: number;
  shipDate: string;
  /** The packages not told yet. */
  packages: StoredShipPackage[];
}

/** What the marketplace now holds per package sequence: its reference for it (or '' when it names none). */
export type Told = Map<number, string>;

const norm = (s: string | null | undefined) => (s ?? '').replace(/[\s-]/g, '').toUpperCase();

/** Amazon's carrier codes for the usual carriers; anything else goes as Other with its name. */
const AMAZON_CARRIERS: Record<string, string> = {
  UPS: 'UPS',
  USPS: 'USPS',
  FEDEX: 'FedEx',
  DHL: 'DHL',
  DHLECOMMERCE: 'DHL eCommerce',
  ONTRAC: 'OnTrac',
  AMAZONSHIPPING: 'Amazon Shipping',
  CANADAPOST: 'Canada Post',
  PUROLATOR: 'Purolator',
};

/** A positive number unique per package of the order (Amazon: "Only positive numeric values"). */
export const packageReferenceId = (shipmentId: number, sequence: number) => String(shipmentId * 100 + sequence);

export async function confirmAmazon(t: ConfirmTarget): Promise<Told> {
  const client = await amazonClientFor(t.deps, t.store);
  const marketplaceId = AMAZON_MARKETPLACE_IDS[t.store.marketplace as keyof typeof AMAZON_MARKETPLACE_IDS];
  const { order } = await client.orders.getOrder(t.marketplaceOrderId, ['PACKAGES']);
  const held = new Map(
    (order.packages ?? [])
      .filter((p) => p.packageStatus?.status !== 'CANCELLED')
      .map((p) => [norm(p.trackingNumber), p.packageReferenceId]),
  );
  const told: Told = new Map();
  for (const p of t.packages) {
    const known = held.get(norm(p.trackingNumber));
    if (known) {
      told.set(p.sequence, known);
      continue;
    }
    const code = AMAZON_CARRIERS[norm(p.carrier)];
    const ref = packageReferenceId(t.shipmentId, p.sequence);
    await client.orders.confirmShipment(t.marketplaceOrderId, {
      marketplaceId,
      packageDetail: {
        packageReferenceId: ref,
        carrierCode: code ?? 'Other',
        ...(code ? {} : { carrierName: p.carrier }),
        ...(p.service ? { shippingMethod: p.service } : {}),
        trackingNumber: p.trackingNumber,
        shipDate: t.shipDate,
        orderItems: p.lines.map((l) => ({ orderItemId: l.lineId, quantity: l.quantity })),
      },
    });
    told.set(p.sequence, ref);
  }
  return told;
}

export async function confirmWalmart(t: ConfirmTarget): Promise<Told> {
  const client = walmartClientFor(t.deps, t.store);
  const { order } = await client.orders.get(t.marketplaceOrderId);
  const shippedTracking = new Set(
    order.orderLines.orderLine.flatMap((l) =>
      l.orderLineStatuses.orderLineStatus
        .filter((s) => s.status === 'Shipped')
        .map((s) => norm(s.trackingInfo?.trackingNumber)),
    ),
  );
  const told: Told = new Map();
  const toSend = t.packages.filter((p) => {
    if (!shippedTracking.has(norm(p.trackingNumber))) return true;
    told.set(p.sequence, '');
    return false;
  });
  if (!toSend.length) return told;
  // Walmart ships only acknowledged lines; acknowledging twice is harmless.
  if (order.orderLines.orderLine.some((l) => l.orderLineStatuses.orderLineStatus.some((s) => s.status === 'Created')))
    await client.orders.acknowledge(t.marketplaceOrderId);
  const method = (METHOD_CODES as readonly string[]).includes(order.shippingInfo.methodCode)
    ? (order.shippingInfo.methodCode as ShipLine['methodCode'])
    : 'Standard';
  const lines: ShipLine[] = toSend.flatMap((p) => {
    const carrier = WALMART_CARRIERS.find((c) => norm(c) === norm(p.carrier));
    return p.lines.map((l) => ({
      lineNumber: l.lineId,
      quantity: l.quantity,
      carrier: carrier ?? p.carrier,
      otherCarrier: !carrier,
      methodCode: method,
      trackingNumber: p.trackingNumber,
      ...(p.trackingUrl ? { trackingUrl: p.trackingUrl } : {}),
      shipDateTime: new Date(t.shipDate),
    }));
  });
  await client.orders.ship(t.marketplaceOrderId, { sellerOrderId: t.sellerOrderId.slice(0, 30), lines });
  for (const p of toSend) told.set(p.sequence, '');
  return told;
}

export async function confirmEbay(t: ConfirmTarget): Promise<Told> {
  const client = await ebayClientFor(t.deps, t.store);
  const page = await client.fulfillment.shippingFulfillments(t.marketplaceOrderId);
  const held = new Map((page.fulfillments ?? []).map((f) => [norm(f.shipmentTrackingNumber), f.fulfillmentId]));
  const told: Told = new Map();
  for (const p of t.packages) {
    const known = held.get(norm(p.trackingNumber));
    if (known) {
      told.set(p.sequence, known);
      continue;
    }
    const made = await client.fulfillment.createShippingFulfillment(t.marketplaceOrderId, {
      lineItems: p.lines.map((l) => ({ lineItemId: l.lineId, quantity: l.quantity })),
      shippedDate: new Date(t.shipDate).toISOString(),
      shippingCarrierCode: p.carrier,
      // eBay: "Only alphanumeric characters are supported for shipment tracking numbers."
      trackingNumber: p.trackingNumber.replace(/[^A-Za-z0-9]/g, ''),
    });
    told.set(p.sequence, made.fulfillmentId);
  }
  return told;
}

export async function confirmShopify(t: ConfirmTarget): Promise<Told> {
  const client = await shopifyClientFor(t.deps, t.store);
  const existing = (await client.orders.fulfillments(t.marketplaceOrderId)) ?? [];
  const held = new Map(
    existing
      .filter((f) => f.status !== 'CANCELLED')
      .flatMap((f) => f.trackingInfo.map((ti) => [norm(ti.number), f.id] as const)),
  );
  const told: Told = new Map();
  for (const p of t.packages) {
    const known = held.get(norm(p.trackingNumber));
    if (known) {
      told.set(p.sequence, known);
      continue;
    }
    const made = await client.orders.fulfilLines(
      t.marketplaceOrderId,
      p.lines.map((l) => ({ lineItemId: l.lineId, quantity: l.quantity })),
      { company: p.carrier, number: p.trackingNumber, ...(p.trackingUrl ? { url: p.trackingUrl } : {}) },
    );
    told.set(p.sequence, made.id);
  }
  return told;
}
