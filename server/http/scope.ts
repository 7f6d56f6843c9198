/** Scoping helpers: every query is limited to the caller's tenant, and clients to their company. */
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { can } from '../../domain/permissions.js';
import type { RequestContext } from '../context.js';

/** Whether the caller sees other companies' rows: warehouse staff with the clients ability. */
export const seesAllCompanies = (ctx: RequestContext): boolean =>
  !ctx.isClient && can(ctx.abilities, 'read', 'clients');

/** Tenant condition, plus the company condition for callers confined to their own company. */
export function scoped(
  ctx: RequestContext,
  tenantCol: PgColumn,
  companyCol?: PgColumn,
  allCompanies = seesAllCompanies(ctx),
): SQL {
  const tenant = eq(tenantCol, ctx.tenantId);
  if (!companyCol || allCompanies) return tenant;
  return and(tenant, eq(companyCol, ctx.companyId)) as SQL;
}
