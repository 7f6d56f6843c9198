/**
 * Warehouse locations of a tenant: list, create, edit, delete (only when empty and childless),
 * the bulk generator (preview, then all or none), and CSV export / import (all rows or none).
 */
import { likePrefix } from '../../http/like.js';
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import Papa from 'papaparse';
import { type PageRequest, pageOffset } from '../../../domain/paging.js';
import {
  generatedCount,
  generateLocations,
  locationInputSchema,
  MAX_GENERATED_LOCATIONS,
  type GeneratedLocation,
  type GeneratorSpec,
  type LocationInput,
} from '../../../domain/schemas/locations.js';
import type { Deps, RequestContext } from '../../context.js';
import { audit } from '../../audit.js';
import type { DbOrTx } from '../../db/client.js';
import { inventoryLedger, warehouseLocations } from '../../db/schema/index.js';
import { ApiError, badRequest, businessRule, conflict, notFound, refusal, type Said } from '../../http/errors.js';
import { issueMessages } from '../../http/validation.js';
import { recordLocationChanges } from '../../feed/place-changes.js';

const parent = alias(warehouseLocations, 'parent');

export interface LocationListQuery {
  q?: string;
  type?: string;
  active?: 'true' | 'false';
}

const listColumns = {
  id: warehouseLocations.id,
  code: warehouseLocations.code,
  type: warehouseLocations.type,
  parentCode: parent.code,
  description: warehouseLocations.description,
  capacity: warehouseLocations.capacity,
  active: warehouseLocations.active,
  updatedAt: warehouseLocations.updatedAt,
};

function listWhere(ctx: RequestContext, q: LocationListQuery): SQL {
  const like = q.q ? likePrefix(q.q.trim().toUpperCase()) : undefined;
  return and(
    eq(warehouseLocations.tenantId, ctx.tenantId),
    q.type ? eq(warehouseLocations.type, q.type) : undefined,
    q.active ? eq(warehouseLocations.active, q.active === 'true') : undefined,
    like
      ? (or(ilike(warehouseLocations.code, like), ilike(warehouseLocations.description, `%${q.q!.trim()}%`)) as SQL)
      : undefined,
  ) as SQL;
}

export async function listLocations(deps: Deps, ctx: RequestContext, page: PageRequest, q: LocationListQuery) {
  const where = listWhere(ctx, q);
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select(listColumns)
      .from(warehouseLocations)
      .leftJoin(parent, eq(parent.id, warehouseLocations.parentId))
      .where(where)
      .orderBy(asc(warehouseLocations.code))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    deps.db.select({ total: count() }).from(warehouseLocations).where(where),
  ]);
  return { content: rows, pageNumber: page.pageNumber, pageSize: page.pageSize, totalElements: Number(total) };
}

async function idOfCode(tx: DbOrTx, ctx: RequestContext, code: string): Promise<number> {
  const [row] = await tx
    .select({ id: warehouseLocations.id })
    .from(warehouseLocations)
    .where(and(eq(warehouseLocations.tenantId, ctx.tenantId), eq(warehouseLocations.code, code)));
  if (!row) throw badRequest(refusal('refusals.noSuchLocation', { code }));
  return row.id;
}

/** A location cannot sit inside itself: walk up from the new parent. */
async function assertNoCycle(tx: DbOrTx, id: number, parentId: number | null) {
  let at = parentId;
  for (let depth = 0; at !== null && depth < 64; depth++) {
    if (at === id) throw businessRule(refusal('refusals.locationInsideItself'));
    const [row] = await tx
      .select({ parentId: warehouseLocations.parentId })
      .from(warehouseLocations)
      .where(eq(warehouseLocations.id, at));
    at = row?.parentId ?? null;
  }
}

const withoutTenant = <T extends { tenantId: number }>({ tenantId: _t, ...row }: T) => row;

