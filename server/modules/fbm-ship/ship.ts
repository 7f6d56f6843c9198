/**
 * Mark shipped (issue 20 step 7): the order's picked units leave the ledger from FBM-PACK, in one
 * transaction with everything that says so — the picked (consumed) holds become shipped, the lines'
 * shipped quantities and the order's status move, the billable events (order shipped per SKU and
 * extra item, boxes) and the audit row are written. Telling the marketplace is a job afterwards
 * (confirm.ts): a marketplace that is down never stops a parcel from leaving.
 *
 * Only picked units ship: a pick put them at FBM-PACK and consumed that much of the line's hold
 * (decision 0017), so "picked, not shipped" is the line's consumed holds. Asking for more is
 * refused (412) in words. The same tracking marked twice answers the first shipment: nothing moves
 * twice (a double click, a retried request, a label helper calling again).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { IN_STORE_PICKUP } from '../../../domain/schemas/orders.js';
import { FBM_PACK_LOCATION, FBM_RESERVATION_STATION } from '../../../domain/schemas/fbm-pick.js';
import { refuseUnconfirmedMismatch } from './verify.js';
import type {
  FbmShipment,
  FbmShipmentSource,
  MarkShippedInput,
  MarkShippedResult,
  ShipPackage,
} from '../../../domain/schemas/fbm-ship.js';
import { audit } from '../../audit.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import {
  fbmShipments,
  itemReservations,
  marketplaceOrderLines,
  marketplaceOrders,
  stores,
} from '../../db/schema/index.js';
import type { StoredShipPackage } from '../../db/schema/fbm-ship.js';
import { badRequest, businessRule, forbidden, notFound, refusal } from '../../http/errors.js';
import { recordChargeEvents } from '../charges/events.js';
import { postLedger } from '../inventory/ledger.js';
import { lockProducts } from '../fbm-pick/stock.js';
import { queueConfirmation } from './confirm.js';

export function warehouseOnly(ctx: RequestContext, what = 'Orders are marked shipped by the warehouse') {
  if (ctx.isClient) throw forbidden(what);
}

/** The order in the caller's scope (a client: its own company's), locked when asked. */
export async function orderInScope(tx: DbOrTx, ctx: RequestContext, orderId: number, lock = false) {
  const q = tx
    .select()
    .from(marketplaceOrders)
    .where(
      and(
        eq(marketplaceOrders.id, orderId),
        eq(marketplaceOrders.tenantId, ctx.tenantId),
        ctx.isClient ? eq(marketplaceOrders.companyId, ctx.companyId) : undefined,
      ),
    );
  const [order] = lock ? await q.for('update') : await q;
  if (!order) throw notFound('Order');
  return order;
}

/** Units per order line that are picked and not shipped: the line's consumed FBM holds. */
export async function pickedOf(tx: DbOrTx, lineIds: number[]) {
  const found = new Map<number, { productKey: string; quantity: number }>();
  if (!lineIds.length) return found;
  const rows = await tx
    .select({
      lineId: itemReservations.orderLineId,
      productKey: itemReservations.productKey,
      quantity: sql<number>`sum(${itemReservations.quantity})::int`,
    })
    .from(itemReservations)
    .where(
      and(
        eq(itemReservations.station, FBM_RESERVATION_STATION),
        eq(itemReservations.state, 'consumed'),
        inArray(itemReservations.orderLineId, lineIds),
      ),
    )
    .groupBy(itemReservations.orderLineId, itemReservations.productKey);
  for (const r of rows) found.set(r.lineId!, { productKey: r.productKey, quantity: Number(r.quantity) });
  return found;
}

/**
 * Moves `quantity` units of a line's FBM reservations from one state to another (consumed →
 * shipped on shipping, shipped → consumed when a shipment is undone), splitting a row when only
 * part of it moves, oldest rows first.
 */
