/**
 * What the eBay sandbox holds for a seller. Orders arrive hour by hour as the sandbox clock moves
 * (../arrivals.ts): 0–2 an hour, drawn from the seller and the hour, some already shipped in full
 * or in part and some cancelled by the buyer. What the seller does through the API — a shipping
 * fulfillment — is stored over the drawn picture (sandbox_records kinds `order` and
 * `fulfillment`), so it survives restarts and a reset forgets it.
 */
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import type { Deps } from '../../context.js';
import {
  ebayOrderSchema,
  shippingFulfillmentSchema,
  type EbayOrder,
  type ShippingFulfillment,
} from '../../integrations/ebay/order-models.js';
import { arrivalOrigin, digits, finishedHours, HOUR_MS, hourId, hourOfId } from '../arrivals.js';
import { rng } from '../random.js';
import { getRecord, putRecord, recordsOf } from '../records.js';

const ITEMS = [
  { sku: 'EB-001', title: 'Vintage Brass Desk Bell', price: '18.50' },
  { sku: 'EB-002', title: 'Hand-thrown Stoneware Mug, Speckled', price: '24.00' },
  { sku: 'EB-003', title: 'Leather Key Fob, Tan', price: '12.99' },
  { sku: 'EB-004', title: 'Enamel Camp Plate Set (4)', price: '36.00' },
  { sku: 'EB-005', title: 'Linen Napkins, Set of 6', price: '29.95' },
  { sku: 'EB-006', title: 'Cast Brass Bottle Opener', price: '15.00' },
];
const SERVICES = [
  { carrier: 'USPS', service: 'USPSPriority', cost: '0.00' },
  { carrier: 'USPS', service: 'USPSGroundAdvantage', cost: '5.25' },
  { carrier: 'UPS', service: 'UPSGround', cost: '7.99' },
  { carrier: 'FedEx', service: 'FedExHomeDelivery', cost: '8.49' },
];
const PEOPLE = ['Jordan Avery', 'Sam Okafor', 'Priya Raman', 'Lena Fischer', 'Marco Silva', 'Dana Whitfield'];
const PLACES = [
  { city: 'Portland', state: 'OR', zip: '97205' },
  { city: 'Austin', state: 'TX', zip: '78701' },
  { city: 'Columbus', state: 'OH', zip: '43215' },
  { city: 'Raleigh', state: 'NC', zip: '27601' },
  { city: 'Denver', state: 'CO', zip: '80202' },
];
const STREETS = ['Maple Ave', 'Harbor St', 'Orchard Ln', 'Cedar Rd', 'Mill Creek Dr'];

/** A stored fulfillment carries its order. */
export const storedFulfillmentSchema = shippingFulfillmentSchema.extend({ orderId: z.string() });
export type StoredFulfillment = z.infer<typeof storedFulfillmentSchema>;

const ordersOf = (seller: string) => ({
  provider: 'ebay',
  account: seller,
  kind: 'order',
  schema: ebayOrderSchema,
  keyOf: (o: EbayOrder) => o.orderId,
});
const fulfillmentsOf = (seller: string) => ({
  provider: 'ebay',
  account: seller,
  kind: 'fulfillment',
  schema: storedFulfillmentSchema,
  keyOf: (f: StoredFulfillment) => `${f.orderId}/${f.fulfillmentId}`,
});

const pick = <T>(r: () => number, list: readonly T[]) => list[Math.floor(r() * list.length)];
const iso = (ms: number) => new Date(ms).toISOString();
const money = (cents: number) => (cents / 100).toFixed(2);
const cents = (value: string) => Math.round(Number(value) * 100);
const amount = (value: string) => ({ value, currency: 'USD' });

/** eBay order ids read 12-34567-89012; the sandbox's name their hour and place in it. */
const formatOrderId = (d: string) => `${d.slice(0, 2)}-${d.slice(2, 7)}-${d.slice(7)}`;

/** The line and order fulfillment states that the packages shipped so far give. */
export function withFulfillments(order: EbayOrder, fulfillments: ShippingFulfillment[]): EbayOrder {
  const shipped = new Map<string, number>();
  for (const f of fulfillments)
    for (const l of f.lineItems) shipped.set(l.lineItemId, (shipped.get(l.lineItemId) ?? 0) + l.quantity);
  const lineItems = order.lineItems.map((l) => {
    const n = shipped.get(l.lineItemId) ?? 0;
    return { ...l, lineItemFulfillmentStatus: n <= 0 ? 'NOT_STARTED' : n < l.quantity ? 'IN_PROGRESS' : 'FULFILLED' };
  });
  const states = new Set(lineItems.map((l) => l.lineItemFulfillmentStatus));
  const orderFulfillmentStatus =
    states.size === 1 && states.has('FULFILLED')
      ? ('FULFILLED' as const)
      : states.size === 1 && states.has('NOT_STARTED')
        ? ('NOT_STARTED' as const)
        : ('IN_PROGRESS' as const);
  return { ...order, lineItems, orderFulfillmentStatus };
}

