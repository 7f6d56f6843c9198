/**
 * A WFS plan's boxes from the desk (spec plan/batch, box, boxes/{id}, box/{id}, box/all/{id},
 * items/box scan-item and bulk): thin doors onto the bench's own engine (server/modules/bench) —
 * the same box services, judged by the same rules, recorded in the same change feed as the floor's
 * mutations — that answer only for WFS plans in the caller's scope (404 otherwise).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { BoxCloseArgs } from '../../../domain/schemas/bench.js';
import type { WfsBatch } from '../../../domain/schemas/wfs-endpoints.js';
import type { Deps, RequestContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { shipmentBoxes, shipmentBoxItems, shipmentPlans } from '../../db/schema/index.js';
import { lockChangeFeed, recordChanges } from '../../feed/changes.js';
import { businessRule, notFound } from '../../http/errors.js';
import { assertBench, closeBox, discardBox, openBox, scanIntoBox } from '../bench/boxes.js';
import { benchLines, benchPlanRow, boxChange, boxItemChange, boxRow } from '../bench/feed.js';
import { boxTree } from '../bench/tree.js';
import { journal } from '../fba/journal.js';
import { wfsPlan } from './plans.js';

/** As a floor push does: the change feed's lock first, then the work. */
const inTx = <T>(deps: Deps, ctx: RequestContext, fn: (tx: Tx) => Promise<T>) =>
  deps.db.transaction(async (tx) => {
    await lockChangeFeed(tx, ctx.tenantId);
    return fn(tx);
  });

/** The box's WFS plan id: 404 for another tenant's box, an FBA plan's box, another client's. */
async function wfsBoxPlan(tx: Tx | Deps['db'], ctx: RequestContext, boxId: string): Promise<number> {
  const [box] = await tx
    .select({ planId: shipmentBoxes.planId })
    .from(shipmentBoxes)
    .where(and(eq(shipmentBoxes.id, boxId), eq(shipmentBoxes.tenantId, ctx.tenantId)));
  if (!box) throw notFound('Box');
  await wfsPlan(tx, ctx, box.planId);
  return box.planId;
}

/** The plan as the bench's devices see it: its row, its lines with every code, its boxes and their contents. */
export async function wfsBatch(deps: Deps, ctx: RequestContext, id: number): Promise<WfsBatch> {
  const plan = await wfsPlan(deps.db, ctx, id);
  const [lines, boxes, contents] = await Promise.all([
    benchLines(deps.db, plan),
    deps.db.select().from(shipmentBoxes).where(eq(shipmentBoxes.planId, id)).orderBy(asc(shipmentBoxes.boxNo)),
    deps.db.select().from(shipmentBoxItems).where(eq(shipmentBoxItems.planId, id)).orderBy(asc(shipmentBoxItems.id)),
  ]);
  return {
    plan: benchPlanRow(plan),
    lines,
    boxes: boxes.map(boxRow),
    boxItems: contents.map((c) => ({
      id: `${c.boxId}:${c.planItemId}`,
      boxId: c.boxId,
      planId: c.planId,
      planItemId: c.planItemId,
      quantity: c.quantity,
    })),
  };
}

/** The plan's boxes as the box tree shows them (contents, Walmart's refusals). */
export async function wfsBoxes(deps: Deps, ctx: RequestContext, id: number) {
  await wfsPlan(deps.db, ctx, id);
  return (await boxTree(deps.db, ctx, id)).boxes;
}

export async function wfsBox(deps: Deps, ctx: RequestContext, boxId: string) {
  const planId = await wfsBoxPlan(deps.db, ctx, boxId);
  const box = (await boxTree(deps.db, ctx, planId)).boxes.find((b) => b.id === boxId);
  if (!box) throw notFound('Box');
  return box;
}

const now = (deps: Deps) => deps.now().toISOString();

export const openWfsBox = (deps: Deps, ctx: RequestContext, args: { planId: number; packingGroupId: string | null }) =>
  inTx(deps, ctx, async (tx) => {
    await wfsPlan(tx, ctx, args.planId);
    return openBox(tx, ctx, { ...args, id: randomUUID(), openedAt: now(deps) });
  });

export const closeWfsBox = (
  deps: Deps,
  ctx: RequestContext,
  boxId: string,
  dims: Omit<BoxCloseArgs, 'boxId' | 'closedAt'>,
) =>
  inTx(deps, ctx, async (tx) => {
    await wfsBoxPlan(tx, ctx, boxId);
    return closeBox(tx, ctx, { ...dims, boxId, closedAt: now(deps) });
  });

export const discardWfsBox = (deps: Deps, ctx: RequestContext, boxId: string) =>
  inTx(deps, ctx, async (tx) => {
    await wfsBoxPlan(tx, ctx, boxId);
    return discardBox(tx, ctx, { boxId, at: now(deps) });
  });

/** Scans into one box, in order, all or none (one transaction): the bench's scan for each. */
export const scanWfsItems = (
  deps: Deps,
  ctx: RequestContext,
  boxId: string,
  scans: { code: string; quantity: number }[],
) =>
  inTx(deps, ctx, async (tx) => {
    await wfsBoxPlan(tx, ctx, boxId);
    const results = [];
    for (const s of scans)
      results.push(await scanIntoBox(tx, ctx, { ...s, id: randomUUID(), boxId, scannedAt: now(deps) }));
    return results;
  });

/**
 * Packing starts over (spec box/all): every box of the plan and what it holds are removed while the
 * plan is still at the bench, and the devices hear of it through the change feed. Boxes already
 * closed were packed work: their box_packed charge events stay, as when the bench discards one.
 */
export async function clearWfsBoxes(deps: Deps, ctx: RequestContext, id: number) {
  return inTx(deps, ctx, async (tx) => {
    const plan = await wfsPlan(tx, ctx, id, true);
    assertBench(ctx, plan);
    if (plan.status === 'cancelled') throw businessRule(`Plan ${plan.name} is cancelled: its boxes no longer change`);
    if (plan.step !== 'boxes')
      throw businessRule(
        plan.step === 'items' || plan.step === 'preview'
          ? `Plan ${plan.name} is not at the bench yet: it has no boxes to clear`
          : `Plan ${plan.name}’s boxes went to Walmart (the plan is at ${plan.step}): they no longer change`,
      );
    const [boxes, contents] = await Promise.all([
      tx.select().from(shipmentBoxes).where(eq(shipmentBoxes.planId, id)),
      tx.select().from(shipmentBoxItems).where(eq(shipmentBoxItems.planId, id)),
    ]);
    if (!boxes.length) return { boxes: 0, units: 0 };
    await tx.delete(shipmentBoxItems).where(eq(shipmentBoxItems.planId, id));
    await tx.delete(shipmentBoxes).where(eq(shipmentBoxes.planId, id));
    await recordChanges(tx, ctx.tenantId, [
      ...contents.map((c) =>
        boxItemChange(plan.companyId, { boxId: c.boxId, planId: id, planItemId: c.planItemId, quantity: 0 }, 'delete'),
      ),
      ...boxes.map((b) => boxChange(b, 'delete')),
    ]);
    const units = contents.reduce((n, c) => n + c.quantity, 0);
    const at = now(deps);
    await tx.update(shipmentPlans).set({ updatedAt: at }).where(eq(shipmentPlans.id, id));
    await journal(tx, plan, ctx.userId, at, {
      kind: 'packing',
      message: `Packing cleared: ${boxes.length} boxes and the ${units} units in them taken out; pack again`,
    });
    return { boxes: boxes.length, units };
  });
}
