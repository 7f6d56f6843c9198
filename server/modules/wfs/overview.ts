/**
 * WFS plans at a glance (spec §7 plan stats, box-map, close): counts by status and step, where each
 * line's units are boxed, and closing a plan the warehouse no longer follows once it has shipped.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { WfsBoxMap, WfsPlanDetail } from '../../../domain/schemas/wfs.js';
import { audit } from '../../audit.js';
import type { Deps, RequestContext } from '../../context.js';
import { shipmentBoxes, shipmentBoxItems, shipmentPlanItems, shipmentPlans } from '../../db/schema/index.js';
import { lockChangeFeed } from '../../feed/changes.js';
import { businessRule } from '../../http/errors.js';
import { publishPlan } from '../bench/feed.js';
import { outer } from '../../db/outer.js';
import { journal } from '../fba/journal.js';
import { planItemsOf, planScope } from '../fba/plan-record.js';
import { wfsPlan, wfsPlanDetail } from './plans.js';

export async function wfsStats(deps: Deps, ctx: RequestContext, q: { companyId?: number }) {
  const rows = await deps.db
    .select({
      status: shipmentPlans.status,
      step: shipmentPlans.step,
      n: sql<number>`count(*)::int`,
      units: sql<number>`coalesce(sum((select sum(spi.quantity) from ${shipmentPlanItems} spi where spi.plan_id = ${outer(shipmentPlans.id)})), 0)::int`,
    })
    .from(shipmentPlans)
    .where(
      and(
        planScope(ctx),
        eq(shipmentPlans.channel, 'wfs'),
        q.companyId ? eq(shipmentPlans.companyId, q.companyId) : undefined,
      ),
    )
    .groupBy(shipmentPlans.status, shipmentPlans.step);
  const byStatus: Record<string, number> = {};
  const byStep: Record<string, number> = {};
  for (const r of rows) {
    byStatus[r.status] = (byStatus[r.status] ?? 0) + Number(r.n);
    byStep[r.step] = (byStep[r.step] ?? 0) + Number(r.n);
  }
  return {
    total: rows.reduce((n, r) => n + Number(r.n), 0),
    byStatus,
    byStep,
    units: rows.filter((r) => r.status !== 'cancelled').reduce((n, r) => n + Number(r.units), 0),
  };
}

export async function wfsBoxMap(deps: Deps, ctx: RequestContext, id: number): Promise<WfsBoxMap> {
  await wfsPlan(deps.db, ctx, id);
  const [lines, contents] = await Promise.all([
    planItemsOf(deps.db, id),
    deps.db
      .select({
        planItemId: shipmentBoxItems.planItemId,
        boxId: shipmentBoxes.id,
        boxNo: shipmentBoxes.boxNo,
        quantity: shipmentBoxItems.quantity,
      })
      .from(shipmentBoxItems)
      .innerJoin(shipmentBoxes, eq(shipmentBoxes.id, shipmentBoxItems.boxId))
      .where(eq(shipmentBoxItems.planId, id))
      .orderBy(asc(shipmentBoxes.boxNo)),
  ]);
  return lines.map((l) => {
    const boxes = contents
      .filter((c) => c.planItemId === l.id)
      .map((c) => ({ boxId: c.boxId, boxNo: c.boxNo, quantity: c.quantity }));
    return {
      planItemId: l.id,
      msku: l.msku,
      title: l.title,
      shipmentId: l.packingGroupId,
      quantity: l.quantity,
      boxed: boxes.reduce((n, b) => n + b.quantity, 0),
      boxes,
    };
  });
}

/** A shipped plan the warehouse stops following (Walmart's receiving is then not read any more). */
export async function closeWfsPlan(deps: Deps, ctx: RequestContext, id: number): Promise<WfsPlanDetail> {
  await deps.db.transaction(async (tx) => {
    await lockChangeFeed(tx, ctx.tenantId);
    const plan = await wfsPlan(tx, ctx, id, true);
    if (plan.status === 'closed') throw businessRule('The plan is closed already');
    if (plan.status === 'cancelled') throw businessRule('The plan is cancelled');
    if (plan.step !== 'shipped' && plan.step !== 'receiving')
      throw businessRule('Only a plan that has shipped can be closed; cancel one that has not');
    const at = deps.now().toISOString();
    const [updated] = await tx
      .update(shipmentPlans)
      .set({ status: 'closed', updatedAt: at })
      .where(eq(shipmentPlans.id, id))
      .returning();
    await publishPlan(tx, updated, false);
    await journal(tx, plan, ctx.userId, at, {
      kind: 'received',
      message: 'Closed by the warehouse: Walmart’s receiving no longer followed',
    });
    await audit(tx, ctx, 'shipment_plan', id, 'status', { status: plan.status }, { status: 'closed' });
  });
  return wfsPlanDetail(deps, ctx, id);
}
