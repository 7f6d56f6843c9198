/**
 * A seller's orders in the Amazon sandbox, kept in sandbox_records per marketplace. New orders
 * "arrive" as the sandbox clock (deps.now) passes their hour: every read first stores the orders
 * placed since the last one (the first read brings a week's backlog). What Amazon or the buyer
 * does later — the fulfilment centre shipping an FBA order, a buyer cancelling an order nobody
 * shipped yet — is each order's fate, applied when the clock reaches it, so a later pull finds the
 * change with its own lastUpdatedTime. The seller's own changes (shipment confirmations, labels)
 * are stored on the order and end its fate.
 */
import { z } from 'zod';
import type { Deps } from '../../context.js';
import { sandboxRecords } from '../../db/schema/index.js';
import { orderSchema, type Order, type OrderPackage } from '../../integrations/amazon/orders-models.js';
import { getRecord, putRecord, recordsOf, type RecordSet } from '../records.js';
import { listingsOf } from './listings.js';
import { MARKETPLACES, ordersOfHour, presetSellable, sellablesOf, type Marketplace } from './orders-data.js';
import { presetCatalogueOf } from '../seller-catalogue.js';

const HOUR = 3_600_000;
/** How far back the first read reaches, and the longest gap the clock may jump in one go. */
const BACKLOG_HOURS = 7 * 24;

export const storedOrderSchema = z.object({
  order: orderSchema,
  fate: z.object({ kind: z.enum(['AMAZON_SHIPS', 'BUYER_CANCELS']), at: z.string() }).optional(),
});
export type StoredOrder = z.infer<typeof storedOrderSchema>;

const orderSet = (seller: string, mp: string): RecordSet<StoredOrder> => ({
  provider: 'amazon',
  account: seller,
  kind: `order:${mp}`,
  schema: storedOrderSchema,
  keyOf: (o) => o.order.orderId,
});
const clockSchema = z.object({ hour: z.number().int(), connectedAt: z.number() });
const clockSet = (seller: string, mp: string): RecordSet<z.infer<typeof clockSchema>> => ({
  provider: 'amazon',
  account: seller,
  kind: `order_clock:${mp}`,
  schema: clockSchema,
  keyOf: () => 'clock',
});

/** Stores the orders placed up to now that are not stored yet (never overwriting a stored one). */
async function catchUp(deps: Deps, seller: string, mp: Marketplace): Promise<void> {
  const now = deps.now().getTime();
  const hourNow = Math.floor(now / HOUR);
  const clock = (await getRecord(deps, clockSet(seller, mp.id), 'clock')) ?? {
    hour: hourNow - BACKLOG_HOURS - 1,
    connectedAt: now,
  };
  // A seller given its catalogue (the demo's stores: their client's products) is ordered from it.
  const preset = await presetCatalogueOf(deps, 'amazon', seller);
  const sellables = preset.length ? preset.map(presetSellable) : sellablesOf(await listingsOf(deps, seller, mp.id));
  const due = [];
  for (let h = Math.max(clock.hour + 1, hourNow - BACKLOG_HOURS); h <= hourNow; h++)
    due.push(
      ...ordersOfHour(seller, mp, h, sellables, clock.connectedAt).filter(
        (o) => Date.parse(o.order.createdTime) <= now,
      ),
    );
  const set = orderSet(seller, mp.id);
  for (let i = 0; i < due.length; i += 100)
    await deps.db
      .insert(sandboxRecords)
      .values(
        due.slice(i, i + 100).map((o) => ({
          provider: set.provider,
          account: seller,
          kind: set.kind,
          key: set.keyOf(o),
          data: storedOrderSchema.parse(o),
        })),
      )
      .onConflictDoNothing();
  // The current hour is looked at again next time: more of its orders may be due by then.
  if (clock.hour !== hourNow - 1) await putRecord(deps, clockSet(seller, mp.id), { ...clock, hour: hourNow - 1 });
}

/** Every order the seller has in the marketplace (fates not applied: see orderAt). */
export async function storedOrdersOf(deps: Deps, seller: string, mp: Marketplace): Promise<StoredOrder[]> {
  await catchUp(deps, seller, mp);
  return recordsOf(deps, orderSet(seller, mp.id), () => []);
}

/** One of the seller's orders, in whichever marketplace it was placed; another seller's is not found. */
export async function findOrder(
  deps: Deps,
  seller: string,
  orderId: string,
): Promise<{ stored: StoredOrder; mp: Marketplace } | null> {
  for (const mp of MARKETPLACES) {
    // Only marketplaces the seller has been asked about hold orders.
    if (!(await getRecord(deps, clockSet(seller, mp.id), 'clock'))) continue;
    await catchUp(deps, seller, mp);
    const stored = await getRecord(deps, orderSet(seller, mp.id), orderId);
    if (stored) return { stored, mp };
  }
  return null;
}

