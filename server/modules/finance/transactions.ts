/**
 * One money transaction (/apps/finance/transaction/:id): what it was, its refunds and its audit
 * trail; the warehouse voids a pending or manual one, or refunds a succeeded card payment or
 * deposit through the processor. Every change writes a finance_audit row in its transaction.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { can } from '../../../domain/permissions.js';
import type { RefundInput, Transaction, VoidInput } from '../../../domain/schemas/finance.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { companies, financeAudit, financeTransactions, invoices, users } from '../../db/schema/index.js';
import { businessRule, conflict, forbidden, notFound } from '../../http/errors.js';
import { ProviderFailure } from '../../integrations/http.js';
import { processorFor } from '../payments/processor.js';
import { apiErrorOf } from '../stores/connection.js';
import { applyInvoicePayment, auditFinance, FUND_CATEGORIES, labelBalanceOf } from './common.js';
import { drawParts } from './label-funds.js';

type Row = typeof financeTransactions.$inferSelect;

const isFunds = (row: Pick<Row, 'category'>) => (FUND_CATEGORIES as readonly string[]).includes(row.category ?? '');
const resourceOf = (row: Pick<Row, 'category'>): 'shippingLabelFunds' | 'invoiceList' =>
  isFunds(row) ? 'shippingLabelFunds' : 'invoiceList';

const canVoid = (row: Row) =>
  row.status === 'pending' || (row.status === 'succeeded' && row.method === 'manual' && row.kind === 'payment');
const canRefundKind = (row: Row) =>
  row.status === 'succeeded' && row.method === 'card' && (row.kind === 'payment' || row.kind === 'deposit');

/** The transaction in the caller's scope: another tenant's, or another client's for a client, is 404. */
async function rowInScope(db: DbOrTx, ctx: RequestContext, id: number, lock = false): Promise<Row> {
  const query = db
    .select()
    .from(financeTransactions)
    .where(
      and(
        eq(financeTransactions.id, id),
        eq(financeTransactions.tenantId, ctx.tenantId),
        ctx.isClient ? eq(financeTransactions.companyId, ctx.companyId) : undefined,
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Transaction');
  if (!can(ctx.abilities, 'read', resourceOf(row))) throw forbidden(`You need read permission on ${resourceOf(row)}`);
  return row;
}

/** Refunds of a transaction that hold money back (pending or succeeded). */
async function refundedOf(db: DbOrTx, row: Row): Promise<number> {
  const [r] = await db
    .select({ cents: sql<string>`coalesce(sum(${financeTransactions.amountCents}), 0)`.mapWith(Number) })
    .from(financeTransactions)
    .where(
      and(
        eq(financeTransactions.tenantId, row.tenantId),
        eq(financeTransactions.refundOf, row.id),
        eq(financeTransactions.kind, 'refund'),
        inArray(financeTransactions.status, ['pending', 'succeeded']),
      ),
    );
  return r?.cents ?? 0;
}

const iso = (s: string) => new Date(s).toISOString();

export async function getTransaction(deps: Deps, ctx: RequestContext, id: number): Promise<Transaction> {
  const row = await rowInScope(deps.db, ctx, id);
  const [company] = await deps.db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, row.companyId));
  const [invoice] = row.invoiceId
    ? await deps.db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, row.invoiceId))
    : [];
  const refunds = await deps.db
    .select()
    .from(financeTransactions)
    .where(
      and(
        eq(financeTransactions.tenantId, ctx.tenantId),
        eq(financeTransactions.refundOf, row.id),
        eq(financeTransactions.kind, 'refund'),
      ),
    )
    .orderBy(asc(financeTransactions.id));
  const refundedCents = refunds.filter((r) => r.status === 'succeeded').reduce((t, r) => t + r.amountCents, 0);
  const held = refunds.filter((r) => r.status === 'pending').reduce((t, r) => t + r.amountCents, 0);
  const audit = await deps.db
    .select({
      id: financeAudit.id,
      action: financeAudit.action,
      amountCents: financeAudit.amountCents,
      reason: financeAudit.reason,
      username: users.username,
      at: financeAudit.at,
    })
    .from(financeAudit)
    .leftJoin(users, eq(users.id, financeAudit.userId))
    .where(
      and(
        eq(financeAudit.tenantId, ctx.tenantId),
        eq(financeAudit.entity, 'transaction'),
        eq(financeAudit.entityId, row.id),
      ),
    )
    .orderBy(asc(financeAudit.at), asc(financeAudit.id));
  const refundable = canRefundKind(row) ? Math.max(0, row.amountCents - refundedCents - held) : 0;
  const warehouse = !ctx.isClient;
  const out: Transaction = {
    id: row.id,
    companyId: row.companyId,
    companyName: company?.name ?? '',
    invoiceId: row.invoiceId,
    invoiceNumber: invoice?.number ?? null,
    kind: row.kind as Transaction['kind'],
    category: row.category,
    method: row.method as Transaction['method'],
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status as Transaction['status'],
    refundOf: row.refundOf,
    sourceType: row.sourceType,
    sourceId: row.sourceId,
    note: row.note,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    refundedCents,
    refundableCents: refundable,
    refunds: refunds.map((r) => ({
      id: r.id,
      amountCents: r.amountCents,
      status: r.status,
      createdAt: iso(r.createdAt),
    })),
    audit: audit.map((a) => ({ ...a, username: a.username ?? null, at: iso(a.at) })),
    canVoid: warehouse && canVoid(row),
    canRefund: warehouse && refundable > 0,
  };
  if (warehouse) {
    out.processorRef = row.processorRef;
    if (row.kind === 'label_purchase' && row.sourceId) {
      const parts = await drawParts(deps.db, ctx.tenantId, row.sourceId);
      if (parts) Object.assign(out, parts);
    }
  }
  return out;
}

