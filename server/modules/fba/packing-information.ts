/**
 * Boxes to Amazon (issue 18 step 4): once every unit is boxed and every box measured and weighed,
 * the boxes and their contents go to Amazon (setPackingInformation, BOX_CONTENT_PROVIDED). Amazon's
 * box limits are checked here first, per box in words; box numbers close up (a discarded box
 * leaves no gap) so label n goes on box n. When Amazon has taken the boxes, each box learns its
 * package id and the plan moves to placement, whose options are asked for at once.
 */
import { asc, eq } from 'drizzle-orm';
import { judgeBox } from '../../../domain/rules/bench.js';
import type { PlanDetail } from '../../../domain/schemas/fba.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { shipmentBoxes, shipmentBoxItems, stores } from '../../db/schema/index.js';
import { lockChangeFeed, recordChanges } from '../../feed/changes.js';
import { ApiError, businessRule } from '../../http/errors.js';
import type { SetPackingInformationRequest } from '../../integrations/amazon/inbound-models.js';
import type { FinishedOperation } from '../operations/kinds.js';
import { amazonClientFor } from '../stores/amazon.js';
import { withStore } from '../stores/connection.js';
import { benchPlanRow, boxChange } from '../bench/feed.js';
import { followWith, startAmazonStep } from './amazon-call.js';
import { generatePlacementStep } from './placement.js';
import { planItemsOf, planRecord, type PlanItemRecord, type PlanRecord } from './plan-record.js';
import { planDetail } from './plans.js';
import { settle } from './settle.js';

export const SET_PACKING = 'setPackingInformation';

type BoxRecord = typeof shipmentBoxes.$inferSelect;
type Content = typeof shipmentBoxItems.$inferSelect;

/** The plan's boxes in number order and what each holds. */
export async function boxesOf(db: DbOrTx, planId: number): Promise<{ box: BoxRecord; items: Content[] }[]> {
  const [boxes, contents] = await Promise.all([
    db.select().from(shipmentBoxes).where(eq(shipmentBoxes.planId, planId)).orderBy(asc(shipmentBoxes.boxNo)),
    db.select().from(shipmentBoxItems).where(eq(shipmentBoxItems.planId, planId)),
  ]);
  return boxes.map((box) => ({ box, items: contents.filter((c) => c.boxId === box.id) }));
}

/** What Amazon would refuse of the plan's boxes: units not boxed, boxes open or beyond the limits. */
export function boxProblems(
  lines: PlanItemRecord[],
  boxes: { box: BoxRecord; items: Content[] }[],
  maxLb: number | undefined,
  marketplace = 'Amazon',
): string[] {
  const problems: string[] = [];
  if (!boxes.length) problems.push('No boxes yet: pack the plan at the bench first');
  for (const l of lines) {
    const boxed = boxes
      .flatMap((b) => b.items)
      .filter((i) => i.planItemId === l.id)
      .reduce((n, i) => n + i.quantity, 0);
    if (boxed !== l.quantity) problems.push(`${l.msku ?? l.title}: ${boxed} of ${l.quantity} units boxed`);
  }
  for (const { box, items } of boxes) {
    if (box.state !== 'closed' || box.weightLb === null) {
      problems.push(`Box ${box.boxNo} is still open: measure and weigh it to close it`);
      continue;
    }
    const units = items.reduce((n, i) => n + i.quantity, 0);
    const verdict = judgeBox(
      { lengthIn: box.lengthIn!, widthIn: box.widthIn!, heightIn: box.heightIn!, weightLb: box.weightLb },
      units,
      maxLb,
      marketplace,
    );
    for (const p of verdict.problems) problems.push(`Box ${box.boxNo}: ${p}`);
  }
  return problems;
}

/** Amazon's request: one box line per box, in box order, grouped by packing group. */
export function packingRequest(
  lines: PlanItemRecord[],
  boxes: { box: BoxRecord; items: Content[] }[],
): SetPackingInformationRequest {
  const lineOf = new Map(lines.map((l) => [l.id, l]));
  const groups = new Map<string, SetPackingInformationRequest['packageGroupings'][number]['boxes']>();
  for (const { box, items } of boxes) {
    const group = box.packingGroupId ?? lineOf.get(items[0].planItemId)!.packingGroupId ?? '';
    const list = groups.get(group) ?? [];
    list.push({
      contentInformationSource: 'BOX_CONTENT_PROVIDED',
      dimensions: { length: box.lengthIn!, width: box.widthIn!, height: box.heightIn!, unitOfMeasurement: 'IN' },
      weight: { value: box.weightLb!, unit: 'LB' },
      quantity: 1,
      items: items.map((i) => {
        const l = lineOf.get(i.planItemId)!;
        return {
          msku: l.msku!,
          quantity: i.quantity,
          labelOwner: l.labelOwner as 'SELLER' | 'AMAZON' | 'NONE',
          prepOwner: l.prepOwner as 'SELLER' | 'AMAZON' | 'NONE',
          ...(l.expiration ? { expiration: l.expiration } : {}),
          ...(l.manufacturingLotCode ? { manufacturingLotCode: l.manufacturingLotCode } : {}),
        };
      }),
    });
    groups.set(group, list);
  }
  return {
    packageGroupings: [...groups].map(([packingGroupId, list]) => ({
      ...(packingGroupId ? { packingGroupId } : {}),
      boxes: list,
    })),
  };
}

