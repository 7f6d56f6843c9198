/**
 * Prep materials and cost groups (issue 21): cost groups, material items, purchases (stock in),
 * stock on hand (the sum of the append-only movement ledger, never edited) with a low-stock flag,
 * and consumePrepMaterial — the stock-out the packer's bench and billing call inside their own
 * transaction (not exposed over HTTP in this step).
 */
import { and, arrayOverlaps, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { type PageRequest, pageOffset } from '../../../domain/paging.js';
import {
  canonicalPrice,
  isLowStock,
  type CostGroupInput,
  type PrepMaterialInput,
  type PrepMaterialPurchaseInput,
  type PrepMaterialCountInput,
} from '../../../domain/schemas/prep-materials.js';
import type { Deps, RequestContext } from '../../context.js';
import { audit } from '../../audit.js';
import type { DbOrTx } from '../../db/client.js';
import { costGroups, prepMaterialMovements, prepMaterialPurchases, prepMaterials } from '../../db/schema/index.js';
import { ApiError, badRequest, businessRule, conflict, notFound } from '../../http/errors.js';
import { likeContains } from '../../http/like.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { outer } from '../../db/outer.js';

const price = (v: string | null): string | null => (v === null ? null : canonicalPrice(v));
const dimension = (v: string | null): string | null => (v === null ? null : String(Number(v)));

/** On hand per material: the ledger's sum. */
const onHandSql = sql<number>`coalesce((select sum(m.quantity) from ${prepMaterialMovements} m where m.material_id = ${outer(prepMaterials.id)}), 0)::int`;

// ---------------------------------------------------------------- cost groups

export async function listCostGroups(deps: Deps, ctx: RequestContext, page: PageRequest, q: { q?: string }) {
  const where = and(
    eq(costGroups.tenantId, ctx.tenantId),
    q.q?.trim()
      ? or(ilike(costGroups.name, likeContains(q.q.trim())), ilike(costGroups.description, likeContains(q.q.trim())))
      : undefined,
  ) as SQL;
  const materialCount = sql<number>`(select count(*) from ${prepMaterials} p where p.cost_group_id = ${outer(costGroups.id)})::int`;
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select({
        id: costGroups.id,
        name: costGroups.name,
        description: costGroups.description,
        materialCount,
        chargeCodes: costGroups.chargeCodes,
        updatedAt: costGroups.updatedAt,
      })
      .from(costGroups)
      .where(where)
      .orderBy(asc(costGroups.name), asc(costGroups.id))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    deps.db.select({ total: count() }).from(costGroups).where(where),
  ]);
  return {
    content: rows.map((r) => ({ ...r, materialCount: Number(r.materialCount) })),
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    totalElements: Number(total),
  };
}

async function costGroupRow(tx: DbOrTx, ctx: RequestContext, id: number) {
  const [row] = await tx
    .select()
    .from(costGroups)
    .where(and(eq(costGroups.id, id), eq(costGroups.tenantId, ctx.tenantId)));
  if (!row) throw notFound('Cost group');
  return row;
}

async function costGroupOut(tx: DbOrTx, ctx: RequestContext, id: number) {
  const row = await costGroupRow(tx, ctx, id);
  const [{ n }] = await tx.select({ n: count() }).from(prepMaterials).where(eq(prepMaterials.costGroupId, id));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    materialCount: Number(n),
    chargeCodes: row.chargeCodes,
    updatedAt: row.updatedAt,
  };
}

export async function getCostGroup(deps: Deps, ctx: RequestContext, id: number) {
  return costGroupOut(deps.db, ctx, id);
}

export async function saveCostGroup(deps: Deps, ctx: RequestContext, input: CostGroupInput, id?: number) {
  try {
    return await saveCostGroupTx(deps, ctx, input, id);
  } catch (err) {
    // Two saves of the same name at once: the unique index decides, the loser gets 409.
    if (isUniqueViolation(err)) throw conflict(`A cost group ${input.name} already exists`);
    throw err;
  }
}

