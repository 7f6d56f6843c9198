/**
 * WFS shipping templates (issue 19): list, read, create, edit, delete. Every query is scoped by the
 * tenant; a client's users see their own company's templates and the warehouse's tenant-wide ones
 * (companyId null), and change only their own. Warehouse staff see and change all of them.
 * Saving a default clears the previous default of the same tenant and company in the same
 * transaction; the unique indexes settle two saves at once (the loser gets 409).
 */
import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { type PageRequest, pageOffset } from '../../../domain/paging.js';
import type { WfsTemplate, WfsTemplateValues } from '../../../domain/schemas/wfs-templates.js';
import { audit } from '../../audit.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { companies, wfsShippingTemplates as tpl } from '../../db/schema/index.js';
import { resolveClientCompany } from '../../http/client-company.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { likeContains } from '../../http/like.js';

type Row = typeof tpl.$inferSelect & { companyName: string | null };

/** Tenant always; a client's users their own company's templates and the tenant-wide ones. */
const visible = (ctx: RequestContext): SQL =>
  and(
    eq(tpl.tenantId, ctx.tenantId),
    ctx.isClient ? or(eq(tpl.companyId, ctx.companyId), isNull(tpl.companyId)) : undefined,
  )!;

/** A client may change its own company's templates, never the warehouse's tenant-wide ones. */
const editable = (ctx: RequestContext, companyId: number | null): boolean =>
  !ctx.isClient || companyId === ctx.companyId;

/** The same tenant and company: where names are unique and one template is the default. */
const sameOwner = (ctx: RequestContext, companyId: number | null): SQL =>
  and(eq(tpl.tenantId, ctx.tenantId), companyId === null ? isNull(tpl.companyId) : eq(tpl.companyId, companyId))!;

function out(ctx: RequestContext, r: Row): WfsTemplate {
  return {
    id: r.id,
    name: r.name,
    companyId: r.companyId,
    companyName: r.companyName,
    shipFrom: {
      name: r.shipFrom.name,
      addressLine1: r.shipFrom.addressLine1,
      addressLine2: r.shipFrom.addressLine2 ?? null,
      city: r.shipFrom.city,
      stateCode: r.shipFrom.stateCode,
      postalCode: r.shipFrom.postalCode,
      countryCode: r.shipFrom.countryCode,
      phone: r.shipFrom.phone ?? null,
    },
    carrierPreference: r.carrierPreference as WfsTemplate['carrierPreference'],
    carrierName: r.carrierName,
    shippingMode: r.shippingMode as WfsTemplate['shippingMode'],
    boxPresets: r.boxPresets.map((b) => ({
      name: b.name,
      lengthIn: b.lengthIn,
      widthIn: b.widthIn,
      heightIn: b.heightIn,
      maxWeightLb: b.maxWeightLb ?? null,
    })),
    isDefault: r.isDefault,
    editable: editable(ctx, r.companyId),
    updatedAt: r.updatedAt,
  };
}

const selectRows = (db: DbOrTx) =>
  db.select({ t: tpl, companyName: companies.name }).from(tpl).leftJoin(companies, eq(companies.id, tpl.companyId));

export interface WfsTemplateListQuery {
  q?: string;
  /** Warehouse: that client's templates and the tenant-wide ones (what its shipments may use). */
  companyId?: number;
}

export async function listTemplates(deps: Deps, ctx: RequestContext, page: PageRequest, q: WfsTemplateListQuery) {
  const term = q.q?.trim();
  const where = and(
    visible(ctx),
    q.companyId && !ctx.isClient ? or(eq(tpl.companyId, q.companyId), isNull(tpl.companyId)) : undefined,
    term
      ? or(
          ilike(tpl.name, likeContains(term)),
          ilike(tpl.carrierName, likeContains(term)),
          ilike(companies.name, likeContains(term)),
          sql`${tpl.shipFrom}->>'city' ilike ${likeContains(term)}`,
        )
      : undefined,
  ) as SQL;
  const [rows, [{ total }]] = await Promise.all([
    selectRows(deps.db)
      .where(where)
      // The caller's own first, defaults first, then by name.
      .orderBy(sql`${tpl.companyId} is null`, asc(companies.name), desc(tpl.isDefault), asc(tpl.name), asc(tpl.id))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    deps.db.select({ total: count() }).from(tpl).leftJoin(companies, eq(companies.id, tpl.companyId)).where(where),
  ]);
  return {
    content: rows.map((r) => out(ctx, { ...r.t, companyName: r.companyName })),
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    totalElements: Number(total),
  };
}

