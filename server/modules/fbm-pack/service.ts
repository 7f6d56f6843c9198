/**
 * Packing an FBM order (issue 20 step 4; spec /order/{id}/default/box/dimensions,
 * /box/item/label/{id}, /box/item/reserved/remaining/items/{id}): the picked units on the packing
 * cart are scanned into boxes, each box a package its label is bought for. A scan names the item
 * by any of its codes; an item the order does not hold, or more than was picked for it, is refused
 * (412) and nothing is stored. The order's default box gives new boxes their size and weight.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { BoxDimensions, BoxItemScan, OrderPack } from '../../../domain/schemas/fbm-labels.js';
import { FBM_RESERVATION_STATION } from '../../../domain/schemas/fbm-pick.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { catalogueProductKeySql } from '../../db/product-key.js';
import { selectRows } from '../../db/rows.js';
import { fbmBoxes, fbmBoxItems, fbmOrderPacks, marketplaceOrders } from '../../db/schema/index.js';
import { businessRule, forbidden, notFound, refusal } from '../../http/errors.js';
import { resolveProductKey } from '../inventory/places.js';
import { rememberSkuBox } from '../fbm-labels/boxes.js';

const CLOSED = ['SHIPPED', 'CANCELED'];

export function warehouseOnly(ctx: RequestContext, what = 'Orders are packed by the warehouse') {
  if (ctx.isClient) throw forbidden(what);
}

/** The order in the caller's scope (a client: its own company's); locked when asked. */
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

interface LineRow {
  id: number;
  sku: string | null;
  title: string | null;
  product_key: string | null;
  to_ship: number;
  picked: number;
  packed: number;
}

/** Each line: what is left to ship, what was picked for it (its consumed FBM holds), what is boxed. */
async function linesOf(tx: DbOrTx, orderId: number): Promise<LineRow[]> {
  const rows = await selectRows<LineRow>(
    tx,
    sql`select l.id, l.sku, l.title, ${catalogueProductKeySql('p')} as product_key,
          (l.quantity_ordered - l.quantity_shipped)::int as to_ship,
          coalesce((select sum(r.quantity) from item_reservations r where r.order_line_id = l.id
             and r.station = ${FBM_RESERVATION_STATION} and r.state = 'consumed'), 0)::int as picked,
          coalesce((select sum(i.quantity) from fbm_box_items i where i.order_line_id = l.id), 0)::int as packed
        from marketplace_order_lines l left join products p on p.id = l.product_id
        where l.order_id = ${orderId} order by l.id`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    to_ship: Number(r.to_ship),
    picked: Number(r.picked),
    packed: Number(r.packed),
  }));
}

const dimsOf = (r: {
  lengthIn: number | null;
  widthIn: number | null;
  heightIn: number | null;
  weightLb: number | null;
}): BoxDimensions | null =>
  r.lengthIn && r.widthIn && r.heightIn && r.weightLb
    ? { lengthIn: r.lengthIn, widthIn: r.widthIn, heightIn: r.heightIn, weightLb: r.weightLb }
    : null;

export async function defaultDimensions(db: DbOrTx, orderId: number): Promise<BoxDimensions | null> {
  const [row] = await db.select().from(fbmOrderPacks).where(eq(fbmOrderPacks.orderId, orderId));
  return row ? dimsOf(row) : null;
}

export async function getPack(db: DbOrTx, ctx: RequestContext, orderId: number): Promise<OrderPack> {
  const order = await orderInScope(db, ctx, orderId);
  const lines = await linesOf(db, order.id);
  const boxes = await db.select().from(fbmBoxes).where(eq(fbmBoxes.orderId, order.id)).orderBy(asc(fbmBoxes.number));
  const items = boxes.length
    ? await db
        .select()
        .from(fbmBoxItems)
        .where(
          inArray(
            fbmBoxItems.boxId,
            boxes.map((b) => b.id),
          ),
        )
        .orderBy(asc(fbmBoxItems.id))
    : [];
  const titleOf = new Map(lines.map((l) => [l.id, l.title]));
  return {
    orderId: order.id,
    marketplaceOrderId: order.marketplaceOrderId,
    companyId: order.companyId,
    defaultDimensions: await defaultDimensions(db, order.id),
    boxes: boxes.map((b) => ({
      id: b.id,
      number: b.number,
      dimensions: dimsOf(b),
      items: items
        .filter((i) => i.boxId === b.id)
        .map((i) => ({
          id: i.id,
          orderLineId: i.orderLineId,
          productKey: i.productKey,
          title: titleOf.get(i.orderLineId) ?? null,
          quantity: i.quantity,
        })),
    })),
    lines: lines.map((l) => ({
      orderLineId: l.id,
      sku: l.sku,
      title: l.title,
      productKey: l.product_key,
      toShip: l.to_ship,
      packed: l.packed,
      remaining: Math.max(0, Math.min(l.to_ship, l.picked) - l.packed),
    })),
    complete: lines.length > 0 && lines.every((l) => l.packed >= l.to_ship),
  };
}

