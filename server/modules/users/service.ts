/** Users of a company. Usernames are unique in the installation; deleting disables (history keeps its author). */
import { likeContains } from '../../http/like.js';
import { and, count, eq, exists, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { type PageRequest, pageOffset } from '../../../domain/paging.js';
import type { Action, Resource } from '../../../domain/permissions.js';
import { isResource, grantableResources, companyTypeOf } from '../../../domain/permissions.js';
import type { userCreateSchema, userListQuerySchema, userUpdateSchema } from '../../../domain/schemas/users.js';
import type { Deps, RequestContext } from '../../context.js';
import { audit } from '../../audit.js';
import { hashPassword } from '../../auth/passwords.js';
import { toUserData } from '../../auth/principal.js';
import { readTenantSetting } from '../../db/tenant-settings.js';
import type { DbOrTx } from '../../db/client.js';
import { companies, roleResourceActions, roles, userPermissions, users } from '../../db/schema/index.js';
import { badRequest, businessRule, conflict, notFound, refusal } from '../../http/errors.js';
import { paged } from '../../http/paging.js';
import { scoped } from '../../http/scope.js';
import { assertPasswordPolicy } from '../account/password-policy.js';
import { can } from '../../../domain/permissions.js';

const columns = {
  id: users.id,
  username: users.username,
  fullname: users.fullname,
  email: users.email,
  status: users.status,
  langKey: users.langKey,
  companyId: users.companyId,
  companyName: companies.name,
  accountNo: companies.accountNo,
  audience: companies.audience,
  roleId: users.roleId,
  roleName: roles.name,
  mfaEnabled: users.mfaEnabled,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};

function baseQuery(db: DbOrTx) {
  return db
    .select(columns)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .innerJoin(roles, eq(roles.id, users.roleId));
}

export async function listUsers(
  deps: Deps,
  ctx: RequestContext,
  page: PageRequest,
  q: z.infer<typeof userListQuerySchema>,
) {
  const conds: SQL[] = [scoped(ctx, users.tenantId, users.companyId)];
  if (q.companyId) conds.push(eq(users.companyId, q.companyId));
  if (q.status) conds.push(eq(users.status, q.status));
  if (q.q) {
    const like = likeContains(q.q);
    conds.push(or(ilike(users.username, like), ilike(users.fullname, like), ilike(users.email, like)) as SQL);
  }
  const where = and(...conds);
  return paged(
    page,
    baseQuery(deps.db).where(where).orderBy(users.username).limit(page.pageSize).offset(pageOffset(page)),
    deps.db.select({ total: count() }).from(users).where(where),
  );
}

export async function getUser(deps: Deps, ctx: RequestContext, id: number) {
  const [row] = await baseQuery(deps.db).where(and(eq(users.id, id), scoped(ctx, users.tenantId, users.companyId)));
  if (!row) throw notFound('User');
  return row;
}

/** The role must belong to the user's company: a client's user cannot get a warehouse role. */
async function assertRoleFor(tx: DbOrTx, ctx: RequestContext, roleId: number, companyId: number) {
  const [role] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.id, roleId), eq(roles.tenantId, ctx.tenantId)));
  if (!role) throw badRequest(refusal('refusals.noSuchRole'));
  if (role.companyId !== companyId) throw businessRule(refusal('refusals.roleOfOtherCompany', { role: role.name }));
  return role;
}

async function assertCompanyInScope(tx: DbOrTx, ctx: RequestContext, companyId: number) {
  const [company] = await tx
    .select()
    .from(companies)
    .where(and(eq(companies.id, companyId), scoped(ctx, companies.tenantId, companies.id)));
  if (!company) throw notFound('Company');
  return company;
}

export async function createUser(deps: Deps, ctx: RequestContext, input: z.infer<typeof userCreateSchema>) {
  const companyId = input.companyId ?? ctx.companyId;
  await assertPasswordPolicy(deps.db, ctx.tenantId, input.password);
  const passwordHash = await hashPassword(input.password);
  const id = await deps.db.transaction(async (tx) => {
    await assertCompanyInScope(tx, ctx, companyId);
    await assertRoleFor(tx, ctx, input.roleId, companyId);
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(or(eq(users.username, input.username), eq(users.email, input.email)));
    if (taken) throw conflict(refusal('refusals.usernameTaken'));
    const [user] = await tx
      .insert(users)
      .values({
        tenantId: ctx.tenantId,
        companyId,
        username: input.username,
        fullname: input.fullname,
        email: input.email,
        passwordHash,
        roleId: input.roleId,
        langKey: input.langKey ?? (await readTenantSetting(tx, ctx.tenantId, 'DEFAULT_LOCALE')),
      })
      .returning();
    await audit(tx, ctx, 'user', user.id, 'create', null, user);
    return user.id;
  });
  return getUser(deps, ctx, id);
}

