/**
 * Cancel all shipments and reopen (issue 20 step 7; spec order shipment actions "cancel all
 * shipment", "reopen all shipment"), the way a prep centre uses them:
 *
 * - **Cancel all shipments** undoes shipping that did not really happen (wrong order marked, the
 *   parcel came back from the dock): every standing shipment of the order is cancelled, its units
 *   come back to FBM-PACK through the ledger (they are in the building), its holds are picked
 *   again, the lines' shipped quantities and the order's status go back. A marketplace already told
 *   is **not** un-shipped (no marketplace offers it): the answer says so. Its billable events are
 *   withdrawn while billing has not priced them; once priced (within seconds of the work) they
 *   stay, as the ledger is append-only, and each line gets its credit, once (billing creditEvent).
 * - **Reopen** takes a cancelled order back: AWAITING (or PARTIALLY_SHIPPED) again, and each line
 *   holds its unshipped units again through the reserve rule (all or nothing per line, the
 *   client's own pickable stock), or says why not.
 *
 * Both are idempotent: a shipment is cancelled once (its status is the guard, under the order's
 * row lock), so the ledger is put back exactly once however often the button is pressed.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { holdVerdict } from '../../../domain/rules/fbm-pick.js';
import { FBM_PACK_LOCATION, FBM_RESERVATION_STATION } from '../../../domain/schemas/fbm-pick.js';
import { audit } from '../../audit.js';
import { creditEvent } from '../billing/ledger.js';
import type { Deps, RequestContext } from '../../context.js';
import { catalogueProductKeySql } from '../../db/product-key.js';
import { selectRows } from '../../db/rows.js';
import {
  chargeEvents,
  charges,
  fbmShipments,
  itemReservations,
  marketplaceOrderLines,
  marketplaceOrders,
} from '../../db/schema/index.js';
import { businessRule } from '../../http/errors.js';
import { postLedger } from '../inventory/ledger.js';
import { fbmStock, lockProducts } from '../fbm-pick/stock.js';
import { moveReservations, orderInScope, statusFromLines, warehouseOnly } from './ship.js';

export async function cancelAllShipments(deps: Deps, ctx: RequestContext, orderId: number) {
  warehouseOnly(ctx, 'Shipments are cancelled by the warehouse');
  return deps.db.transaction(async (tx) => {
    const order = await orderInScope(tx, ctx, orderId, true);
    const at = deps.now().toISOString();
    const standing = await tx
      .select()
      .from(fbmShipments)
      .where(and(eq(fbmShipments.orderId, order.id), eq(fbmShipments.status, 'shipped')))
      .for('update');
    const nothing = { orderId: order.id, status: order.status, cancelled: 0, unitsBack: 0, toldMarketplace: 0 };
    if (!standing.length) return { ...nothing, pricedEvents: 0 };
    const keys = [...new Set(standing.flatMap((s) => s.packages.flatMap((p) => p.lines.map((l) => l.productKey))))];
    await lockProducts(tx, ctx.tenantId, new Map([[order.companyId, keys]]));

    const lines = await tx.select().from(marketplaceOrderLines).where(eq(marketplaceOrderLines.orderId, order.id));
    const byId = new Map(lines.map((l) => [l.id, l]));
    let unitsBack = 0;
    for (const s of standing) {
      const perLine = new Map<number, { productKey: string; quantity: number }>();
      for (const p of s.packages)
        for (const l of p.lines) {
          const seen = perLine.get(l.orderLineId);
          perLine.set(l.orderLineId, { productKey: l.productKey, quantity: (seen?.quantity ?? 0) + l.quantity });
        }
      const byKey = new Map<string, number>();
      for (const [lineId, { productKey, quantity }] of perLine) {
        await moveReservations(tx, lineId, 'shipped', 'consumed', quantity, at);
        byKey.set(productKey, (byKey.get(productKey) ?? 0) + quantity);
        const line = byId.get(lineId);
        if (line) {
          line.quantityShipped = Math.max(0, line.quantityShipped - quantity);
          await tx
            .update(marketplaceOrderLines)
            .set({ quantityShipped: line.quantityShipped })
            .where(eq(marketplaceOrderLines.id, lineId));
        }
      }
      await postLedger(
        tx,
        [...byKey].map(([productKey, quantity]) => ({
          tenantId: ctx.tenantId,
          companyId: order.companyId,
          productKey,
          location: FBM_PACK_LOCATION,
          lpn: '',
          condition: 'sellable',
          quantity,
          reason: 'fbm_ship_cancel',
          refType: 'fbm_shipment',
          refId: String(s.id),
          userId: ctx.userId,
          at,
        })),
      );
      unitsBack += s.units;
      await tx
        .update(fbmShipments)
        .set({ status: 'cancelled', cancelledAt: at, updatedAt: at })
        .where(eq(fbmShipments.id, s.id));
    }
    // Billable events of the cancelled shipments: withdrawn unless billing has priced them already.
    const events = await tx
      .select({ id: chargeEvents.id })
      .from(chargeEvents)
      .where(
        and(
          eq(chargeEvents.tenantId, ctx.tenantId),
          eq(chargeEvents.sourceType, 'fbm_shipment'),
          inArray(
            chargeEvents.sourceId,
            standing.map((s) => String(s.id)),
          ),
        ),
      );
    const priced = events.length
      ? await tx
          .select({ sourceId: charges.sourceId })
          .from(charges)
          .where(
            and(
              eq(charges.tenantId, ctx.tenantId),
              eq(charges.sourceType, 'charge_event'),
              inArray(
                charges.sourceId,
                events.map((e) => String(e.id)),
              ),
            ),
          )
      : [];
    const pricedIds = new Set(priced.map((p) => Number(p.sourceId)));
    const unpriced = events.filter((e) => !pricedIds.has(e.id)).map((e) => e.id);
    if (unpriced.length) await tx.delete(chargeEvents).where(inArray(chargeEvents.id, unpriced));
    for (const eventId of pricedIds)
      await creditEvent(tx, {
        tenantId: ctx.tenantId,
        eventId,
        key: 'shipment-cancelled',
        note: `shipment cancelled by ${ctx.username}`,
        description: `Order ${order.marketplaceOrderId}: shipment cancelled`,
        at,
      });

    const status = order.status === 'CANCELED' ? order.status : statusFromLines(lines);
    await tx.update(marketplaceOrders).set({ status, updatedAt: at }).where(eq(marketplaceOrders.id, order.id));
    const toldMarketplace = standing.filter(
      (s) => s.confirmation === 'sent' || s.packages.some((p) => p.confirmedAt),
    ).length;
    await audit(
      tx,
      ctx,
      'marketplace_order',
      order.id,
      'status',
      { status: order.status, shipments: standing.map((s) => s.id) },
      { status, cancelledShipments: standing.map((s) => s.id), unitsBack },
    );
    return {
      orderId: order.id,
      status,
      cancelled: standing.length,
      unitsBack,
      toldMarketplace,
      pricedEvents: pricedIds.size,
    };
  });
}

interface ReopenLine {
  id: number;
  sku: string | null;
  line_id: string;
  product_id: number | null;
  product_key: string | null;
  unshipped: number;
}

export async function reopenOrder(deps: Deps, ctx: RequestContext, orderId: number) {
  warehouseOnly(ctx, 'Orders are reopened by the warehouse');
  return deps.db.transaction(async (tx) => {
    const order = await orderInScope(tx, ctx, orderId, true);
    if (order.status !== 'CANCELED') {
      if (order.status === 'SHIPPED')
        throw businessRule(`Order ${order.marketplaceOrderId} is shipped: cancel its shipments first`);
      // Open already (reopened before, or never cancelled): nothing to do.
      return { orderId: order.id, status: order.status, reopened: false, held: 0, notHeld: [] };
    }
    const at = deps.now().toISOString();
    const lines = await selectRows<ReopenLine>(
      tx,
      sql`select l.id, l.sku, l.line_id, l.product_id, ${catalogueProductKeySql('p')} as product_key,
            (l.quantity_ordered - l.quantity_shipped)::int as unshipped
          from marketplace_order_lines l left join products p on p.id = l.product_id
          where l.order_id = ${order.id} order by l.id`,
    );
    const keys = [...new Set(lines.map((l) => l.product_key).filter((k): k is string => !!k))].sort();
    await lockProducts(tx, ctx.tenantId, new Map([[order.companyId, keys]]));
    const holds = await tx
      .select({
        lineId: itemReservations.orderLineId,
        held: sql<number>`coalesce(sum(${itemReservations.quantity}) filter (where ${itemReservations.state} = 'held'), 0)::int`,
        consumed: sql<number>`coalesce(sum(${itemReservations.quantity}) filter (where ${itemReservations.state} = 'consumed'), 0)::int`,
      })
      .from(itemReservations)
      .where(
        and(
          eq(itemReservations.station, FBM_RESERVATION_STATION),
          inArray(
            itemReservations.orderLineId,
            lines.map((l) => Number(l.id)),
          ),
        ),
      )
      .groupBy(itemReservations.orderLineId);
    const holdOf = new Map(holds.map((h) => [h.lineId!, { held: Number(h.held), consumed: Number(h.consumed) }]));
    const stock = await fbmStock(tx, ctx.tenantId, order.companyId, keys);
    const free = new Map([...stock].map(([k, s]) => [k, Math.max(0, s.onHand - s.held)]));
    let held = 0;
    const notHeld: { orderLineId: number; message: string }[] = [];
    for (const l of lines) {
      const h = holdOf.get(Number(l.id)) ?? { held: 0, consumed: 0 };
      const available = l.product_key ? (free.get(l.product_key) ?? 0) : 0;
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
        held += v.hold;
        await tx.insert(itemReservations).values({
          tenantId: ctx.tenantId,
          companyId: order.companyId,
          productKey: l.product_key!,
          quantity: v.hold,
          orderLineId: Number(l.id),
          station: FBM_RESERVATION_STATION,
          state: 'held',
          createdAt: at,
          updatedAt: at,
        });
      } else if (v.outcome !== 'already_held' && v.outcome !== 'nothing_to_ship')
        notHeld.push({ orderLineId: Number(l.id), message: `${l.sku ?? l.line_id}: ${v.message}` });
    }
    const status = await statusOf(tx, order.id);
    await tx.update(marketplaceOrders).set({ status, updatedAt: at }).where(eq(marketplaceOrders.id, order.id));
    await audit(tx, ctx, 'marketplace_order', order.id, 'status', { status: order.status }, { status, held });
    return { orderId: order.id, status, reopened: true, held, notHeld };
  });
}

async function statusOf(tx: Parameters<typeof selectRows>[0], orderId: number) {
  const lines = await tx
    .select({
      quantityOrdered: marketplaceOrderLines.quantityOrdered,
      quantityShipped: marketplaceOrderLines.quantityShipped,
    })
    .from(marketplaceOrderLines)
    .where(eq(marketplaceOrderLines.orderId, orderId));
  return statusFromLines(lines);
}
