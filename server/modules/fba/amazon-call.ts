/**
 * How the plan asks Amazon for anything (decision 0010, "Amazon's steps are journalled and
 * asynchronous"). A step that changes Amazon's plan:
 * 1. is claimed on the plan (`operation` set, no id yet) in a transaction that also journals what
 *    is asked — a second request is refused (409) instead of asking Amazon twice; a claim left
 *    by a crash mid-call is taken for lost after CLAIM_STALE_MS;
 * 2. is sent outside any transaction; a refusal or an outage releases the claim, is journalled,
 *    and answers in words that the plan is unchanged;
 * 3. is followed (trackOperation, kind `amazon.inbound`) before its id is written on the plan, so
 *    the poll job's listener (steps' `done` handlers) always finds the operation it waits for.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { shipmentPlans } from '../../db/schema/index.js';
import { ApiError, businessRule, conflict } from '../../http/errors.js';
import type { AmazonClient } from '../../integrations/amazon/client.js';
import { trackOperation } from '../operations/service.js';
import { amazonClientFor } from '../stores/amazon.js';
import { withStore } from '../stores/connection.js';
import type { StoreRecord } from '../stores/service.js';
import { journal } from './journal.js';
import { freshPlan } from './settle.js';
import { amazonBusy, storeOfPlan, type PlanRecord } from './plan-record.js';

/** The store must be able to call Amazon now. */
export function assertConnected(store: StoreRecord): void {
  if (store.connection === 'not_connected')
    throw businessRule(`Connect ${store.name} to Amazon first (Merchant Connect)`);
  if (store.connection === 'reconnect_needed')
    throw businessRule(
      `Amazon refused ${store.name}’s authorisation: reconnect the store (Merchant Connect), then try again`,
    );
}

/**
 * Runs an Amazon call for the plan, journalling a refusal or an outage before it is answered; the
 * answer says what became of the plan (`unchanged`) besides what went wrong.
 */
export async function askAmazon<T>(
  deps: Deps,
  plan: PlanRecord,
  userId: number | null,
  store: StoreRecord,
  operation: string,
  unchanged: string,
  call: () => Promise<T>,
  onFailure: (tx: Tx) => Promise<void> = async () => undefined,
): Promise<T> {
  try {
    return await withStore(deps, store, call);
  } catch (err) {
    const messages = err instanceof ApiError ? err.messages : ['The call to Amazon went wrong'];
    await deps.db.transaction(async (tx) => {
      await onFailure(tx);
      await journal(tx, plan, userId, deps.now().toISOString(), {
        kind: 'amazon.refused',
        message: `Amazon did not take ${operation}: ${messages.join('; ')}`,
        response: { status: err instanceof ApiError ? err.status : null, messages },
      });
    });
    if (err instanceof ApiError) throw new ApiError(err.status, [...err.messages, unchanged], err.headers, err.details);
    throw err;
  }
}

export interface AmazonStep {
  /** Amazon's name of the operation (generatePackingOptions …). */
  operation: string;
  /** The journal's words for what is asked. */
  asked: string;
  request?: unknown;
  /** What the plan still is when Amazon refuses. */
  unchanged: string;
  call: (client: AmazonClient, inboundPlanId: string) => Promise<{ operationId: string }>;
}

/**
 * Settles a stale claim (resume.ts) before a step claims the plan anew; set at start by the FBA
 * module (a runtime hook, so this file need not import the handlers that import it).
 */
let settleStaleClaim: ((deps: Deps, plan: PlanRecord) => Promise<'resumed' | 'released' | 'none'>) | null = null;
export function onStaleClaim(fn: typeof settleStaleClaim): void {
  settleStaleClaim = fn;
}

/** Steps 1–3 for a plan whose preconditions the caller checked; answers the operation to follow. */
export async function startAmazonStep(
  deps: Deps,
  userId: number | null,
  given: PlanRecord,
  step: AmazonStep,
): Promise<{ operationId: string }> {
  let plan = given;
  if (!plan.inboundPlanId) throw businessRule('Amazon does not have the plan yet: submit it first');
  // A request the server was killed in: Amazon's state decides before anything is asked again.
  if (plan.operation && !plan.operationId && !amazonBusy(plan, deps.now()) && settleStaleClaim) {
    const settled = await settleStaleClaim(deps, plan);
    if (settled === 'resumed')
      throw conflict(
        `Amazon had already done ${plan.operation} before an interruption: the plan has moved on, reload it`,
      );
    const fresh = await freshPlan(deps, plan.id);
    if (fresh) plan = fresh;
  }
  if (amazonBusy(plan, deps.now()))
    throw conflict(`Amazon is working on the plan (${plan.operation}): wait for its answer`);
  const store = await storeOfPlan(deps.db, plan);
  assertConnected(store);
  const inboundPlanId = plan.inboundPlanId!;

  // 1. Claimed and journalled.
  const askedAt = deps.now().toISOString();
  const claimed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(shipmentPlans)
      .set({ operation: step.operation, operationId: null, updatedAt: askedAt })
      .where(and(eq(shipmentPlans.id, plan.id), eq(shipmentPlans.updatedAt, plan.updatedAt)))
      .returning();
    if (!row) throw conflict('The plan changed meanwhile: reload it and try again');
    await journal(tx, plan, userId, askedAt, {
      kind: 'amazon.asked',
      message: `Asked Amazon: ${step.asked} (${step.operation})`,
      request: step.request ?? null,
    });
    return row;
  });

  // 2. Asked.
  const started = await askAmazon(
    deps,
    plan,
    userId,
    store,
    step.operation,
    step.unchanged,
    async () => step.call(await amazonClientFor(deps, store), inboundPlanId),
    async (tx) => {
      await tx
        .update(shipmentPlans)
        .set({ operation: null, updatedAt: deps.now().toISOString() })
        .where(
          and(
            eq(shipmentPlans.id, plan.id),
            eq(shipmentPlans.operation, step.operation),
            isNull(shipmentPlans.operationId),
          ),
        );
    },
  );

  // 3. Followed, then written on the plan.
  await trackOperation(deps, deps.db, {
    storeId: store.id,
    kind: 'amazon.inbound',
    operationId: started.operationId,
    subject: String(plan.id),
  });
  const at = deps.now().toISOString();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(shipmentPlans)
      .set({ operationId: started.operationId, updatedAt: at })
      .where(
        and(
          eq(shipmentPlans.id, plan.id),
          eq(shipmentPlans.operation, step.operation),
          isNull(shipmentPlans.operationId),
        ),
      );
    await journal(tx, claimed, userId, at, {
      kind: 'amazon.answered',
      message: `Amazon is working on it (${step.operation}); Dockside follows operation ${started.operationId}`,
      response: started,
    });
  });
  return started;
}

/**
 * Starts the step that follows of itself (asking Amazon for its offers is no decision). A refusal
 * or an outage is journalled by the step and left for the warehouse to ask again: the operation
 * that ended is settled either way.
 */
export async function followWith(
  deps: Deps,
  id: number,
  step: AmazonStep | ((plan: PlanRecord) => Promise<AmazonStep | null>),
): Promise<void> {
  const plan = await freshPlan(deps, id);
  if (!plan || plan.status === 'cancelled' || plan.operation) return;
  const next = typeof step === 'function' ? await step(plan) : step;
  if (next) await startAmazonStep(deps, null, plan, next).catch(() => undefined);
}
