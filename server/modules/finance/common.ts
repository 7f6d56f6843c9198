/** Shared pieces of the finance module: scope checks, the label-funds balance, invoice paid amounts, audit. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { companies, financeAudit, financeTransactions, invoices } from '../../db/schema/index.js';
import { readTenantSetting } from '../../db/tenant-settings.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';

/** Categories of the transactions that move Shipping Label Funds (spec §4 charge category). */
export const FUND_CATEGORIES = ['DEPOSIT', 'SHIPPING'] as const;

/** Kinds that put money into the label funds: a deposit, a voided label's draw given back. */
export const FUNDS_IN_KINDS: readonly string[] = ['deposit', 'label_refund'];

/** A transaction's effect on the label funds: + deposit or label refund, − label draw, − refund of a deposit. */
export const signedFundAmount = sql<number>`case when ${financeTransactions.kind} in ('deposit', 'label_refund') then ${financeTransactions.amountCents} else -${financeTransactions.amountCents} end`;

/** The client's label-funds balance: succeeded fund transactions only. */
export async function labelBalanceOf(db: DbOrTx, tenantId: number, companyId: number): Promise<number> {
  const [row] = await db
    .select({
      balance: sql<string>`coalesce(sum(${signedFundAmount}), 0)`.mapWith(Number),
    })
    .from(financeTransactions)
    .where(
      and(
        eq(financeTransactions.tenantId, tenantId),
        eq(financeTransactions.companyId, companyId),
        inArray(financeTransactions.category, [...FUND_CATEGORIES]),
        eq(financeTransactions.status, 'succeeded'),
      ),
    );
  return row?.balance ?? 0;
}

export async function currencyOf(db: DbOrTx, tenantId: number): Promise<string> {
  return String(await readTenantSetting(db, tenantId, 'CURRENCY'));
}

/**
 * The client company whose money this is: a client user's own (asking for another: 403), or the
 * one a warehouse user names (another tenant's, unknown or the warehouse's own company: 404).
 */
export async function clientInScope(
  db: DbOrTx,
  ctx: RequestContext,
  companyId: number | undefined,
): Promise<{ id: number; name: string }> {
  if (ctx.isClient && companyId !== undefined && companyId !== ctx.companyId)
    throw forbidden('You may only see your own company’s money');
  const id = ctx.isClient ? ctx.companyId : companyId;
  if (id === undefined) throw badRequest('companyId: pick a client');
  const [company] = await db
    .select({ id: companies.id, name: companies.name, isOwner: companies.isOwner })
    .from(companies)
    .where(and(eq(companies.id, id), eq(companies.tenantId, ctx.tenantId)));
  if (!company || company.isOwner) throw notFound('Client');
  return { id: company.id, name: company.name };
}

export async function auditFinance(
  db: DbOrTx,
  row: {
    tenantId: number;
    entity: 'transaction' | 'invoice';
    entityId: number;
    action: string;
    amountCents?: number | null;
    reason?: string | null;
    userId?: number | null;
  },
): Promise<void> {
  await db.insert(financeAudit).values({
    tenantId: row.tenantId,
    entity: row.entity,
    entityId: row.entityId,
    action: row.action,
    amountCents: row.amountCents ?? null,
    reason: row.reason ?? null,
    userId: row.userId ?? null,
  });
}

/**
 * Moves an invoice's paid amount by `deltaCents` (+ a payment, − a refund or a voided payment):
 * paid when paidCents ≥ totalCents, issued again below it; a void invoice keeps its status.
 * The one place finance writes to invoices.
 */
export async function applyInvoicePayment(
  tx: DbOrTx,
  tenantId: number,
  invoiceId: number,
  deltaCents: number,
): Promise<void> {
  await tx
    .update(invoices)
    .set({
      paidCents: sql`${invoices.paidCents} + ${deltaCents}`,
      status: sql`case when ${invoices.status} = 'void' then 'void'
        when ${invoices.paidCents} + ${deltaCents} >= ${invoices.totalCents} then 'paid' else 'issued' end`,
    })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.tenantId, tenantId)));
}
