/**
 * Bulk mark shipped (spec /bulk/mark/ship) and mark shipped after a bulk label purchase (spec
 * /bulk/purchase/mark/ship): each order is its own transaction through markOrderShipped, so one
 * order refused (not picked, cancelled, another client's) never stops the others, and the answer
 * has one result per order in the order asked.
 */
import type { BulkMarkShipInput, BulkShipResult } from '../../../domain/schemas/fbm-ship.js';
import type { Deps, RequestContext } from '../../context.js';
import { ApiError } from '../../http/errors.js';
import { boughtLabels, packagesFromLabels } from './labels.js';
import { markOrderShipped, orderInScope, pickedOf, warehouseOnly } from './ship.js';
import { fbmShipments, marketplaceOrderLines } from '../../db/schema/index.js';
import { and, eq } from 'drizzle-orm';

type Row = BulkShipResult['results'][number];

const failed = (orderId: number, err: unknown): Row => {
  if (!(err instanceof ApiError)) throw err;
  return { orderId, ok: false, status: null, shipmentId: null, repeated: false, message: err.messages.join('; ') };
};

const summary = (results: Row[]): BulkShipResult => ({
  results,
  shipped: results.filter((r) => r.ok).length,
  failed: results.filter((r) => !r.ok).length,
});

export async function bulkMarkShip(deps: Deps, ctx: RequestContext, input: BulkMarkShipInput): Promise<BulkShipResult> {
  warehouseOnly(ctx);
  const results: Row[] = [];
  for (const o of input.orders) {
    try {
      let lines = o.lines;
      if (!lines) {
        // Every picked unit not shipped yet, in one package — unless this tracking shipped already.
        await orderInScope(deps.db, ctx, o.orderId);
        const standing = await deps.db
          .select()
          .from(fbmShipments)
          .where(and(eq(fbmShipments.orderId, o.orderId), eq(fbmShipments.status, 'shipped')));
        const same = standing.find(
          (sh) =>
            sh.packages.length === 1 && sh.packages[0].trackingNumber.toUpperCase() === o.trackingNumber.toUpperCase(),
        );
        if (same) {
          results.push({
            orderId: o.orderId,
            ok: true,
            status: (await orderInScope(deps.db, ctx, o.orderId)).status,
            shipmentId: same.id,
            repeated: true,
            message: null,
          });
          continue;
        }
        const ids = await deps.db
          .select({ id: marketplaceOrderLines.id })
          .from(marketplaceOrderLines)
          .where(eq(marketplaceOrderLines.orderId, o.orderId));
        const picked = await pickedOf(
          deps.db,
          ids.map((i) => i.id),
        );
        lines = [...picked]
          .filter(([, p]) => p.quantity > 0)
          .map(([id, p]) => ({ orderLineId: id, quantity: p.quantity }));
        if (!lines.length)
          throw new ApiError(412, ['No units of the order are picked: pick them before marking it shipped']);
      }
      const r = await markOrderShipped(
        deps,
        ctx,
        o.orderId,
        {
          packages: [
            {
              carrier: o.carrier,
              service: o.service,
              trackingNumber: o.trackingNumber,
              trackingUrl: o.trackingUrl,
              lines,
            },
          ],
          shipDate: input.shipDate,
          acceptMismatch: o.acceptMismatch,
        },
        { source: 'bulk' },
      );
      results.push({
        orderId: o.orderId,
        ok: true,
        status: r.status,
        shipmentId: r.shipment.id,
        repeated: r.repeated,
        message: null,
      });
    } catch (err) {
      results.push(failed(o.orderId, err));
    }
  }
  return summary(results);
}

export async function bulkPurchaseMarkShip(
  deps: Deps,
  ctx: RequestContext,
  input: { orderIds: number[]; shipDate?: string },
): Promise<BulkShipResult> {
  warehouseOnly(ctx);
  const results: Row[] = [];
  for (const orderId of [...new Set(input.orderIds)]) {
    try {
      const order = await orderInScope(deps.db, ctx, orderId);
      // Its labels' tracking already shipped (a second click, a retried run): answered as it stands.
      const tracking = (await boughtLabels(deps.db, ctx.tenantId, order.id))
        .map((l) => l.tracking_number?.toUpperCase())
        .filter((t): t is string => !!t);
      const standing = await deps.db
        .select()
        .from(fbmShipments)
        .where(and(eq(fbmShipments.orderId, order.id), eq(fbmShipments.status, 'shipped')));
      const same = standing.find(
        (sh) =>
          tracking.length > 0 && tracking.every((t) => sh.packages.some((p) => p.trackingNumber.toUpperCase() === t)),
      );
      if (same) {
        results.push({ orderId, ok: true, status: order.status, shipmentId: same.id, repeated: true, message: null });
        continue;
      }
      const found = await packagesFromLabels(deps.db, ctx.tenantId, order.id);
      if (!found.ok) throw new ApiError(412, [found.message]);
      const r = await markOrderShipped(
        deps,
        ctx,
        order.id,
        { packages: found.packages, shipDate: input.shipDate },
        { source: 'label', labelId: found.labels[0].label_id },
      );
      results.push({
        orderId,
        ok: true,
        status: r.status,
        shipmentId: r.shipment.id,
        repeated: r.repeated,
        message: null,
      });
    } catch (err) {
      results.push(failed(orderId, err));
    }
  }
  return summary(results);
}