async function rowOf(tx: DbOrTx, ctx: RequestContext, id: number): Promise<Row> {
  const [r] = await selectRows(tx).where(and(eq(tpl.id, id), visible(ctx)));
  if (!r) throw notFound('Shipping template');
  return { ...r.t, companyName: r.companyName };
}

export async function getTemplate(deps: Deps, ctx: RequestContext, id: number): Promise<WfsTemplate> {
  return out(ctx, await rowOf(deps.db, ctx, id));
}

/** The row a caller may change: 404 outside its scope, 403 for a client on a tenant-wide template. */
async function changeable(tx: DbOrTx, ctx: RequestContext, id: number): Promise<Row> {
  const row = await rowOf(tx, ctx, id);
  if (!editable(ctx, row.companyId))
    throw forbidden('The warehouse’s shared templates are read-only to clients: copy one into a template of your own');
  return row;
}

/** The company the template belongs to: a client's own; the warehouse names a client, or none (tenant-wide). */
async function ownerOf(tx: DbOrTx, ctx: RequestContext, companyId: number | null | undefined): Promise<number | null> {
  if (!ctx.isClient && !companyId) return null;
  return (await resolveClientCompany(tx, ctx, companyId ?? undefined)).id;
}

export async function saveTemplate(
  deps: Deps,
  ctx: RequestContext,
  input: WfsTemplateValues,
  id?: number,
): Promise<WfsTemplate> {
  try {
    return await deps.db.transaction((tx) => saveTx(tx, ctx, input, id));
  } catch (err) {
    // Two saves at once: the unique indexes decide (name per company; one default per company).
    if (isUniqueViolation(err)) throw conflict(`A shipping template ${input.name} already exists`);
    throw err;
  }
}

async function saveTx(tx: DbOrTx, ctx: RequestContext, input: WfsTemplateValues, id?: number) {
  const before = id ? await changeable(tx, ctx, id) : null;
  // A client's edit keeps the template its own; the warehouse may move one between clients.
  const companyId = ctx.isClient && before ? before.companyId : await ownerOf(tx, ctx, input.companyId);
  const [dup] = await tx
    .select({ id: tpl.id })
    .from(tpl)
    .where(and(sameOwner(ctx, companyId), sql`lower(${tpl.name}) = lower(${input.name})`));
  if (dup && dup.id !== id)
    throw conflict(
      companyId === null
        ? `A shared shipping template ${input.name} already exists`
        : `This client already has a shipping template ${input.name}`,
    );
  const values = {
    companyId,
    name: input.name,
    shipFrom: input.shipFrom,
    carrierPreference: input.carrierPreference,
    carrierName: input.carrierName,
    shippingMode: input.shippingMode,
    boxPresets: input.boxPresets,
    isDefault: input.isDefault,
  };
  if (input.isDefault) {
    // One default per tenant and company: the new one takes over.
    const cleared = await tx
      .update(tpl)
      .set({ isDefault: false, updatedAt: new Date().toISOString() })
      .where(and(sameOwner(ctx, companyId), eq(tpl.isDefault, true), id ? sql`${tpl.id} <> ${id}` : undefined))
      .returning({ id: tpl.id });
    for (const c of cleared)
      await audit(tx, ctx, 'wfs_shipping_template', c.id, 'update', { isDefault: true }, { isDefault: false });
  }
  if (id && before) {
    await tx
      .update(tpl)
      .set({ ...values, updatedAt: new Date().toISOString() })
      .where(and(eq(tpl.id, id), eq(tpl.tenantId, ctx.tenantId)));
    const { companyName: _, ...stored } = before;
    await audit(tx, ctx, 'wfs_shipping_template', id, 'update', stored, values);
    return out(ctx, await rowOf(tx, ctx, id));
  }
  const [created] = await tx
    .insert(tpl)
    .values({ ...values, tenantId: ctx.tenantId, createdBy: ctx.userId })
    .returning({ id: tpl.id });
  await audit(tx, ctx, 'wfs_shipping_template', created.id, 'create', null, values);
  return out(ctx, await rowOf(tx, ctx, created.id));
}

export async function deleteTemplate(deps: Deps, ctx: RequestContext, id: number) {
  return deps.db.transaction(async (tx) => {
    const before = await changeable(tx, ctx, id);
    await tx.delete(tpl).where(and(eq(tpl.id, id), eq(tpl.tenantId, ctx.tenantId)));
    const { companyName: _, ...stored } = before;
    await audit(tx, ctx, 'wfs_shipping_template', id, 'delete', stored, null);
    return { deleted: true as const };
  });
}
