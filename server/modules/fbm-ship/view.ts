/**
 * An order's shipping as the desk shows it: per line ordered, shipped and picked-waiting units (what
 * may ship now), whether the store's marketplace is told, every shipment with its packages and
 * where telling the marketplace stands, and the bought labels not shipped yet (every package's
 * carrier, service and tracking: the mark-shipped form's default). A client reads its own orders.
 */
import { asc, desc, eq } from 'drizzle-orm';
import type { OrderShipments } from '../../../domain/schemas/fbm-ship.js';
import type { Deps, RequestContext } from '../../context.js';
import { catalogueProductKeySql } from '../../db/product-key.js';
import { fbmShipments, marketplaceOrderLines, products, stores } from '../../db/schema/index.js';
import { ApiError } from '../../http/errors.js';
import { orderInScope, pickedOf, shipsLocally, toShipment } from './ship.js';
import { queueConfirmation } from './confirm.js';
import { orderVerification } from './verify.js';
import { and } from 'drizzle-orm';
import { boughtLabels, boxedLines } from './labels.js';

export async function orderShipments(deps: Deps, ctx: RequestContext, orderId: number): Promise<OrderShipments> {
  const order = await orderInScope(deps.db, ctx, orderId);
  const [lines, [store], shipments] = await Promise.all([
    deps.db
      .select({
        id: marketplaceOrderLines.id,
        lineId: marketplaceOrderLines.lineId,
        sku: marketplaceOrderLines.sku,
        ordered: marketplaceOrderLines.quantityOrdered,
        shipped: marketplaceOrderLines.quantityShipped,
        productKey: catalogueProductKeySql('products'),
      })
      .from(marketplaceOrderLines)
      .leftJoin(products, eq(products.id, marketplaceOrderLines.productId))
      .where(eq(marketplaceOrderLines.orderId, order.id))
      .orderBy(asc(marketplaceOrderLines.id)),
    deps.db.select().from(stores).where(eq(stores.id, order.storeId)),
    deps.db.select().from(fbmShipments).where(eq(fbmShipments.orderId, order.id)).orderBy(desc(fbmShipments.id)),
  ]);
  const [picked, verification, labels] = await Promise.all([
    pickedOf(
      deps.db,
      lines.map((l) => l.id),
    ),
    orderVerification(deps.db, ctx.tenantId, order.id),
    boughtLabels(deps.db, ctx.tenantId, order.id),
  ]);
  const onShipments = new Set(
    shipments
      .filter((s) => s.status === 'shipped')
      .flatMap((s) => s.packages.map((p) => p.trackingNumber.toUpperCase())),
  );
  const unshipped = labels.filter((l) => l.tracking_number && !onShipments.has(l.tracking_number.toUpperCase()));
  const boxed = unshipped.length ? await boxedLines(deps.db, ctx.tenantId, order.id) : [];
  const pickedLines = [...picked]
    .filter(([, p]) => p.quantity > 0)
    .map(([orderLineId, p]) => ({ orderLineId, quantity: p.quantity }));
  const byBox = (n: number) =>
    boxed
      .filter((b) => b.number === n && (picked.get(b.orderLineId)?.quantity ?? 0) > 0)
      .map((b) => ({
        orderLineId: b.orderLineId,
        quantity: Math.min(b.quantity, picked.get(b.orderLineId)!.quantity),
      }));
  // Boxes packed for the labels' packages: each label carries its box; otherwise the picked units
  // go in the first label's package.
  const boxesMatch = unshipped.some((l) => byBox(Number(l.package_number)).length > 0);
  const labelPackages = unshipped.map((l, i) => ({
    packageNumber: Number(l.package_number),
    carrier: l.carrier,
    service: l.service || null,
    trackingNumber: l.tracking_number!,
    lines: boxesMatch ? byBox(Number(l.package_number)) : i === 0 ? pickedLines : [],
  }));
  return {
    orderId: order.id,
    status: order.status,
    lines: lines.map((l) => ({
      orderLineId: l.id,
      lineId: l.lineId,
      sku: l.sku,
      productKey: (l.productKey as string | null) ?? null,
      ordered: l.ordered,
      shipped: l.shipped,
      picked: picked.get(l.id)?.quantity ?? 0,
    })),
    confirms: !shipsLocally(store),
    marketplace: store.marketplace,
    shipments: shipments.map(toShipment),
    verification,
    labelPackages,
  };
}

/** Send refused confirmations again (after fixing the carrier, reconnecting the store). */
export async function retryConfirmation(deps: Deps, ctx: RequestContext, orderId: number) {
  if (ctx.isClient) throw new ApiError(403, ['Marketplace confirmations are sent by the warehouse']);
  const order = await orderInScope(deps.db, ctx, orderId);
  const again = await deps.db
    .update(fbmShipments)
    .set({ confirmation: 'pending', updatedAt: deps.now().toISOString() })
    .where(
      and(
        eq(fbmShipments.orderId, order.id),
        eq(fbmShipments.status, 'shipped'),
        eq(fbmShipments.confirmation, 'failed'),
      ),
    )
    .returning({ id: fbmShipments.id });
  const pending = await deps.db
    .select({ id: fbmShipments.id })
    .from(fbmShipments)
    .where(
      and(
        eq(fbmShipments.orderId, order.id),
        eq(fbmShipments.status, 'shipped'),
        eq(fbmShipments.confirmation, 'pending'),
      ),
    );
  if (!pending.length) throw new ApiError(412, ['Nothing waits to be told to the marketplace for this order']);
  const jobId = await queueConfirmation(deps, ctx.tenantId, order.id, ctx.userId);
  return { orderId: order.id, requeued: again.length, pending: pending.length, jobId };
}