/** Box numbers 1…N without gaps (a discarded box left one), in the order they were numbered. */
async function closeUpNumbers(tx: DbOrTx, tenantId: number, planId: number): Promise<void> {
  const boxes = await tx
    .select()
    .from(shipmentBoxes)
    .where(eq(shipmentBoxes.planId, planId))
    .orderBy(asc(shipmentBoxes.boxNo));
  const moved = boxes.filter((b, i) => b.boxNo !== i + 1);
  if (!moved.length) return;
  // Through negative numbers first: the unique (plan, number) index holds at every step.
  for (const b of moved) await tx.update(shipmentBoxes).set({ boxNo: -b.boxNo }).where(eq(shipmentBoxes.id, b.id));
  const renumbered: BoxRecord[] = [];
  for (const [i, b] of boxes.entries())
    if (b.boxNo !== i + 1) {
      const [row] = await tx
        .update(shipmentBoxes)
        .set({ boxNo: i + 1 })
        .where(eq(shipmentBoxes.id, b.id))
        .returning();
      renumbered.push(row);
    }
  await recordChanges(
    tx,
    tenantId,
    renumbered.map((b) => boxChange(b)),
  );
}

export async function sendBoxes(deps: Deps, ctx: RequestContext, id: number): Promise<PlanDetail> {
  const plan = await planRecord(deps.db, ctx, id);
  if (plan.status === 'cancelled') throw businessRule('The plan is cancelled');
  if (plan.step !== 'boxes')
    throw businessRule(
      plan.step === 'items' || plan.step === 'packing'
        ? 'Confirm a packing option and pack the boxes first'
        : `Amazon has the boxes already (the plan is at ${plan.step})`,
    );
  await deps.db.transaction(async (tx) => {
    await lockChangeFeed(tx, plan.tenantId);
    await closeUpNumbers(tx, plan.tenantId, plan.id);
  });
  const lines = await planItemsOf(deps.db, id);
  const boxes = await boxesOf(deps.db, id);
  const problems = boxProblems(lines, boxes, benchPlanRow(plan).boxMaxWeightLb ?? undefined);
  if (problems.length) throw new ApiError(412, problems);
  const request = packingRequest(lines, boxes);
  const fresh = await planRecord(deps.db, ctx, id);
  const units = lines.reduce((n, l) => n + l.quantity, 0);
  await startAmazonStep(deps, ctx.userId, fresh, {
    operation: SET_PACKING,
    asked: `${boxes.length} box${boxes.length === 1 ? '' : 'es'} with ${units} units (box contents provided)`,
    request,
    unchanged: 'The boxes are unchanged: send them again',
    call: (client, inboundPlanId) => client.inbound.setPackingInformation(inboundPlanId, request),
  });
  return planDetail(deps, ctx, id);
}

const signature = (items: { msku: string; quantity: number }[], weightLb: number | undefined) =>
  `${items
    .map((i) => `${i.msku}:${i.quantity}`)
    .sort()
    .join('|')}@${weightLb?.toFixed(2) ?? ''}`;

/** setPackingInformation succeeded: each box learns Amazon's package id; next: placement. */
export async function onBoxesTaken(deps: Deps, plan: PlanRecord, done: FinishedOperation): Promise<void> {
  const [store] = await deps.db.select().from(stores).where(eq(stores.id, plan.storeId));
  const client = await amazonClientFor(deps, store);
  const theirs = (await withStore(deps, store, () => client.inbound.listInboundPlanBoxes(plan.inboundPlanId!))).boxes;
  const lines = await planItemsOf(deps.db, plan.id);
  const mskuOf = new Map(lines.map((l) => [l.id, l.msku ?? '']));
  const ours = await boxesOf(deps.db, plan.id);
  // Amazon's boxes are matched to ours by contents and weight (identical boxes are interchangeable).
  const pool = new Map<string, string[]>();
  for (const b of theirs) {
    const key = signature(
      (b.items ?? []).map((i) => ({ msku: i.msku, quantity: i.quantity })),
      b.weight ? (b.weight.unit === 'KG' ? b.weight.value * 2.20462 : b.weight.value) : undefined,
    );
    pool.set(key, [...(pool.get(key) ?? []), b.packageId]);
  }
  const taken = await settle(deps, done, plan.id, {
    message: `Amazon took ${theirs.length} box${theirs.length === 1 ? '' : 'es'}; next: choose where they go (placement)`,
    response: { boxes: theirs.length },
    step: 'placement',
    status: 'box_dims',
    write: async (tx, at) => {
      const changed: BoxRecord[] = [];
      for (const { box, items } of ours) {
        const key = signature(
          items.map((i) => ({ msku: mskuOf.get(i.planItemId)!, quantity: i.quantity })),
          box.weightLb ?? undefined,
        );
        const packageId = pool.get(key)?.shift();
        if (!packageId) continue;
        const [row] = await tx
          .update(shipmentBoxes)
          .set({ amazonPackageId: packageId, updatedAt: at })
          .where(eq(shipmentBoxes.id, box.id))
          .returning();
        changed.push(row);
      }
      await recordChanges(
        tx,
        plan.tenantId,
        changed.map((b) => boxChange(b)),
      );
    },
  });
  if (taken) await followWith(deps, plan.id, generatePlacementStep);
}
