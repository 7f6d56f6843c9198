/** Roles of a company and the resource actions they grant; grantable resources depend on company type. */
import { and, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { type PageRequest, pageOffset } from '../../../domain/paging.js';
import {
  ACTIONS,
  companyTypeOf,
  grantableResources,
  isResource,
  type CompanyType,
} from '../../../domain/permissions.js';
import type { Audience } from '../../../domain/enums.js';
import type { grantSchema, roleCreateSchema, roleUpdateSchema } from '../../../domain/schemas/roles.js';
import type { Deps, RequestContext } from '../../context.js';
import { audit } from '../../audit.js';
import type { DbOrTx } from '../../db/client.js';
import { companies, roleResourceActions, roles, users } from '../../db/schema/index.js';
import { badRequest, businessRule, conflict, notFound, refusal } from '../../http/errors.js';
import { scoped } from '../../http/scope.js';

async function roleInScope(tx: DbOrTx, ctx: RequestContext, id: number) {
  const [role] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), scoped(ctx, roles.tenantId, roles.companyId)));
  if (!role) throw notFound('Role');
  return role;
}

export async function listRoles(deps: Deps, ctx: RequestContext, page: PageRequest, companyId?: number) {
  const where = and(
    scoped(ctx, roles.tenantId, roles.companyId),
    companyId ? eq(roles.companyId, companyId) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select({
        id: roles.id,
        name: roles.name,
        description: roles.description,
        companyId: roles.companyId,
        companyName: companies.name,
        companyType: roles.companyType,
        isSystem: roles.isSystem,
      })
      .from(roles)
      .innerJoin(companies, eq(companies.id, roles.companyId))
      .where(where)
      .orderBy(companies.name, roles.name)
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    deps.db.select({ total: count() }).from(roles).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const userCounts = ids.length
    ? await deps.db
        .select({ roleId: users.roleId, n: count() })
        .from(users)
        .where(inArray(users.roleId, ids))
        .groupBy(users.roleId)
    : [];
  const content = rows.map((r) => ({ ...r, userCount: Number(userCounts.find((u) => u.roleId === r.id)?.n ?? 0) }));
  return { content, pageNumber: page.pageNumber, pageSize: page.pageSize, totalElements: Number(total) };
}

export async function getRole(deps: Deps, ctx: RequestContext, id: number) {
  const role = await roleInScope(deps.db, ctx, id);
  const grants = await deps.db.select().from(roleResourceActions).where(eq(roleResourceActions.roleId, id));
  return { ...role, grants: grants.map((g) => ({ id: g.id, resource: g.resource, action: g.action })) };
}

export async function createRole(deps: Deps, ctx: RequestContext, input: z.infer<typeof roleCreateSchema>) {
  const companyId = input.companyId ?? ctx.companyId;
  const id = await deps.db.transaction(async (tx) => {
    const [company] = await tx
      .select()
      .from(companies)
      .where(and(eq(companies.id, companyId), scoped(ctx, companies.tenantId, companies.id)));
    if (!company) throw notFound('Company');
    const [dup] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.companyId, companyId), eq(roles.name, input.name)));
    if (dup) throw conflict(refusal('refusals.roleExists', { name: input.name }));
    const [role] = await tx
      .insert(roles)
      .values({
        tenantId: ctx.tenantId,
        companyId,
        name: input.name,
        description: input.description,
        companyType: companyTypeOf(company.audience as Audience),
      })
      .returning();
    await audit(tx, ctx, 'role', role.id, 'create', null, role);
    return role.id;
  });
  return getRole(deps, ctx, id);
}

export async function updateRole(deps: Deps, ctx: RequestContext, id: number, input: z.infer<typeof roleUpdateSchema>) {
  await deps.db.transaction(async (tx) => {
    const before = await roleInScope(tx, ctx, id);
    if (before.isSystem && input.name && input.name !== before.name)
      throw businessRule(refusal('refusals.systemRoleRename', { role: before.name }));
    const [after] = await tx
      .update(roles)
      .set({ ...input, updatedAt: deps.now().toISOString() })
      .where(eq(roles.id, id))
      .returning();
    await audit(tx, ctx, 'role', id, 'update', before, after);
  });
  deps.principals.invalidate();
  return getRole(deps, ctx, id);
}

