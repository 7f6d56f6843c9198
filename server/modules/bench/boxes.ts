/**
 * The packer's bench on the server (issue 18 step 3, decision 0010): the verdict on every box
 * mutation, whether it came through the floor outbox (applied once per mutation id, in the push's
 * transaction) or from the desk. Each takes the plan's row lock first, so scans from several
 * benches into one plan are judged one after another against what is already boxed.
 * The rules are the device's (domain/rules/bench.ts); the server's word is final.
 */
import { useCartonForBox } from '../prep-materials/bench-use.js';
import { and, eq, sql } from 'drizzle-orm';
import { can } from '../../../domain/permissions.js';
import { judgeBox, judgeOpen, judgeScan } from '../../../domain/rules/bench.js';
import type {
  BoxCloseArgs,
  BoxOpenArgs,
  BoxResult,
  BoxScanArgs,
  BoxScanResult,
  BoxUnscanArgs,
} from '../../../domain/schemas/bench.js';
import type { MutationMeta, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { planShipments, shipmentBoxes, shipmentBoxItems, shipmentPlans } from '../../db/schema/index.js';
import { recordChanges } from '../../feed/changes.js';
import { businessRule, conflict, forbidden, notFound, refusal } from '../../http/errors.js';
import { recordChargeEvents } from '../charges/events.js';
import { benchLines, benchPlanRow, boxChange, boxItemChange } from './feed.js';

type PlanRecord = typeof shipmentPlans.$inferSelect;
type BoxRecord = typeof shipmentBoxes.$inferSelect;

/** Packing is the warehouse's floor work, for the plans of the channels the user may update. */
export function assertBench(ctx: RequestContext, plan?: Pick<PlanRecord, 'channel'>): void {
  if (ctx.isClient) throw forbidden('Packing boxes is the warehouse’s work');
  const channels = plan ? [plan.channel === 'wfs' ? 'wfs' : 'fba'] : ['fba', 'wfs'];
  if (!channels.some((c) => can(ctx.abilities, 'update', c as 'fba' | 'wfs')))
    throw forbidden(`You need update permission on ${channels.map((c) => c.toUpperCase()).join(' or ')} to pack boxes`);
}

const marketplaceOf = (plan: Pick<PlanRecord, 'channel'>) => (plan.channel === 'wfs' ? 'Walmart' : 'Amazon');

/**
 * A WFS box belongs to Walmart's shipment its packing group names (one fulfilment centre): the
 * box row points at it from the start. An FBA box learns its shipment when Amazon places it.
 */
async function shipmentRowOf(tx: DbOrTx, plan: PlanRecord, packingGroupId: string | null): Promise<number | null> {
  if (plan.channel !== 'wfs' || packingGroupId === null) return null;
  const [row] = await tx
    .select({ id: planShipments.id })
    .from(planShipments)
    .where(and(eq(planShipments.planId, plan.id), eq(planShipments.shipmentId, packingGroupId)));
  return row?.id ?? null;
}

/** The plan, locked, and at the bench: boxes change only while the plan is being boxed. */
async function benchPlan(tx: DbOrTx, ctx: RequestContext, planId: number): Promise<PlanRecord> {
  const [plan] = await tx
    .select()
    .from(shipmentPlans)
    .where(and(eq(shipmentPlans.id, planId), eq(shipmentPlans.tenantId, ctx.tenantId)))
    .for('update');
  if (!plan) throw notFound('Shipment plan');
  assertBench(ctx, plan);
  if (plan.status === 'cancelled') throw businessRule(refusal('refusals.bench.cancelled', { plan: plan.name }));
  if (plan.step !== 'boxes')
    throw businessRule(
      plan.step === 'items' || plan.step === 'packing' || plan.step === 'preview'
        ? refusal(plan.channel === 'wfs' ? 'refusals.bench.notYetWfs' : 'refusals.bench.notYetFba', { plan: plan.name })
        : refusal('refusals.bench.gone', {
            plan: plan.name,
            marketplace: marketplaceOf(plan),
            step: { t: `bench.steps.${plan.step}` },
          }),
    );
  if (plan.operation) throw businessRule(refusal('refusals.bench.amazonWorking', { plan: plan.name }));
  return plan;
}

/** The box and its plan (locked, at the bench). */
async function boxOf(tx: DbOrTx, ctx: RequestContext, boxId: string): Promise<{ box: BoxRecord; plan: PlanRecord }> {
  const [found] = await tx
    .select({ planId: shipmentBoxes.planId })
    .from(shipmentBoxes)
    .where(and(eq(shipmentBoxes.id, boxId), eq(shipmentBoxes.tenantId, ctx.tenantId)));
  if (!found) throw notFound('Box');
  const plan = await benchPlan(tx, ctx, found.planId);
  const [box] = await tx.select().from(shipmentBoxes).where(eq(shipmentBoxes.id, boxId));
  return { box, plan };
}

const boxResult = (b: BoxRecord, state: BoxResult['state'] = b.state as BoxResult['state']): BoxResult => ({
  id: b.id,
  planId: b.planId,
  boxNo: b.boxNo,
  packingGroupId: b.packingGroupId,
  state,
  teamLift: b.teamLift,
});

/** Units boxed per plan line so far. */
async function boxedPerLine(tx: DbOrTx, planId: number): Promise<Map<number, number>> {
  const rows = await tx
    .select({ planItemId: shipmentBoxItems.planItemId, n: sql<number>`sum(${shipmentBoxItems.quantity})::int` })
    .from(shipmentBoxItems)
    .where(eq(shipmentBoxItems.planId, planId))
    .groupBy(shipmentBoxItems.planItemId);
  return new Map(rows.map((r) => [r.planItemId, Number(r.n)]));
}

const unitsIn = async (tx: DbOrTx, boxId: string) =>
  Number(
    (
      await tx
        .select({ n: sql<number>`coalesce(sum(${shipmentBoxItems.quantity}), 0)::int` })
        .from(shipmentBoxItems)
        .where(eq(shipmentBoxItems.boxId, boxId))
    )[0].n,
  );

/**
 * Opens a box for a packing group. The group's open box is the bench's, on every device (its
 * newest `activeAt`, replicated): a device's scan that found none opens one only while there is
 * still none — a box another device opened meanwhile wins, and the device's is refused (409, in
 * words; the scans into it are refused after it and wait under needs-attention). NEW BOX (and
 * the desk) opens another box, never a second empty one.
 */
export async function openBox(
  tx: DbOrTx,
  ctx: RequestContext,
  args: Omit<BoxOpenArgs, 'reason'> & { reason?: BoxOpenArgs['reason'] },
  meta: MutationMeta = { deviceId: null },
): Promise<BoxResult> {
  assertBench(ctx);
  const [existing] = await tx.select().from(shipmentBoxes).where(eq(shipmentBoxes.id, args.id));
  if (existing) {
    if (existing.tenantId !== ctx.tenantId || existing.planId !== args.planId) throw notFound('Box');
    return boxResult(existing);
  }
  const plan = await benchPlan(tx, ctx, args.planId);
  if (args.packingGroupId !== null) {
    const lines = await benchLines(tx, plan);
    if (!lines.some((l) => l.packingGroupId === args.packingGroupId))
      throw businessRule(refusal('refusals.bench.unknownGroup', { group: args.packingGroupId, plan: plan.name }));
  }
  const boxes = await tx.select().from(shipmentBoxes).where(eq(shipmentBoxes.planId, plan.id));
  const openOfGroup = boxes.filter((b) => b.state === 'open' && b.packingGroupId === args.packingGroupId);
  const held = new Map<string, number>();
  for (const b of openOfGroup) held.set(b.id, await unitsIn(tx, b.id));
  const verdict = judgeOpen(boxes, args.packingGroupId, args.reason ?? 'new', (id) => held.get(id) ?? 0);
  if (!verdict.ok) throw verdict.code === 'open_elsewhere' ? conflict(verdict.message) : businessRule(verdict.message);
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${shipmentBoxes.boxNo}), 0)::int + 1` })
    .from(shipmentBoxes)
    .where(eq(shipmentBoxes.planId, plan.id));
  const [box] = await tx
    .insert(shipmentBoxes)
    .values({
      id: args.id,
      tenantId: ctx.tenantId,
      companyId: plan.companyId,
      planId: plan.id,
      packingGroupId: args.packingGroupId,
      shipmentId: await shipmentRowOf(tx, plan, args.packingGroupId),
      boxNo: Number(next),
      openedBy: ctx.userId,
      deviceId: meta.deviceId,
      openedAt: args.openedAt,
      updatedAt: args.openedAt,
    })
    .returning();
  await recordChanges(tx, ctx.tenantId, [boxChange(box)]);
  return boxResult(box);
}

export async function scanIntoBox(tx: DbOrTx, ctx: RequestContext, args: BoxScanArgs): Promise<BoxScanResult> {
  assertBench(ctx);
  const { box, plan } = await boxOf(tx, ctx, args.boxId);
  if (box.state !== 'open') throw businessRule(refusal('refusals.bench.closedScan', { box: box.boxNo }));
  const lines = await benchLines(tx, plan);
  const boxed = await boxedPerLine(tx, plan.id);
  const verdict = judgeScan(lines, box, args.code, args.quantity, (id) => boxed.get(id) ?? 0);
  if (!verdict.ok) throw businessRule(verdict.message);
  const line = verdict.line;
  const [row] = await tx
    .insert(shipmentBoxItems)
    .values({
      tenantId: ctx.tenantId,
      planId: plan.id,
      boxId: box.id,
      planItemId: line.id,
      quantity: verdict.units,
      updatedAt: args.scannedAt,
    })
    .onConflictDoUpdate({
      target: [shipmentBoxItems.boxId, shipmentBoxItems.planItemId],
      set: { quantity: sql`${shipmentBoxItems.quantity} + ${verdict.units}`, updatedAt: args.scannedAt },
    })
    .returning();
  // A box opened for no group takes the group of its first unit.
  if (box.packingGroupId === null && line.packingGroupId !== null) {
    const [grouped] = await tx
      .update(shipmentBoxes)
      .set({
        packingGroupId: line.packingGroupId,
        shipmentId: await shipmentRowOf(tx, plan, line.packingGroupId),
        updatedAt: args.scannedAt,
      })
      .where(eq(shipmentBoxes.id, box.id))
      .returning();
    await recordChanges(tx, ctx.tenantId, [boxChange(grouped)]);
  }
  await recordChanges(tx, ctx.tenantId, [
    boxItemChange(plan.companyId, { boxId: box.id, planId: plan.id, planItemId: line.id, quantity: row.quantity }),
  ]);
  return {
    boxId: box.id,
    boxNo: box.boxNo,
    planItemId: line.id,
    title: line.title,
    fnsku: line.fnsku,
    msku: line.msku,
    units: verdict.units,
    inBox: row.quantity,
    boxed: (boxed.get(line.id) ?? 0) + verdict.units,
    planned: line.quantity,
  };
}

export async function unscanFromBox(tx: DbOrTx, ctx: RequestContext, args: BoxUnscanArgs): Promise<BoxScanResult> {
  assertBench(ctx);
  const { box, plan } = await boxOf(tx, ctx, args.boxId);
  if (box.state !== 'open') throw businessRule(refusal('refusals.bench.closedUnscan', { box: box.boxNo }));
  const [held] = await tx
    .select()
    .from(shipmentBoxItems)
    .where(and(eq(shipmentBoxItems.boxId, box.id), eq(shipmentBoxItems.planItemId, args.planItemId)));
  const line = (await benchLines(tx, plan)).find((l) => l.id === args.planItemId);
  if (!line) throw notFound('Plan line');
  if (!held || held.quantity < args.quantity)
    throw businessRule(
      refusal('refusals.bench.cannotGiveBack', {
        box: box.boxNo,
        held: held?.quantity ?? 0,
        item: line.title,
        quantity: args.quantity,
      }),
    );
  const left = held.quantity - args.quantity;
  if (left === 0) await tx.delete(shipmentBoxItems).where(eq(shipmentBoxItems.id, held.id));
  else
    await tx
      .update(shipmentBoxItems)
      .set({ quantity: left, updatedAt: args.at })
      .where(eq(shipmentBoxItems.id, held.id));
  await recordChanges(tx, ctx.tenantId, [
    boxItemChange(
      plan.companyId,
      { boxId: box.id, planId: plan.id, planItemId: line.id, quantity: left },
      left ? 'put' : 'delete',
    ),
  ]);
  const boxed = await boxedPerLine(tx, plan.id);
  return {
    boxId: box.id,
    boxNo: box.boxNo,
    planItemId: line.id,
    title: line.title,
    fnsku: line.fnsku,
    msku: line.msku,
    units: -args.quantity,
    inBox: left,
    boxed: boxed.get(line.id) ?? 0,
    planned: line.quantity,
  };
}

export async function closeBox(tx: DbOrTx, ctx: RequestContext, args: BoxCloseArgs): Promise<BoxResult> {
  assertBench(ctx);
  const { box, plan } = await boxOf(tx, ctx, args.boxId);
  const verdict = judgeBox(
    args,
    await unitsIn(tx, box.id),
    benchPlanRow(plan).boxMaxWeightLb ?? undefined,
    marketplaceOf(plan),
  );
  if (verdict.problems.length) throw businessRule(`Box ${box.boxNo}: ${verdict.problems.join('; ')}`);
  const [closed] = await tx
    .update(shipmentBoxes)
    .set({
      state: 'closed',
      lengthIn: args.lengthIn,
      widthIn: args.widthIn,
      heightIn: args.heightIn,
      weightLb: args.weightLb,
      preset: args.preset,
      teamLift: verdict.teamLift,
      closedAt: box.closedAt ?? args.closedAt,
      updatedAt: args.closedAt,
    })
    .where(eq(shipmentBoxes.id, box.id))
    .returning();
  await recordChanges(tx, ctx.tenantId, [boxChange(closed)]);
  await recordChargeEvents(tx, [
    {
      tenantId: ctx.tenantId,
      companyId: plan.companyId,
      kind: 'box_packed',
      quantity: 1,
      sourceType: 'shipment_box',
      sourceId: box.id,
      details: { channel: plan.channel, planId: plan.id, planName: plan.name, boxNo: box.boxNo },
      userId: ctx.userId,
      at: args.closedAt,
    },
  ]);
  await useCartonForBox(tx, ctx, {
    id: box.id,
    companyId: plan.companyId,
    lengthIn: args.lengthIn,
    widthIn: args.widthIn,
    heightIn: args.heightIn,
    at: args.closedAt,
    planId: plan.id,
  });
  return boxResult(closed);
}

export async function reopenBox(
  tx: DbOrTx,
  ctx: RequestContext,
  args: { boxId: string; at: string },
): Promise<BoxResult> {
  assertBench(ctx);
  const { box } = await boxOf(tx, ctx, args.boxId);
  // Reopened, or an open box taken ("pack into"): it becomes its group's box on every device.
  const [open] = await tx
    .update(shipmentBoxes)
    .set({ state: 'open', updatedAt: args.at })
    .where(eq(shipmentBoxes.id, box.id))
    .returning();
  await recordChanges(tx, ctx.tenantId, [boxChange(open)]);
  return boxResult(open);
}

/** An empty box given up; the plan's later boxes keep their numbers. */
export async function discardBox(
  tx: DbOrTx,
  ctx: RequestContext,
  args: { boxId: string; at: string },
): Promise<BoxResult> {
  assertBench(ctx);
  const { box } = await boxOf(tx, ctx, args.boxId);
  if ((await unitsIn(tx, box.id)) > 0) throw businessRule(refusal('refusals.bench.notEmpty', { box: box.boxNo }));
  await tx.delete(shipmentBoxes).where(eq(shipmentBoxes.id, box.id));
  await recordChanges(tx, ctx.tenantId, [boxChange(box, 'delete')]);
  return boxResult(box, 'discarded');
}
