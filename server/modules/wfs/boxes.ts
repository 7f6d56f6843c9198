/**
 * A WFS plan's boxes leave the bench (spec can-transmit-batch): every unit boxed, every box closed,
 * measured and weighed within Walmart's limits, each box in one of Walmart's shipments. Then the
 * plan moves on to the carrier step; until then the packer keeps working at the bench.
 */
import { eq } from 'drizzle-orm';
import { WFS_MAX_BOX_LB } from '../../../domain/rules/bench.js';
import type { WfsPlanDetail } from '../../../domain/schemas/wfs.js';
import { audit } from '../../audit.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { shipmentPlans } from '../../db/schema/index.js';
import { lockChangeFeed } from '../../feed/changes.js';
import { ApiError, businessRule } from '../../http/errors.js';
import { publishPlan } from '../bench/feed.js';
import { journal } from '../fba/journal.js';
import { boxesOf, boxProblems } from '../fba/packing-information.js';
import { planItemsOf, type PlanRecord } from '../fba/plan-record.js';
import { wfsPlan, wfsPlanDetail } from './plans.js';

/** What stops the boxes from going to Walmart, in words; none: they may go. */
export async function transmitProblems(db: DbOrTx, plan: PlanRecord): Promise<string[]> {
  const [lines, boxes] = await Promise.all([planItemsOf(db, plan.id), boxesOf(db, plan.id)]);
  const problems = boxProblems(lines, boxes, WFS_MAX_BOX_LB, 'Walmart');
  for (const { box, items } of boxes)
    if (items.length && box.shipmentId === null)
      problems.push(`Box ${box.boxNo} is in none of Walmart’s shipments: take its units out and pack them again`);
  return problems;
}

export async function canTransmit(deps: Deps, ctx: RequestContext, id: number) {
  const plan = await wfsPlan(deps.db, ctx, id);
  if (plan.step !== 'boxes') return { canTransmit: false, problems: [`The plan is at ${plan.step}, not at the bench`] };
  const problems = await transmitProblems(deps.db, plan);
  return { canTransmit: problems.length === 0, problems };
}

export async function boxesDone(deps: Deps, ctx: RequestContext, id: number): Promise<WfsPlanDetail> {
  await deps.db.transaction(async (tx) => {
    await lockChangeFeed(tx, ctx.tenantId);
    const plan = await wfsPlan(tx, ctx, id, true);
    if (plan.status === 'cancelled') throw businessRule('The plan is cancelled');
    if (plan.step !== 'boxes') throw businessRule(`The plan is at ${plan.step}, not at the bench`);
    const problems = await transmitProblems(tx, plan);
    if (problems.length) throw new ApiError(412, problems);
    const at = deps.now().toISOString();
    const [updated] = await tx
      .update(shipmentPlans)
      .set({ step: 'carrier', status: 'box_dims', stepAt: at, updatedAt: at })
      .where(eq(shipmentPlans.id, id))
      .returning();
    // The bench stops taking scans for the plan.
    await publishPlan(tx, updated, false);
    const boxes = await boxesOf(tx, id);
    await journal(tx, plan, ctx.userId, at, {
      kind: 'packed',
      message: `Packed: ${boxes.length} boxes closed, measured and weighed; on to the carrier`,
    });
    await audit(tx, ctx, 'shipment_plan', id, 'status', { step: 'boxes' }, { step: 'carrier' });
  });
  return wfsPlanDetail(deps, ctx, id);
}
