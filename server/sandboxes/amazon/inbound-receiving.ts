/**
 * What happens to a confirmed shipment at Amazon in the sandbox, with the clock: it waits to be
 * picked up, travels, is delivered and checked in, received over a day, then closed — and v0
 * getShipmentItemsByShipmentId reports each SKU's quantities shipped and received as it goes.
 * As at Amazon, a shipment sometimes comes up short: one shipment in four (decided by its
 * confirmation id) loses one unit of one SKU, which is what a prep centre files a claim for.
 */
import type { Context, Hono } from 'hono';
import { rng } from '../random.js';
import type { InboundState, SpError, StoredPlan } from './inbound-state.js';
import type { Deps } from '../../context.js';
import { recordsOf } from '../records.js';

const H = 3_600_000;
/** Hours after transportation is confirmed at which a shipment reaches each status. */
const TIMELINE: [number, string][] = [
  [0, 'READY_TO_SHIP'],
  [2, 'IN_TRANSIT'],
  [24, 'DELIVERED'],
  [36, 'CHECKED_IN'],
  [48, 'RECEIVING'],
  [72, 'CLOSED'],
];

type StoredShipment = NonNullable<StoredPlan['placement']>['shipments'][number];

/** The shipment's status now: Amazon's workflow status before transport, then the timeline. */
export function shipmentStatus(p: StoredPlan, s: StoredShipment, now: number): string {
  if (s.status === 'CANCELLED' || p.plan.status === 'VOIDED' || p.plan.status === 'CANCELLED')
    return s.status ?? 'CANCELLED';
  if (!p.transportConfirmedAt || !s.selectedTransportationOptionId) return s.status ?? 'WORKING';
  const hours = (now - p.transportConfirmedAt) / H;
  return TIMELINE.filter(([h]) => hours >= h).at(-1)![1];
}

/** Each SKU of the shipment: shipped (its boxes' contents) and received so far. */
export function shipmentItems(p: StoredPlan, s: StoredShipment, now: number) {
  const shipped = new Map<string, { fnsku?: string; quantity: number }>();
  for (const b of (p.boxes ?? []).filter((x) => x.boxId?.startsWith(`${s.shipmentConfirmationId}U`)))
    for (const i of b.items ?? [])
      shipped.set(i.msku, { fnsku: i.fnsku, quantity: (shipped.get(i.msku)?.quantity ?? 0) + i.quantity });
  const status = shipmentStatus(p, s, now);
  const hours = p.transportConfirmedAt ? (now - p.transportConfirmedAt) / H : 0;
  const share = status === 'CLOSED' ? 1 : status === 'RECEIVING' ? Math.min(1, (hours - 48) / 24) : 0;
  const r = rng(`${s.shipmentConfirmationId}/receiving`);
  const short = r() < 0.25;
  const skus = [...shipped.keys()].sort();
  const shortSku = short && skus.length ? skus[Math.floor(r() * skus.length)] : null;
  return skus.map((msku) => {
    const { fnsku, quantity } = shipped.get(msku)!;
    const whole = msku === shortSku ? quantity - 1 : quantity;
    return {
      ShipmentId: s.shipmentConfirmationId,
      SellerSKU: msku,
      ...(fnsku ? { FulfillmentNetworkSKU: fnsku } : {}),
      QuantityShipped: quantity,
      QuantityReceived: Math.floor(whole * share),
      QuantityInCase: 0,
    };
  });
}

export function receivingRoutes(
  app: Hono,
  deps: Deps,
  st: InboundState,
  sellerOf: (c: Context) => string | null,
  spError: SpError,
): void {
  app.get('/fba/inbound/v0/shipments/:shipmentId/items', async (c) => {
    const seller = sellerOf(c)!;
    const confirmationId = c.req.param('shipmentId');
    const plans = await recordsOf(deps, st.plans(seller), () => []);
    const plan = plans.find((p) => p.placement?.shipments.some((s) => s.shipmentConfirmationId === confirmationId));
    const shipment = plan?.placement?.shipments.find((s) => s.shipmentConfirmationId === confirmationId);
    if (!plan || !shipment || !plan.plan.shipments?.some((s) => s.shipmentId === shipment.shipmentId))
      return spError(c, 404, 'NotFound', `Shipment ${confirmationId} was not found`);
    return c.json({ payload: { ItemData: shipmentItems(plan, shipment, st.now()) } });
  });
}