export async function saveLocation(deps: Deps, ctx: RequestContext, input: LocationInput, id?: number) {
  return deps.db.transaction(async (tx) => {
    const parentId = input.parentCode ? await idOfCode(tx, ctx, input.parentCode) : null;
    const [dup] = await tx
      .select({ id: warehouseLocations.id })
      .from(warehouseLocations)
      .where(and(eq(warehouseLocations.tenantId, ctx.tenantId), eq(warehouseLocations.code, input.code)));
    if (dup && dup.id !== id) throw conflict(refusal('refusals.locationExists', { code: input.code }));
    const values = {
      code: input.code,
      type: input.type,
      parentId,
      description: input.description ?? null,
      capacity: input.capacity ?? null,
      active: input.active,
    };
    if (id) {
      const [before] = await tx
        .select()
        .from(warehouseLocations)
        .where(and(eq(warehouseLocations.id, id), eq(warehouseLocations.tenantId, ctx.tenantId)));
      if (!before) throw notFound('Location');
      await assertNoCycle(tx, id, parentId);
      if (before.code !== input.code && (await onHandAt(tx, ctx, before.code)) !== 0)
        throw businessRule(refusal('refusals.locationHoldsStock', { code: before.code }));
      const [after] = await tx
        .update(warehouseLocations)
        .set({ ...values, updatedAt: new Date().toISOString() })
        .where(eq(warehouseLocations.id, id))
        .returning();
      await audit(tx, ctx, 'warehouse_location', id, 'update', before, after);
      await recordLocationChanges(tx, ctx.tenantId, [before.code, after.code]);
      return withoutTenant(after);
    }
    const [created] = await tx
      .insert(warehouseLocations)
      .values({ ...values, tenantId: ctx.tenantId })
      .returning();
    await audit(tx, ctx, 'warehouse_location', created.id, 'create', null, created);
    await recordLocationChanges(tx, ctx.tenantId, [created.code]);
    return withoutTenant(created);
  });
}

async function onHandAt(tx: DbOrTx, ctx: RequestContext, code: string): Promise<number> {
  const [{ units }] = await tx
    .select({ units: sql<number>`coalesce(sum(${inventoryLedger.quantity}), 0)::int` })
    .from(inventoryLedger)
    .where(and(eq(inventoryLedger.tenantId, ctx.tenantId), eq(inventoryLedger.location, code)));
  return Number(units);
}

export async function deleteLocation(deps: Deps, ctx: RequestContext, id: number) {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(warehouseLocations)
      .where(and(eq(warehouseLocations.id, id), eq(warehouseLocations.tenantId, ctx.tenantId)));
    if (!row) throw notFound('Location');
    const [child] = await tx
      .select({ code: warehouseLocations.code })
      .from(warehouseLocations)
      .where(eq(warehouseLocations.parentId, id))
      .limit(1);
    if (child) throw businessRule(refusal('refusals.locationHasChildren', { code: row.code, child: child.code }));
    const units = await onHandAt(tx, ctx, row.code);
    if (units !== 0) throw businessRule(refusal('refusals.locationHoldsUnits', { code: row.code, units }));
    await tx.delete(warehouseLocations).where(eq(warehouseLocations.id, id));
    await audit(tx, ctx, 'warehouse_location', id, 'delete', row, null);
    await recordLocationChanges(tx, ctx.tenantId, [row.code]);
  });
  return { deleted: true };
}

/** Inserts locations parents-first (each level's parents resolved by code in the same statement). */
async function insertAll(
  tx: DbOrTx,
  ctx: RequestContext,
  list: (GeneratedLocation & { capacity?: number | null; description?: string | null; active?: boolean })[],
) {
  // Depth = how many of the list's own codes sit above a location: insert depth by depth.
  const byCode = new Map(list.map((l) => [l.code, l]));
  const depth = (l: GeneratedLocation): number => {
    let d = 0;
    for (let p = l.parentCode; p && byCode.has(p) && d < 64; p = byCode.get(p)!.parentCode) d++;
    return d;
  };
  const levels = new Map<number, typeof list>();
  for (const l of list) levels.set(depth(l), [...(levels.get(depth(l)) ?? []), l]);
  for (const d of [...levels.keys()].sort((a, b) => a - b)) {
    const rows = levels.get(d)!;
    for (let i = 0; i < rows.length; i += 2000) {
      const chunk = rows.slice(i, i + 2000).map((l) => ({
        code: l.code,
        type: l.type,
        parent_code: l.parentCode,
        capacity: l.capacity ?? null,
        description: l.description ?? null,
        active: l.active ?? true,
      }));
      await tx.execute(sql`
        insert into ${warehouseLocations} (tenant_id, code, type, parent_id, capacity, description, active)
        select ${ctx.tenantId}, v.code, v.type, p.id, v.capacity, v.description, v.active
        from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as v(code text, type text, parent_code text, capacity int, description text, active boolean)
        left join ${warehouseLocations} p on p.tenant_id = ${ctx.tenantId} and p.code = v.parent_code`);
    }
  }
}

