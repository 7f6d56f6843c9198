/**
 * Match and reserve (issue 20 step 2; spec /match/awaiting/items/store/{id} and
 * /reserve/awaiting/items/store/{id}): a store's orders awaiting shipment, oldest purchase first,
 * each matched line holding its whole unshipped quantity of the client's pickable stock or saying
 * why not. The hold follows FBA's discipline (decision 0010): advisory lock per client and product
 * key, then read what is free, then hold — so concurrent calls never hold the same unit twice.
 */
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { holdVerdict } from '../../../domain/rules/fbm-pick.js';
import { MARKETPLACE_FULFILLED_NETWORKS } from '../../../domain/schemas/orders.js';
import {
  FBM_RESERVATION_STATION,
  type MatchLine,
  type ReserveLine,
  type ReserveResult,
} from '../../../domain/schemas/fbm-pick.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { catalogueProductKeySql } from '../../db/product-key.js';
import { outer } from '../../db/outer.js';
import { selectRows } from '../../db/rows.js';
import {
  companies,
  itemReservations,
  marketplaceOrderLines,
  marketplaceOrders,
  pickBatches,
  pickBatchLines,
  stores,
} from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { publishBatch } from './feed.js';
import { fbmStock, lockProducts } from './stock.js';

/** Orders whose units may be held: awaiting shipment, or partly shipped. */
export const RESERVABLE_STATUSES = ['AWAITING', 'PARTIALLY_SHIPPED'] as const;

/** The store in the caller's scope (a client: its own stores only), else 404. */
export async function storeInScope(db: DbOrTx, ctx: RequestContext, storeId: number) {
  const [store] = await db
    .select({ id: stores.id, tenantId: stores.tenantId, companyId: stores.companyId })
    .from(stores)
    .where(
      and(
        eq(stores.id, storeId),
        eq(stores.tenantId, ctx.tenantId),
        ctx.isClient ? eq(stores.companyId, ctx.companyId) : undefined,
      ),
    );
  if (!store) throw notFound('Store');
  return store;
}

interface AwaitingLine {
  order_id: number;
  marketplace_order_id: string;
  order_line_id: number;
  line_id: string;
  sku: string | null;
  title: string | null;
  product_id: number | null;
  product_key: string | null;
  unshipped: number;
}

/** What a reserve or match reads: one store's awaiting orders, one client's (every store of it), or one order. */
export type ReserveScope = { storeId: number } | { companyId: number } | { orderId: number };

/** The scope's condition on marketplace_orders (alias o). */
const scopeSql = (scope: ReserveScope) =>
  'storeId' in scope
    ? sql`o.store_id = ${scope.storeId}`
    : 'companyId' in scope
      ? sql`o.company_id = ${scope.companyId}`
      : sql`o.id = ${scope.orderId}`;

/**
 * The scope's awaiting lines, oldest order first (purchase date, then id), lines in their order —
 * of orders the warehouse ships: Amazon (FBA) and Walmart (WFS) ship theirs, nothing is held for them.
 */
async function awaitingLines(db: DbOrTx, scope: ReserveScope, tenantId: number): Promise<AwaitingLine[]> {
  return selectRows<AwaitingLine>(
    db,
    sql`select o.id as order_id, o.marketplace_order_id, l.id as order_line_id, l.line_id, l.sku, l.title,
          l.product_id, ${catalogueProductKeySql('p')} as product_key,
          (l.quantity_ordered - l.quantity_shipped)::int as unshipped
        from marketplace_orders o
        join marketplace_order_lines l on l.order_id = o.id
        left join products p on p.id = l.product_id
        where ${scopeSql(scope)} and o.tenant_id = ${tenantId}
          and o.status in (${sql.join(
            RESERVABLE_STATUSES.map((s) => sql`${s}`),
            sql`, `,
          )})
          and o.fulfillment_network not in (${sql.join(
            MARKETPLACE_FULFILLED_NETWORKS.map((n) => sql`${n}`),
            sql`, `,
          )})
        order by o.purchased_at, o.id, l.id`,
  );
}

/** Held and consumed (picked) units per order line. */
async function holdsOf(db: DbOrTx, lineIds: number[]): Promise<Map<number, { held: number; consumed: number }>> {
  const found = new Map<number, { held: number; consumed: number }>();
  if (!lineIds.length) return found;
  const rows = await db
    .select({
      lineId: itemReservations.orderLineId,
      held: sql<number>`coalesce(sum(${itemReservations.quantity}) filter (where ${itemReservations.state} = 'held'), 0)::int`,
      consumed: sql<number>`coalesce(sum(${itemReservations.quantity}) filter (where ${itemReservations.state} = 'consumed'), 0)::int`,
    })
    .from(itemReservations)
    .where(and(eq(itemReservations.station, FBM_RESERVATION_STATION), inArray(itemReservations.orderLineId, lineIds)))
    .groupBy(itemReservations.orderLineId);
  for (const r of rows) found.set(r.lineId!, { held: Number(r.held), consumed: Number(r.consumed) });
  return found;
}

