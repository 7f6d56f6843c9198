/**
 * The desk's view of a plan's boxes (the box tree): every box with what it holds and what Amazon
 * would refuse of it, and the lines not fully boxed. Also the warehouse's box presets
 * (DEFINED_BOX_DIMENSIONS, spec §9).
 */
import { and, asc, eq } from 'drizzle-orm';
import { judgeBox } from '../../../domain/rules/bench.js';
import { boxPresetsSchema, DEFAULT_BOX_PRESETS, type BoxPreset, type BoxTree } from '../../../domain/schemas/bench.js';
import type { RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { planShipments, settings, shipmentBoxes, shipmentBoxItems } from '../../db/schema/index.js';
import { planItemsOf, planOfAnyChannel } from '../fba/plan-record.js';
import { benchPlanRow, boxRow } from './feed.js';

export async function boxTree(db: DbOrTx, ctx: RequestContext, planId: number): Promise<BoxTree> {
  const plan = await planOfAnyChannel(db, ctx, planId);
  const [lines, boxes, contents, shipments] = await Promise.all([
    planItemsOf(db, planId),
    db.select().from(shipmentBoxes).where(eq(shipmentBoxes.planId, planId)).orderBy(asc(shipmentBoxes.boxNo)),
    db.select().from(shipmentBoxItems).where(eq(shipmentBoxItems.planId, planId)),
    db
      .select({ id: planShipments.id, shipmentId: planShipments.shipmentId })
      .from(planShipments)
      .where(eq(planShipments.planId, planId)),
  ]);
  const amazonShipment = new Map(shipments.map((s) => [s.id, s.shipmentId]));
  const lineOf = new Map(lines.map((l) => [l.id, l]));
  const maxLb = benchPlanRow(plan).boxMaxWeightLb ?? undefined;
  const boxed = new Map<number, number>();
  for (const c of contents) boxed.set(c.planItemId, (boxed.get(c.planItemId) ?? 0) + c.quantity);
  return {
    planId,
    units: lines.reduce((n, l) => n + l.quantity, 0),
    boxed: contents.reduce((n, c) => n + c.quantity, 0),
    boxes: boxes.map((b) => {
      const items = contents
        .filter((c) => c.boxId === b.id)
        .map((c) => {
          const l = lineOf.get(c.planItemId)!;
          return { planItemId: c.planItemId, title: l.title, msku: l.msku, fnsku: l.fnsku, quantity: c.quantity };
        });
      const units = items.reduce((n, i) => n + i.quantity, 0);
      const problems =
        b.state === 'open'
          ? ['The box is still open: measure and weigh it to close it']
          : judgeBox(
              {
                lengthIn: b.lengthIn ?? 0,
                widthIn: b.widthIn ?? 0,
                heightIn: b.heightIn ?? 0,
                weightLb: b.weightLb ?? 0,
              },
              units,
              maxLb,
              plan.channel === 'wfs' ? 'Walmart' : 'Amazon',
            ).problems;
      return {
        ...boxRow(b),
        shipmentId: b.shipmentId ? (amazonShipment.get(b.shipmentId) ?? null) : null,
        items,
        problems,
      };
    }),
    left: lines
      .map((l) => ({ planItemId: l.id, title: l.title, left: l.quantity - (boxed.get(l.id) ?? 0) }))
      .filter((l) => l.left !== 0),
  };
}

/** The warehouse's box presets, or common sizes until it sets its own. */
export async function boxPresets(db: DbOrTx, tenantId: number): Promise<BoxPreset[]> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.tenantId, tenantId), eq(settings.settingKey, 'DEFINED_BOX_DIMENSIONS')))
    .orderBy(asc(settings.id))
    .limit(1);
  if (!row) return DEFAULT_BOX_PRESETS;
  try {
    const parsed = boxPresetsSchema.safeParse(JSON.parse(row.value));
    return parsed.success && parsed.data.length ? parsed.data : DEFAULT_BOX_PRESETS;
  } catch {
    return DEFAULT_BOX_PRESETS;
  }
}