export async function moveReservations(
  tx: DbOrTx,
  orderLineId: number,
  from: 'consumed' | 'shipped',
  to: 'consumed' | 'shipped',
  quantity: number,
  at: string,
): Promise<number> {
  const rows = await tx
    .select()
    .from(itemReservations)
    .where(
      and(
        eq(itemReservations.orderLineId, orderLineId),
        eq(itemReservations.station, FBM_RESERVATION_STATION),
        eq(itemReservations.state, from),
      ),
    )
    .orderBy(asc(itemReservations.id))
    .for('update');
  let left = quantity;
  for (const r of rows) {
    if (left <= 0) break;
    if (r.quantity <= left) {
      await tx.update(itemReservations).set({ state: to, updatedAt: at }).where(eq(itemReservations.id, r.id));
      left -= r.quantity;
    } else {
      await tx
        .update(itemReservations)
        .set({ quantity: r.quantity - left, updatedAt: at })
        .where(eq(itemReservations.id, r.id));
      await tx.insert(itemReservations).values({
        tenantId: r.tenantId,
        companyId: r.companyId,
        productKey: r.productKey,
        quantity: left,
        orderLineId: r.orderLineId,
        station: FBM_RESERVATION_STATION,
        state: to,
        createdAt: at,
        updatedAt: at,
      });
      left = 0;
    }
  }
  return quantity - left;
}

/** Standing status of an order from its lines: everything shipped, some, or nothing. */
export const statusFromLines = (lines: { quantityOrdered: number; quantityShipped: number }[]) =>
  lines.every((l) => l.quantityShipped >= l.quantityOrdered)
    ? 'SHIPPED'
    : lines.some((l) => l.quantityShipped > 0)
      ? 'PARTIALLY_SHIPPED'
      : 'AWAITING';

const trackingSet = (packages: { trackingNumber: string }[]) =>
  packages
    .map((p) => p.trackingNumber.toUpperCase())
    .sort()
    .join('|');

/** A stored row as the desk shows it. */
export function toShipment(r: typeof fbmShipments.$inferSelect): FbmShipment {
  return {
    id: r.id,
    orderId: r.orderId,
    status: r.status as FbmShipment['status'],
    source: r.source as FbmShipment['source'],
    shipDate: new Date(r.shipDate).toISOString(),
    units: r.units,
    packages: r.packages,
    confirmation: r.confirmation as FbmShipment['confirmation'],
    confirmationMessage: r.confirmationMessage,
    confirmationAttempts: r.confirmationAttempts,
    confirmedAt: r.confirmedAt ? new Date(r.confirmedAt).toISOString() : null,
    createdAt: new Date(r.createdAt).toISOString(),
    cancelledAt: r.cancelledAt ? new Date(r.cancelledAt).toISOString() : null,
  };
}

/** A store the marketplace cannot be told through (never connected: orders come by uploaded file). */
export const shipsLocally = (store: { connection: string }) => store.connection === 'not_connected';

export interface MarkShippedOptions {
  source?: FbmShipmentSource;
  labelId?: number | null;
  /**
   * The marketplace was told already, by the caller, in these words (an Amazon in-store pickup's
   * updateShipmentStatus PickedUp): the shipment is recorded as sent and no confirmShipment job
   * is queued.
   */
  told?: string;
}

/**
 * Marks packages of an order shipped. Exported for the FBM labels helper (after a label purchase,
 * with the label's carrier and tracking) and the auto-close job. Queues the marketplace
 * confirmation after the transaction commits.
 */
