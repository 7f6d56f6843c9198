/**
 * What the Shopify sandbox holds for a shop. Orders arrive hour by hour as the sandbox clock moves
 * (../arrivals.ts), drawn from the shop and the hour: each with one fulfillment order, some already
 * fulfilled in full or in part and some cancelled. A fulfillment the app creates is stored over the
 * drawn picture (sandbox_records kind `order`, the whole order as the shop now has it).
 *
 * Ids are Shopify-style numbers that name their order: the order's 13 digits, then 7/8/9/6 and a
 * place for its line items, fulfillment-order line items, fulfillment order and fulfillments.
 */
import { z } from 'zod';
import type { Deps } from '../../context.js';
import { arrivalOrigin, digits, finishedHours, HOUR_MS, hourId, hourOfId } from '../arrivals.js';
import { rng } from '../random.js';
import { getRecord, putRecord, recordsOf } from '../records.js';

const ITEMS = [
  { sku: 'SH-TEE-BLK-M', title: 'Organic Cotton Tee', variant: 'Black / M', price: '28.00', barcode: '0810046152011' },
  { sku: 'SH-TEE-WHT-L', title: 'Organic Cotton Tee', variant: 'White / L', price: '28.00', barcode: '0810046152028' },
  { sku: 'SH-CAP-OLV', title: 'Waxed Canvas Cap', variant: 'Olive', price: '34.00', barcode: '0810046152035' },
  { sku: 'SH-MUG-12', title: 'Enamel Mug 12 oz', variant: null, price: '19.50', barcode: '0810046152042' },
  { sku: 'SH-SOCK-3P', title: 'Merino Socks, 3-pack', variant: null, price: '42.00', barcode: null },
  { sku: null, title: 'Gift Wrapping', variant: null, price: '5.00', barcode: null },
];
const SHIPPING = [
  { title: 'Standard Shipping', code: 'STANDARD', price: '6.95', days: 6 },
  { title: 'Express Shipping', code: 'EXPRESS', price: '14.95', days: 2 },
  { title: 'Free Shipping', code: 'FREE', price: '0.00', days: 7 },
];
const PEOPLE = [
  ['Ava', 'Martinez'],
  ['Noah', 'Kim'],
  ['Grace', 'Oduya'],
  ['Leo', 'Bergström'],
  ['Maya', 'Patel'],
];
const PLACES = [
  { city: 'Brooklyn', province: 'New York', provinceCode: 'NY', zip: '11201' },
  { city: 'Oakland', province: 'California', provinceCode: 'CA', zip: '94607' },
  { city: 'Madison', province: 'Wisconsin', provinceCode: 'WI', zip: '53703' },
  { city: 'Savannah', province: 'Georgia', provinceCode: 'GA', zip: '31401' },
];

const lineSchema = z.object({
  id: z.string(),
  foLineId: z.string(),
  variantId: z.string(),
  sku: z.string().nullable(),
  title: z.string(),
  variantTitle: z.string().nullable(),
  barcode: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.string(),
});
const fulfillmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  tracking: z.array(
    z.object({ company: z.string().nullable(), number: z.string().nullable(), url: z.string().nullable() }),
  ),
  lines: z.array(z.object({ id: z.string(), lineId: z.string(), quantity: z.number().int() })),
});
export const shopOrderSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  currency: z.string(),
  shipping: z.object({ title: z.string(), code: z.string(), price: z.string() }),
  address: z.object({
    firstName: z.string(),
    lastName: z.string(),
    address1: z.string(),
    address2: z.string().nullable(),
    city: z.string(),
    province: z.string(),
    provinceCode: z.string(),
    zip: z.string(),
    country: z.string(),
    countryCode: z.string(),
    phone: z.string(),
  }),
  fulfillmentOrderId: z.string(),
  fulfillBy: z.string(),
  deliverFrom: z.string(),
  deliverBy: z.string(),
  lines: z.array(lineSchema),
  fulfillments: z.array(fulfillmentSchema),
});
export type ShopOrder = z.infer<typeof shopOrderSchema>;
export type ShopLine = ShopOrder['lines'][number];
export type ShopFulfillment = ShopOrder['fulfillments'][number];

const ordersOf = (shop: string) => ({
  provider: 'shopify',
  account: shop,
  kind: 'order',
  schema: shopOrderSchema,
  keyOf: (o: ShopOrder) => o.id,
});

const pick = <T>(r: () => number, list: readonly T[]) => list[Math.floor(r() * list.length)];
/** Shopify's DateTime: ISO 8601 UTC to the second. */
export const dateTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Units of each line fulfilled so far. */
export const fulfilledOf = (order: ShopOrder) => {
  const done = new Map<string, number>();
  for (const f of order.fulfillments)
    for (const l of f.lines) done.set(l.lineId, (done.get(l.lineId) ?? 0) + l.quantity);
  return done;
};

/** The next fulfillment of the order: its id names the order, its name is Shopify's "#1001-F2". */
export function newFulfillment(order: ShopOrder, at: number, lines: { lineId: string; quantity: number }[]) {
  const n = order.fulfillments.length + 1;
  const id = `${order.id}6${String(n).padStart(2, '0')}`;
  return {
    id,
    name: `${order.name}-F${n}`,
    createdAt: dateTime(at),
    tracking: [],
    lines: lines.map((l, i) => ({ id: `${id}${i}`, ...l })),
  } satisfies ShopFulfillment;
}

