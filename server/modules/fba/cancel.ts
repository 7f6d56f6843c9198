/**
 * Cancelling a plan gives every unit it holds back to the station (its reservations are released;
 * before shipping nothing moved on the ledger). A plan Amazon already holds is cancelled at Amazon
 * first — if Amazon refuses or is down, nothing changes here. Once transportation is confirmed the
 * partnered carrier's void window decides (ship.ts `assertVoidable`): within it even a shipped plan
 * is cancelled and its units come back to the station; after it, or with an own carrier once
 * shipped, cancelling is refused with the reason.
 */
import { eq } from 'drizzle-orm';
import type { PlanDetail } from '../../../domain/schemas/fba.js';
import { audit } from '../../audit.js';
import type { Deps, RequestContext } from '../../context.js';
import { shipmentPlans } from '../../db/schema/index.js';
import { businessRule, conflict } from '../../http/errors.js';
import { trackOperation } from '../operations/service.js';
import { cancelAtAmazon } from './amazon-steps.js';
import { lockChangeFeed } from '../../feed/changes.js';
import { publishPlan } from '../bench/feed.js';
import { journal } from './journal.js';
import { amazonBusy, planRecord, type PlanRecord } from './plan-record.js';
import { planDetail } from './plans.js';
import { FBA_STATION, release } from './reservations.js';
import { assertVoidable, unship } from './ship.js';
import type { DbOrTx } from '../../db/client.js';

async function assertCancellable(db: DbOrTx, plan: PlanRecord, now: Date): Promise<{ shipped: boolean }> {
  if (plan.status === 'cancelled') throw businessRule('The plan is cancelled already');
  if (plan.status === 'closed') throw businessRule('The plan is closed: it can no longer be cancelled');
  if (amazonBusy(plan, now))
    throw conflict(`Amazon is working on the plan (${plan.operation}): cancel it once Amazon has answered`);
  return assertVoidable(db, plan, now);
}

export async function cancelPlan(deps: Deps, ctx: RequestContext, id: number): Promise<PlanDetail> {
  const plan = await planRecord(deps.db, ctx, id);
  await assertCancellable(deps.db, plan, deps.now());
  // Amazon holds an active plan once its creation succeeded (the plan left `items`).
  const atAmazon = plan.inboundPlanId !== null && plan.step !== 'items';
  const started = atAmazon ? await cancelAtAmazon(deps, ctx, plan) : null;
  await deps.db.transaction(async (tx) => {
    await lockChangeFeed(tx, ctx.tenantId);
    const locked = await planRecord(tx, ctx, id, true);
    const { shipped } = await assertCancellable(tx, locked, deps.now());
    const at = deps.now().toISOString();
    // A shipped plan's units come back to the station; an unshipped one's were never moved.
    const released = shipped ? await unship(tx, ctx, locked, at) : await release(tx, id, 'all', at);
    const [updated] = await tx
      .update(shipmentPlans)
      .set({
        status: 'cancelled',
        operation: started ? 'cancelInboundPlan' : null,
        operationId: started?.operationId ?? null,
        updatedAt: at,
      })
      .where(eq(shipmentPlans.id, id))
      .returning();
    if (updated.packingOptionId) await publishPlan(tx, updated, false);
    await journal(tx, plan, ctx.userId, at, {
      kind: 'cancelled',
      message: `Plan cancelled: ${released} units ${shipped ? 'back' : 'released'} at ${FBA_STATION}${atAmazon ? `; Amazon’s plan ${plan.inboundPlanId} is being cancelled` : ''}`,
    });
    await audit(tx, ctx, 'shipment_plan', id, 'status', { status: locked.status }, { status: 'cancelled', released });
  });
  if (started)
    await trackOperation(deps, deps.db, {
      storeId: plan.storeId,
      kind: 'amazon.inbound',
      operationId: started.operationId,
      subject: String(id),
    });
  return planDetail(deps, ctx, id);
}
