/**
 * Amazon's steps of a plan (Fulfillment Inbound v2024-03-20), asynchronous as at Amazon: each call
 * is journalled before it is made and after, answers an operationId that the
 * `marketplace.poll-operation` job follows (kind `amazon.inbound`, subject the plan's id), and the
 * plan moves on only when the operation has succeeded — never in the request that asked.
 *
 * Submitting (createInboundPlan):
 * 1. Checked: the plan is open at `items` with nothing under way, the store is connected, and the
 *    pre-check finds no error (412 with its messages otherwise).
 * 2. Claimed and journalled in one transaction: `operation` is set before Amazon is called, so a
 *    second submission is refused (409) instead of creating a second plan at Amazon. A claim left
 *    by a crash mid-call is taken for lost after CLAIM_STALE_MS (plans.ts).
 * 3. Amazon is asked outside any transaction. A refusal or an outage releases the claim and is
 *    journalled; the plan stays at `items` with its reservations (503/412 in words).
 * 4. The operation is tracked, then its ids are written on the plan with the journal's answer.
 * 5. `onInboundOperationDone` (the operation ended): SUCCESS reads Amazon's plan items (FNSKU, label
 *    owner, prep instructions) into the lines and moves the plan to `packing`; FAILED journals
 *    Amazon's problems and leaves it at `items` to be fixed and sent again. It acts only while the
 *    plan still waits for that very operation, so a repeated call changes nothing.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { PREP_OWNERS, type PrepOwner } from '../../../domain/schemas/fba.js';
import { AMAZON_MARKETPLACE_IDS } from '../../../domain/schemas/stores.js';
import { audit } from '../../audit.js';
import type { Deps, RequestContext } from '../../context.js';
import { shipmentPlanItems, shipmentPlans, stores } from '../../db/schema/index.js';
import { ApiError, businessRule, conflict } from '../../http/errors.js';
import { askAmazon, assertConnected, followWith, onStaleClaim } from './amazon-call.js';
import { resumeStaleClaim } from './resume.js';
import { DONE_HANDLERS } from './done-handlers.js';
import { generatePackingStep } from './packing.js';
import type { CreateInboundPlanRequest, PlanItem } from '../../integrations/amazon/inbound-models.js';
import { onOperationDone, type FinishedOperation } from '../operations/kinds.js';
import { trackOperation } from '../operations/service.js';
import { amazonClientFor } from '../stores/amazon.js';
import { withStore } from '../stores/connection.js';
import type { StoreRecord } from '../stores/service.js';
import { journal, problemWords } from './journal.js';
import { amazonBusy, planItemsOf, planRecord, storeOfPlan, type PlanRecord } from './plan-record.js';
import { precheckPlan } from './precheck.js';
import { readPrepDetails } from './prep-details.js';

const CREATE = 'createInboundPlan';
const CANCEL = 'cancelInboundPlan';

/** The caller's plan pre-checked now, with what the check read. */
export async function precheckOf(deps: Deps, ctx: RequestContext, id: number) {
  const plan = await planRecord(deps.db, ctx, id);
  const store = await storeOfPlan(deps.db, plan);
  const items = await planItemsOf(deps.db, id);
  const today = deps.now().toISOString().slice(0, 10);
  const readPrep = (mskus: string[]) => readPrepDetails(deps, store, mskus);
  return {
    plan,
    store,
    items,
    ...(await precheckPlan(deps.db, { plan, storeName: store.name, items, today, readPrep })),
  };
}