function drawOrder(shop: string, hour: number, index: number, r: () => number): ShopOrder {
  const created = hour * HOUR_MS + Math.floor(r() * 30 * 60_000) + Math.floor(r() * 60_000);
  const id = hourId(hour, index, digits(r, 6));
  const shipping = pick(r, SHIPPING);
  const [firstName, lastName] = pick(r, PEOPLE);
  const place = pick(r, PLACES);
  const lines: ShopLine[] = Array.from({ length: 1 + Math.floor(r() * 3) }, (_, i) => {
    const item = ITEMS[(Math.floor(r() * ITEMS.length) + i) % ITEMS.length];
    const place2 = String(i).padStart(2, '0');
    return {
      id: `${id}7${place2}`,
      foLineId: `${id}8${place2}`,
      variantId: `4${digits(r, 13)}`,
      sku: item.sku,
      title: item.title,
      variantTitle: item.variant,
      barcode: item.barcode,
      quantity: 1 + Math.floor(r() * 3),
      unitPrice: item.price,
    };
  });
  const order: ShopOrder = {
    id,
    name: `#${1001 + ((hour * 3 + index) % 900_000)}`,
    email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
    createdAt: dateTime(created),
    updatedAt: dateTime(created),
    cancelledAt: null,
    cancelReason: null,
    currency: 'USD',
    shipping: { title: shipping.title, code: shipping.code, price: shipping.price },
    address: {
      firstName,
      lastName,
      address1: `${10 + Math.floor(r() * 990)} ${pick(r, ['Union St', 'Grove Ave', 'Lakeview Rd', 'Main St'])}`,
      address2: r() < 0.3 ? `Apt ${1 + Math.floor(r() * 40)}` : null,
      city: place.city,
      province: place.province,
      provinceCode: place.provinceCode,
      zip: place.zip,
      country: 'United States',
      countryCode: 'US',
      phone: `+1555${digits(r, 7)}`,
    },
    fulfillmentOrderId: `${id}9`,
    fulfillBy: dateTime(created + 2 * 86_400_000),
    deliverFrom: dateTime(created + (shipping.days - 1) * 86_400_000),
    deliverBy: dateTime(created + (shipping.days + 1) * 86_400_000),
    lines,
    fulfillments: [],
  };
  const fate = r();
  const eventAt = created + (5 + Math.floor(r() * 20)) * 60_000;
  const units = lines.reduce((n, l) => n + l.quantity, 0);
  const tracking = () => [{ company: 'USPS', number: `9400${digits(r, 18)}`, url: null }];
  if (fate < 0.12)
    return { ...order, cancelledAt: dateTime(eventAt), cancelReason: 'CUSTOMER', updatedAt: dateTime(eventAt) };
  if (fate < 0.3) {
    const f = newFulfillment(
      order,
      eventAt,
      lines.map((l) => ({ lineId: l.id, quantity: l.quantity })),
    );
    return { ...order, updatedAt: dateTime(eventAt), fulfillments: [{ ...f, tracking: tracking() }] };
  }
  if (fate < 0.4 && units > 1) {
    const first = lines[0];
    const f = newFulfillment(order, eventAt, [
      { lineId: first.id, quantity: first.quantity > 1 ? first.quantity - 1 : 1 },
    ]);
    return { ...order, updatedAt: dateTime(eventAt), fulfillments: [{ ...f, tracking: tracking() }] };
  }
  return order;
}

/** The shop's orders of one hour, the same however often they are drawn. */
function drawHour(shop: string, hour: number): ShopOrder[] {
  const r = rng(`shopify/${shop}/${hour}`);
  const count = Math.floor(r() * 2.5);
  return Array.from({ length: count }, (_, index) => drawOrder(shop, hour, index, r));
}

/** The shop's orders of the finished hours from `fromMs` on, each as the shop now has it. */
export async function shopOrdersOf(deps: Deps, shop: string, fromMs?: number): Promise<ShopOrder[]> {
  const origin = await arrivalOrigin(deps, 'shopify', shop);
  const all = new Map(
    finishedHours(deps.now().getTime(), origin, fromMs)
      .flatMap((h) => drawHour(shop, h))
      .map((o) => [o.id, o]),
  );
  for (const changed of await recordsOf(deps, ordersOf(shop), () => [])) all.set(changed.id, changed);
  return [...all.values()];
}

/** The order an id of it (or of any of its parts) names, or null when the shop has none such. */
export async function shopOrderOf(deps: Deps, shop: string, anyId: string): Promise<ShopOrder | null> {
  const orderId = anyId.slice(0, 13);
  const changed = await getRecord(deps, ordersOf(shop), orderId);
  if (changed) return changed;
  const at = hourOfId(orderId, 6);
  if (!at) return null;
  const origin = await arrivalOrigin(deps, 'shopify', shop);
  if (!finishedHours(deps.now().getTime(), origin, at.hour * HOUR_MS, at.hour * HOUR_MS).includes(at.hour)) return null;
  return drawHour(shop, at.hour).find((o) => o.id === orderId) ?? null;
}

export const saveShopOrder = (deps: Deps, shop: string, order: ShopOrder) => putRecord(deps, ordersOf(shop), order);
