/**
 * A plan as the services read it: in the caller's scope (404 outside it), its lines and store, and
 * whether Amazon is working on it — the rules every change of a plan checks first.
 */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { PlanChannel } from '../../../domain/schemas/fba.js';
import type { RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { shipmentPlanItems, shipmentPlans, stores } from '../../db/schema/index.js';
import { businessRule, conflict, notFound } from '../../http/errors.js';
import { scoped } from '../../http/scope.js';
import type { StoreRecord } from '../stores/service.js';

export type PlanRecord = typeof shipmentPlans.$inferSelect;
export type PlanItemRecord = typeof shipmentPlanItems.$inferSelect;

/** Tenant always; a client's users only their own company's plans (warehouse staff: every client's). */
export const planScope = (ctx: RequestContext): SQL =>
  scoped(ctx, shipmentPlans.tenantId, shipmentPlans.companyId, !ctx.isClient);

/**
 * The caller's plan of any channel (404 outside their scope), locked for the transaction when
 * asked: for what both channels share (the bench, its boxes and box tree).
 */
export async function planOfAnyChannel(tx: DbOrTx, ctx: RequestContext, id: number, lock = false): Promise<PlanRecord> {
  const query = tx
    .select()
    .from(shipmentPlans)
    .where(and(eq(shipmentPlans.id, id), planScope(ctx)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Shipment plan');
  return row;
}

/** The caller's plan of one channel: a WFS plan is not found among FBA's, nor the other way round. */
export async function planOfChannel(
  tx: DbOrTx,
  ctx: RequestContext,
  id: number,
  channel: PlanChannel,
  lock = false,
): Promise<PlanRecord> {
  const plan = await planOfAnyChannel(tx, ctx, id, lock);
  if (plan.channel !== channel) throw notFound('Shipment plan');
  return plan;
}

/** The caller's FBA plan (what every Amazon step reads first). */
export const planRecord = (tx: DbOrTx, ctx: RequestContext, id: number, lock = false): Promise<PlanRecord> =>
  planOfChannel(tx, ctx, id, 'fba', lock);

export const planItemsOf = (tx: DbOrTx, planId: number) =>
  tx.select().from(shipmentPlanItems).where(eq(shipmentPlanItems.planId, planId)).orderBy(asc(shipmentPlanItems.id));

/** The plan's store, as the plan's tenant holds it. */
export async function storeOfPlan(tx: DbOrTx, plan: PlanRecord): Promise<StoreRecord> {
  const [store] = await tx
    .select()
    .from(stores)
    .where(and(eq(stores.id, plan.storeId), eq(stores.tenantId, plan.tenantId)));
  if (!store) throw notFound('Store');
  return store;
}

/** How long a submission may go unanswered before it is taken for lost (a crash mid-call). */
export const CLAIM_STALE_MS = 5 * 60_000;

/** Something of Amazon's is under way: an operation, or a call not yet answered (and not lost). */
export const amazonBusy = (plan: PlanRecord, now: Date): boolean =>
  !!plan.operation && (!!plan.operationId || now.getTime() - Date.parse(plan.updatedAt) < CLAIM_STALE_MS);

/** Lines and name change only while the plan is ours alone: open, at items, nothing asked of Amazon. */
export function assertEditable(plan: PlanRecord, now: Date): void {
  if (plan.status !== 'open') throw businessRule(`The plan is ${plan.status}: it can no longer be changed`);
  if (plan.step !== 'items')
    throw businessRule(`Amazon has the plan’s items already (the plan is at ${plan.step}): they can no longer change`);
  if (amazonBusy(plan, now))
    throw conflict(`Amazon is working on the plan (${plan.operation}): wait for its answer, then try again`);
}