type Drawn = SellerOrder;

/** One order of the seller's hour: who bought what, how it ships, and what has happened to it. */
function drawOrder(seller: string, hour: number, index: number, r: () => number): Drawn {
  const created = hour * HOUR_MS + Math.floor(r() * 30 * 60_000) + Math.floor(r() * 60_000);
  const orderId = formatOrderId(hourId(hour, index, digits(r, 5)));
  const service = pick(r, SERVICES);
  const lineItems = Array.from({ length: 1 + Math.floor(r() * 3) }, (_, i) => {
    const item = ITEMS[(Math.floor(r() * ITEMS.length) + i) % ITEMS.length];
    const quantity = 1 + Math.floor(r() * 3);
    const cost = money(cents(item.price) * quantity);
    const shipping = i === 0 ? service.cost : '0.00';
    return {
      lineItemId: `1${digits(r, 13)}`,
      legacyItemId: `3${digits(r, 11)}`,
      sku: item.sku,
      title: item.title,
      quantity,
      soldFormat: 'FIXED_PRICE',
      listingMarketplaceId: 'EBAY_US',
      purchaseMarketplaceId: 'EBAY_US',
      lineItemCost: amount(cost),
      deliveryCost: { shippingCost: amount(shipping) },
      total: amount(money(cents(cost) + cents(shipping))),
      appliedPromotions: [],
      taxes: [],
      refunds: [],
      lineItemFulfillmentStatus: 'NOT_STARTED',
      lineItemFulfillmentInstructions: {
        shipByDate: iso(created + 2 * 86_400_000),
        minEstimatedDeliveryDate: iso(created + 4 * 86_400_000),
        maxEstimatedDeliveryDate: iso(created + 7 * 86_400_000),
        guaranteedDelivery: false,
      },
    };
  });
  const subtotal = lineItems.reduce((t, l) => t + cents(l.lineItemCost.value), 0);
  const place = pick(r, PLACES);
  const fullName = pick(r, PEOPLE);
  const fate = r();
  const units = lineItems.reduce((n, l) => n + l.quantity, 0);
  const eventAt = created + (5 + Math.floor(r() * 20)) * 60_000;
  const canceled = fate < 0.12;
  const track = () => ({ carrier: service.carrier, tracking: `94${digits(r, 20)}` });
  // Shipped in full, or (with two units or more) one package of part of the first line or the first line whole.
  const fulfillments: StoredFulfillment[] = [];
  if (!canceled && fate < 0.32) {
    const t = track();
    fulfillments.push({
      orderId,
      fulfillmentId: t.tracking,
      lineItems: lineItems.map((l) => ({ lineItemId: l.lineItemId, quantity: l.quantity })),
      shippedDate: iso(eventAt),
      shippingCarrierCode: t.carrier,
      shipmentTrackingNumber: t.tracking,
    });
  } else if (!canceled && fate < 0.42 && units > 1) {
    const first = lineItems[0];
    const t = track();
    fulfillments.push({
      orderId,
      fulfillmentId: t.tracking,
      lineItems: [{ lineItemId: first.lineItemId, quantity: first.quantity > 1 ? first.quantity - 1 : 1 }],
      shippedDate: iso(eventAt),
      shippingCarrierCode: t.carrier,
      shipmentTrackingNumber: t.tracking,
    });
  }
  const buyer = `${fullName.split(' ')[0].toLowerCase()}_${digits(r, 4)}`;
  const order = ebayOrderSchema.parse({
    orderId,
    legacyOrderId: `${digits(r, 12)}-${digits(r, 13)}`,
    creationDate: iso(created),
    lastModifiedDate: iso(fulfillments.length || canceled ? eventAt : created),
    orderFulfillmentStatus: 'NOT_STARTED',
    orderPaymentStatus: canceled ? 'FULLY_REFUNDED' : 'PAID',
    sellerId: seller,
    buyer: { username: buyer },
    pricingSummary: {
      priceSubtotal: amount(money(subtotal)),
      deliveryCost: amount(service.cost),
      total: amount(money(subtotal + cents(service.cost))),
    },
    cancelStatus: canceled
      ? {
          cancelState: 'CANCELED',
          cancelledDate: iso(eventAt),
          cancelRequests: [
            {
              cancelRequestId: `5${digits(r, 9)}`,
              cancelInitiator: 'Buyer',
              cancelReason: 'ORDERED_BY_MISTAKE',
              cancelRequestedDate: iso(eventAt - 60_000),
              cancelCompletedDate: iso(eventAt),
              cancelRequestState: 'COMPLETED',
            },
          ],
        }
      : { cancelState: 'NONE_REQUESTED', cancelRequests: [] },
    paymentSummary: {
      payments: [
        { paymentMethod: 'EBAY', paymentStatus: 'PAID', paymentDate: iso(created), amount: amount(money(subtotal)) },
      ],
      refunds: [],
      totalDueSeller: amount(money(subtotal + cents(service.cost))),
    },
    fulfillmentStartInstructions: [
      {
        fulfillmentInstructionsType: 'SHIP_TO',
        ebaySupportedFulfillment: false,
        minEstimatedDeliveryDate: iso(created + 4 * 86_400_000),
        maxEstimatedDeliveryDate: iso(created + 7 * 86_400_000),
        shippingStep: {
          shippingCarrierCode: service.carrier,
          shippingServiceCode: service.service,
          shipTo: {
            fullName,
            contactAddress: {
              addressLine1: `${100 + Math.floor(r() * 8900)} ${pick(r, STREETS)}`,
              city: place.city,
              stateOrProvince: place.state,
              postalCode: place.zip,
              countryCode: 'US',
            },
            primaryPhone: { phoneNumber: `555${digits(r, 7)}` },
            email: `${buyer}@members.ebay.com`,
          },
        },
      },
    ],
    salesRecordReference: String(1000 + Math.floor(r() * 9000)),
    lineItems,
  });
  return { order: withFulfillments(order, fulfillments), fulfillments };
}