const keysOf = (lines: AwaitingLine[]) =>
  [...new Set(lines.map((l) => l.product_key).filter((k): k is string => !!k))].sort();

/** Per awaiting line: matched or not, units to ship, units it holds, units free for it. */
export async function matchAwaiting(deps: Deps, ctx: RequestContext, storeId: number) {
  const store = await storeInScope(deps.db, ctx, storeId);
  const lines = await awaitingLines(deps.db, { storeId: store.id }, ctx.tenantId);
  const [holds, stock] = await Promise.all([
    holdsOf(
      deps.db,
      lines.map((l) => l.order_line_id),
    ),
    fbmStock(deps.db, ctx.tenantId, store.companyId, keysOf(lines)),
  ]);
  const out: MatchLine[] = lines.map((l) => {
    const s = l.product_key ? stock.get(l.product_key) : undefined;
    return {
      orderId: Number(l.order_id),
      marketplaceOrderId: l.marketplace_order_id,
      orderLineId: Number(l.order_line_id),
      lineId: l.line_id,
      sku: l.sku,
      title: l.title,
      productId: l.product_id === null ? null : Number(l.product_id),
      productKey: l.product_key,
      matched: l.product_id !== null,
      quantity: Number(l.unshipped),
      held: holds.get(Number(l.order_line_id))?.held ?? 0,
      available: s ? Math.max(0, s.onHand - s.held) : 0,
    };
  });
  const matched = out.filter((l) => l.matched).length;
  return { storeId: store.id, lines: out, matched, unmatched: out.length - matched };
}

/**
 * Holds every awaiting line it can, oldest order first, in one transaction under the products'
 * locks. Holds of the store's orders that no longer await shipment are given back first.
 */
export async function reserveAwaiting(deps: Deps, ctx: RequestContext, storeId: number): Promise<ReserveResult> {
  const store = await storeInScope(deps.db, ctx, storeId);
  return reserveIn(deps, ctx, { storeId: store.id }, { storeId: store.id, companyId: store.companyId, orderId: null });
}

/** The same for every store of one client (a client: its own only; another's is not found). */
export async function reserveCompany(deps: Deps, ctx: RequestContext, companyId: number): Promise<ReserveResult> {
  if (ctx.isClient && companyId !== ctx.companyId) throw notFound('Client');
  const [company] = await deps.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.tenantId, ctx.tenantId)));
  if (!company) throw notFound('Client');
  return reserveIn(deps, ctx, { companyId }, { storeId: null, companyId, orderId: null });
}

/** The same for one order (its detail panel): its lines held, or why not. */
export async function reserveOrder(deps: Deps, ctx: RequestContext, orderId: number): Promise<ReserveResult> {
  const [order] = await deps.db
    .select({ id: marketplaceOrders.id, storeId: marketplaceOrders.storeId, companyId: marketplaceOrders.companyId })
    .from(marketplaceOrders)
    .where(
      and(
        eq(marketplaceOrders.id, orderId),
        eq(marketplaceOrders.tenantId, ctx.tenantId),
        ctx.isClient ? eq(marketplaceOrders.companyId, ctx.companyId) : undefined,
      ),
    );
  if (!order) throw notFound('Order');
  return reserveIn(
    deps,
    ctx,
    { orderId: order.id },
    { storeId: order.storeId, companyId: order.companyId, orderId: order.id },
  );
}

