/**
 * Loads who a user is (company audience, role, abilities, extra permission keys) for the request
 * context and for userData. Cached briefly per user because every request needs it; any write to
 * users, roles or grants calls `invalidate()` so a change applies on the next request.
 */
import { and, eq } from 'drizzle-orm';
import type { Audience } from '../../domain/enums.js';
import { isClientAudience } from '../../domain/enums.js';
import type { Ability, Action, Resource } from '../../domain/permissions.js';
import { isResource } from '../../domain/permissions.js';
import { isLocale, type Locale, type UserData } from '../../domain/schemas/auth.js';
import type { Db, DbOrTx } from '../db/client.js';
import { readTenantSetting } from '../db/tenant-settings.js';
import { companies, roleResourceActions, roles, tenants, userPermissions, users } from '../db/schema/index.js';

export interface Principal {
  userId: number;
  tenantId: number;
  tenantKey: string;
  tenantStatus: string;
  companyId: number;
  companyName: string;
  companyStatus: string;
  accountNo: string;
  audience: Audience;
  username: string;
  fullname: string;
  email: string | null;
  status: string;
  roleId: number;
  roleName: string;
  abilities: Ability[];
  extendedResources: Resource[];
  mfaEnabled: boolean;
  /** The tenant's MFA_REQUIRED: without a second factor this user may only set one up. */
  mfaRequired: boolean;
  /** The language the user chose; null when not chosen yet. */
  langKey: Locale | null;
  platformAdmin: boolean;
}

export async function loadPrincipal(db: DbOrTx, userId: number): Promise<Principal | null> {
  const [row] = await db
    .select({
      user: users,
      roleName: roles.name,
      companyName: companies.name,
      companyStatus: companies.status,
      accountNo: companies.accountNo,
      audience: companies.audience,
      tenantKey: tenants.key,
      tenantStatus: tenants.status,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(eq(users.id, userId));
  if (!row) return null;
  const [grants, extra, mfaRequired] = await Promise.all([
    db
      .select({ resource: roleResourceActions.resource, action: roleResourceActions.action })
      .from(roleResourceActions)
      .where(and(eq(roleResourceActions.roleId, row.user.roleId), eq(roleResourceActions.tenantId, row.user.tenantId))),
    db
      .select({ resource: userPermissions.resource, action: userPermissions.action })
      .from(userPermissions)
      .where(eq(userPermissions.userId, userId)),
    readTenantSetting(db, row.user.tenantId, 'MFA_REQUIRED'),
  ]);
  const abilities: Ability[] = [...grants, ...extra].map((g) => ({
    action: g.action as Action,
    subject: g.resource === 'all' ? 'all' : (g.resource as Resource),
  }));
  return {
    userId: row.user.id,
    tenantId: row.user.tenantId,
    tenantKey: row.tenantKey,
    tenantStatus: row.tenantStatus,
    companyId: row.user.companyId,
    companyName: row.companyName,
    companyStatus: row.companyStatus,
    accountNo: row.accountNo,
    audience: row.audience as Audience,
    username: row.user.username,
    fullname: row.user.fullname,
    email: row.user.email,
    status: row.user.status,
    roleId: row.user.roleId,
    roleName: row.roleName,
    abilities,
    extendedResources: extra.map((e) => e.resource).filter(isResource),
    mfaEnabled: row.user.mfaEnabled,
    mfaRequired,
    langKey: isLocale(row.user.langKey) ? row.user.langKey : null,
    platformAdmin: row.user.platformAdmin,
  };
}

export function toUserData(p: Principal): UserData {
  return {
    id: p.userId,
    companyId: p.companyId,
    tenantId: p.tenantId,
    tenantKey: p.tenantKey,
    fullname: p.fullname,
    username: p.username,
    email: p.email,
    role: { roleName: p.roleName, id: p.roleId },
    ability: p.abilities,
    extendedResources: p.extendedResources,
    audience: p.audience,
    companyName: p.companyName,
    accountNo: p.accountNo,
    mfaEnabled: p.mfaEnabled,
    mfaSetupRequired: mfaSetupRequired(p),
    langKey: p.langKey,
  };
}

/** The tenant requires a second factor and this user has none yet. */
export const mfaSetupRequired = (p: Principal): boolean => p.mfaRequired && !p.mfaEnabled;

export const principalIsClient = (p: Principal): boolean => isClientAudience(p.audience);

export class PrincipalCache {
  private entries = new Map<number, { principal: Principal | null; at: number }>();
  constructor(
    private readonly db: Db,
    private readonly ttlMs = 5_000,
  ) {}

  async get(userId: number): Promise<Principal | null> {
    const hit = this.entries.get(userId);
    const now = Date.now();
    if (hit && now - hit.at < this.ttlMs) return hit.principal;
    const principal = await loadPrincipal(this.db, userId);
    this.entries.set(userId, { principal, at: now });
    return principal;
  }

  /** Called after a committed write that changes users, roles or grants. */
  invalidate(): void {
    this.entries.clear();
  }
}