function saveCostGroupTx(deps: Deps, ctx: RequestContext, input: CostGroupInput, id?: number) {
  return deps.db.transaction(async (tx) => {
    const [dup] = await tx
      .select({ id: costGroups.id })
      .from(costGroups)
      .where(and(eq(costGroups.tenantId, ctx.tenantId), sql`lower(${costGroups.name}) = lower(${input.name})`));
    if (dup && dup.id !== id) throw conflict(`A cost group ${input.name} already exists`);
    const codes = input.chargeCodes ?? [];
    if (codes.length) {
      // A charge code reports under one group: another group holding one of them is a conflict.
      const taken = await tx
        .select({ name: costGroups.name, codes: costGroups.chargeCodes, id: costGroups.id })
        .from(costGroups)
        .where(and(eq(costGroups.tenantId, ctx.tenantId), arrayOverlaps(costGroups.chargeCodes, codes)));
      const clash = taken.filter((g) => g.id !== id);
      if (clash.length)
        throw new ApiError(
          409,
          clash.map((g) => `${g.codes.filter((c) => codes.includes(c)).join(', ')} already in cost group ${g.name}`),
        );
    }
    const values = { name: input.name, description: input.description || null, chargeCodes: codes };
    if (id) {
      const before = await costGroupRow(tx, ctx, id);
      await tx
        .update(costGroups)
        .set({ ...values, updatedAt: new Date().toISOString() })
        .where(eq(costGroups.id, id));
      await audit(tx, ctx, 'cost_group', id, 'update', before, values);
      return costGroupOut(tx, ctx, id);
    }
    const [created] = await tx
      .insert(costGroups)
      .values({ ...values, tenantId: ctx.tenantId })
      .returning({ id: costGroups.id });
    await audit(tx, ctx, 'cost_group', created.id, 'create', null, values);
    return costGroupOut(tx, ctx, created.id);
  });
}

export async function deleteCostGroup(deps: Deps, ctx: RequestContext, id: number) {
  return deps.db.transaction(async (tx) => {
    const before = await costGroupRow(tx, ctx, id);
    const [{ n }] = await tx.select({ n: count() }).from(prepMaterials).where(eq(prepMaterials.costGroupId, id));
    if (Number(n) > 0) throw businessRule(`${before.name} still groups ${n} material(s); move them first`);
    await tx.delete(costGroups).where(eq(costGroups.id, id));
    await audit(tx, ctx, 'cost_group', id, 'delete', before, null);
    return { deleted: true as const };
  });
}

// ---------------------------------------------------------------- materials

const materialColumns = {
  id: prepMaterials.id,
  name: prepMaterials.name,
  code: prepMaterials.code,
  kind: prepMaterials.kind,
  unitOfMeasure: prepMaterials.unitOfMeasure,
  costGroupId: prepMaterials.costGroupId,
  costGroupName: costGroups.name,
  costPrice: prepMaterials.costPrice,
  clientPrice: prepMaterials.clientPrice,
  lastCost: prepMaterials.lastCost,
  lengthIn: prepMaterials.lengthIn,
  widthIn: prepMaterials.widthIn,
  heightIn: prepMaterials.heightIn,
  reorderLevel: prepMaterials.reorderLevel,
  active: prepMaterials.active,
  onHand: onHandSql,
  updatedAt: prepMaterials.updatedAt,
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type MaterialRow = Record<string, any>;

function materialOut(r: MaterialRow) {
  const onHand = Number(r.onHand);
  return {
    ...r,
    kind: r.kind as PrepMaterialInput['kind'],
    costPrice: price(r.costPrice)!,
    clientPrice: price(r.clientPrice)!,
    lastCost: price(r.lastCost),
    lengthIn: dimension(r.lengthIn),
    widthIn: dimension(r.widthIn),
    heightIn: dimension(r.heightIn),
    onHand,
    lowStock: isLowStock(onHand, r.reorderLevel),
  } as {
    id: number;
    name: string;
    code: string;
    kind: PrepMaterialInput['kind'];
    unitOfMeasure: string;
    costGroupId: number | null;
    costGroupName: string | null;
    costPrice: string;
    clientPrice: string;
    lastCost: string | null;
    lengthIn: string | null;
    widthIn: string | null;
    heightIn: string | null;
    reorderLevel: number;
    active: boolean;
    onHand: number;
    lowStock: boolean;
    updatedAt: string;
  };
}

export interface MaterialListQuery {
  q?: string;
  qCostGroupId?: number;
  kind?: string;
  active?: 'true' | 'false';
  lowStock?: 'true' | 'false';
}

function materialWhere(ctx: RequestContext, q: MaterialListQuery): SQL {
  const text = q.q?.trim();
  return and(
    eq(prepMaterials.tenantId, ctx.tenantId),
    q.qCostGroupId ? eq(prepMaterials.costGroupId, q.qCostGroupId) : undefined,
    q.kind ? eq(prepMaterials.kind, q.kind) : undefined,
    q.active ? eq(prepMaterials.active, q.active === 'true') : undefined,
    q.lowStock === 'true' ? sql`${onHandSql} <= ${prepMaterials.reorderLevel}` : undefined,
    q.lowStock === 'false' ? sql`${onHandSql} > ${prepMaterials.reorderLevel}` : undefined,
    text ? or(ilike(prepMaterials.name, likeContains(text)), ilike(prepMaterials.code, likeContains(text))) : undefined,
  ) as SQL;
}

export async function listMaterials(deps: Deps, ctx: RequestContext, page: PageRequest, q: MaterialListQuery) {
  const where = materialWhere(ctx, q);
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select(materialColumns)
      .from(prepMaterials)
      .leftJoin(costGroups, eq(costGroups.id, prepMaterials.costGroupId))
      .where(where)
      .orderBy(asc(prepMaterials.name), asc(prepMaterials.id))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    deps.db.select({ total: count() }).from(prepMaterials).where(where),
  ]);
  return {
    content: rows.map((r) => materialOut(r)),
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    totalElements: Number(total),
  };
}