async function existingCodes(tx: DbOrTx, ctx: RequestContext, codes: string[]): Promise<string[]> {
  const found: string[] = [];
  for (let i = 0; i < codes.length; i += 5000) {
    const rows = await tx
      .select({ code: warehouseLocations.code })
      .from(warehouseLocations)
      .where(
        and(eq(warehouseLocations.tenantId, ctx.tenantId), inArray(warehouseLocations.code, codes.slice(i, i + 5000))),
      );
    found.push(...rows.map((r) => r.code));
  }
  return found.sort();
}

/** Preview (count, sample codes, which exist already) or create all of them — or none. */
export async function generate(deps: Deps, ctx: RequestContext, spec: GeneratorSpec, preview: boolean) {
  const total = generatedCount(spec);
  if (total > MAX_GENERATED_LOCATIONS)
    throw badRequest(refusal('refusals.tooManyLocations', { count: total, max: MAX_GENERATED_LOCATIONS }));
  const list = generateLocations(spec).map((l) => ({
    ...l,
    capacity: l.type === spec.levels.at(-1)!.type ? (spec.capacity ?? null) : null,
  }));
  return deps.db.transaction(async (tx) => {
    if (spec.prefix && !preview) {
      // Codes under a prefix hang from the prefix's location when it exists.
      const [p] = await tx
        .select({ code: warehouseLocations.code })
        .from(warehouseLocations)
        .where(and(eq(warehouseLocations.tenantId, ctx.tenantId), eq(warehouseLocations.code, spec.prefix)));
      if (p) for (const l of list) if (l.parentCode === null) l.parentCode = spec.prefix;
    }
    const existing = await existingCodes(
      tx,
      ctx,
      list.map((l) => l.code),
    );
    const byType: Record<string, number> = {};
    for (const l of list) byType[l.type] = (byType[l.type] ?? 0) + 1;
    const summary = {
      count: total,
      byType,
      first: list.slice(0, 8).map((l) => l.code),
      last: list.slice(-4).map((l) => l.code),
      existing: existing.slice(0, 20),
      existingCount: existing.length,
    };
    if (preview) return { ...summary, created: 0 };
    if (existing.length)
      throw conflict(
        refusal('refusals.locationsExist', {
          count: existing.length,
          codes: `${existing.slice(0, 5).join(', ')}${existing.length > 5 ? '…' : ''}`,
        }),
      );
    await insertAll(tx, ctx, list);
    await audit(tx, ctx, 'warehouse_location', 'generate', 'create', null, { spec, count: total });
    await recordLocationChanges(
      tx,
      ctx.tenantId,
      list.map((l) => l.code),
    );
    return { ...summary, created: total };
  });
}

export const CSV_COLUMNS = ['code', 'type', 'parent_code', 'description', 'capacity', 'active'] as const;

export async function exportCsv(deps: Deps, ctx: RequestContext): Promise<string> {
  const rows = await deps.db
    .select(listColumns)
    .from(warehouseLocations)
    .leftJoin(parent, eq(parent.id, warehouseLocations.parentId))
    .where(eq(warehouseLocations.tenantId, ctx.tenantId))
    .orderBy(asc(warehouseLocations.code));
  return Papa.unparse({
    fields: [...CSV_COLUMNS],
    data: rows.map((r) => [
      r.code,
      r.type,
      r.parentCode ?? '',
      r.description ?? '',
      r.capacity ?? '',
      r.active ? 'true' : 'false',
    ]),
  });
}

