/**
 * License plates (/api/warehouse/location/lpn): bulk creation with consecutive codes, nesting
 * (never a cycle: domain nestingError), and moves of an outermost LPN with all it contains.
 */
import { likePrefix } from '../../http/like.js';
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { type PageRequest, pageOffset } from '../../../domain/paging.js';
import { lpnCode, nestingError, outermost, type lpnCreateSchema } from '../../../domain/schemas/lpn.js';
import type { Deps, RequestContext } from '../../context.js';
import { audit } from '../../audit.js';
import type { DbOrTx } from '../../db/client.js';
import { lpns, warehouseLocations } from '../../db/schema/index.js';
import { badRequest, businessRule, notFound, refusal } from '../../http/errors.js';
import { moveInventory } from '../inventory/moves.js';
import { recordLpnChanges } from '../../feed/place-changes.js';

const parent = alias(lpns, 'parent');

async function assertLocation(tx: DbOrTx, ctx: RequestContext, code: string) {
  const [loc] = await tx
    .select({ active: warehouseLocations.active })
    .from(warehouseLocations)
    .where(and(eq(warehouseLocations.tenantId, ctx.tenantId), eq(warehouseLocations.code, code)));
  if (!loc) throw badRequest(refusal('refusals.noSuchLocation', { code }));
  if (!loc.active) throw businessRule(refusal('refusals.locationInactive', { code }));
}

export async function createLpns(deps: Deps, ctx: RequestContext, input: z.infer<typeof lpnCreateSchema>) {
  return deps.db.transaction(async (tx) => {
    if (input.locationCode) await assertLocation(tx, ctx, input.locationCode);
    // Consecutive numbers per prefix; a per-tenant lock so two requests never take the same ones.
    // (The start is cast: substring(text from text) would be the regex form.)
    await tx.execute(sql`select pg_advisory_xact_lock(${ctx.tenantId}, 7301)`);
    const [{ last }] = await tx
      .select({ last: sql<number>`coalesce(max(substring(${lpns.code}, ${input.prefix.length + 1}::int)::bigint), 0)` })
      .from(lpns)
      .where(and(eq(lpns.tenantId, ctx.tenantId), sql`${lpns.code} ~ ${`^${input.prefix}[0-9]+$`}`));
    const first = Number(last) + 1;
    const rows = await tx
      .insert(lpns)
      .values(
        Array.from({ length: input.count }, (_, i) => ({
          tenantId: ctx.tenantId,
          code: lpnCode(input.prefix, first + i),
          locationCode: input.locationCode ?? null,
          description: input.description ?? null,
        })),
      )
      .returning({ id: lpns.id, code: lpns.code });
    await audit(tx, ctx, 'lpn', 'bulk', 'create', null, {
      count: rows.length,
      first: rows[0].code,
      last: rows.at(-1)!.code,
      locationCode: input.locationCode ?? null,
    });
    await recordLpnChanges(
      tx,
      ctx.tenantId,
      rows.map((r) => r.code),
    );
    return { created: rows.length, codes: rows.map((r) => r.code) };
  });
}

export async function listLpns(
  deps: Deps,
  ctx: RequestContext,
  page: PageRequest,
  q: { q?: string; locationCode?: string },
) {
  const where = and(
    eq(lpns.tenantId, ctx.tenantId),
    q.q ? ilike(lpns.code, likePrefix(q.q.trim().toUpperCase())) : undefined,
    q.locationCode ? eq(lpns.locationCode, q.locationCode.trim().toUpperCase()) : undefined,
  ) as SQL;
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select({
        id: lpns.id,
        code: lpns.code,
        parentCode: parent.code,
        locationCode: lpns.locationCode,
        description: lpns.description,
        status: lpns.status,
      })
      .from(lpns)
      .leftJoin(parent, eq(parent.id, lpns.parentId))
      .where(where)
      .orderBy(asc(lpns.code))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    deps.db.select({ total: count() }).from(lpns).where(where),
  ]);
  return { content: rows, pageNumber: page.pageNumber, pageSize: page.pageSize, totalElements: Number(total) };
}

/** child → parent code of every LPN of the tenant (for the nesting rule; a few thousand rows at most). */
async function nesting(tx: DbOrTx, ctx: RequestContext): Promise<Map<string, string | null>> {
  const rows = await tx
    .select({ code: lpns.code, parentCode: parent.code })
    .from(lpns)
    .leftJoin(parent, eq(parent.id, lpns.parentId))
    .where(eq(lpns.tenantId, ctx.tenantId));
  return new Map(rows.map((r) => [r.code, r.parentCode]));
}

async function lpnByCode(tx: DbOrTx, ctx: RequestContext, code: string) {
  const [row] = await tx
    .select()
    .from(lpns)
    .where(and(eq(lpns.tenantId, ctx.tenantId), eq(lpns.code, code)))
    .for('update');
  if (!row) throw notFound(`LPN ${code}`);
  return row;
}

/** Put `code` into `parentCode`, or take it out to stand at its outermost LPN's location (null). */
export async function nestLpn(deps: Deps, ctx: RequestContext, code: string, parentCode: string | null) {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ctx.tenantId}, 7301)`);
    const child = await lpnByCode(tx, ctx, code);
    const parentOf = await nesting(tx, ctx);
    if (parentCode === null) {
      const top = outermost(parentOf, code);
      const [root] =
        top === code
          ? [child]
          : await tx
              .select()
              .from(lpns)
              .where(and(eq(lpns.tenantId, ctx.tenantId), eq(lpns.code, top)));
      await tx
        .update(lpns)
        .set({ parentId: null, locationCode: root.locationCode, updatedAt: new Date().toISOString() })
        .where(eq(lpns.id, child.id));
      await audit(tx, ctx, 'lpn', child.id, 'update', { parentCode: parentOf.get(code) ?? null }, { parentCode: null });
      await recordLpnChanges(tx, ctx.tenantId, [code]);
      return { code, parentCode: null, locationCode: root.locationCode };
    }
    await lpnByCode(tx, ctx, parentCode);
    const error = nestingError(parentOf, code, parentCode);
    if (error) throw businessRule(error);
    // Its units follow it to where the parent stands (ledger rows, a move row).
    const moved = await moveInventory(
      tx,
      ctx,
      {
        id: randomUUID(),
        from: code,
        to: parentCode,
        condition: 'sellable',
        reason: 'restock_inventory',
        movedAt: new Date().toISOString(),
      },
      { deviceId: null },
    );
    await audit(tx, ctx, 'lpn', child.id, 'update', { parentCode: parentOf.get(code) ?? null }, { parentCode });
    return { code, parentCode, locationCode: null, unitsMoved: moved.quantity };
  });
}

/** Move an outermost LPN (and so everything inside it) to a location. */
export async function moveLpn(deps: Deps, ctx: RequestContext, code: string, locationCode: string) {
  return deps.db.transaction(async (tx) => {
    const row = await lpnByCode(tx, ctx, code);
    if (row.parentId) {
      const parentOf = await nesting(tx, ctx);
      throw businessRule(refusal('refusals.lpnInside', { code, outer: outermost(parentOf, code) }));
    }
    await assertLocation(tx, ctx, locationCode);
    const moved = await moveInventory(
      tx,
      ctx,
      {
        id: randomUUID(),
        from: code,
        to: locationCode,
        condition: 'sellable',
        reason: 'restock_inventory',
        movedAt: new Date().toISOString(),
      },
      { deviceId: null },
    );
    await audit(tx, ctx, 'lpn', row.id, 'update', { locationCode: row.locationCode }, { locationCode });
    return { code, locationCode, unitsMoved: moved.quantity };
  });
}
