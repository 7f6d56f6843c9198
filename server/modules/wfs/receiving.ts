/**
 * Receiving at Walmart (issue 19): after the boxes leave, the shipped-plans job (and the screen's
 * "check now") reads each Walmart shipment's status and each SKU's units sent and received, writes
 * them on the plan — `receiving` once a fulfilment centre is receiving, closed when every shipment
 * is — and flags a shipment Walmart closed with other quantities than were sent, for a claim.
 */
import { eq } from 'drizzle-orm';
import type { WfsPlanDetail } from '../../../domain/schemas/wfs.js';
import type { Deps, RequestContext } from '../../context.js';
import { planShipments, stores } from '../../db/schema/index.js';
import { businessRule } from '../../http/errors.js';
import type { PlanRecord } from '../fba/plan-record.js';
import { trackShipmentsOf, writeReceiving, type ReadShipment } from '../fba/receiving.js';
import { withStore } from '../stores/connection.js';
import { walmartClientFor } from '../stores/walmart.js';
import { wfsPlan, wfsPlanDetail } from './plans.js';

/** Walmart has the boxes from here on. */
const AT_WALMART = ['RECEIVING_IN_PROGRESS', 'CLOSED'];

export async function trackWfsPlan(deps: Deps, plan: PlanRecord): Promise<boolean> {
  const [store] = await deps.db.select().from(stores).where(eq(stores.id, plan.storeId));
  const walmart = walmartClientFor(deps, store);
  const rows = (await deps.db.select().from(planShipments).where(eq(planShipments.planId, plan.id))).filter(
    (r) => r.status !== 'CANCELLED',
  );
  const read: ReadShipment[] = [];
  for (const row of rows) {
    const answer = await withStore(deps, store, () =>
      walmart.inboundShipments({ shipmentId: row.shipmentId, limit: 1 }),
    );
    const items = await withStore(deps, store, () => walmart.wfs.allShipmentItems(row.shipmentId));
    read.push({
      row,
      status: answer.payload?.[0]?.status ?? row.status,
      received: items.map((i) => ({ msku: i.sku, shipped: i.itemQty, received: i.receivedQty })),
    });
  }
  return writeReceiving(deps, plan, read, {
    marketplace: 'Walmart',
    atMarketplace: AT_WALMART,
    nameOf: (row) => `${row.shipmentId} (${row.name ?? 'Walmart'})`,
  });
}

/** The screen's "check now": read the plan's shipments from Walmart at once. */
export async function refreshWfsReceiving(deps: Deps, ctx: RequestContext, id: number): Promise<WfsPlanDetail> {
  const plan = await wfsPlan(deps.db, ctx, id);
  if (plan.step !== 'shipped' && plan.step !== 'receiving')
    throw businessRule('Receiving is followed once the plan has shipped');
  if (plan.status === 'cancelled') throw businessRule('The plan is cancelled');
  await trackWfsPlan(deps, plan);
  return wfsPlanDetail(deps, ctx, id);
}

let registered = false;
/** The shipped-plans job follows WFS plans too. */
export function followWfsReceiving(): void {
  if (registered) return;
  registered = true;
  trackShipmentsOf('wfs', trackWfsPlan);
}