/** The seller's orders of one hour, the same however often they are drawn. */
function drawHour(seller: string, hour: number): Drawn[] {
  const r = rng(`ebay/${seller}/${hour}`);
  const count = Math.floor(r() * 2.5);
  return Array.from({ length: count }, (_, index) => drawOrder(seller, hour, index, r));
}

export interface SellerOrder {
  order: EbayOrder;
  fulfillments: StoredFulfillment[];
}

/** The drawn order an id names, if the seller has it: ids carry their hour (see formatOrderId). */
function drawnOrder(seller: string, origin: number, nowMs: number, orderId: string): Drawn | undefined {
  const at = hourOfId(orderId.replace(/-/g, ''), 5);
  if (!at || !finishedHours(nowMs, origin, at.hour * HOUR_MS, at.hour * HOUR_MS).includes(at.hour)) return undefined;
  return drawHour(seller, at.hour).find((d) => d.order.orderId === orderId);
}

/**
 * The seller's orders of the finished hours within [fromMs, toMs], each as the seller left it with
 * its packages, and every order the seller changed (whatever its hour; the caller filters).
 */
export async function ebayOrdersOf(deps: Deps, seller: string, fromMs?: number, toMs?: number): Promise<SellerOrder[]> {
  const now = deps.now().getTime();
  const origin = await arrivalOrigin(deps, 'ebay', seller);
  const all = new Map(
    finishedHours(now, origin, fromMs, toMs)
      .flatMap((h) => drawHour(seller, h))
      .map((d) => [d.order.orderId, d]),
  );
  for (const changed of await recordsOf(deps, ordersOf(seller), () => []))
    all.set(changed.orderId, {
      order: changed,
      fulfillments: (all.get(changed.orderId) ?? drawnOrder(seller, origin, now, changed.orderId))?.fulfillments ?? [],
    });
  const added = await recordsOf(deps, fulfillmentsOf(seller), () => []);
  return [...all.values()].map((o) => ({
    order: o.order,
    fulfillments: [...o.fulfillments, ...added.filter((f) => f.orderId === o.order.orderId)],
  }));
}

/** One order of the seller and its packages, or null when the seller has no such order (yet). */
export async function ebayOrderOf(deps: Deps, seller: string, orderId: string): Promise<SellerOrder | null> {
  const origin = await arrivalOrigin(deps, 'ebay', seller);
  const drawn = drawnOrder(seller, origin, deps.now().getTime(), orderId);
  const order = (await getRecord(deps, ordersOf(seller), orderId)) ?? drawn?.order;
  if (!order) return null;
  const added = (await recordsOf(deps, fulfillmentsOf(seller), () => [])).filter((f) => f.orderId === orderId);
  return { order, fulfillments: [...(drawn?.fulfillments ?? []), ...added] };
}

/** Records a new package and the order as it now stands. */
export async function addFulfillment(
  deps: Deps,
  seller: string,
  current: SellerOrder,
  fulfillment: Pick<StoredFulfillment, 'lineItems' | 'shippedDate' | 'shippingCarrierCode' | 'shipmentTrackingNumber'>,
): Promise<StoredFulfillment> {
  const stored: StoredFulfillment = {
    ...fulfillment,
    orderId: current.order.orderId,
    // eBay's fulfillment ids are long digit strings (often the tracking number); these are random.
    fulfillmentId: `${randomInt(1e9, 1e10 - 1)}${randomInt(1e9, 1e10 - 1)}`,
  };
  const order = withFulfillments({ ...current.order, lastModifiedDate: deps.now().toISOString() }, [
    ...current.fulfillments,
    stored,
  ]);
  await putRecord(deps, fulfillmentsOf(seller), stored);
  await putRecord(deps, ordersOf(seller), order);
  return stored;
}
