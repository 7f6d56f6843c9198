/**
 * A WFS plan's labels and its boxes leaving (issue 19): Walmart's receiving labels for every box
 * (4×6 PDF or ZPL) and its preferred carrier's labels; then shipping — in one transaction the
 * boxed units leave PREP-WFS (one ledger movement per box and line), the reservations are
 * consumed, the plan moves to shipped and the billable events are recorded (never priced here).
 */
import { and, eq } from 'drizzle-orm';
import type { WfsLabelsQuery, WfsPlanDetail } from '../../../domain/schemas/wfs.js';
import { audit } from '../../audit.js';
import type { Deps, RequestContext } from '../../context.js';
import { itemReservations, planShipments, shipmentPlans } from '../../db/schema/index.js';
import { lockChangeFeed } from '../../feed/changes.js';
import { ApiError, businessRule, conflict, notFound } from '../../http/errors.js';
import type { WalmartDocument } from '../../integrations/walmart/inbound-documents.js';
import { publishPlan } from '../bench/feed.js';
import { recordChargeEvents, type ChargeEvent } from '../charges/events.js';
import { journal } from '../fba/journal.js';
import { boxesOf } from '../fba/packing-information.js';
import { planItemsOf, storeOfPlan } from '../fba/plan-record.js';
import { WFS_STATION } from '../fba/reservations.js';
import { moveUnits, planLinkOf } from '../fba/ship.js';
import { notifyCompany, shippedNoticeWords } from '../notifications/service.js';
import { withStore } from '../stores/connection.js';
import { walmartClientFor } from '../stores/walmart.js';
import { carrierOf, travels } from './carrier.js';
import { wfsPlan, wfsPlanDetail } from './plans.js';

/** One shipment's labels from Walmart: receiving labels for its boxes, or the preferred carrier's. */
export async function shipmentLabels(
  deps: Deps,
  ctx: RequestContext,
  planId: number,
  shipmentId: string,
  q: WfsLabelsQuery,
): Promise<WalmartDocument> {
  const plan = await wfsPlan(deps.db, ctx, planId);
  if (plan.status === 'cancelled') throw businessRule('The plan is cancelled');
  const [s] = await deps.db
    .select()
    .from(planShipments)
    .where(and(eq(planShipments.planId, planId), eq(planShipments.shipmentId, shipmentId)));
  if (!s) throw notFound('Shipment');
  const boxes = (await boxesOf(deps.db, planId)).filter((b) => b.box.shipmentId === s.id && b.items.length);
  const store = await storeOfPlan(deps.db, plan);
  const walmart = walmartClientFor(deps, store);
  if (q.kind === 'carrier') {
    const c = carrierOf(s);
    if (c?.status !== 'ACCEPTED')
      throw businessRule(`Shipment ${shipmentId} does not travel with Walmart’s carrier: print the receiving labels`);
    if (q.format !== 'pdf') throw new ApiError(400, ['format: Walmart’s carrier labels come as PDF']);
    const shipDate = `${q.shipDate ?? deps.now().toISOString().slice(0, 10)}T12:00:00.000Z`;
    return withStore(deps, store, () => walmart.wfs.carrier.label(shipmentId, shipDate));
  }
  if (!boxes.length) throw businessRule(`Shipment ${shipmentId} has no boxes yet: pack it first`);
  const single = boxes.filter((b) => b.items.length === 1).length;
  const mixed = boxes.length - single;
  return withStore(deps, store, () =>
    walmart.wfs.receivingLabels({
      shipmentId,
      labelSize: '4x6',
      labelFormat: q.format === 'zpl' ? 'ZPL' : 'PDF',
      loadTypes: [
        ...(single ? [{ count: single, loadType: 'SINGLE SKU' }] : []),
        ...(mixed ? [{ count: mixed, loadType: 'MIXED SKUS' }] : []),
      ],
    }),
  );
}

export async function shipWfsPlan(deps: Deps, ctx: RequestContext, id: number): Promise<WfsPlanDetail> {
  const before = await wfsPlan(deps.db, ctx, id);
  if (before.status === 'cancelled') throw businessRule('The plan is cancelled');
  if (before.step === 'shipped' || before.step === 'receiving') throw businessRule('The plan has shipped already');
  if (before.step !== 'labels')
    throw businessRule(`The plan is at ${before.step}: give every shipment its carrier first`);
  let units = 0;
  let shipmentCount = 0;
  await deps.db.transaction(async (tx) => {
    await lockChangeFeed(tx, ctx.tenantId);
    const plan = await wfsPlan(tx, ctx, id, true);
    if (plan.step !== 'labels' || plan.status === 'cancelled') throw conflict('The plan changed meanwhile: reload it');
    const shipments = (await tx.select().from(planShipments).where(eq(planShipments.planId, id))).filter(
      (s) => s.status !== 'CANCELLED',
    );
    const waiting = shipments.filter((s) => !travels(s)).map((s) => `Shipment ${s.shipmentId} has no carrier yet`);
    if (waiting.length) throw new ApiError(412, waiting);
    const at = deps.now().toISOString();
    units = await moveUnits(tx, ctx, plan, -1, at, WFS_STATION);
    shipmentCount = shipments.length;
    await tx
      .update(itemReservations)
      .set({ state: 'consumed', updatedAt: at })
      .where(and(eq(itemReservations.planId, id), eq(itemReservations.state, 'held')));
    await tx.update(planShipments).set({ shippedAt: at, updatedAt: at }).where(eq(planShipments.planId, id));
    const [updated] = await tx
      .update(shipmentPlans)
      .set({ status: 'shipping', step: 'shipped', stepAt: at, updatedAt: at })
      .where(eq(shipmentPlans.id, id))
      .returning();
    await publishPlan(tx, updated, false);

    // Billable events, from what actually left.
    const base = { tenantId: plan.tenantId, companyId: plan.companyId, userId: ctx.userId, at };
    const boxes = await boxesOf(tx, id);
    const events: ChargeEvent[] = [];
    for (const l of await planItemsOf(tx, id))
      if (l.labelOwner === 'SELLER')
        events.push({
          ...base,
          kind: 'unit_labelled',
          quantity: l.quantity,
          sourceType: 'shipment_plan_item',
          sourceId: String(l.id),
          details: { channel: 'wfs', planId: id, planName: plan.name, msku: l.msku },
        });
    for (const s of shipments)
      events.push({
        ...base,
        kind: 'shipment_shipped',
        quantity: 1,
        sourceType: 'plan_shipment',
        sourceId: String(s.id),
        details: {
          channel: 'wfs',
          planId: id,
          boxes: boxes.filter((b) => b.box.shipmentId === s.id).length,
          mode: s.shippingMode,
          solution: s.shippingSolution,
        },
      });
    await recordChargeEvents(tx, events);
    await journal(tx, plan, ctx.userId, at, {
      kind: 'shipped',
      message: `Shipped: ${units} units in ${boxes.length} boxes left ${WFS_STATION} in ${shipments.length} shipment${shipments.length === 1 ? '' : 's'}`,
    });
    await audit(tx, ctx, 'shipment_plan', id, 'status', { step: 'labels' }, { step: 'shipped', units });
  });
  // The client hears that its units are on their way to Walmart.
  await notifyCompany(deps, {
    tenantId: before.tenantId,
    companyId: before.companyId,
    kind: 'wfs.shipped',
    words: shippedNoticeWords('wfs', before, units, shipmentCount),
    link: await planLinkOf(deps.db, before, 'wfs', 'shipped'),
    email: true,
  });
  return wfsPlanDetail(deps, ctx, id);
}
