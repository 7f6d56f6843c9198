/**
 * Amazon in-store pickup orders (issue 20; Orders API programs IN_STORE_PICK_UP): Amazon refuses
 * confirmShipment for them and takes Orders v0 updateShipmentStatus instead — ReadyForPickup,
 * PickedUp, RefusedPickup. Whether an order is one is read from Amazon itself (getOrder's
 * programs) before each step; the stored programs (pulled with the order) only mark it on the desk
 * and keep it from being marked shipped or given a label (ship.ts, fbm-labels/rates.ts). Like the confirmations (marketplaces.ts)
 * every step **reads first** (Amazon's refusals come back as the client's 4xx in its words): the order's packages at Amazon say whether it is ready or picked up
 * already, so a second press or a retry after a crash sends nothing twice.
 *
 * - Ready for pickup: Amazon is told; nothing moves in Dockside (the units wait picked at FBM-PACK).
 * - Picked up: Amazon is told with the items, then the picked units leave FBM-PACK through
 *   markOrderShipped as one package "PICKUP-<order id>" recorded as told (no confirmShipment job);
 *   the same tracking again moves nothing, so the ledger moves exactly once.
 * - Refused: Amazon cancels the order; in Dockside the order is CANCELED, its holds released, and
 *   a pickup recorded here (should Amazon have refused after all) is undone through undo.ts — the
 *   units back at FBM-PACK once.
 */
import { and, eq } from 'drizzle-orm';
import type { PickupInput, PickupResult } from '../../../domain/schemas/fbm-ship.js';
import { IN_STORE_PICKUP } from '../../../domain/schemas/orders.js';
import { AMAZON_MARKETPLACE_IDS } from '../../../domain/schemas/stores.js';
import type { Deps, RequestContext } from '../../context.js';
import { fbmShipments, marketplaceOrderLines, marketplaceOrders, stores } from '../../db/schema/index.js';
import { businessRule } from '../../http/errors.js';
import { audit } from '../../audit.js';
import { releaseOrderHolds } from '../fbm-pick/reserve.js';
import { ProviderFailure } from '../../integrations/http.js';
import { amazonClientFor } from '../stores/amazon.js';
import { apiErrorOf } from '../stores/connection.js';
import { markOrderShipped, orderInScope, pickedOf, shipsLocally, warehouseOnly } from './ship.js';
import { cancelAllShipments } from './undo.js';

export const pickupTracking = (orderId: number) => `PICKUP-${orderId}`;

export async function updatePickupStatus(
  deps: Deps,
  ctx: RequestContext,
  orderId: number,
  input: PickupInput,
): Promise<PickupResult> {
  try {
    return await pickup(deps, ctx, orderId, input);
  } catch (err) {
    // Amazon's refusal in its words (412), an outage 503: never a 500.
    throw err instanceof ProviderFailure ? apiErrorOf(err) : err;
  }
}