function openForPacking(order: typeof marketplaceOrders.$inferSelect) {
  if (CLOSED.includes(order.status))
    throw businessRule(
      refusal('refusals.pack.orderClosed', {
        order: order.marketplaceOrderId,
        status: { t: `fbmOrders.statuses.${order.status}` },
      }),
    );
}

/** Boxes of the order that already have a label: their contents are what the carrier was told. */
async function labelledPackages(tx: DbOrTx, tenantId: number, orderId: number): Promise<Set<number>> {
  const rows = await selectRows<{ n: number }>(
    tx,
    sql`select distinct fol.package_number as n from fbm_order_labels fol
          join shipping_labels sl on sl.id = fol.shipping_label_id
        where fol.tenant_id = ${tenantId} and fol.order_id = ${orderId} and sl.status in ('bought', 'buying')`,
  );
  return new Set(rows.map((r) => Number(r.n)));
}

export async function setDefaultDimensions(deps: Deps, ctx: RequestContext, orderId: number, dims: BoxDimensions) {
  warehouseOnly(ctx);
  const order = await orderInScope(deps.db, ctx, orderId);
  openForPacking(order);
  const at = new Date().toISOString();
  await deps.db
    .insert(fbmOrderPacks)
    .values({ orderId: order.id, tenantId: ctx.tenantId, ...dims })
    .onConflictDoUpdate({ target: fbmOrderPacks.orderId, set: { ...dims, updatedAt: at } });
  // Remembered for its SKU: the bulk label screen suggests it for the SKU's next order (issue 38).
  await rememberSkuBox(deps.db, ctx.tenantId, order, dims);
  return getPack(deps.db, ctx, order.id);
}

/** Scans one item (or `quantity` of it) into a box of the order. */
export async function scanIntoBox(deps: Deps, ctx: RequestContext, orderId: number, input: BoxItemScan) {
  warehouseOnly(ctx);
  await deps.db.transaction(async (tx) => {
    const order = await orderInScope(tx, ctx, orderId, true);
    openForPacking(order);
    const key = await resolveProductKey(tx, ctx, order.companyId, input.code);
    const lines = (await linesOf(tx, order.id)).filter((l) => l.product_key === key);
    if (!lines.length)
      throw businessRule(refusal('refusals.pack.wrongItem', { code: input.code, order: order.marketplaceOrderId }));
    // One SKU may sit on several lines of an order (a marketplace splits them): the room is
    // theirs together, and a scan of many units fills the lines in order.
    const roomOf = (l: (typeof lines)[number]) => Math.max(0, Math.min(l.to_ship, l.picked) - l.packed);
    const room = lines.reduce((sum, l) => sum + roomOf(l), 0);
    if (!room) {
      const total = (k: 'picked' | 'packed' | 'to_ship') => lines.reduce((sum, l) => sum + l[k], 0);
      throw businessRule(
        total('packed') < total('to_ship')
          ? refusal('refusals.pack.pickFirst', { code: input.code, picked: total('picked') })
          : refusal('refusals.pack.allPacked', {
              count: total('to_ship'),
              code: input.code,
              order: order.marketplaceOrderId,
            }),
      );
    }
    if (input.quantity > room)
      throw businessRule(refusal('refusals.pack.tooMany', { room, code: input.code, quantity: input.quantity }));

    const labelled = await labelledPackages(tx, ctx.tenantId, order.id);
    const boxes = await tx.select().from(fbmBoxes).where(eq(fbmBoxes.orderId, order.id)).orderBy(asc(fbmBoxes.number));
    let box = input.boxId ? boxes.find((b) => b.id === input.boxId) : input.newBox ? undefined : boxes.at(-1);
    if (input.boxId && !box) throw notFound('Box');
    if (box && labelled.has(box.number)) {
      if (input.boxId) throw businessRule(refusal('refusals.pack.labelled', { box: box.number }));
      box = undefined;
    }
    if (!box) {
      const dims = await defaultDimensions(tx, order.id);
      [box] = await tx
        .insert(fbmBoxes)
        .values({
          tenantId: ctx.tenantId,
          companyId: order.companyId,
          orderId: order.id,
          number: (boxes.at(-1)?.number ?? 0) + 1,
          ...(dims ?? {}),
        })
        .returning();
    }
    let left = input.quantity;
    for (const line of lines) {
      const quantity = Math.min(left, roomOf(line));
      if (!quantity) continue;
      left -= quantity;
      await tx
        .insert(fbmBoxItems)
        .values({ tenantId: ctx.tenantId, boxId: box.id, orderLineId: line.id, productKey: key, quantity })
        .onConflictDoUpdate({
          target: [fbmBoxItems.boxId, fbmBoxItems.orderLineId],
          set: { quantity: sql`${fbmBoxItems.quantity} + ${quantity}`, updatedAt: new Date().toISOString() },
        });
    }
  });
  return getPack(deps.db, ctx, orderId);
}