export async function submitPlan(deps: Deps, ctx: RequestContext, id: number) {
  // 1. Checked.
  const { plan, store, items, result, codes } = await precheckOf(deps, ctx, id);
  if (plan.status !== 'open') throw businessRule(`The plan is ${plan.status}: it can no longer be sent to Amazon`);
  if (plan.step !== 'items') throw businessRule(`Amazon has the plan already (it is at ${plan.step})`);
  if (amazonBusy(plan, deps.now()))
    throw conflict(`Amazon is working on the plan (${plan.operation}): wait for its answer`);
  assertConnected(store);
  if (!result.ok)
    throw new ApiError(
      412,
      result.problems
        .filter((p) => p.severity === 'error')
        .map((p) => (p.sku || p.title ? `${p.sku ?? p.title}: ${p.message}` : p.message)),
      {},
      result,
    );
  const request: CreateInboundPlanRequest = {
    destinationMarketplaces: [AMAZON_MARKETPLACE_IDS[store.marketplace as keyof typeof AMAZON_MARKETPLACE_IDS]],
    items: items.map((i) => ({
      msku: codes.get(i.id)!.msku!,
      quantity: i.quantity,
      labelOwner: i.labelOwner as PrepOwner,
      prepOwner: i.prepOwner as PrepOwner,
      ...(i.expiration ? { expiration: i.expiration } : {}),
      ...(i.manufacturingLotCode ? { manufacturingLotCode: i.manufacturingLotCode } : {}),
    })),
    name: plan.name,
    sourceAddress: { ...plan.shipFrom },
  };

  // 2. Claimed and journalled.
  const askedAt = deps.now().toISOString();
  await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(shipmentPlans)
      .set({ operation: CREATE, operationId: null, updatedAt: askedAt })
      .where(and(eq(shipmentPlans.id, id), eq(shipmentPlans.updatedAt, plan.updatedAt)))
      .returning({ id: shipmentPlans.id });
    if (!claimed) throw conflict('The plan changed meanwhile: reload it and submit again');
    // The codes sent are the ones the lines keep (a listing pulled since planning may have changed them).
    for (const i of items) {
      const c = codes.get(i.id)!;
      if (c.msku !== i.msku || c.fnsku !== i.fnsku || c.asin !== i.asin)
        await tx
          .update(shipmentPlanItems)
          .set({ ...c, updatedAt: askedAt })
          .where(eq(shipmentPlanItems.id, i.id));
    }
    await journal(tx, plan, ctx.userId, askedAt, {
      kind: 'amazon.asked',
      message: `Sent to Amazon (${CREATE}): ${items.length} SKUs, ${result.units} units for ${store.name}${
        plan.operation ? ' (the previous submission was never answered)' : ''
      }`,
      request,
    });
  });

  // 3. Asked (the client is made inside: a store that cannot call Amazon releases the claim too).
  const created = await askAmazon(
    deps,
    plan,
    ctx.userId,
    store,
    CREATE,
    'The plan is unchanged: it keeps its items and the units they hold; submit it again',
    async () => (await amazonClientFor(deps, store)).inbound.createInboundPlan(request),
    async (tx) => {
      await tx
        .update(shipmentPlans)
        .set({ operation: null, updatedAt: deps.now().toISOString() })
        .where(and(eq(shipmentPlans.id, id), eq(shipmentPlans.operation, CREATE), isNull(shipmentPlans.operationId)));
    },
  );

  // 4. Followed, then written on the plan.
  await trackOperation(deps, deps.db, {
    storeId: store.id,
    kind: 'amazon.inbound',
    operationId: created.operationId,
    subject: String(id),
  });
  const at = deps.now().toISOString();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(shipmentPlans)
      .set({ inboundPlanId: created.inboundPlanId, operationId: created.operationId, updatedAt: at })
      .where(eq(shipmentPlans.id, id));
    await journal(tx, plan, ctx.userId, at, {
      kind: 'amazon.answered',
      message: `Amazon is creating inbound plan ${created.inboundPlanId}; Dockside follows operation ${created.operationId}`,
      response: created,
    });
    await audit(tx, ctx, 'shipment_plan', id, 'status', { step: plan.step }, { submitted: created });
  });
  return { id, storeId: store.id, inboundPlanId: created.inboundPlanId, operationId: created.operationId };
}

/** Every item of Amazon's plan (pages of up to 1,000). */
async function amazonPlanItems(deps: Deps, store: StoreRecord, inboundPlanId: string): Promise<PlanItem[]> {
  const client = await amazonClientFor(deps, store);
  const all: PlanItem[] = [];
  let next: string | undefined;
  do {
    const page = await withStore(deps, store, () => client.inbound.listInboundPlanItems(inboundPlanId, next));
    all.push(...page.items);
    next = page.pagination?.nextToken;
  } while (next);
  return all;
}

const ownerOf = (v: string | undefined): PrepOwner | undefined =>
  PREP_OWNERS.includes(v as PrepOwner) ? (v as PrepOwner) : undefined;

