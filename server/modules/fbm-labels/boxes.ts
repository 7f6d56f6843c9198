/**
 * Boxes for many orders at once on the bulk label screen (issue 38): the same box for every order
 * chosen (a preset's size or dimensions, with a weight), or each single-SKU order the box last used
 * for its SKU. The box a client's SKU last went in is remembered (fbm_sku_boxes, per tenant, client
 * and SKU) whenever a single-SKU order's box is set here or in its own panel. Also what the screen
 * says of each order before anything is shopped: its box, the suggested one, and why no label can be
 * bought for it yet (no box, a box without size, an incomplete address, a pickup, labelled already).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { IN_STORE_PICKUP } from '../../../domain/schemas/orders.js';
import type {
  BoxDimensions,
  BulkBlocker,
  BulkBoxes,
  BulkBoxesResult,
  BulkOrderRow,
} from '../../../domain/schemas/fbm-labels.js';
import { audit } from '../../audit.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { selectRows } from '../../db/rows.js';
import { fbmBoxes, fbmOrderPacks, fbmSkuBoxes, marketplaceOrders } from '../../db/schema/index.js';
import { parcelsOf, warehouseOnly } from '../fbm-pack/service.js';
import { shipToMissing } from './addresses.js';

const CLOSED = ['SHIPPED', 'CANCELED'];

/** Each order's one SKU (every line of it the same SKU), or nothing when it has several or none. */
export async function singleSkuOf(db: DbOrTx, tenantId: number, orderIds: number[]): Promise<Map<number, string>> {
  if (!orderIds.length) return new Map();
  const rows = await selectRows<{ order_id: number; sku: string }>(
    db,
    sql`select l.order_id, min(l.sku) as sku from marketplace_order_lines l
          join marketplace_orders o on o.id = l.order_id
        where o.tenant_id = ${tenantId} and l.order_id in (${sql.join(
          orderIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        group by l.order_id
        having count(distinct l.sku) = 1 and count(*) = count(l.sku)`,
  );
  return new Map(rows.map((r) => [Number(r.order_id), r.sku]));
}

/** Remembers the box a single-SKU order went in for that SKU of its client. */
export async function rememberSkuBox(
  tx: DbOrTx,
  tenantId: number,
  order: { id: number; companyId: number },
  dims: BoxDimensions,
) {
  const sku = (await singleSkuOf(tx, tenantId, [order.id])).get(order.id);
  if (!sku) return;
  await tx
    .insert(fbmSkuBoxes)
    .values({ tenantId, companyId: order.companyId, sku, ...dims })
    .onConflictDoUpdate({
      target: [fbmSkuBoxes.tenantId, fbmSkuBoxes.companyId, fbmSkuBoxes.sku],
      set: { ...dims, updatedAt: new Date().toISOString() },
    });
}

/** The remembered box of each single-SKU order, by order id. */
async function suggestedBoxes(db: DbOrTx, tenantId: number, orders: { id: number; companyId: number }[]) {
  const skus = await singleSkuOf(
    db,
    tenantId,
    orders.map((o) => o.id),
  );
  const out = new Map<number, BoxDimensions & { sku: string }>();
  if (!skus.size) return out;
  const boxes = await db
    .select()
    .from(fbmSkuBoxes)
    .where(and(eq(fbmSkuBoxes.tenantId, tenantId), inArray(fbmSkuBoxes.sku, [...new Set(skus.values())])));
  for (const o of orders) {
    const sku = skus.get(o.id);
    const b = sku && boxes.find((x) => x.companyId === o.companyId && x.sku === sku);
    if (b)
      out.set(o.id, {
        sku: b.sku,
        lengthIn: b.lengthIn,
        widthIn: b.widthIn,
        heightIn: b.heightIn,
        weightLb: b.weightLb,
      });
  }
  return out;
}

