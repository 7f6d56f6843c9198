/**
 * Prep materials the packer's bench uses (issue 21): closing a box takes one carton of the same
 * inside dimensions (in any orientation) out of the materials stock and charges it to the client
 * at the material's client price. Once per box: reopening and closing it again uses nothing more.
 * A bench never stops for the materials ledger: with no matching carton in stock nothing is taken
 * or charged, and the materials list already flags the low stock to buy.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { prepMaterialMovements, prepMaterials } from '../../db/schema/index.js';
import { recordChargeEvents } from '../charges/events.js';
import { consumePrepMaterial } from './service.js';
import { outer } from '../../db/outer.js';

const sorted = (d: readonly number[]) => [...d].sort((a, b) => a - b);
const sameBox = (a: readonly number[], b: readonly number[]) => {
  const [x, y] = [sorted(a), sorted(b)];
  return x.every((v, i) => Math.abs(v - y[i]) < 0.01);
};

export async function useCartonForBox(
  tx: DbOrTx,
  ctx: RequestContext,
  box: {
    id: string;
    companyId: number;
    lengthIn: number;
    widthIn: number;
    heightIn: number;
    at: string;
    planId: number;
  },
): Promise<{ materialId: number; movementId: number } | null> {
  const [already] = await tx
    .select({ id: prepMaterialMovements.id })
    .from(prepMaterialMovements)
    .where(
      and(
        eq(prepMaterialMovements.tenantId, ctx.tenantId),
        eq(prepMaterialMovements.sourceType, 'shipment_box'),
        eq(prepMaterialMovements.sourceId, box.id),
        eq(prepMaterialMovements.kind, 'consumption'),
      ),
    );
  if (already) return null;
  const cartons = await tx
    .select({
      id: prepMaterials.id,
      name: prepMaterials.name,
      l: prepMaterials.lengthIn,
      w: prepMaterials.widthIn,
      h: prepMaterials.heightIn,
      onHand: sql<number>`coalesce((select sum(m.quantity) from ${prepMaterialMovements} m where m.material_id = ${outer(prepMaterials.id)}), 0)::int`,
    })
    .from(prepMaterials)
    .where(and(eq(prepMaterials.tenantId, ctx.tenantId), eq(prepMaterials.kind, 'box'), eq(prepMaterials.active, true)))
    .orderBy(prepMaterials.id);
  const dims = [box.lengthIn, box.widthIn, box.heightIn];
  const carton = cartons.find(
    (c) =>
      c.l !== null &&
      c.w !== null &&
      c.h !== null &&
      Number(c.onHand) > 0 &&
      sameBox([Number(c.l), Number(c.w), Number(c.h)], dims),
  );
  if (!carton) return null;
  const used = await consumePrepMaterial(tx, ctx, {
    materialId: carton.id,
    quantity: 1,
    companyId: box.companyId,
    sourceType: 'shipment_box',
    sourceId: box.id,
    note: 'box closed at the bench',
  });
  if (used.unitPrice !== null && Number(used.unitPrice) !== 0)
    await recordChargeEvents(tx, [
      {
        tenantId: ctx.tenantId,
        companyId: box.companyId,
        kind: 'prep_material_used',
        quantity: 1,
        sourceType: 'prep_material_movement',
        sourceId: String(used.movementId),
        details: {
          materialId: carton.id,
          materialName: carton.name,
          unitPrice: used.unitPrice,
          boxId: box.id,
          planId: box.planId,
        },
        userId: ctx.userId,
        at: box.at,
      },
    ]);
  return { materialId: carton.id, movementId: used.movementId };
}