export const saveOrder = (deps: Deps, seller: string, mp: Marketplace, order: Order) =>
  putRecord(deps, orderSet(seller, mp.id), { order });

/** The order as Amazon shows it at `now`: its fate applied once due, the buyer's phone hidden once delivered. */
export function orderAt(s: StoredOrder, now: number): Order {
  const order = structuredClone(s.order);
  const f = order.fulfillment!;
  if (s.fate && Date.parse(s.fate.at) <= now && f.fulfillmentStatus === 'UNSHIPPED') {
    order.lastUpdatedTime = s.fate.at;
    if (s.fate.kind === 'AMAZON_SHIPS') {
      f.fulfillmentStatus = 'SHIPPED';
      for (const i of order.orderItems)
        i.fulfillment = { quantityFulfilled: i.quantityOrdered, quantityUnfulfilled: 0 };
    } else {
      f.fulfillmentStatus = 'CANCELLED';
      for (const i of order.orderItems)
        i.cancellation = {
          cancellationRequest: { requester: 'BUYER', cancelReason: 'No longer needed' },
          cancellationExecution: { cancelledBy: 'AMAZON', cancelReason: 'Buyer requested cancellation' },
        };
    }
  }
  const address = order.recipient?.deliveryAddress;
  const deliverBy = f.deliverByWindow?.latestDateTime;
  if (address && f.fulfillmentStatus === 'SHIPPED' && deliverBy && Date.parse(deliverBy) < now) delete address.phone;
  return order;
}

/**
 * Units of an item no live package carries yet. A package whose label was cancelled frees its
 * units for another shipment, although Amazon leaves the order's status Shipped (MFN cancelShipment).
 */
export const unshippedOf = (order: Order, orderItemId: string): number => {
  const item = order.orderItems.find((i) => i.orderItemId === orderItemId);
  if (!item) return 0;
  const packed = (order.packages ?? [])
    .filter((p) => p.packageStatus?.status !== 'CANCELLED')
    .flatMap((p) => p.packageItems ?? [])
    .filter((p) => p.orderItemId === orderItemId)
    .reduce((t, p) => t + p.quantity, 0);
  return Math.max(0, item.quantityOrdered - packed);
};

/**
 * Why the seller may not ship these units of the order (Amazon's refusals), or null. Each item
 * must be on the order, at least one unit, and no more than is still unshipped.
 */
export function shipmentRefusal(order: Order, items: { orderItemId: string; quantity: number }[]): string | null {
  const f = order.fulfillment!;
  if (f.fulfilledBy === 'AMAZON') return `Order ${order.orderId} is fulfilled by Amazon; the seller cannot ship it`;
  if (f.fulfillmentStatus === 'CANCELLED') return `Order ${order.orderId} is canceled`;
  const seen = new Set<string>();
  for (const i of items) {
    if (seen.has(i.orderItemId)) return `orderItemId ${i.orderItemId} appears more than once`;
    seen.add(i.orderItemId);
    if (!order.orderItems.some((x) => x.orderItemId === i.orderItemId))
      return `orderItemId ${i.orderItemId} is not an item of order ${order.orderId}`;
    if (i.quantity < 1) return `orderItemId ${i.orderItemId}: the quantity must be at least 1`;
    const left = unshippedOf(order, i.orderItemId);
    if (i.quantity > left)
      return `orderItemId ${i.orderItemId}: ${i.quantity} units exceed the ${left} still unshipped`;
  }
  return null;
}

/** Records a package leaving with these units: the items' counts, the order's status and its packages. */
export function shipUnits(
  order: Order,
  items: { orderItemId: string; quantity: number }[],
  pkg: Omit<OrderPackage, 'packageItems'>,
  now: number,
): void {
  for (const i of items) {
    const item = order.orderItems.find((x) => x.orderItemId === i.orderItemId)!;
    const shipped = Math.min(item.quantityOrdered, (item.fulfillment?.quantityFulfilled ?? 0) + i.quantity);
    item.fulfillment = { quantityFulfilled: shipped, quantityUnfulfilled: item.quantityOrdered - shipped };
  }
  order.packages = [...(order.packages ?? []), { ...pkg, packageItems: items }];
  const all = order.orderItems.every((i) => (i.fulfillment?.quantityUnfulfilled ?? i.quantityOrdered) === 0);
  order.fulfillment!.fulfillmentStatus = all ? 'SHIPPED' : 'PARTIALLY_SHIPPED';
  order.lastUpdatedTime = new Date(now).toISOString();
}