/** The stock list: on hand per material with the low-stock flag (low ones first). */
export async function listStock(deps: Deps, ctx: RequestContext, page: PageRequest, q: MaterialListQuery) {
  const where = materialWhere(ctx, q);
  const low = sql`(${onHandSql} <= ${prepMaterials.reorderLevel})`;
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select({
        id: prepMaterials.id,
        name: prepMaterials.name,
        code: prepMaterials.code,
        kind: prepMaterials.kind,
        unitOfMeasure: prepMaterials.unitOfMeasure,
        costGroupName: costGroups.name,
        onHand: onHandSql,
        reorderLevel: prepMaterials.reorderLevel,
        active: prepMaterials.active,
      })
      .from(prepMaterials)
      .leftJoin(costGroups, eq(costGroups.id, prepMaterials.costGroupId))
      .where(where)
      .orderBy(desc(low), asc(prepMaterials.name), asc(prepMaterials.id))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    deps.db.select({ total: count() }).from(prepMaterials).where(where),
  ]);
  return {
    content: rows.map((r) => {
      const onHand = Number(r.onHand);
      return { ...r, kind: r.kind as PrepMaterialInput['kind'], onHand, lowStock: isLowStock(onHand, r.reorderLevel) };
    }),
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    totalElements: Number(total),
  };
}

async function materialById(tx: DbOrTx, ctx: RequestContext, id: number) {
  const [row] = await tx
    .select(materialColumns)
    .from(prepMaterials)
    .leftJoin(costGroups, eq(costGroups.id, prepMaterials.costGroupId))
    .where(and(eq(prepMaterials.id, id), eq(prepMaterials.tenantId, ctx.tenantId)));
  if (!row) throw notFound('Prep material');
  return materialOut(row);
}

export async function getMaterial(deps: Deps, ctx: RequestContext, id: number) {
  return materialById(deps.db, ctx, id);
}