export async function deleteRole(deps: Deps, ctx: RequestContext, id: number) {
  await deps.db.transaction(async (tx) => {
    const role = await roleInScope(tx, ctx, id);
    if (role.isSystem) throw businessRule(refusal('refusals.systemRoleDelete', { role: role.name }));
    const [{ n }] = await tx.select({ n: count() }).from(users).where(eq(users.roleId, id));
    if (Number(n) > 0) throw businessRule(refusal('refusals.roleHeld', { role: role.name, count: n }));
    await tx.delete(roles).where(eq(roles.id, id));
    await audit(tx, ctx, 'role', id, 'delete', role, null);
  });
  return { deleted: true };
}

/** The resources a role of the caller's company type (or of `companyId`) may be granted, with actions. */
export async function listResources(deps: Deps, ctx: RequestContext, companyId?: number) {
  let type: CompanyType = ctx.isClient ? 'client' : 'warehouse';
  if (companyId) {
    const [company] = await deps.db
      .select()
      .from(companies)
      .where(and(eq(companies.id, companyId), scoped(ctx, companies.tenantId, companies.id)));
    if (!company) throw notFound('Company');
    type = companyTypeOf(company.audience as Audience);
  }
  return grantableResources(type).map((resource) => ({ resource, actions: [...ACTIONS] }));
}

export async function listGrants(deps: Deps, ctx: RequestContext, roleId: number) {
  return (await getRole(deps, ctx, roleId)).grants;
}

export async function grant(deps: Deps, ctx: RequestContext, input: z.infer<typeof grantSchema>) {
  if (!isResource(input.resource)) throw badRequest(refusal('refusals.unknownResource', { resource: input.resource }));
  const row = await deps.db.transaction(async (tx) => {
    const role = await roleInScope(tx, ctx, input.roleId);
    if (!grantableResources(role.companyType as CompanyType).includes(input.resource as never)) {
      throw businessRule(
        refusal('refusals.resourceNotGrantable', { resource: input.resource, audience: role.companyType }),
      );
    }
    const [existing] = await tx
      .select()
      .from(roleResourceActions)
      .where(
        and(
          eq(roleResourceActions.roleId, role.id),
          eq(roleResourceActions.resource, input.resource),
          eq(roleResourceActions.action, input.action),
        ),
      );
    if (existing) return existing;
    const [created] = await tx
      .insert(roleResourceActions)
      .values({ tenantId: ctx.tenantId, roleId: role.id, resource: input.resource, action: input.action })
      .returning();
    await audit(tx, ctx, 'role_resource_action', created.id, 'grant', null, created);
    return created;
  });
  deps.principals.invalidate();
  return { id: row.id, roleId: row.roleId, resource: row.resource, action: row.action };
}

export async function revoke(deps: Deps, ctx: RequestContext, grantId: number) {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(roleResourceActions)
      .where(and(eq(roleResourceActions.id, grantId), eq(roleResourceActions.tenantId, ctx.tenantId)));
    if (!row) throw notFound('Grant');
    const role = await roleInScope(tx, ctx, row.roleId);
    if (role.isSystem && row.resource === 'all') throw businessRule(refusal('refusals.adminKeepsAll'));
    if (role.id === ctx.roleId && (row.resource === 'roleManagement' || row.resource === 'all')) {
      throw businessRule(refusal('refusals.ownRoleManagement'));
    }
    await tx.delete(roleResourceActions).where(eq(roleResourceActions.id, grantId));
    await audit(tx, ctx, 'role_resource_action', grantId, 'revoke', row, null);
  });
  deps.principals.invalidate();
  return { revoked: true };
}