/** Sets the box of many orders at once (the same box, or each its SKU's remembered one). */
export async function bulkBoxes(deps: Deps, ctx: RequestContext, input: BulkBoxes): Promise<BulkBoxesResult> {
  warehouseOnly(ctx, 'Boxes are set by the warehouse');
  const ids = [...new Set(input.orderIds)];
  return deps.db.transaction(async (tx) => {
    const orders = await tx
      .select()
      .from(marketplaceOrders)
      .where(and(eq(marketplaceOrders.tenantId, ctx.tenantId), inArray(marketplaceOrders.id, ids)))
      .orderBy(asc(marketplaceOrders.id));
    const suggested = input.dimensions ? new Map() : await suggestedBoxes(tx, ctx.tenantId, orders);
    const result: BulkBoxesResult = { updated: [], skipped: [] };
    const found = new Set(orders.map((o) => o.id));
    for (const id of ids)
      if (!found.has(id))
        result.skipped.push({ orderId: id, marketplaceOrderId: String(id), reason: 'Order not found' });
    const at = new Date().toISOString();
    for (const order of orders) {
      const named = { orderId: order.id, marketplaceOrderId: order.marketplaceOrderId };
      if (CLOSED.includes(order.status)) {
        result.skipped.push({ ...named, reason: `It is ${order.status.toLowerCase()}` });
        continue;
      }
      const remembered = suggested.get(order.id);
      const dims: BoxDimensions | undefined = input.dimensions
        ? input.dimensions
        : remembered && {
            lengthIn: remembered.lengthIn,
            widthIn: remembered.widthIn,
            heightIn: remembered.heightIn,
            weightLb: remembered.weightLb,
          };
      if (!dims) {
        result.skipped.push({ ...named, reason: 'No box used before for its SKU: choose one' });
        continue;
      }
      await tx
        .insert(fbmOrderPacks)
        .values({ orderId: order.id, tenantId: ctx.tenantId, ...dims })
        .onConflictDoUpdate({ target: fbmOrderPacks.orderId, set: { ...dims, updatedAt: at } });
      // Its boxes without a label: a one-box order's box is this box; of several, those not sized yet.
      const labelled = await selectRows<{ n: number }>(
        tx,
        sql`select distinct fol.package_number as n from fbm_order_labels fol
              join shipping_labels sl on sl.id = fol.shipping_label_id
            where fol.tenant_id = ${ctx.tenantId} and fol.order_id = ${order.id} and sl.status in ('bought', 'buying')`,
      );
      const done = new Set(labelled.map((r) => Number(r.n)));
      const boxes = await tx.select().from(fbmBoxes).where(eq(fbmBoxes.orderId, order.id));
      for (const b of boxes) {
        if (done.has(b.number)) continue;
        const sized = b.lengthIn && b.widthIn && b.heightIn && b.weightLb;
        if (boxes.length === 1 || !sized)
          await tx
            .update(fbmBoxes)
            .set({ ...dims, updatedAt: at })
            .where(eq(fbmBoxes.id, b.id));
      }
      await rememberSkuBox(tx, ctx.tenantId, order, dims);
      result.updated.push(named);
    }
    await audit(tx, ctx, 'fbm_order_box', ids.join(','), 'update', null, {
      dimensions: input.dimensions ?? 'remembered per SKU',
      updated: result.updated.map((u) => u.orderId),
    });
    return result;
  });
}

/** What the bulk screen says of each order before shopping: its box, the suggested one, and what stops a label. */
export async function boxFacts(
  db: DbOrTx,
  tenantId: number,
  rows: {
    id: number;
    companyId: number;
    shipTo: (typeof marketplaceOrders.$inferSelect)['shipTo'];
    programs: string[];
    labels: BulkOrderRow['labels'];
  }[],
): Promise<Map<number, Pick<BulkOrderRow, 'box' | 'suggestedBox' | 'blockers'>>> {
  const suggested = await suggestedBoxes(db, tenantId, rows);
  const out = new Map<number, Pick<BulkOrderRow, 'box' | 'suggestedBox' | 'blockers'>>();
  for (const r of rows) {
    const parcels = await parcelsOf(db, r.id);
    const blockers: BulkBlocker[] = [];
    if (!parcels.length) blockers.push({ code: 'noBox', detail: null });
    for (const p of parcels) if (!p.dims) blockers.push({ code: 'boxUnsized', detail: String(p.number) });
    const missing = shipToMissing(r);
    if (missing.length) blockers.push({ code: 'address', detail: missing.join(', ') });
    if (r.programs.includes(IN_STORE_PICKUP)) blockers.push({ code: 'pickup', detail: null });
    const bought = new Set(r.labels.filter((l) => l.status === 'bought').map((l) => l.packageNumber));
    if (parcels.length && parcels.every((p) => bought.has(p.number))) blockers.push({ code: 'labelled', detail: null });
    out.set(r.id, {
      box: parcels.length === 1 ? parcels[0].dims : null,
      suggestedBox: suggested.get(r.id) ?? null,
      blockers,
    });
  }
  return out;
}