export async function saveMaterial(deps: Deps, ctx: RequestContext, input: PrepMaterialInput, id?: number) {
  try {
    return await deps.db.transaction(async (tx) => {
      if (input.costGroupId) {
        const [g] = await tx
          .select({ id: costGroups.id })
          .from(costGroups)
          .where(and(eq(costGroups.id, input.costGroupId), eq(costGroups.tenantId, ctx.tenantId)));
        if (!g) throw badRequest(`costGroupId: no cost group ${input.costGroupId}`);
      }
      const [dup] = await tx
        .select({ id: prepMaterials.id })
        .from(prepMaterials)
        .where(and(eq(prepMaterials.tenantId, ctx.tenantId), eq(prepMaterials.code, input.code)));
      if (dup && dup.id !== id) throw conflict(`A prep material ${input.code} already exists`);
      const values = {
        name: input.name,
        code: input.code,
        kind: input.kind,
        unitOfMeasure: input.unitOfMeasure,
        costGroupId: input.costGroupId ?? null,
        costPrice: input.costPrice,
        clientPrice: input.clientPrice,
        // The input schema allows sizes only where the kind has them (boxes; bags without a height).
        lengthIn: input.lengthIn ?? null,
        widthIn: input.widthIn ?? null,
        heightIn: input.heightIn ?? null,
        reorderLevel: input.reorderLevel,
        active: input.active,
      };
      if (id) {
        const before = await materialById(tx, ctx, id);
        await tx
          .update(prepMaterials)
          .set({ ...values, updatedAt: new Date().toISOString() })
          .where(eq(prepMaterials.id, id));
        await audit(tx, ctx, 'prep_material', id, 'update', before, values);
        return materialById(tx, ctx, id);
      }
      const [created] = await tx
        .insert(prepMaterials)
        .values({ ...values, tenantId: ctx.tenantId })
        .returning({ id: prepMaterials.id });
      await audit(tx, ctx, 'prep_material', created.id, 'create', null, values);
      return materialById(tx, ctx, created.id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`A prep material ${input.code} already exists`);
    throw err;
  }
}

/** A material with history is never deleted (its ledger stays): it is made inactive instead. */
export async function deleteMaterial(deps: Deps, ctx: RequestContext, id: number) {
  return deps.db.transaction(async (tx) => {
    const before = await materialById(tx, ctx, id);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(prepMaterialMovements)
      .where(eq(prepMaterialMovements.materialId, id));
    if (Number(n) > 0) throw businessRule(`${before.code} has stock history; make it inactive instead`);
    await tx.delete(prepMaterials).where(eq(prepMaterials.id, id));
    await audit(tx, ctx, 'prep_material', id, 'delete', before, null);
    return { deleted: true as const };
  });
}

// ---------------------------------------------------------------- stock

/** On hand of one material (the ledger's sum), locking the material row so concurrent outs queue. */
async function lockedOnHand(tx: DbOrTx, ctx: RequestContext, materialId: number) {
  const [row] = await tx
    .select({ id: prepMaterials.id, code: prepMaterials.code, clientPrice: prepMaterials.clientPrice })
    .from(prepMaterials)
    .where(and(eq(prepMaterials.id, materialId), eq(prepMaterials.tenantId, ctx.tenantId)))
    .for('update');
  if (!row) return null;
  const [{ onHand }] = await tx
    .select({ onHand: sql<number>`coalesce(sum(${prepMaterialMovements.quantity}), 0)::int` })
    .from(prepMaterialMovements)
    .where(eq(prepMaterialMovements.materialId, materialId));
  return { code: row.code, clientPrice: canonicalPrice(String(row.clientPrice)), onHand: Number(onHand) };
}

export async function recordPurchase(deps: Deps, ctx: RequestContext, input: PrepMaterialPurchaseInput) {
  return deps.db.transaction(async (tx) => {
    const m = await lockedOnHand(tx, ctx, input.materialId);
    if (!m) throw badRequest(`materialId: no prep material ${input.materialId}`);
    const [p] = await tx
      .insert(prepMaterialPurchases)
      .values({
        tenantId: ctx.tenantId,
        materialId: input.materialId,
        quantity: input.quantity,
        unitCost: input.unitCost,
        supplier: input.supplier || null,
        reference: input.reference || null,
        purchasedOn: input.purchasedOn,
        userId: ctx.userId,
      })
      .returning();
    await tx.insert(prepMaterialMovements).values({
      tenantId: ctx.tenantId,
      materialId: input.materialId,
      kind: 'purchase',
      quantity: input.quantity,
      purchaseId: p.id,
      unitPrice: input.unitCost,
      userId: ctx.userId,
    });
    await tx
      .update(prepMaterials)
      .set({ lastCost: input.unitCost, updatedAt: new Date().toISOString() })
      .where(eq(prepMaterials.id, input.materialId));
    await audit(tx, ctx, 'prep_material_purchase', p.id, 'create', null, p);
    const [out] = await purchaseRows(tx, ctx, eq(prepMaterialPurchases.id, p.id), 1, 0);
    return { ...out, onHand: m.onHand + input.quantity };
  });
}

function purchaseRows(tx: DbOrTx, ctx: RequestContext, extra: SQL | undefined, limit: number, offset: number) {
  return tx
    .select({
      id: prepMaterialPurchases.id,
      materialId: prepMaterialPurchases.materialId,
      materialName: prepMaterials.name,
      materialCode: prepMaterials.code,
      quantity: prepMaterialPurchases.quantity,
      unitCost: prepMaterialPurchases.unitCost,
      supplier: prepMaterialPurchases.supplier,
      reference: prepMaterialPurchases.reference,
      purchasedOn: prepMaterialPurchases.purchasedOn,
      createdAt: prepMaterialPurchases.createdAt,
    })
    .from(prepMaterialPurchases)
    .innerJoin(prepMaterials, eq(prepMaterials.id, prepMaterialPurchases.materialId))
    .where(and(eq(prepMaterialPurchases.tenantId, ctx.tenantId), extra))
    .orderBy(desc(prepMaterialPurchases.purchasedOn), desc(prepMaterialPurchases.id))
    .limit(limit)
    .offset(offset)
    .then((rows) => rows.map((r) => ({ ...r, unitCost: canonicalPrice(String(r.unitCost)) })));
}

export async function listPurchases(
  deps: Deps,
  ctx: RequestContext,
  page: PageRequest,
  q: { qPrepMaterialId?: number },
) {
  const extra = q.qPrepMaterialId ? eq(prepMaterialPurchases.materialId, q.qPrepMaterialId) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    purchaseRows(deps.db, ctx, extra, page.pageSize, pageOffset(page)),
    deps.db
      .select({ total: count() })
      .from(prepMaterialPurchases)
      .where(and(eq(prepMaterialPurchases.tenantId, ctx.tenantId), extra)),
  ]);
  return { content: rows, pageNumber: page.pageNumber, pageSize: page.pageSize, totalElements: Number(total) };
}

