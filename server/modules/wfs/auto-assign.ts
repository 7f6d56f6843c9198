/**
 * Auto-assign at the bench (spec items/box auto-assign): boxes filled from the plan's quantities
 * and case packs (domain/rules/auto-assign.ts) instead of by scan — the same box rows and the same
 * change feed the bench writes, so the box tree, the devices and can-transmit see them as packed
 * boxes. Only what is not boxed yet is assigned; the boxes stay open with the chosen size until
 * the packer weighs and closes each (a sealed case keeps its own size).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { autoAssign, type AssignLine } from '../../../domain/rules/auto-assign.js';
import { WFS_MAX_BOX_LB } from '../../../domain/rules/bench.js';
import type { WfsAutoAssignInput } from '../../../domain/schemas/wfs.js';
import type { Deps, RequestContext } from '../../context.js';
import { planShipments, products, shipmentBoxes, shipmentBoxItems, shipmentPlans } from '../../db/schema/index.js';
import { lockChangeFeed, recordChanges } from '../../feed/changes.js';
import { businessRule } from '../../http/errors.js';
import { assertBench } from '../bench/boxes.js';
import { boxChange, boxItemChange } from '../bench/feed.js';
import { journal } from '../fba/journal.js';
import { planItemsOf } from '../fba/plan-record.js';
import { wfsPlan } from './plans.js';

export async function autoAssignBoxes(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  input: WfsAutoAssignInput,
): Promise<{ boxes: number; units: number }> {
  assertBench(ctx, { channel: 'wfs' });
  return deps.db.transaction(async (tx) => {
    await lockChangeFeed(tx, ctx.tenantId);
    const plan = await wfsPlan(tx, ctx, id, true);
    if (plan.status === 'cancelled') throw businessRule('The plan is cancelled');
    if (plan.step !== 'boxes') throw businessRule(`The plan is at ${plan.step}, not at the bench`);
    const lines = await planItemsOf(tx, id);
    const boxed = await tx
      .select({ planItemId: shipmentBoxItems.planItemId, n: sql<number>`sum(${shipmentBoxItems.quantity})::int` })
      .from(shipmentBoxItems)
      .where(eq(shipmentBoxItems.planId, id))
      .groupBy(shipmentBoxItems.planItemId);
    const done = new Map(boxed.map((b) => [b.planItemId, Number(b.n)]));
    const found = lines.length
      ? await tx
          .select()
          .from(products)
          .where(
            and(
              eq(products.tenantId, plan.tenantId),
              inArray(
                products.id,
                lines.map((l) => l.productId),
              ),
            ),
          )
      : [];
    const productOf = new Map(found.map((p) => [p.id, p]));
    const toAssign: AssignLine[] = lines
      .filter((l) => l.packingGroupId !== null)
      .map((l) => {
        const p = productOf.get(l.productId);
        return {
          id: l.id,
          group: l.packingGroupId!,
          quantity: l.quantity - (done.get(l.id) ?? 0),
          packSize: p?.packSize ?? 1,
          unit: {
            lengthIn: p?.lengthIn ?? null,
            widthIn: p?.widthIn ?? null,
            heightIn: p?.heightIn ?? null,
            weightLb: p?.weightLb ?? null,
          },
        };
      })
      .filter((l) => l.quantity > 0);
    if (!toAssign.length) throw businessRule('Every unit of the plan is boxed already');
    const assigned = autoAssign(toAssign, {
      lengthIn: input.lengthIn,
      widthIn: input.widthIn,
      heightIn: input.heightIn,
      maxWeightLb: input.maxWeightLb ?? WFS_MAX_BOX_LB,
    });
    const shipments = await tx.select().from(planShipments).where(eq(planShipments.planId, id));
    const shipmentRow = new Map(shipments.map((s) => [s.shipmentId, s.id]));
    const [{ last }] = await tx
      .select({ last: sql<number>`coalesce(max(${shipmentBoxes.boxNo}), 0)::int` })
      .from(shipmentBoxes)
      .where(eq(shipmentBoxes.planId, id));
    const at = deps.now().toISOString();
    const boxRows = assigned.map((b, i) => ({
      id: randomUUID(),
      tenantId: plan.tenantId,
      companyId: plan.companyId,
      planId: id,
      packingGroupId: b.group,
      shipmentId: shipmentRow.get(b.group) ?? null,
      boxNo: Number(last) + i + 1,
      // A sealed case is measured as it is; loose units go in the chosen box.
      lengthIn: b.sealedCase ? null : input.lengthIn,
      widthIn: b.sealedCase ? null : input.widthIn,
      heightIn: b.sealedCase ? null : input.heightIn,
      preset: b.sealedCase ? null : (input.preset ?? null),
      openedBy: ctx.userId,
      deviceId: null,
      openedAt: at,
      updatedAt: at,
    }));
    const inserted = boxRows.length ? await tx.insert(shipmentBoxes).values(boxRows).returning() : [];
    const itemRows = assigned.flatMap((b, i) =>
      b.items.map((it) => ({
        tenantId: plan.tenantId,
        planId: id,
        boxId: boxRows[i].id,
        planItemId: it.lineId,
        quantity: it.quantity,
        updatedAt: at,
      })),
    );
    if (itemRows.length) await tx.insert(shipmentBoxItems).values(itemRows);
    await recordChanges(tx, ctx.tenantId, [
      ...inserted.map((b) => boxChange(b)),
      ...itemRows.map((r) =>
        boxItemChange(plan.companyId, { boxId: r.boxId, planId: id, planItemId: r.planItemId, quantity: r.quantity }),
      ),
    ]);
    const units = itemRows.reduce((n, r) => n + r.quantity, 0);
    await tx.update(shipmentPlans).set({ updatedAt: at }).where(eq(shipmentPlans.id, id));
    await journal(tx, plan, ctx.userId, at, {
      kind: 'packing',
      message: `Auto-assigned ${units} units into ${inserted.length} boxes (${input.lengthIn}×${input.widthIn}×${input.heightIn} in; sealed cases as they are): weigh and close each`,
      request: input,
    });
    return { boxes: inserted.length, units };
  });
}