/** The plan's reaction to one of its Amazon operations ending (step 5). */
export async function onInboundOperationDone(deps: Deps, done: FinishedOperation): Promise<void> {
  const id = Number(done.subject);
  if (!Number.isSafeInteger(id) || id <= 0 || String(id) !== done.subject) return; // not a plan of ours
  let [plan] = await deps.db
    .select()
    .from(shipmentPlans)
    .where(
      and(eq(shipmentPlans.id, id), eq(shipmentPlans.tenantId, done.tenantId), eq(shipmentPlans.storeId, done.storeId)),
    );
  if (!plan) return;
  if (plan.operationId !== done.operationId) {
    const claimed = plan.operationId === null && plan.operation === done.operation;
    if (!claimed) return; // handled already, or an operation the plan no longer waits for
    // Step 3 tracks the operation a moment before it writes its id on the plan. A creation must
    // wait for that write (it carries Amazon's plan id): the check is retried. Any other step's
    // plan adopts the operation — also when the server died before writing it.
    if (plan.operation === CREATE) {
      if (amazonBusy(plan, deps.now()))
        throw new Error(`Shipment plan ${id} has not recorded operation ${done.operationId} yet; the check is retried`);
      return;
    }
    const [adopted] = await deps.db
      .update(shipmentPlans)
      .set({ operationId: done.operationId })
      .where(
        and(eq(shipmentPlans.id, id), eq(shipmentPlans.operation, done.operation!), isNull(shipmentPlans.operationId)),
      )
      .returning();
    if (!adopted) return;
    plan = adopted;
  }
  const outcome = done.status === 'SUCCESS' ? 'succeeded' : done.status === 'FAILED' ? 'failed' : 'was never finished';
  const words = problemWords(done.problems);

  if (plan.operation === CREATE && done.status === 'SUCCESS' && plan.inboundPlanId) {
    const [store] = await deps.db.select().from(stores).where(eq(stores.id, plan.storeId));
    const amazonItems = await amazonPlanItems(deps, store, plan.inboundPlanId);
    const bySku = new Map(amazonItems.map((i) => [i.msku, i]));
    await deps.db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(shipmentPlans)
        .where(and(eq(shipmentPlans.id, id), eq(shipmentPlans.operationId, done.operationId)))
        .for('update');
      if (!locked) return;
      const at = deps.now().toISOString();
      for (const item of await planItemsOf(tx, id)) {
        const theirs = item.msku ? bySku.get(item.msku) : undefined;
        if (!theirs) continue;
        const prep = theirs.prepInstructions.find((p) => p.prepType !== 'ITEM_LABELING' && p.prepOwner);
        await tx
          .update(shipmentPlanItems)
          .set({
            fnsku: theirs.fnsku,
            asin: theirs.asin,
            labelOwner: ownerOf(theirs.labelOwner) ?? item.labelOwner,
            prepOwner: ownerOf(prep?.prepOwner) ?? item.prepOwner,
            prepInstructions: theirs.prepInstructions,
            updatedAt: at,
          })
          .where(eq(shipmentPlanItems.id, item.id));
      }
      await tx
        .update(shipmentPlans)
        .set({ step: 'packing', operation: null, operationId: null, updatedAt: at })
        .where(eq(shipmentPlans.id, id));
      await journal(tx, plan, null, at, {
        kind: 'amazon.done',
        message: `Amazon created inbound plan ${plan.inboundPlanId} with ${amazonItems.length} SKUs; next: packing`,
        response: { operationId: done.operationId, items: amazonItems },
      });
    });
    await followWith(deps, id, generatePackingStep);
    return;
  }

  const handler = done.status === 'SUCCESS' && plan.operation ? DONE_HANDLERS[plan.operation] : undefined;
  if (handler) {
    await handler(deps, plan, done);
    return;
  }

  // A failure (or a cancellation's end): the plan stays where it was, with Amazon's words.
  await deps.db.transaction(async (tx) => {
    const at = deps.now().toISOString();
    const [cleared] = await tx
      .update(shipmentPlans)
      .set({
        operation: null,
        operationId: null,
        // Amazon's plan of a failed creation is ERRORED and of no further use; its id stays in the journal.
        ...(plan.operation === CREATE && done.status !== 'SUCCESS' ? { inboundPlanId: null } : {}),
        updatedAt: at,
      })
      .where(and(eq(shipmentPlans.id, id), eq(shipmentPlans.operationId, done.operationId)))
      .returning({ id: shipmentPlans.id });
    if (!cleared) return;
    await journal(tx, plan, null, at, {
      kind: done.status === 'SUCCESS' ? 'amazon.done' : 'amazon.failed',
      message: `Amazon’s ${plan.operation ?? done.operation ?? 'operation'} ${outcome}${words.length ? `: ${words.join('; ')}` : ''}${
        plan.operation === CREATE && done.status !== 'SUCCESS' ? '. Fix the plan and submit it again' : ''
      }`,
      response: { operationId: done.operationId, status: done.status, problems: done.problems },
    });
  });
}

/**
 * Cancels Amazon's plan for a plan being cancelled (journalled before and after); answers the
 * operation to follow. A refusal (e.g. a partnered carrier's void window closed) or an outage
 * throws, and the plan is not cancelled.
 */
export async function cancelAtAmazon(
  deps: Deps,
  ctx: RequestContext,
  plan: PlanRecord,
): Promise<{ operationId: string }> {
  const store = await storeOfPlan(deps.db, plan);
  assertConnected(store);
  await journal(deps.db, plan, ctx.userId, deps.now().toISOString(), {
    kind: 'amazon.asked',
    message: `Asked Amazon to cancel inbound plan ${plan.inboundPlanId} (${CANCEL})`,
    request: { inboundPlanId: plan.inboundPlanId },
  });
  const started = await askAmazon(
    deps,
    plan,
    ctx.userId,
    store,
    CANCEL,
    'The plan is not cancelled: it keeps the units it holds',
    async () => (await amazonClientFor(deps, store)).inbound.cancelInboundPlan(plan.inboundPlanId!),
  );
  await journal(deps.db, plan, ctx.userId, deps.now().toISOString(), {
    kind: 'amazon.answered',
    message: `Amazon is cancelling inbound plan ${plan.inboundPlanId}; Dockside follows operation ${started.operationId}`,
    response: started,
  });
  return started;
}

let listening = false;
/** The FBA module hears its Amazon operations end (once per process: the listener takes its deps). */
export function listenForInboundPlans(): void {
  if (listening) return;
  listening = true;
  onOperationDone('amazon.inbound', onInboundOperationDone);
  onStaleClaim(resumeStaleClaim);
}