/** Creates new codes and updates existing ones from a CSV; any bad row and nothing changes. */
export async function importCsv(deps: Deps, ctx: RequestContext, text: string) {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const errors: Said[] = [];
  if (!(parsed.meta.fields ?? []).includes('code') || !(parsed.meta.fields ?? []).includes('type'))
    errors.push('The file needs "code" and "type" columns (export a file to see the format)');
  if (parsed.data.length > MAX_GENERATED_LOCATIONS) errors.push(`At most ${MAX_GENERATED_LOCATIONS} rows per file`);
  const inputs: LocationInput[] = [];
  if (!errors.length) {
    parsed.data.forEach((rec, i) => {
      const r = locationInputSchema.safeParse({
        code: rec.code ?? '',
        type: rec.type?.trim() ?? '',
        parentCode: rec.parent_code ?? undefined,
        description: rec.description?.trim() || undefined,
        capacity: rec.capacity?.trim() || undefined,
        active:
          rec.active === undefined || rec.active.trim() === ''
            ? true
            : ['true', '1', 'yes'].includes(rec.active.trim().toLowerCase()),
      });
      if (r.success) inputs.push(r.data);
      else
        errors.push(
          refusal('refusals.importRow', { n: i + 1, message: issueMessages(r.error, ctx.language).join('; ') }),
        );
    });
    const seen = new Set<string>();
    inputs.forEach((l) => {
      if (seen.has(l.code)) errors.push(`${l.code} appears twice in the file`);
      seen.add(l.code);
    });
  }
  if (errors.length) throw new ApiError(400, errors.slice(0, 200));
  return deps.db.transaction(async (tx) => {
    const known = new Set([
      ...(await existingCodes(
        tx,
        ctx,
        inputs.map((l) => l.code),
      )),
      ...(await existingCodes(
        tx,
        ctx,
        inputs.flatMap((l) => (l.parentCode ? [l.parentCode] : [])),
      )),
    ]);
    const inFile = new Set(inputs.map((l) => l.code));
    const missing = inputs.filter((l) => l.parentCode && !inFile.has(l.parentCode) && !known.has(l.parentCode));
    if (missing.length)
      throw new ApiError(
        400,
        missing
          .slice(0, 50)
          .map((l) => `${l.code}: parent ${l.parentCode} is neither in the file nor in the warehouse`),
      );
    const fresh = inputs.filter((l) => !known.has(l.code));
    const updates = inputs.filter((l) => known.has(l.code));
    await insertAll(
      tx,
      ctx,
      fresh.map((l) => ({
        code: l.code,
        type: l.type,
        parentCode: l.parentCode ?? null,
        capacity: l.capacity ?? null,
        description: l.description ?? null,
        active: l.active,
      })),
    );
    for (const l of updates) {
      const parentId = l.parentCode
        ? ((
            await tx
              .select({ id: warehouseLocations.id })
              .from(warehouseLocations)
              .where(and(eq(warehouseLocations.tenantId, ctx.tenantId), eq(warehouseLocations.code, l.parentCode)))
          )[0]?.id ?? null)
        : null;
      await tx
        .update(warehouseLocations)
        .set({
          type: l.type,
          parentId,
          description: l.description ?? null,
          capacity: l.capacity ?? null,
          active: l.active,
          updatedAt: new Date().toISOString(),
        })
        .where(and(eq(warehouseLocations.tenantId, ctx.tenantId), eq(warehouseLocations.code, l.code)));
    }
    await audit(tx, ctx, 'warehouse_location', 'import', 'create', null, {
      created: fresh.length,
      updated: updates.length,
    });
    await recordLocationChanges(
      tx,
      ctx.tenantId,
      inputs.map((l) => l.code),
    );
    return { rows: inputs.length, created: fresh.length, updated: updates.length };
  });
}
