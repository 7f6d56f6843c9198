/**
 * What the bench's devices replicate (decision 0010): the plans at the bench, their lines as a
 * scan needs them (every code that means the line), the boxes and what each holds. Recorded in
 * the change feed in the transaction that changed them; rows go to warehouse staff and to the
 * plan's client.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { BenchBoxItemRow, BenchBoxRow, BenchLineRow, BenchPlanRow } from '../../../domain/schemas/bench.js';
import type { PackingOptionView } from '../../../domain/schemas/fba.js';
import type { DbOrTx } from '../../db/client.js';
import { productCodes, products, shipmentBoxes, shipmentPlanItems, shipmentPlans } from '../../db/schema/index.js';
import { recordChanges, type Change } from '../../feed/changes.js';
import { WFS_MAX_BOX_LB } from '../../../domain/rules/bench.js';

type PlanRecord = typeof shipmentPlans.$inferSelect;
type BoxRecord = typeof shipmentBoxes.$inferSelect;

export function benchPlanRow(plan: PlanRecord): BenchPlanRow {
  const options = (plan.packingOptions ?? []) as PackingOptionView[];
  const chosen = options.find((o) => o.packingOptionId === plan.packingOptionId);
  const wfs = plan.channel === 'wfs';
  return {
    id: plan.id,
    channel: wfs ? 'wfs' : 'fba',
    companyId: plan.companyId,
    name: plan.name,
    status: plan.status,
    step: plan.step,
    boxMaxWeightLb: wfs ? WFS_MAX_BOX_LB : (chosen?.boxMaxWeightLb ?? null),
  };
}

export const boxRow = (b: BoxRecord): BenchBoxRow => ({
  id: b.id,
  planId: b.planId,
  boxNo: b.boxNo,
  packingGroupId: b.packingGroupId,
  state: b.state as BenchBoxRow['state'],
  lengthIn: b.lengthIn,
  widthIn: b.widthIn,
  heightIn: b.heightIn,
  weightLb: b.weightLb,
  preset: b.preset,
  teamLift: b.teamLift,
  amazonBoxId: b.amazonBoxId,
  openedAt: b.openedAt,
  closedAt: b.closedAt,
  // The last open, reopen or "pack into" (ISO, so every device compares it the same way).
  activeAt: new Date(b.updatedAt).toISOString(),
});

/** The plan's lines as the bench reads them, each with every code that means it. */
export async function benchLines(tx: DbOrTx, plan: Pick<PlanRecord, 'id' | 'tenantId'>): Promise<BenchLineRow[]> {
  const items = await tx
    .select({
      item: shipmentPlanItems,
      upc: products.upc,
      packSize: products.packSize,
      weightLb: products.weightLb,
    })
    .from(shipmentPlanItems)
    .innerJoin(products, eq(products.id, shipmentPlanItems.productId))
    .where(eq(shipmentPlanItems.planId, plan.id))
    .orderBy(shipmentPlanItems.id);
  const codes = items.length
    ? await tx
        .select({ productId: productCodes.productId, code: productCodes.code })
        .from(productCodes)
        .where(
          and(
            eq(productCodes.tenantId, plan.tenantId),
            inArray(
              productCodes.productId,
              items.map((i) => i.item.productId),
            ),
          ),
        )
    : [];
  return items.map(({ item, upc, packSize, weightLb }) => ({
    id: item.id,
    planId: item.planId,
    companyId: item.companyId,
    title: item.title,
    msku: item.msku,
    fnsku: item.fnsku,
    asin: item.asin,
    codes: [
      ...new Set(
        [
          item.fnsku,
          item.msku,
          item.asin,
          upc,
          ...codes.filter((c) => c.productId === item.productId).map((c) => c.code),
        ]
          .filter((c): c is string => !!c)
          .map((c) => c.toUpperCase()),
      ),
    ],
    quantity: item.quantity,
    packingGroupId: item.packingGroupId,
    labelOwner: item.labelOwner,
    prepInstructions: item.prepInstructions.map((p) => ({ prepType: p.prepType, prepOwner: p.prepOwner })),
    packSize: Math.max(1, packSize),
    weightLb,
    expiration: item.expiration,
  }));
}

export const planChange = (plan: PlanRecord): Change => ({
  table: 'benchPlans',
  key: String(plan.id),
  op: 'put',
  companyId: plan.companyId,
  row: { ...benchPlanRow(plan) },
});
export const boxChange = (b: BoxRecord, op: 'put' | 'delete' = 'put'): Change => ({
  table: 'benchBoxes',
  key: b.id,
  op,
  companyId: b.companyId,
  row: op === 'put' ? { ...boxRow(b) } : null,
});
export const boxItemChange = (
  companyId: number,
  row: Omit<BenchBoxItemRow, 'id'>,
  op: 'put' | 'delete' = 'put',
): Change => {
  const key = `${row.boxId}:${row.planItemId}`;
  return { table: 'benchBoxItems', key, op, companyId, row: op === 'put' ? { id: key, ...row } : null };
};

/** The plan and its lines reach the bench's devices (packing confirmed), or their state changes. */
export async function publishPlan(tx: DbOrTx, plan: PlanRecord, withLines = true): Promise<void> {
  const lines = withLines ? await benchLines(tx, plan) : [];
  await recordChanges(tx, plan.tenantId, [
    planChange(plan),
    ...lines.map((l): Change => ({
      table: 'benchLines',
      key: String(l.id),
      op: 'put',
      companyId: plan.companyId,
      row: { ...l },
    })),
  ]);
}
