/**
 * The warehouse's carriers (spec §7 /api/common/carrier): list, read, add, edit, delete. Every
 * query is scoped by the tenant; another tenant's carrier is not found (404). Those who manage
 * carriers (warehouse staff with the generalSettings right) see every carrier with its account
 * number; everyone else who chooses a carrier — floor staff, clients — sees the active ones'
 * names, codes, services and tracking pages only (`carrierOptions`). Names and codes are unique
 * per tenant regardless of case: checked first for a clear refusal, held by unique indexes when
 * two saves race (409 either way).
 */
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Carrier, CarrierOption, CarrierValues } from '../../../domain/schemas/carriers.js';
import { audit } from '../../audit.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { carriers } from '../../db/schema/index.js';
import { conflict, notFound } from '../../http/errors.js';
import { likeContains } from '../../http/like.js';

type Row = typeof carriers.$inferSelect;

const out = (r: Row): Carrier => ({
  id: r.id,
  name: r.name,
  code: r.code,
  kind: r.kind as Carrier['kind'],
  accountNumber: r.accountNumber,
  services: r.services,
  trackingUrl: r.trackingUrl,
  active: r.active,
  updatedAt: r.updatedAt,
});

const option = (r: Row): CarrierOption => ({
  id: r.id,
  name: r.name,
  code: r.code,
  kind: r.kind as CarrierOption['kind'],
  services: r.services,
  trackingUrl: r.trackingUrl,
});

const search = (q: string | undefined): SQL | undefined => {
  const term = q?.trim();
  return term ? or(ilike(carriers.name, likeContains(term)), ilike(carriers.code, likeContains(term))) : undefined;
};

/** Every carrier of the tenant, active first, then by name (Settings › Carriers). */
export async function listCarriers(deps: Deps, ctx: RequestContext, q?: string): Promise<Carrier[]> {
  const rows = await deps.db
    .select()
    .from(carriers)
    .where(and(eq(carriers.tenantId, ctx.tenantId), search(q)))
    .orderBy(sql`${carriers.active} desc`, asc(sql`lower(${carriers.name})`), asc(carriers.id));
  return rows.map(out);
}

/** The active carriers to choose from, by name: no account numbers. */
export async function carrierOptions(db: DbOrTx, tenantId: number, q?: string): Promise<CarrierOption[]> {
  const rows = await db
    .select()
    .from(carriers)
    .where(and(eq(carriers.tenantId, tenantId), eq(carriers.active, true), search(q)))
    .orderBy(asc(sql`lower(${carriers.name})`), asc(carriers.id));
  return rows.map(option);
}

async function rowOf(tx: DbOrTx, ctx: RequestContext, id: number): Promise<Row> {
  const [r] = await tx
    .select()
    .from(carriers)
    .where(and(eq(carriers.id, id), eq(carriers.tenantId, ctx.tenantId)));
  if (!r) throw notFound('Carrier');
  return r;
}

export async function getCarrier(deps: Deps, ctx: RequestContext, id: number): Promise<Carrier> {
  return out(await rowOf(deps.db, ctx, id));
}

/** A twin of the name or code in the tenant (other than `id`), said in words. */
async function twin(tx: DbOrTx, ctx: RequestContext, input: CarrierValues, id?: number): Promise<string | null> {
  const rows = await tx
    .select({ id: carriers.id, name: carriers.name, code: carriers.code })
    .from(carriers)
    .where(
      and(
        eq(carriers.tenantId, ctx.tenantId),
        or(sql`lower(${carriers.name}) = lower(${input.name})`, sql`upper(${carriers.code}) = upper(${input.code})`),
        id ? sql`${carriers.id} <> ${id}` : undefined,
      ),
    );
  const byName = rows.find((r) => r.name.toLowerCase() === input.name.toLowerCase());
  if (byName) return `name: a carrier named ${byName.name} exists already`;
  const byCode = rows[0];
  return byCode ? `code: ${byCode.name} has the code ${byCode.code} already` : null;
}

export async function saveCarrier(
  deps: Deps,
  ctx: RequestContext,
  input: CarrierValues,
  id?: number,
): Promise<Carrier> {
  try {
    return await deps.db.transaction(async (tx) => {
      const before = id ? await rowOf(tx, ctx, id) : null;
      const dup = await twin(tx, ctx, input, id);
      if (dup) throw conflict(dup);
      const values = {
        name: input.name,
        code: input.code,
        kind: input.kind,
        accountNumber: input.accountNumber,
        services: input.services,
        trackingUrl: input.trackingUrl,
        active: input.active,
      };
      if (before) {
        const [row] = await tx
          .update(carriers)
          .set({ ...values, updatedAt: new Date().toISOString() })
          .where(and(eq(carriers.id, before.id), eq(carriers.tenantId, ctx.tenantId)))
          .returning();
        await audit(tx, ctx, 'carrier', before.id, 'update', before, values);
        return out(row);
      }
      const [row] = await tx
        .insert(carriers)
        .values({ ...values, tenantId: ctx.tenantId, createdBy: ctx.userId })
        .returning();
      await audit(tx, ctx, 'carrier', row.id, 'create', null, values);
      return out(row);
    });
  } catch (err) {
    // Two saves at once: the unique indexes decide.
    if (isUniqueViolation(err)) throw conflict(`A carrier named ${input.name} or coded ${input.code} exists already`);
    throw err;
  }
}

/**
 * Deletes a carrier. What was shipped with it keeps its name (stored as text), so nothing else
 * changes; deactivating keeps it on the list for the record instead.
 */
export async function deleteCarrier(deps: Deps, ctx: RequestContext, id: number) {
  return deps.db.transaction(async (tx) => {
    const before = await rowOf(tx, ctx, id);
    await tx.delete(carriers).where(and(eq(carriers.id, id), eq(carriers.tenantId, ctx.tenantId)));
    await audit(tx, ctx, 'carrier', id, 'delete', before, null);
    return { deleted: true as const };
  });
}