function mayChange(ctx: RequestContext, row: Row, what: string) {
  if (ctx.isClient) throw forbidden(`Only warehouse staff may ${what} a transaction`);
  if (!can(ctx.abilities, 'update', resourceOf(row)))
    throw forbidden(`You need update permission on ${resourceOf(row)}`);
}

/** Voids a pending transaction (an abandoned card page) or a manually recorded payment. */
export async function voidTransaction(deps: Deps, ctx: RequestContext, id: number, input: VoidInput) {
  await deps.db.transaction(async (tx) => {
    const row = await rowInScope(tx, ctx, id, true);
    mayChange(ctx, row, 'void');
    if (row.status === 'voided') throw conflict(`Transaction ${row.id} is voided already`);
    if (!canVoid(row))
      throw businessRule(
        row.method === 'card'
          ? 'A card payment that went through cannot be voided: refund it instead'
          : 'Only a pending transaction or a manually recorded payment can be voided',
      );
    await tx
      .update(financeTransactions)
      .set({ status: 'voided', updatedAt: deps.now().toISOString() })
      .where(eq(financeTransactions.id, row.id));
    if (row.status === 'succeeded' && row.invoiceId) {
      await applyInvoicePayment(tx, ctx.tenantId, row.invoiceId, -row.amountCents);
      await auditFinance(tx, {
        tenantId: ctx.tenantId,
        entity: 'invoice',
        entityId: row.invoiceId,
        action: 'payment-voided',
        amountCents: row.amountCents,
        reason: input.reason,
        userId: ctx.userId,
      });
    }
    await auditFinance(tx, {
      tenantId: ctx.tenantId,
      entity: 'transaction',
      entityId: row.id,
      action: 'void',
      amountCents: row.amountCents,
      reason: input.reason,
      userId: ctx.userId,
    });
  });
  return getTransaction(deps, ctx, id);
}

/**
 * Refunds (part of) a succeeded card payment or deposit: 1. under the original's row lock, the
 * amount is checked against what is left (pending refunds count) and a pending refund row is
 * written; 2. the processor refunds, with the refund row's id as idempotency key (a retry cannot
 * refund twice); 3. the refund succeeds and lowers the invoice's paid amount or the label funds —
 * or fails, and holds nothing back.
 */
