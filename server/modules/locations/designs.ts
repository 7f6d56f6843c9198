/** Location barcode designs of the tenant (/api/warehouse-location/barcode-designs); one default. */
import { and, asc, eq, ne } from 'drizzle-orm';
import {
  DEFAULT_LOCATION_DESIGN,
  locationDesignSchema,
  type LocationDesign,
} from '../../../domain/schemas/label-designs.js';
import { audit } from '../../audit.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { labelDesigns } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';

type Row = typeof labelDesigns.$inferSelect;
const toDesign = (r: Row) => ({
  id: r.id,
  ...locationDesignSchema.parse({ ...r.design, name: r.name, isDefault: r.isDefault }),
});

export async function listDesigns(deps: Deps, ctx: RequestContext) {
  const rows = await deps.db
    .select()
    .from(labelDesigns)
    .where(and(eq(labelDesigns.tenantId, ctx.tenantId), eq(labelDesigns.kind, 'location')))
    .orderBy(asc(labelDesigns.name));
  return rows.map(toDesign);
}

/** The design location labels are printed with: the tenant's default, else the standard one. */
export async function defaultDesign(deps: Deps, ctx: RequestContext): Promise<LocationDesign> {
  const [row] = await deps.db
    .select()
    .from(labelDesigns)
    .where(
      and(eq(labelDesigns.tenantId, ctx.tenantId), eq(labelDesigns.kind, 'location'), eq(labelDesigns.isDefault, true)),
    );
  return row ? toDesign(row) : DEFAULT_LOCATION_DESIGN;
}

async function clearOtherDefaults(tx: DbOrTx, ctx: RequestContext, keepId: number) {
  await tx
    .update(labelDesigns)
    .set({ isDefault: false })
    .where(
      and(eq(labelDesigns.tenantId, ctx.tenantId), eq(labelDesigns.kind, 'location'), ne(labelDesigns.id, keepId)),
    );
}

export async function saveDesign(deps: Deps, ctx: RequestContext, input: LocationDesign, id?: number) {
  return deps.db.transaction(async (tx) => {
    const { name, isDefault, ...design } = input;
    let row: Row | undefined;
    if (id) {
      [row] = await tx
        .update(labelDesigns)
        .set({ name, isDefault, design, updatedAt: new Date().toISOString() })
        .where(and(eq(labelDesigns.id, id), eq(labelDesigns.tenantId, ctx.tenantId)))
        .returning();
      if (!row) throw notFound('Design');
    } else {
      [row] = await tx
        .insert(labelDesigns)
        .values({ tenantId: ctx.tenantId, kind: 'location', name, isDefault, design })
        .returning();
    }
    if (row.isDefault) await clearOtherDefaults(tx, ctx, row.id);
    await audit(tx, ctx, 'label_design', row.id, id ? 'update' : 'create', null, input);
    return toDesign(row);
  });
}

export async function deleteDesign(deps: Deps, ctx: RequestContext, id: number) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(labelDesigns)
      .where(and(eq(labelDesigns.id, id), eq(labelDesigns.tenantId, ctx.tenantId)))
      .returning();
    if (!row) throw notFound('Design');
    await audit(tx, ctx, 'label_design', id, 'delete', row, null);
    return { id };
  });
}
