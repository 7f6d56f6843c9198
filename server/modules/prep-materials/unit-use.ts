/**
 * Prep materials the units of a plan used (issue 21): when the plan ships, each line's units that
 * the warehouse poly-bagged, bubble-wrapped or labelled take one bag, wrap or label each out of
 * the materials stock (domain/rules/prep-materials.ts chooses which) and the client is charged at
 * the material's client price. Recorded at shipping because that is when what was prepped is final
 * (the bench does not log each bag); once per line and prep type, so a retried ship uses nothing
 * more. Short stock never stops a shipment: what the stock holds is used and charged, the rest is
 * left for the next count to show (the materials list flags the low stock).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  drawUnits,
  materialKindFor,
  materialsForUnit,
  type ProductSize,
} from '../../../domain/rules/prep-materials.js';
import type { RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { prepMaterialMovements, prepMaterials, products } from '../../db/schema/index.js';
import { recordChargeEvents, type ChargeEvent } from '../charges/events.js';
import { consumePrepMaterial } from './service.js';
import { outer } from '../../db/outer.js';

export interface PreppedUnits {
  companyId: number;
  /** An Amazon prep type (PREP_TYPES), or SELLER_LABEL for units the warehouse labels. */
  prep: string;
  quantity: number;
  product: ProductSize;
  /** Once per source: `shipment_plan_item` line id with the prep. */
  sourceId: string;
  planId: number;
  sku: string | null;
  at: string;
}

export async function useMaterialsForUnits(
  tx: DbOrTx,
  ctx: RequestContext,
  units: PreppedUnits,
): Promise<{ materialId: number; quantity: number }[]> {
  const kind = materialKindFor(units.prep);
  if (!kind || units.quantity <= 0) return [];
  const sourceType = 'shipment_plan_item_prep';
  const [already] = await tx
    .select({ id: prepMaterialMovements.id })
    .from(prepMaterialMovements)
    .where(
      and(
        eq(prepMaterialMovements.tenantId, ctx.tenantId),
        eq(prepMaterialMovements.sourceType, sourceType),
        eq(prepMaterialMovements.sourceId, units.sourceId),
      ),
    )
    .limit(1);
  if (already) return [];
  const rows = await tx
    .select({
      id: prepMaterials.id,
      name: prepMaterials.name,
      lengthIn: prepMaterials.lengthIn,
      widthIn: prepMaterials.widthIn,
      onHand: sql<number>`coalesce((select sum(m.quantity) from ${prepMaterialMovements} m where m.material_id = ${outer(prepMaterials.id)}), 0)::int`,
    })
    .from(prepMaterials)
    .where(and(eq(prepMaterials.tenantId, ctx.tenantId), eq(prepMaterials.kind, kind), eq(prepMaterials.active, true)));
  const order = materialsForUnit(
    rows.map((r) => ({
      id: r.id,
      lengthIn: r.lengthIn === null ? null : Number(r.lengthIn),
      widthIn: r.widthIn === null ? null : Number(r.widthIn),
      onHand: Number(r.onHand),
    })),
    units.product,
  );
  const draws = drawUnits(order, units.quantity);
  const names = new Map(rows.map((r) => [r.id, r.name]));
  const events: ChargeEvent[] = [];
  for (const d of draws) {
    const used = await consumePrepMaterial(tx, ctx, {
      materialId: d.id,
      quantity: d.quantity,
      companyId: units.companyId,
      sourceType,
      sourceId: units.sourceId,
      note: `${units.prep} × ${d.quantity}${units.sku ? ` (${units.sku})` : ''}`,
    });
    if (used.unitPrice !== null && Number(used.unitPrice) !== 0)
      events.push({
        tenantId: ctx.tenantId,
        companyId: units.companyId,
        kind: 'prep_material_used',
        quantity: d.quantity,
        sourceType: 'prep_material_movement',
        sourceId: String(used.movementId),
        details: {
          materialId: d.id,
          materialName: names.get(d.id) ?? null,
          unitPrice: used.unitPrice,
          prep: units.prep,
          planId: units.planId,
          sku: units.sku,
        },
        userId: ctx.userId,
        at: units.at,
      });
  }
  if (events.length) await recordChargeEvents(tx, events);
  return draws.map((d) => ({ materialId: d.id, quantity: d.quantity }));
}

/** Product sizes for the plan lines' products (inches), null where the catalogue has none. */
export async function productSizes(tx: DbOrTx, tenantId: number, productIds: number[]) {
  if (!productIds.length) return new Map<number, ProductSize>();
  const rows = await tx
    .select({ id: products.id, lengthIn: products.lengthIn, widthIn: products.widthIn, heightIn: products.heightIn })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), inArray(products.id, productIds)));
  return new Map<number, ProductSize>(
    rows.map((r) => [r.id, { lengthIn: r.lengthIn, widthIn: r.widthIn, heightIn: r.heightIn }]),
  );
}