export async function updateUser(deps: Deps, ctx: RequestContext, id: number, input: z.infer<typeof userUpdateSchema>) {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), scoped(ctx, users.tenantId, users.companyId)));
    if (!before) throw notFound('User');
    if (input.roleId) await assertRoleFor(tx, ctx, input.roleId, before.companyId);
    if (id === ctx.userId && input.status && input.status !== 'active')
      throw businessRule(refusal('refusals.ownAccountDisable'));
    if (id === ctx.userId && input.roleId && input.roleId !== before.roleId)
      throw businessRule(refusal('refusals.ownRoleChange'));
    if (input.email && input.email !== before.email) {
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
      if (taken) throw conflict(refusal('refusals.emailTaken'));
    }
    const [after] = await tx
      .update(users)
      .set({ ...input, updatedAt: deps.now().toISOString() })
      .where(eq(users.id, id))
      .returning();
    await audit(tx, ctx, 'user', id, 'update', before, after);
  });
  deps.principals.invalidate();
  return getUser(deps, ctx, id);
}

export async function disableUser(deps: Deps, ctx: RequestContext, id: number) {
  if (id === ctx.userId) throw businessRule(refusal('refusals.ownAccountDelete'));
  return updateUser(deps, ctx, id, { status: 'disabled' });
}

/** Individually granted permission keys (the user-extended menu entries). */
export async function setUserPermissions(
  deps: Deps,
  ctx: RequestContext,
  id: number,
  permissions: { resource: string; action: Action }[],
) {
  const user = await getUser(deps, ctx, id);
  const grantable = grantableResources(companyTypeOf(user.audience as never));
  for (const p of permissions) {
    if (!isResource(p.resource)) throw badRequest(refusal('refusals.unknownResource', { resource: p.resource }));
    if (!grantable.includes(p.resource))
      throw businessRule(refusal('refusals.resourceNotGrantable', { resource: p.resource, audience: user.audience }));
  }
  await deps.db.transaction(async (tx) => {
    const before = await tx.select().from(userPermissions).where(eq(userPermissions.userId, id));
    await tx.delete(userPermissions).where(eq(userPermissions.userId, id));
    if (permissions.length) {
      await tx
        .insert(userPermissions)
        .values(
          permissions.map((p) => ({ tenantId: ctx.tenantId, userId: id, resource: p.resource, action: p.action })),
        );
    }
    await audit(tx, ctx, 'user_permissions', id, 'update', before, permissions);
  });
  deps.principals.invalidate();
  return listUserPermissions(deps, ctx, id);
}

export async function listUserPermissions(deps: Deps, ctx: RequestContext, id: number) {
  await getUser(deps, ctx, id);
  return deps.db
    .select({ resource: userPermissions.resource, action: userPermissions.action })
    .from(userPermissions)
    .where(eq(userPermissions.userId, id));
}

export async function currentUser(deps: Deps, ctx: RequestContext) {
  // The guard has just loaded (or cached) this principal; writes invalidate the cache.
  const p = await deps.principals.get(ctx.userId);
  if (!p) throw notFound('User');
  return toUserData(p);
}

/** The roles the caller may give to users of their company (the "authorities"). */
export async function authorities(deps: Deps, ctx: RequestContext) {
  return deps.db
    .select({ id: roles.id, name: roles.name, companyId: roles.companyId, companyType: roles.companyType })
    .from(roles)
    .where(scoped(ctx, roles.tenantId, roles.companyId))
    .orderBy(roles.name);
}

/**
 * The active users of the caller's own company (in the caller's tenant) whose role — or own
 * permission keys — lets them change roles: roleManagement update or manage, or everything.
 */
export async function roleManagers(deps: Deps, ctx: RequestContext) {
  const grantsRoles = (resource: AnyPgColumn, action: AnyPgColumn) =>
    or(
      and(eq(resource, 'roleManagement'), inArray(action, ['update', 'manage'])),
      and(eq(resource, 'all'), eq(action, 'manage')),
    );
  const byRole = deps.db
    .select({ id: roleResourceActions.id })
    .from(roleResourceActions)
    .where(
      and(
        eq(roleResourceActions.roleId, users.roleId),
        eq(roleResourceActions.tenantId, ctx.tenantId),
        grantsRoles(roleResourceActions.resource, roleResourceActions.action),
      ),
    );
  const byUser = deps.db
    .select({ userId: userPermissions.userId })
    .from(userPermissions)
    .where(
      and(
        eq(userPermissions.userId, users.id),
        eq(userPermissions.tenantId, ctx.tenantId),
        grantsRoles(userPermissions.resource, userPermissions.action),
      ),
    );
  return deps.db
    .select({ id: users.id, username: users.username, fullname: users.fullname })
    .from(users)
    .where(
      and(
        eq(users.tenantId, ctx.tenantId),
        eq(users.companyId, ctx.companyId),
        eq(users.status, 'active'),
        or(exists(byRole), exists(byUser)),
      ),
    )
    .orderBy(users.fullname, users.username)
    .limit(20);
}

/** `x` is a resource key, or `resource:action`. */
export function hasAuthority(ctx: RequestContext, x: string): boolean {
  const [resource, action = 'read'] = x.split(':');
  if (!isResource(resource)) return false;
  return can(ctx.abilities, action as Action, resource as Resource);
}
