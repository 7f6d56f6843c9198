/**
 * Tenants. A tenant admin sees and edits only their own tenant; the installation's operators
 * (users flagged platformAdmin, none in the demo seed) list and create tenants.
 */
import { likeContains } from '../../http/like.js';
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type PageRequest, pageOffset } from '../../../domain/paging.js';
import type { tenantCreateSchema, tenantUpdateSchema } from '../../../domain/schemas/company.js';
import { paged } from '../../http/paging.js';
import type { Deps, RequestContext } from '../../context.js';
import { audit } from '../../audit.js';
import { hashPassword } from '../../auth/passwords.js';
import { tenants, users } from '../../db/schema/index.js';
import { conflict, forbidden, notFound, refusal } from '../../http/errors.js';
import { createTenant } from './bootstrap.js';

const visible = (ctx: RequestContext): SQL | undefined =>
  ctx.platformAdmin ? undefined : eq(tenants.id, ctx.tenantId);

export async function listTenants(deps: Deps, ctx: RequestContext, page: PageRequest, q?: string) {
  const like = q ? likeContains(q) : undefined;
  const where = and(visible(ctx), like ? (or(ilike(tenants.key, like), ilike(tenants.name, like)) as SQL) : undefined);
  return paged(
    page,
    deps.db.select().from(tenants).where(where).orderBy(asc(tenants.key)).limit(page.pageSize).offset(pageOffset(page)),
    deps.db.select({ total: count() }).from(tenants).where(where),
  );
}

export async function getTenant(deps: Deps, ctx: RequestContext, id: number) {
  const [row] = await deps.db
    .select()
    .from(tenants)
    .where(and(eq(tenants.id, id), visible(ctx)));
  if (!row) throw notFound('Tenant');
  return row;
}

export async function createTenantWithAdmin(
  deps: Deps,
  ctx: RequestContext,
  input: z.infer<typeof tenantCreateSchema>,
) {
  if (!ctx.platformAdmin) throw forbidden(refusal('refusals.tenantsOperatorsOnly'));
  const passwordHash = await hashPassword(input.admin.password);
  const id = await deps.db.transaction(async (tx) => {
    const [dup] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.key, input.key));
    if (dup) throw conflict(refusal('refusals.tenantKeyTaken', { key: input.key }));
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(or(eq(users.username, input.admin.username), eq(users.email, input.admin.email)));
    if (taken) throw conflict(refusal('refusals.firstUserTaken'));
    const created = await createTenant(tx, {
      key: input.key,
      name: input.name,
      companyName: input.name,
      status: input.status,
    });
    await tx.insert(users).values({
      tenantId: created.tenant.id,
      companyId: created.company.id,
      username: input.admin.username,
      fullname: input.admin.fullname,
      email: input.admin.email,
      passwordHash,
      roleId: created.roles.admin.id,
    });
    await audit(tx, ctx, 'tenant', created.tenant.id, 'create', null, created.tenant);
    return created.tenant.id;
  });
  return getTenant(deps, ctx, id);
}

export async function updateTenant(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  input: z.infer<typeof tenantUpdateSchema>,
) {
  if (input.status && !ctx.platformAdmin) throw forbidden(refusal('refusals.tenantStatusOperatorsOnly'));
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(tenants)
      .where(and(eq(tenants.id, id), visible(ctx)));
    if (!before) throw notFound('Tenant');
    const [after] = await tx
      .update(tenants)
      .set({ ...input, updatedAt: deps.now().toISOString() })
      .where(eq(tenants.id, id))
      .returning();
    await audit(tx, ctx, 'tenant', id, input.status ? 'status' : 'update', before, after);
  });
  deps.principals.invalidate();
  return getTenant(deps, ctx, id);
}