export async function markOrderShipped(
  deps: Deps,
  ctx: RequestContext,
  orderId: number,
  input: MarkShippedInput,
  opts: MarkShippedOptions = {},
): Promise<MarkShippedResult> {
  warehouseOnly(ctx);
  const now = deps.now();
  const shipDate = input.shipDate ? new Date(input.shipDate) : now;
  if (shipDate.getTime() > now.getTime() + 5 * 60_000)
    throw badRequest('shipDate: a parcel cannot leave in the future');
  const numbers = input.packages.map((p) => p.trackingNumber.toUpperCase());
  if (new Set(numbers).size !== numbers.length) throw badRequest('packages: each package has its own tracking number');
  // Batch verify found this order wrong: the desk (by hand or in bulk) ships it only when confirmed.
  // Labels and auto-close ship what the desk already chose to buy labels for.
  const source = opts.source ?? 'desk';
  if (source === 'desk' || source === 'bulk')
    await refuseUnconfirmedMismatch(deps.db, ctx.tenantId, orderId, input.acceptMismatch);

  const result = await deps.db.transaction(async (tx) => {
    const order = await orderInScope(tx, ctx, orderId, true);
    const at = now.toISOString();
    // The same tracking again: the first shipment answers, nothing moves twice.
    const standing = await tx
      .select()
      .from(fbmShipments)
      .where(and(eq(fbmShipments.orderId, order.id), eq(fbmShipments.status, 'shipped')));
    const same = standing.find((s) => trackingSet(s.packages) === trackingSet(input.packages));
    if (same) return { order, shipment: same, repeated: true };
    const taken = standing.flatMap((s) => s.packages.map((p) => p.trackingNumber.toUpperCase()));
    const reused = numbers.find((n) => taken.includes(n));
    if (reused) throw businessRule(refusal('refusals.ship.trackingReused', { tracking: reused }));
    if (order.status === 'CANCELED')
      throw businessRule(refusal('refusals.ship.cancelled', { order: order.marketplaceOrderId }));
    if (order.status === 'SHIPPED')
      throw businessRule(refusal('refusals.ship.shipped', { order: order.marketplaceOrderId }));
    // Amazon refuses confirmShipment for an in-store pickup; the pickup path tells Amazon itself.
    if (!opts.told && order.programs.includes(IN_STORE_PICKUP))
      throw businessRule(refusal('refusals.ship.pickup', { order: order.marketplaceOrderId }));

    const lines = await tx.select().from(marketplaceOrderLines).where(eq(marketplaceOrderLines.orderId, order.id));
    const byId = new Map(lines.map((l) => [l.id, l]));
    const wanted = new Map<number, number>();
    for (const p of input.packages)
      for (const l of p.lines) {
        if (!byId.has(l.orderLineId))
          throw businessRule(
            refusal('refusals.ship.notALine', { line: l.orderLineId, order: order.marketplaceOrderId }),
          );
        wanted.set(l.orderLineId, (wanted.get(l.orderLineId) ?? 0) + l.quantity);
      }
    // The products' locks first (every FBM write takes them in one ordered pass), then the holds.
    const before = await pickedOf(tx, [...wanted.keys()]);
    const keys = [...new Set([...before.values()].map((p) => p.productKey))];
    await lockProducts(tx, ctx.tenantId, new Map([[order.companyId, keys]]));
    const picked = await pickedOf(tx, [...wanted.keys()]);
    for (const [lineId, quantity] of wanted) {
      const line = byId.get(lineId)!;
      const name = line.sku ?? line.lineId;
      const left = line.quantityOrdered - line.quantityShipped;
      if (quantity > left) throw businessRule(refusal('refusals.ship.exceeds', { line: name, quantity, left }));
      const have = picked.get(lineId)?.quantity ?? 0;
      if (quantity > have)
        throw businessRule(
          have === 0
            ? refusal('refusals.ship.notPicked', { line: name })
            : refusal('refusals.ship.partlyPicked', { line: name, have, location: FBM_PACK_LOCATION, quantity }),
        );
    }

    const packages: StoredShipPackage[] = input.packages.map((p: ShipPackage, i) => ({
      sequence: i + 1,
      carrier: p.carrier,
      service: p.service ?? null,
      trackingNumber: p.trackingNumber,
      trackingUrl: p.trackingUrl ?? null,
      lines: p.lines.map((l) => ({
        orderLineId: l.orderLineId,
        lineId: byId.get(l.orderLineId)!.lineId,
        productKey: picked.get(l.orderLineId)!.productKey,
        quantity: l.quantity,
      })),
      confirmedAt: null,
      providerRef: null,
    }));
    const units = [...wanted.values()].reduce((a, b) => a + b, 0);
    const [store] = await tx.select().from(stores).where(eq(stores.id, order.storeId));
    const local = shipsLocally(store);
    const [shipment] = await tx
      .insert(fbmShipments)
      .values({
        tenantId: ctx.tenantId,
        companyId: order.companyId,
        orderId: order.id,
        storeId: order.storeId,
        status: 'shipped',
        source: opts.source ?? 'desk',
        labelId: opts.labelId ?? null,
        shipDate: shipDate.toISOString(),
        units,
        packages,
        confirmation: opts.told ? 'sent' : local ? 'local' : 'pending',
        confirmationMessage: opts.told
          ? opts.told
          : local
            ? 'The store has no marketplace connection: shipped in Dockside only'
            : null,
        confirmedAt: opts.told ? at : null,
        createdBy: ctx.userId,
        createdAt: at,
        updatedAt: at,
      })
      .returning();

    // Units leave FBM-PACK (the balance's CHECK refuses taking more than is there).
    const base = {
      tenantId: ctx.tenantId,
      companyId: order.companyId,
      location: FBM_PACK_LOCATION,
      lpn: '',
      condition: 'sellable',
      reason: 'fbm_ship',
      refType: 'fbm_shipment',
      refId: String(shipment.id),
      userId: ctx.userId,
      at,
    };
    const byKey = new Map<string, number>();
    for (const [lineId, quantity] of wanted) {
      const key = picked.get(lineId)!.productKey;
      byKey.set(key, (byKey.get(key) ?? 0) + quantity);
      await moveReservations(tx, lineId, 'consumed', 'shipped', quantity, at);
      const line = byId.get(lineId)!;
      line.quantityShipped += quantity;
      await tx
        .update(marketplaceOrderLines)
        .set({ quantityShipped: line.quantityShipped })
        .where(eq(marketplaceOrderLines.id, lineId));
    }
    await postLedger(
      tx,
      [...byKey].map(([productKey, quantity]) => ({ ...base, productKey, quantity: -quantity })),
    );
    const status = statusFromLines(lines);
    await tx.update(marketplaceOrders).set({ status, updatedAt: at }).where(eq(marketplaceOrders.id, order.id));

    // Billable, not priced here (decision 0014): the order's SKUs and extra items, and its boxes.
    const orderNumber = order.displayId ?? order.marketplaceOrderId;
    const source = { sourceType: 'fbm_shipment', sourceId: String(shipment.id) };
    await recordChargeEvents(tx, [
      {
        tenantId: ctx.tenantId,
        companyId: order.companyId,
        kind: 'fbm_order_shipped',
        quantity: 1,
        ...source,
        details: { channel: 'fbm', orderId: order.id, orderNumber, skus: byKey.size, units },
        userId: ctx.userId,
        at,
      },
      {
        tenantId: ctx.tenantId,
        companyId: order.companyId,
        kind: 'box_packed',
        quantity: packages.length,
        ...source,
        details: { channel: 'fbm', orderId: order.id, orderNumber, boxes: packages.length },
        userId: ctx.userId,
        at,
      },
    ]);
    await audit(
      tx,
      ctx,
      'marketplace_order',
      order.id,
      'status',
      { status: order.status },
      { status, shipmentId: shipment.id, units, tracking: packages.map((p) => p.trackingNumber) },
    );
    return { order: { ...order, status }, shipment, repeated: false };
  });

  if (!result.repeated && result.shipment.confirmation === 'pending')
    await queueConfirmation(deps, ctx.tenantId, result.order.id, ctx.userId);
  return {
    orderId: result.order.id,
    status: result.order.status,
    shipment: toShipment(result.shipment),
    repeated: result.repeated,
  };
}