/** Takes a scanned item out of its box again (a box left empty goes too); a labelled box is refused. */
export async function removeBoxItem(deps: Deps, ctx: RequestContext, itemId: number) {
  warehouseOnly(ctx);
  const orderId = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ item: fbmBoxItems, box: fbmBoxes })
      .from(fbmBoxItems)
      .innerJoin(fbmBoxes, eq(fbmBoxes.id, fbmBoxItems.boxId))
      .where(and(eq(fbmBoxItems.id, itemId), eq(fbmBoxItems.tenantId, ctx.tenantId)));
    if (!found) throw notFound('Box item');
    const order = await orderInScope(tx, ctx, found.box.orderId, true);
    openForPacking(order);
    if ((await labelledPackages(tx, ctx.tenantId, order.id)).has(found.box.number))
      throw businessRule(refusal('refusals.pack.labelled', { box: found.box.number }));
    await tx.delete(fbmBoxItems).where(eq(fbmBoxItems.id, itemId));
    const [left] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(fbmBoxItems)
      .where(eq(fbmBoxItems.boxId, found.box.id));
    if (!Number(left.n)) await tx.delete(fbmBoxes).where(eq(fbmBoxes.id, found.box.id));
    return order.id;
  });
  return getPack(deps.db, ctx, orderId);
}

/** A box's size and weight, weighed at the packing bench. */
export async function setBoxDimensions(deps: Deps, ctx: RequestContext, boxId: number, dims: BoxDimensions) {
  warehouseOnly(ctx);
  const [box] = await deps.db
    .select()
    .from(fbmBoxes)
    .where(and(eq(fbmBoxes.id, boxId), eq(fbmBoxes.tenantId, ctx.tenantId)));
  if (!box) throw notFound('Box');
  const order = await orderInScope(deps.db, ctx, box.orderId);
  openForPacking(order);
  if ((await labelledPackages(deps.db, ctx.tenantId, order.id)).has(box.number))
    throw businessRule(refusal('refusals.pack.labelledBox', { box: box.number }));
  await deps.db
    .update(fbmBoxes)
    .set({ ...dims, updatedAt: new Date().toISOString() })
    .where(eq(fbmBoxes.id, box.id));
  return getPack(deps.db, ctx, order.id);
}

/** The parcels a label is shopped for: each box, or the default box when nothing is boxed. */
export async function parcelsOf(db: DbOrTx, orderId: number) {
  const boxes = await db.select().from(fbmBoxes).where(eq(fbmBoxes.orderId, orderId)).orderBy(asc(fbmBoxes.number));
  const fallback = await defaultDimensions(db, orderId);
  if (!boxes.length) return fallback ? [{ number: 1, dims: fallback }] : [];
  return boxes.map((b) => ({ number: b.number, dims: dimsOf(b) ?? fallback }));
}