export async function refundTransaction(deps: Deps, ctx: RequestContext, id: number, input: RefundInput) {
  const { refund, original } = await deps.db.transaction(async (tx) => {
    const row = await rowInScope(tx, ctx, id, true);
    mayChange(ctx, row, 'refund');
    if (!canRefundKind(row))
      throw businessRule(
        row.method === 'manual'
          ? 'A manually recorded payment is not refunded through the card processor: void it instead'
          : 'Only a succeeded card payment or deposit can be refunded',
      );
    const left = row.amountCents - (await refundedOf(tx, row));
    if (input.amountCents > left)
      throw businessRule(`A refund of ${input.amountCents} cents is more than what is left to refund (${left} cents)`);
    if (row.kind === 'deposit') {
      // The same lock a label draw takes: a refund and a label cannot both spend the last dollars.
      await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, row.companyId)).for('update');
      const [held] = await tx
        .select({ cents: sql<string>`coalesce(sum(${financeTransactions.amountCents}), 0)`.mapWith(Number) })
        .from(financeTransactions)
        .where(
          and(
            eq(financeTransactions.tenantId, ctx.tenantId),
            eq(financeTransactions.companyId, row.companyId),
            eq(financeTransactions.kind, 'refund'),
            eq(financeTransactions.category, 'DEPOSIT'),
            eq(financeTransactions.status, 'pending'),
          ),
        );
      const balance = (await labelBalanceOf(tx, ctx.tenantId, row.companyId)) - (held?.cents ?? 0);
      if (balance < input.amountCents)
        throw businessRule(
          `The label funds hold ${balance} cents: a refund of ${input.amountCents} cents would spend money already drawn by labels`,
        );
    }
    const [created] = await tx
      .insert(financeTransactions)
      .values({
        tenantId: ctx.tenantId,
        companyId: row.companyId,
        invoiceId: row.invoiceId,
        kind: 'refund',
        category: row.category,
        method: 'card',
        amountCents: input.amountCents,
        currency: row.currency,
        status: 'pending',
        refundOf: row.id,
        note: input.reason,
        createdBy: ctx.userId,
      })
      .returning();
    return { refund: created, original: row };
  });

  let processorRef: string;
  try {
    const { client } = await processorFor(deps, ctx.tenantId);
    const sessionId = original.processorRef ?? '';
    const intent = sessionId.startsWith('cs_')
      ? (await client.getCheckoutSession(sessionId)).payment_intent
      : sessionId || null;
    if (!intent) throw businessRule('The card processor holds no payment for this transaction');
    const done = await client.refund(
      { paymentIntent: intent, amount: input.amountCents, reason: 'requested_by_customer' },
      `dockside-${ctx.tenantId}-refund-${refund.id}`,
    );
    processorRef = done.id;
  } catch (err) {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(financeTransactions)
        .set({ status: 'failed', updatedAt: deps.now().toISOString() })
        .where(eq(financeTransactions.id, refund.id));
      await auditFinance(tx, {
        tenantId: ctx.tenantId,
        entity: 'transaction',
        entityId: original.id,
        action: 'refund-failed',
        amountCents: input.amountCents,
        reason: err instanceof ProviderFailure ? err.messages.join('; ') : (err as Error).message,
        userId: ctx.userId,
      });
    });
    throw err instanceof ProviderFailure ? apiErrorOf(err) : err;
  }

  await deps.db.transaction(async (tx) => {
    await tx
      .update(financeTransactions)
      .set({ status: 'succeeded', processorRef, updatedAt: deps.now().toISOString() })
      .where(eq(financeTransactions.id, refund.id));
    if (original.invoiceId) await applyInvoicePayment(tx, ctx.tenantId, original.invoiceId, -input.amountCents);
    for (const [entityId, action] of [
      [original.id, 'refund'],
      [refund.id, 'refund-issued'],
    ] as const)
      await auditFinance(tx, {
        tenantId: ctx.tenantId,
        entity: 'transaction',
        entityId,
        action,
        amountCents: input.amountCents,
        reason: input.reason,
        userId: ctx.userId,
      });
  });
  return getTransaction(deps, ctx, id);
}
