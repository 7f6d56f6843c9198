/**
 * The client company a request acts for: a client's users act for their own company (naming
 * another is "not found"); warehouse staff must name a client of their tenant. Used by every
 * module that records work for a client (inbound, problems, inventory reports), so it lives
 * below them.
 */
import { and, eq } from 'drizzle-orm';
import type { RequestContext } from '../context.js';
import type { DbOrTx } from '../db/client.js';
import { companies } from '../db/schema/index.js';
import { badRequest, notFound } from './errors.js';

export async function resolveClientCompany(tx: DbOrTx, ctx: RequestContext, companyId: number | undefined) {
  if (ctx.isClient) {
    if (companyId && companyId !== ctx.companyId) throw notFound('Company');
    companyId = ctx.companyId;
  }
  if (!companyId) throw badRequest('companyId: required for warehouse users');
  const [company] = await tx
    .select()
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.tenantId, ctx.tenantId)));
  if (!company) throw notFound('Company');
  if (company.isOwner) throw badRequest('companyId: must be a client company');
  return company;
}