/** One client's scope (a store, the client, an order): every line is that client's. */
async function reserveIn(
  deps: Deps,
  ctx: RequestContext,
  scope: ReserveScope,
  of: { storeId: number | null; companyId: number; orderId: number | null },
): Promise<ReserveResult> {
  const store = { companyId: of.companyId };
  return deps.db.transaction(async (tx) => {
    const now = new Date().toISOString();
    const closed = await tx
      .select({ id: marketplaceOrders.id })
      .from(marketplaceOrders)
      .where(
        and(
          'storeId' in scope
            ? eq(marketplaceOrders.storeId, scope.storeId)
            : 'companyId' in scope
              ? eq(marketplaceOrders.companyId, scope.companyId)
              : eq(marketplaceOrders.id, scope.orderId),
          eq(marketplaceOrders.tenantId, ctx.tenantId),
          notInArray(marketplaceOrders.status, [...RESERVABLE_STATUSES]),
          sql`exists (select 1 from item_reservations r join marketplace_order_lines ml on ml.id = r.order_line_id
                where ml.order_id = ${outer(marketplaceOrders.id)} and r.state = 'held')`,
        ),
      );
    const lines = await awaitingLines(tx, scope, ctx.tenantId);
    const keys = keysOf(lines);
    // Every lock this call needs, in one ordered pass (a second pass could wait in a circle).
    const locks = await keysOfOrders(
      tx,
      closed.map((o) => o.id),
    );
    locks.set(store.companyId, [...(locks.get(store.companyId) ?? []), ...keys]);
    await lockProducts(tx, ctx.tenantId, locks);
    let released = 0;
    for (const o of closed) released += await releaseOrderHolds(tx, ctx.tenantId, o.id, now);

    // Read after the locks: what other calls held before we got them is seen now.
    const [holds, stock] = await Promise.all([
      holdsOf(
        tx,
        lines.map((l) => l.order_line_id),
      ),
      fbmStock(tx, ctx.tenantId, store.companyId, keys),
    ]);
    const free = new Map([...stock].map(([k, s]) => [k, Math.max(0, s.onHand - s.held)]));
    const toHold: (typeof itemReservations.$inferInsert)[] = [];
    const out: ReserveLine[] = [];
    for (const l of lines) {
      const h = holds.get(Number(l.order_line_id)) ?? { held: 0, consumed: 0 };
      const available = l.product_key ? (free.get(l.product_key) ?? 0) : 0;
      const onHand = l.product_key ? (stock.get(l.product_key)?.onHand ?? 0) : 0;
      const v = holdVerdict({
        unshipped: Number(l.unshipped),
        matched: l.product_id !== null,
        productKey: l.product_key,
        held: h.held,
        consumed: h.consumed,
        free: available,
      });
      if (v.outcome === 'held') {
        free.set(l.product_key!, available - v.hold);
        toHold.push({
          tenantId: ctx.tenantId,
          companyId: store.companyId,
          productKey: l.product_key!,
          quantity: v.hold,
          orderLineId: Number(l.order_line_id),
          station: FBM_RESERVATION_STATION,
          state: 'held',
          createdAt: now,
          updatedAt: now,
        });
      }
      out.push({
        orderId: Number(l.order_id),
        marketplaceOrderId: l.marketplace_order_id,
        orderLineId: Number(l.order_line_id),
        lineId: l.line_id,
        sku: l.sku,
        productKey: l.product_key,
        quantity: Number(l.unshipped),
        outcome: v.outcome,
        available,
        onHand,
        message: v.message,
      });
    }
    for (let i = 0; i < toHold.length; i += 1000) await tx.insert(itemReservations).values(toHold.slice(i, i + 1000));
    return {
      scope: 'storeId' in scope ? 'store' : 'companyId' in scope ? 'company' : 'order',
      ...of,
      lines: out,
      held: out.filter((l) => l.outcome === 'held').length,
      alreadyHeld: out.filter((l) => l.outcome === 'already_held').length,
      notHeld: out.filter((l) => !['held', 'already_held', 'nothing_to_ship'].includes(l.outcome)).length,
      released,
    };
  });
}

/**
 * Gives back what an order's lines hold (a cancelled order, an order shipped elsewhere): the holds
 * are released, and what open pick batches still had to pick for it is taken off them (a line not
 * begun disappears, one begun keeps what was picked or found short). Returns the units released.
 */
export async function releaseOrderHolds(tx: DbOrTx, tenantId: number, orderId: number, at: string): Promise<number> {
  // The products' locks first, as every FBM write takes them (re-taking one already held is free).
  await lockProducts(tx, tenantId, await keysOfOrders(tx, [orderId]));
  const lineIds = tx
    .select({ id: marketplaceOrderLines.id })
    .from(marketplaceOrderLines)
    .where(eq(marketplaceOrderLines.orderId, orderId));
  const released = await tx
    .update(itemReservations)
    .set({ state: 'released', updatedAt: at })
    .where(
      and(
        eq(itemReservations.tenantId, tenantId),
        eq(itemReservations.station, FBM_RESERVATION_STATION),
        eq(itemReservations.state, 'held'),
        inArray(itemReservations.orderLineId, lineIds),
      ),
    )
    .returning({ quantity: itemReservations.quantity });
  const openBatches = tx
    .select({ id: pickBatches.id })
    .from(pickBatches)
    .where(and(eq(pickBatches.tenantId, tenantId), inArray(pickBatches.status, ['open', 'picking'])));
  const touched = await tx
    .select({ batchId: pickBatchLines.batchId })
    .from(pickBatchLines)
    .where(
      and(
        eq(pickBatchLines.orderId, orderId),
        inArray(pickBatchLines.batchId, openBatches),
        sql`${pickBatchLines.picked} + ${pickBatchLines.short} < ${pickBatchLines.quantity}`,
      ),
    );
  if (touched.length) {
    const batchIds = [...new Set(touched.map((t) => t.batchId))];
    const deleted = await tx
      .delete(pickBatchLines)
      .where(
        and(
          eq(pickBatchLines.orderId, orderId),
          inArray(pickBatchLines.batchId, batchIds),
          sql`${pickBatchLines.picked} + ${pickBatchLines.short} = 0`,
        ),
      )
      .returning({ id: pickBatchLines.id, batchId: pickBatchLines.batchId });
    const shrunk = await tx
      .update(pickBatchLines)
      .set({ quantity: sql`${pickBatchLines.picked} + ${pickBatchLines.short}`, updatedAt: at })
      .where(
        and(
          eq(pickBatchLines.orderId, orderId),
          inArray(pickBatchLines.batchId, batchIds),
          sql`${pickBatchLines.picked} + ${pickBatchLines.short} < ${pickBatchLines.quantity}`,
        ),
      )
      .returning({ id: pickBatchLines.id, batchId: pickBatchLines.batchId });
    for (const id of batchIds) {
      await settleBatchStatus(tx, id, at);
      // The pickers' handhelds learn that the order's picks are gone or shrunk.
      await publishBatch(tx, tenantId, id, {
        lines: shrunk.filter((l) => l.batchId === id).map((l) => l.id),
        deleted: deleted.filter((l) => l.batchId === id).map((l) => l.id),
      });
    }
  }
  return released.reduce((n, r) => n + r.quantity, 0);
}

