/**
 * Resuming a step the server was killed in (decision 0010, "a crash between Amazon's answer and
 * our write"). A claim (`operation` set, no operation id) older than CLAIM_STALE_MS means the
 * process died around Amazon's call. For a confirmation, Amazon's state says whether the call got
 * through: if Amazon has the packing option, boxes, placement or transportation confirmed, the
 * plan takes it in as if the operation had just succeeded — Amazon is never asked to confirm
 * twice; otherwise the claim is released and the journal says to ask again.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Deps } from '../../context.js';
import { planShipments, shipmentPlans, stores } from '../../db/schema/index.js';
import type { FinishedOperation } from '../operations/kinds.js';
import { amazonClientFor } from '../stores/amazon.js';
import { withStore } from '../stores/connection.js';
import { DONE_HANDLERS } from './done-handlers.js';
import { journal } from './journal.js';
import { CLAIM_STALE_MS, type PlanRecord } from './plan-record.js';

type Check = (deps: Deps, plan: PlanRecord) => Promise<boolean>;

async function clientOf(deps: Deps, plan: PlanRecord) {
  const [store] = await deps.db.select().from(stores).where(eq(stores.id, plan.storeId));
  return { store, client: await amazonClientFor(deps, store) };
}

/** Whether Amazon already did what each confirmation asks. */
const DONE_AT_AMAZON: Record<string, Check> = {
  confirmPackingOption: async (deps, plan) => {
    const { store, client } = await clientOf(deps, plan);
    const listed = await withStore(deps, store, () => client.inbound.listPackingOptions(plan.inboundPlanId!));
    return listed.packingOptions.some((o) => o.status === 'ACCEPTED');
  },
  setPackingInformation: async (deps, plan) => {
    const { store, client } = await clientOf(deps, plan);
    return (
      (await withStore(deps, store, () => client.inbound.listInboundPlanBoxes(plan.inboundPlanId!))).boxes.length > 0
    );
  },
  confirmPlacementOption: async (deps, plan) => {
    const { store, client } = await clientOf(deps, plan);
    const listed = await withStore(deps, store, () => client.inbound.listPlacementOptions(plan.inboundPlanId!));
    return listed.placementOptions.some((o) => o.status === 'ACCEPTED');
  },
  confirmTransportationOptions: async (deps, plan) => {
    const { store, client } = await clientOf(deps, plan);
    const rows = await deps.db.select().from(planShipments).where(eq(planShipments.planId, plan.id));
    if (!rows.length) return false;
    for (const r of rows) {
      const s = await withStore(deps, store, () => client.inbound.getShipment(plan.inboundPlanId!, r.shipmentId));
      if (!s.selectedTransportationOptionId) return false;
    }
    return true;
  },
};

export const isStaleClaim = (plan: PlanRecord, now: Date): boolean =>
  !!plan.operation && !plan.operationId && now.getTime() - Date.parse(plan.updatedAt) >= CLAIM_STALE_MS;

/** Settles one stale claim: answers 'resumed' (Amazon had done it) or 'released' (ask again). */
export async function resumeStaleClaim(deps: Deps, plan: PlanRecord): Promise<'resumed' | 'released' | 'none'> {
  if (!isStaleClaim(plan, deps.now()) || !plan.inboundPlanId) return 'none';
  const operation = plan.operation!;
  const check = DONE_AT_AMAZON[operation] as Check | undefined;
  const handler = DONE_HANDLERS[operation] as (typeof DONE_HANDLERS)[string] | undefined;
  const done = check && handler ? await check(deps, plan) : false;
  const at = deps.now().toISOString();
  if (!done) {
    const [released] = await deps.db
      .update(shipmentPlans)
      .set({ operation: null, updatedAt: at })
      .where(
        and(eq(shipmentPlans.id, plan.id), eq(shipmentPlans.operation, operation), isNull(shipmentPlans.operationId)),
      )
      .returning();
    if (released)
      await journal(deps.db, plan, null, at, {
        kind: 'amazon.refused',
        message: `An interrupted request (${operation}) did not reach Amazon: ask again`,
      });
    return released ? 'released' : 'none';
  }
  // The plan adopts a stand-in operation id so the step's own handler settles it exactly once.
  const operationId = `resumed-${randomUUID()}`;
  const [adopted] = await deps.db
    .update(shipmentPlans)
    .set({ operationId, updatedAt: at })
    .where(
      and(eq(shipmentPlans.id, plan.id), eq(shipmentPlans.operation, operation), isNull(shipmentPlans.operationId)),
    )
    .returning();
  if (!adopted) return 'none';
  await journal(deps.db, plan, null, at, {
    kind: 'amazon.answered',
    message: `Resumed after an interruption: Amazon had already done ${operation}; the plan takes it in (nothing is asked twice)`,
  });
  const finished: FinishedOperation = {
    tenantId: plan.tenantId,
    storeId: plan.storeId,
    kind: 'amazon.inbound',
    operationId,
    operation,
    subject: String(plan.id),
    status: 'SUCCESS',
    problems: [],
  };
  await handler!(deps, adopted, finished);
  return 'resumed';
}

/** The sweep the half-hourly job runs: every stale claim of every tenant. */
export async function resumeStaleClaims(deps: Deps): Promise<{ resumed: number; released: number; failed: number }> {
  const stale = await deps.db
    .select()
    .from(shipmentPlans)
    .where(
      and(
        isNotNull(shipmentPlans.operation),
        isNull(shipmentPlans.operationId),
        lt(shipmentPlans.updatedAt, new Date(deps.now().getTime() - CLAIM_STALE_MS).toISOString()),
      ),
    );
  const counts = { resumed: 0, released: 0, failed: 0 };
  for (const plan of stale) {
    try {
      const r = await resumeStaleClaim(deps, plan);
      if (r !== 'none') counts[r]++;
    } catch {
      counts.failed++;
    }
  }
  return counts;
}