export interface ConsumeArgs {
  materialId: number;
  /** Whole units used, > 0. */
  quantity: number;
  /** The client the use is charged to (at the material's client price), if any. */
  companyId?: number | null;
  /** Where it happened (a box, a prep task) — for billing and the audit trail. */
  sourceType?: string;
  sourceId?: string;
  note?: string;
}

/**
 * Stock out at the packer's bench (a box packed, a unit bagged), inside the caller's transaction:
 * appends a consumption movement, charged to the client at the material's client price when a
 * company is given. Refuses (412) going below zero and unknown materials (404); returns the new
 * on hand and the unit price recorded. Not exposed over HTTP yet: the bench and billing call it.
 */
export async function consumePrepMaterial(tx: DbOrTx, ctx: RequestContext, args: ConsumeArgs) {
  if (!Number.isInteger(args.quantity) || args.quantity <= 0) throw badRequest('quantity: a whole number above 0');
  const m = await lockedOnHand(tx, ctx, args.materialId);
  if (!m) throw notFound('Prep material');
  if (m.onHand < args.quantity)
    throw businessRule(`Only ${m.onHand} of ${m.code} on hand; ${args.quantity} cannot be used`);
  const [movement] = await tx
    .insert(prepMaterialMovements)
    .values({
      tenantId: ctx.tenantId,
      materialId: args.materialId,
      kind: 'consumption',
      quantity: -args.quantity,
      companyId: args.companyId ?? null,
      unitPrice: args.companyId ? m.clientPrice : null,
      sourceType: args.sourceType ?? null,
      sourceId: args.sourceId ?? null,
      note: args.note ?? null,
      userId: ctx.userId,
    })
    .returning({ id: prepMaterialMovements.id });
  return {
    movementId: movement.id,
    onHand: m.onHand - args.quantity,
    unitPrice: args.companyId ? m.clientPrice : null,
  };
}

/**
 * A count of a material's stock: the difference from what the ledger holds is appended as an
 * adjustment (history is never edited); a count equal to the ledger books nothing.
 */
export async function recordCount(deps: Deps, ctx: RequestContext, input: PrepMaterialCountInput) {
  return deps.db.transaction(async (tx) => {
    const m = await lockedOnHand(tx, ctx, input.materialId);
    if (!m) throw notFound('Prep material');
    const adjustment = input.counted - m.onHand;
    let movementId: number | null = null;
    if (adjustment !== 0) {
      const [row] = await tx
        .insert(prepMaterialMovements)
        .values({
          tenantId: ctx.tenantId,
          materialId: input.materialId,
          kind: 'adjustment',
          quantity: adjustment,
          note: input.note?.trim() || `Counted ${input.counted} (was ${m.onHand})`,
          userId: ctx.userId,
        })
        .returning({ id: prepMaterialMovements.id });
      movementId = row.id;
    }
    return { materialId: input.materialId, before: m.onHand, onHand: input.counted, adjustment, movementId };
  });
}

/** On hand of one material (for tests and callers). */
export async function onHandOf(db: DbOrTx, ctx: RequestContext, materialId: number): Promise<number> {
  const [{ onHand }] = await db
    .select({ onHand: sql<number>`coalesce(sum(${prepMaterialMovements.quantity}), 0)::int` })
    .from(prepMaterialMovements)
    .where(and(eq(prepMaterialMovements.tenantId, ctx.tenantId), eq(prepMaterialMovements.materialId, materialId)));
  return Number(onHand);
}