/** The (client, product key) pairs an order's holds and open picks involve: the locks to take before touching them. */
export async function keysOfOrders(tx: DbOrTx, orderIds: number[]): Promise<Map<number, string[]>> {
  const found = new Map<number, string[]>();
  if (!orderIds.length) return found;
  const ids = sql.join(
    orderIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await selectRows<{ company_id: number; product_key: string }>(
    tx,
    sql`select r.company_id, r.product_key from item_reservations r
          join marketplace_order_lines ml on ml.id = r.order_line_id
        where ml.order_id in (${ids}) and r.state = 'held' and r.station = ${FBM_RESERVATION_STATION}
        union
        select company_id, product_key from pick_batch_lines
        where order_id in (${ids}) and picked + short < quantity`,
  );
  for (const r of rows) found.set(Number(r.company_id), [...(found.get(Number(r.company_id)) ?? []), r.product_key]);
  return found;
}

/** A batch with nothing left to pick is picked (or cancelled when it has no lines left). */
export async function settleBatchStatus(tx: DbOrTx, batchId: number, at: string): Promise<string> {
  const [s] = await selectRows<{ lines: number; open: number; touched: number }>(
    tx,
    sql`select count(*)::int as lines,
          count(*) filter (where picked + short < quantity)::int as open,
          count(*) filter (where picked + short > 0)::int as touched
        from pick_batch_lines where batch_id = ${batchId}`,
  );
  const status =
    Number(s.lines) === 0 ? 'cancelled' : Number(s.open) === 0 ? 'picked' : Number(s.touched) > 0 ? 'picking' : 'open';
  await tx
    .update(pickBatches)
    .set({ status, updatedAt: at })
    .where(and(eq(pickBatches.id, batchId), inArray(pickBatches.status, ['open', 'picking'])));
  return status;
}

/** The release endpoint: an order in the caller's scope gives back its holds. */
export async function releaseOrder(deps: Deps, ctx: RequestContext, orderId: number) {
  return deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: marketplaceOrders.id })
      .from(marketplaceOrders)
      .where(
        and(
          eq(marketplaceOrders.id, orderId),
          eq(marketplaceOrders.tenantId, ctx.tenantId),
          ctx.isClient ? eq(marketplaceOrders.companyId, ctx.companyId) : undefined,
        ),
      );
    if (!order) throw notFound('Order');
    return { orderId, released: await releaseOrderHolds(tx, ctx.tenantId, orderId, new Date().toISOString()) };
  });
}

/** Called by the orders pull when stored orders are no longer awaiting shipment (cancelled, shipped). */
export async function releaseClosedOrders(tx: DbOrTx, tenantId: number, orderIds: number[]): Promise<void> {
  if (!orderIds.length) return;
  const held = await selectRows<{ id: number }>(
    tx,
    sql`select distinct ml.order_id as id from item_reservations r join marketplace_order_lines ml on ml.id = r.order_line_id
        where r.state = 'held' and r.station = ${FBM_RESERVATION_STATION} and ml.order_id in (${sql.join(
          orderIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  const at = new Date().toISOString();
  // All the orders' locks in one ordered pass, then each order released.
  await lockProducts(
    tx,
    tenantId,
    await keysOfOrders(
      tx,
      held.map((o) => Number(o.id)),
    ),
  );
  for (const o of held) await releaseOrderHolds(tx, tenantId, Number(o.id), at);
}