async function pickup(deps: Deps, ctx: RequestContext, orderId: number, input: PickupInput): Promise<PickupResult> {
  warehouseOnly(ctx, 'Pickups are recorded by the warehouse');
  const order = await orderInScope(deps.db, ctx, orderId);
  const [store] = await deps.db.select().from(stores).where(eq(stores.id, order.storeId));
  const marketplaceId = AMAZON_MARKETPLACE_IDS[store.marketplace as keyof typeof AMAZON_MARKETPLACE_IDS];
  if (!marketplaceId || shipsLocally(store))
    throw businessRule('In-store pickup is for orders of a connected Amazon store: mark this order shipped instead');
  const client = await amazonClientFor(deps, store);
  const { order: amz } = await client.orders.getOrder(order.marketplaceOrderId, ['PACKAGES', 'FULFILLMENT']);
  if (!amz.programs?.includes(IN_STORE_PICKUP))
    throw businessRule(`Order ${order.marketplaceOrderId} is not an in-store pickup order: mark it shipped instead`);
  // An order stored before Dockside kept programs learns it here, so the desk marks it from now on.
  if (!order.programs.includes(IN_STORE_PICKUP))
    await deps.db
      .update(marketplaceOrders)
      .set({ programs: amz.programs.slice(0, 20) })
      .where(eq(marketplaceOrders.id, order.id));
  const statusAt = (detailed: string) => (amz.packages ?? []).some((p) => p.packageStatus?.detailedStatus === detailed);
  const result = (over: Partial<PickupResult>): PickupResult => ({
    orderId: order.id,
    status: order.status,
    pickupStatus: input.status,
    shipmentId: null,
    unitsOut: 0,
    unitsBack: 0,
    repeated: false,
    ...over,
  });

  if (input.status === 'ReadyForPickup') {
    if (order.status === 'CANCELED' || order.status === 'SHIPPED')
      throw businessRule(`Order ${order.marketplaceOrderId} is ${order.status.toLowerCase()}: nothing to get ready`);
    if (statusAt('READY_FOR_PICKUP')) return result({ repeated: true });
    await client.orders.updateShipmentStatus(order.marketplaceOrderId, {
      marketplaceId,
      shipmentStatus: 'ReadyForPickup',
    });
    await audit(deps.db, ctx, 'marketplace_order', order.id, 'status', null, { pickup: 'ReadyForPickup' });
    return result({});
  }

  if (input.status === 'PickedUp') {
    const tracking = pickupTracking(order.id);
    const lines = await deps.db
      .select()
      .from(marketplaceOrderLines)
      .where(eq(marketplaceOrderLines.orderId, order.id))
      .orderBy(marketplaceOrderLines.id);
    const [standing] = await deps.db
      .select()
      .from(fbmShipments)
      .where(and(eq(fbmShipments.orderId, order.id), eq(fbmShipments.status, 'shipped')));
    const recorded = standing?.packages.some((p) => p.trackingNumber === tracking);
    let items: { orderLineId: number; lineId: string; quantity: number }[] = [];
    if (!recorded) {
      // All the order's units hand over at once: every unshipped unit must be picked.
      const picked = await pickedOf(
        deps.db,
        lines.map((l) => l.id),
      );
      items = lines
        .map((l) => ({ orderLineId: l.id, lineId: l.lineId, quantity: l.quantityOrdered - l.quantityShipped }))
        .filter((l) => l.quantity > 0);
      const short = items.filter((i) => (picked.get(i.orderLineId)?.quantity ?? 0) < i.quantity);
      if (!items.length) throw businessRule(`Order ${order.marketplaceOrderId} has nothing left to hand over`);
      if (short.length)
        throw businessRule(
          `Pick every unit before the buyer collects: ${short
            .map((i) => {
              const l = lines.find((x) => x.id === i.orderLineId)!;
              return `${l.sku ?? l.lineId} has ${picked.get(i.orderLineId)?.quantity ?? 0} of ${i.quantity} picked`;
            })
            .join('; ')}`,
        );
    }
    if (!statusAt('PICKED_UP') && !recorded) {
      if (!statusAt('READY_FOR_PICKUP'))
        throw businessRule(
          `Order ${order.marketplaceOrderId} is not ready for pickup yet: say "Ready for pickup" first`,
        );
      try {
        await client.orders.updateShipmentStatus(order.marketplaceOrderId, {
          marketplaceId,
          shipmentStatus: 'PickedUp',
          orderItems: items.map((i) => ({ orderItemId: i.lineId, quantity: i.quantity })),
        });
      } catch (err) {
        // Pressed twice at once: the other press told Amazon first. Amazon now holds the pickup,
        // so this one goes on to the record, where the same tracking moves nothing twice.
        if (!(err instanceof ProviderFailure && err.kind === 'refused')) throw err;
        const { order: now } = await client.orders.getOrder(order.marketplaceOrderId, ['PACKAGES', 'FULFILLMENT']);
        if (!(now.packages ?? []).some((p) => p.packageStatus?.detailedStatus === 'PICKED_UP')) throw err;
      }
    }
    if (recorded) return result({ shipmentId: standing!.id, repeated: true });
    const shipped = await markOrderShipped(
      deps,
      ctx,
      order.id,
      {
        packages: [
          {
            carrier: 'In-store pickup',
            trackingNumber: tracking,
            lines: items.map((i) => ({ orderLineId: i.orderLineId, quantity: i.quantity })),
          },
        ],
        acceptMismatch: input.acceptMismatch,
      },
      { source: 'desk', told: 'Amazon was told the buyer picked the order up (updateShipmentStatus PickedUp)' },
    );
    return result({
      status: shipped.status,
      shipmentId: shipped.shipment.id,
      unitsOut: shipped.repeated ? 0 : shipped.shipment.units,
      repeated: shipped.repeated,
    });
  }

  // RefusedPickup: Amazon cancels the order (only before anything was picked up there).
  const cancelled = amz.fulfillment?.fulfillmentStatus === 'CANCELLED';
  if (!cancelled)
    await client.orders.updateShipmentStatus(order.marketplaceOrderId, {
      marketplaceId,
      shipmentStatus: 'RefusedPickup',
    });
  const undone = await cancelAllShipments(deps, ctx, order.id);
  await deps.db.transaction(async (tx) => {
    const at = deps.now().toISOString();
    await tx
      .update(marketplaceOrders)
      .set({ status: 'CANCELED', updatedAt: at })
      .where(eq(marketplaceOrders.id, order.id));
    await releaseOrderHolds(tx, ctx.tenantId, order.id, at);
    await audit(
      tx,
      ctx,
      'marketplace_order',
      order.id,
      'status',
      { status: order.status },
      {
        status: 'CANCELED',
        pickup: 'RefusedPickup',
      },
    );
  });
  return result({ status: 'CANCELED', unitsBack: undone.unitsBack, repeated: cancelled && !undone.cancelled });
}
