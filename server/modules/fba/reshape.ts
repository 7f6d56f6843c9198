/**
 * Reshaping plans (spec §4: split, consolidate, revert to working, close). Splitting and merging
 * happen while the plans are ours alone (at items, nothing asked of Amazon): the units move with
 * the lines — what one plan gives back the other holds, in one transaction, so availability never
 * moves. Reverting a plan Amazon has (before transportation) cancels Amazon's plan and brings ours
 * back to items with its lines and held units; its boxes must be empty. Closing ends a shipped
 * plan whose receiving Amazon never closed.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { PlanDetail, PlanLineInput, PlanSplit, PrepOwner } from '../../../domain/schemas/fba.js';
import { audit } from '../../audit.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { shipmentBoxes, shipmentBoxItems, shipmentPlans } from '../../db/schema/index.js';
import { lockChangeFeed, recordChanges } from '../../feed/changes.js';
import { ApiError, businessRule, conflict } from '../../http/errors.js';
import { trackOperation } from '../operations/service.js';
import { boxChange, publishPlan } from '../bench/feed.js';
import { cancelAtAmazon } from './amazon-steps.js';
import { journal } from './journal.js';
import { writeLines } from './lines.js';
import {
  amazonBusy,
  assertEditable,
  planItemsOf,
  planRecord,
  storeOfPlan,
  type PlanItemRecord,
} from './plan-record.js';
import { planDetail } from './plans.js';
import { release } from './reservations.js';

const asInput = (i: PlanItemRecord, quantity = i.quantity): PlanLineInput => ({
  productId: i.productId,
  quantity,
  labelOwner: i.labelOwner as PrepOwner,
  prepOwner: i.prepOwner as PrepOwner,
  ...(i.expiration ? { expiration: i.expiration } : {}),
  manufacturingLotCode: i.manufacturingLotCode ?? undefined,
});

export async function splitPlan(deps: Deps, ctx: RequestContext, id: number, input: PlanSplit) {
  const to = await deps.db.transaction(async (tx) => {
    const plan = await planRecord(tx, ctx, id, true);
    assertEditable(plan, deps.now());
    const lines = await planItemsOf(tx, id);
    const byId = new Map(lines.map((l) => [l.id, l]));
    const problems: string[] = [];
    const moving = new Map<number, number>();
    for (const m of input.items) {
      const l = byId.get(m.planItemId);
      if (!l) problems.push(`Line ${m.planItemId} is not a line of this plan`);
      else if (moving.has(l.id)) problems.push(`${l.title}: named twice`);
      else if (m.quantity > l.quantity)
        problems.push(`${l.title}: the plan has ${l.quantity}, cannot move ${m.quantity}`);
      else moving.set(l.id, m.quantity);
    }
    const staying = lines.filter((l) => l.quantity - (moving.get(l.id) ?? 0) > 0);
    if (!staying.length) problems.push('Everything would move: a split leaves something in each plan');
    if (problems.length) throw new ApiError(412, problems);
    const at = deps.now().toISOString();
    const store = await storeOfPlan(tx, plan);
    // 1. The source gives the moving units back…
    await writeLines(
      tx,
      ctx,
      plan,
      store,
      staying.map((l) => asInput(l, l.quantity - (moving.get(l.id) ?? 0))),
      at,
    );
    // 2. …and the new plan holds them at once.
    const name = input.name ?? `${plan.name} (split)`.slice(0, 40);
    const [created] = await tx
      .insert(shipmentPlans)
      .values({
        tenantId: plan.tenantId,
        companyId: plan.companyId,
        storeId: plan.storeId,
        name,
        shipFrom: plan.shipFrom,
        createdBy: ctx.userId,
        createdAt: at,
        updatedAt: at,
        stepAt: at,
      })
      .returning();
    const moved = [...moving].map(([lineId, quantity]) => asInput(byId.get(lineId)!, quantity));
    const summary = await writeLines(tx, ctx, created, store, moved, at);
    await tx.update(shipmentPlans).set({ updatedAt: at }).where(eq(shipmentPlans.id, id));
    await journal(tx, plan, ctx.userId, at, {
      kind: 'items',
      message: `Split: ${moved.reduce((n, l) => n + l.quantity, 0)} units moved to plan #${created.id} “${name}”`,
      request: input,
    });
    await journal(tx, created, ctx.userId, at, {
      kind: 'created',
      words: { key: 'journal.splitFrom', params: { id, name: plan.name, summary } },
      request: input,
    });
    await audit(tx, ctx, 'shipment_plan', created.id, 'create', null, { splitFrom: id, items: moved });
    return created.id;
  });
  return { from: id, to };
}

export async function consolidatePlans(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  planIds: number[],
): Promise<PlanDetail> {
  if (planIds.includes(id)) throw businessRule('A plan cannot be merged into itself');
  await deps.db.transaction(async (tx) => {
    const target = await planRecord(tx, ctx, id, true);
    assertEditable(target, deps.now());
    const sources = [];
    for (const sid of [...new Set(planIds)].sort((a, b) => a - b)) {
      const s = await planRecord(tx, ctx, sid, true);
      assertEditable(s, deps.now());
      if (s.companyId !== target.companyId || s.storeId !== target.storeId)
        throw businessRule(`Plan #${sid} “${s.name}” is for another client or store: only plans of one store merge`);
      sources.push(s);
    }
    const at = deps.now().toISOString();
    const sum = new Map<number, PlanLineInput>();
    const add = (l: PlanItemRecord) => {
      const had = sum.get(l.productId);
      if (had && (had.expiration ?? null) !== (l.expiration ?? null))
        throw businessRule(
          `${l.title}: the plans give it different expiration dates; a plan carries one date per product`,
        );
      sum.set(l.productId, had ? { ...had, quantity: had.quantity + l.quantity } : asInput(l));
    };
    for (const l of await planItemsOf(tx, id)) add(l);
    for (const s of sources) {
      for (const l of await planItemsOf(tx, s.id)) add(l);
      // The source gives its units back and is cancelled; the target holds them in the same transaction.
      const released = await release(tx, s.id, 'all', at);
      await tx.update(shipmentPlans).set({ status: 'cancelled', updatedAt: at }).where(eq(shipmentPlans.id, s.id));
      await journal(tx, s, ctx.userId, at, {
        kind: 'cancelled',
        message: `Merged into plan #${id} “${target.name}”: its ${released} units are held there`,
      });
    }
    const lines = [...sum.values()];
    if (lines.some((l) => l.quantity > 10_000))
      throw businessRule('A merged line would exceed Amazon’s 10,000 units a line');
    const summary = await writeLines(tx, ctx, target, await storeOfPlan(tx, target), lines, at);
    await tx.update(shipmentPlans).set({ updatedAt: at }).where(eq(shipmentPlans.id, id));
    await journal(tx, target, ctx.userId, at, {
      kind: 'items',
      words: {
        key: 'journal.mergedPlans',
        params: { plans: sources.map((s) => `#${s.id}`).join(', '), summary },
      },
      request: { planIds },
    });
    await audit(tx, ctx, 'shipment_plan', id, 'update', null, { consolidated: planIds });
  });
  return planDetail(deps, ctx, id);
}

const REVERTIBLE = ['packing', 'boxes', 'placement', 'transport'];

async function emptyBoxes(tx: DbOrTx, tenantId: number, planId: number): Promise<void> {
  const boxes = await tx.select().from(shipmentBoxes).where(eq(shipmentBoxes.planId, planId));
  if (!boxes.length) return;
  const full = await tx
    .select({ boxId: shipmentBoxItems.boxId })
    .from(shipmentBoxItems)
    .where(
      inArray(
        shipmentBoxItems.boxId,
        boxes.map((b) => b.id),
      ),
    );
  const holding = new Set(full.map((f) => f.boxId));
  if (holding.size)
    throw businessRule(
      `Boxes ${boxes
        .filter((b) => holding.has(b.id))
        .map((b) => b.boxNo)
        .join(', ')} still hold units: unpack them at the bench first`,
    );
  await tx.delete(shipmentBoxes).where(eq(shipmentBoxes.planId, planId));
  await recordChanges(
    tx,
    tenantId,
    boxes.map((b) => boxChange(b, 'delete')),
  );
}

/** Back to working (items): Amazon's plan is cancelled, ours keeps its lines and units. */
export async function revertPlan(deps: Deps, ctx: RequestContext, id: number): Promise<PlanDetail> {
  const plan = await planRecord(deps.db, ctx, id);
  if (plan.status === 'cancelled' || plan.status === 'closed') throw businessRule(`The plan is ${plan.status}`);
  if (!REVERTIBLE.includes(plan.step))
    throw businessRule(
      plan.step === 'items'
        ? 'The plan is at items already'
        : 'Transportation is confirmed: cancel the plan instead (within Amazon’s void window)',
    );
  if (amazonBusy(plan, deps.now()))
    throw conflict(`Amazon is working on the plan (${plan.operation}): wait for its answer`);
  // Checked before Amazon is asked, so a refusal here leaves Amazon's plan alone.
  const [packed] = await deps.db
    .select({ boxId: shipmentBoxItems.boxId })
    .from(shipmentBoxItems)
    .where(eq(shipmentBoxItems.planId, id))
    .limit(1);
  if (packed) throw businessRule('Some boxes still hold units: unpack them at the bench first');
  const started = await cancelAtAmazon(deps, ctx, plan);
  await deps.db.transaction(async (tx) => {
    await lockChangeFeed(tx, ctx.tenantId);
    const locked = await planRecord(tx, ctx, id, true);
    await emptyBoxes(tx, plan.tenantId, id);
    const at = deps.now().toISOString();
    const [updated] = await tx
      .update(shipmentPlans)
      .set({
        status: 'open',
        step: 'items',
        stepAt: at,
        inboundPlanId: null,
        packingOptionId: null,
        placementOptionId: null,
        packingOptions: null,
        placementOptions: null,
        transportOptions: null,
        operation: 'cancelInboundPlan',
        operationId: started.operationId,
        updatedAt: at,
      })
      .where(and(eq(shipmentPlans.id, id), eq(shipmentPlans.updatedAt, locked.updatedAt)))
      .returning();
    if (!updated) throw conflict('The plan changed meanwhile: reload it');
    if (locked.packingOptionId) await publishPlan(tx, updated, false);
    await journal(tx, plan, ctx.userId, at, {
      kind: 'items',
      message: `Reverted to working: Amazon’s plan ${plan.inboundPlanId} is being cancelled; the lines and their units stay`,
    });
    await audit(tx, ctx, 'shipment_plan', id, 'status', { step: plan.step }, { step: 'items' });
  });
  await trackOperation(deps, deps.db, {
    storeId: plan.storeId,
    kind: 'amazon.inbound',
    operationId: started.operationId,
    subject: String(id),
  });
  return planDetail(deps, ctx, id);
}

/** Ends a shipped plan by hand (Amazon never closed its receiving, or the claim is settled). */
export async function closePlan(deps: Deps, ctx: RequestContext, id: number): Promise<PlanDetail> {
  await deps.db.transaction(async (tx) => {
    await lockChangeFeed(tx, ctx.tenantId);
    const plan = await planRecord(tx, ctx, id, true);
    if (plan.status === 'closed') throw businessRule('The plan is closed already');
    if (plan.step !== 'shipped' && plan.step !== 'receiving')
      throw businessRule('Only a shipped plan is closed; an unshipped one is cancelled');
    const at = deps.now().toISOString();
    const [updated] = await tx
      .update(shipmentPlans)
      .set({ status: 'closed', updatedAt: at })
      .where(eq(shipmentPlans.id, id))
      .returning();
    await publishPlan(tx, updated, false);
    await journal(tx, plan, ctx.userId, at, { kind: 'items', message: 'Closed by hand' });
    await audit(tx, ctx, 'shipment_plan', id, 'status', { status: plan.status }, { status: 'closed' });
  });
  return planDetail(deps, ctx, id);
}
