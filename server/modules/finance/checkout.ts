/**
 * Card money in: a label-funds deposit or an invoice payment opens the processor's hosted card
 * page; the webhook (events.ts) confirms it. Steps: 1. a pending transaction is written first (so a
 * crash after the processor answered leaves a row to find); 2. the processor's customer and
 * checkout session are created with the transaction's id in their metadata; 3. the session id is
 * kept as processorRef. A processor failure marks the transaction failed and answers in words.
 * Manual payments (mark-paid) are recorded at once.
 *
 * A card page lives CHECKOUT_LIFE_S (the processor's default, 24 hours). One never paid expires:
 * the processor's `checkout.session.expired` event, the payer's return (confirmCheckout) or — the
 * event lost — the `finance.expire-checkouts` job (expireStaleCheckouts) marks the pending
 * transaction failed with an 'expired' audit row, after asking the processor whether it was paid
 * after all (then the payment is applied instead). It no longer counts as pending, so paying again
 * opens a new card page.
 */
import { and, eq, inArray, isNull, like, lt, or, sql } from 'drizzle-orm';
import {
  MIN_CARD_PAYMENT_CENTS,
  type Checkout,
  type DepositInput,
  type MarkPaidInput,
  type PayInvoiceInput,
  type Transaction,
} from '../../../domain/schemas/finance.js';
import { can } from '../../../domain/permissions.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { financeTransactions, invoices, tenants } from '../../db/schema/index.js';
import { businessRule, forbidden, notFound } from '../../http/errors.js';
import { ProviderFailure } from '../../integrations/http.js';
import { ensureSandboxWebhook, processorFor } from '../payments/processor.js';
import { apiErrorOf } from '../stores/connection.js';
import { applyInvoicePayment, auditFinance, clientInScope, currencyOf } from './common.js';
import { applyExpiredSession, applyPaidSession, expireWithoutSession } from './events.js';
import { getTransaction } from './transactions.js';

const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

async function openCheckout(
  deps: Deps,
  ctx: RequestContext,
  row: typeof financeTransactions.$inferSelect,
  opts: { companyName: string; description: string; returnUrl: string; purpose: string },
): Promise<Checkout> {
  try {
    await ensureSandboxWebhook(deps, ctx.tenantId);
    const { client } = await processorFor(deps, ctx.tenantId);
    const metadata = {
      tenantId: String(ctx.tenantId),
      companyId: String(row.companyId),
      transactionId: String(row.id),
      purpose: opts.purpose,
    };
    const customer = await client.createCustomer(
      { name: opts.companyName, metadata },
      `dockside-${ctx.tenantId}-tx-${row.id}-customer`,
    );
    const session = await client.createCheckoutSession({
      mode: 'payment',
      customer: customer.id,
      amount: row.amountCents,
      currency: row.currency.toLowerCase(),
      description: opts.description,
      successUrl: withQuery(opts.returnUrl, `transactionId=${row.id}`),
      cancelUrl: withQuery(opts.returnUrl, `transactionId=${row.id}&cancelled=1`),
      metadata,
    });
    await deps.db
      .update(financeTransactions)
      .set({ processorRef: session.id, updatedAt: deps.now().toISOString() })
      .where(eq(financeTransactions.id, row.id));
    await auditFinance(deps.db, {
      tenantId: ctx.tenantId,
      entity: 'transaction',
      entityId: row.id,
      action: 'checkout-opened',
      amountCents: row.amountCents,
      userId: ctx.userId,
    });
    if (!session.url) throw new ProviderFailure('garbage', 'Card processor', 'checkout', ['No card page was given']);
    return { transactionId: row.id, checkoutUrl: session.url, amountCents: row.amountCents, currency: row.currency };
  } catch (err) {
    const message = err instanceof ProviderFailure ? err.messages.join('; ') : (err as Error).message;
    await deps.db
      .update(financeTransactions)
      .set({
        status: 'failed',
        note: `Card page not opened: ${message}`.slice(0, 500),
        updatedAt: deps.now().toISOString(),
      })
      .where(eq(financeTransactions.id, row.id));
    throw err instanceof ProviderFailure ? apiErrorOf(err) : err;
  }
}

/** A card deposit to the client's Shipping Label Funds: the hosted card page to send the payer to. */
export async function createDeposit(deps: Deps, ctx: RequestContext, input: DepositInput): Promise<Checkout> {
  const company = await clientInScope(deps.db, ctx, input.companyId);
  const currency = await currencyOf(deps.db, ctx.tenantId);
  const [row] = await deps.db
    .insert(financeTransactions)
    .values({
      tenantId: ctx.tenantId,
      companyId: company.id,
      kind: 'deposit',
      category: 'DEPOSIT',
      method: 'card',
      amountCents: input.amountCents,
      currency,
      status: 'pending',
      note: 'Shipping label funds deposit',
      createdBy: ctx.userId,
    })
    .returning();
  return openCheckout(deps, ctx, row, {
    companyName: company.name,
    description: 'Shipping label funds',
    returnUrl: input.returnUrl,
    purpose: 'label_funds',
  });
}

/** An invoice in the caller's scope (a client: its own; another's or another tenant's: 404). */
async function invoiceInScope(db: DbOrTx, ctx: RequestContext, id: number, lock = false) {
  const query = db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.id, id),
        eq(invoices.tenantId, ctx.tenantId),
        ctx.isClient ? eq(invoices.companyId, ctx.companyId) : undefined,
      ),
    );
  const [invoice] = lock ? await query.for('update') : await query;
  if (!invoice) throw notFound('Invoice');
  return invoice;
}

/** What is still owed, counting card payments already under way (not to pay twice at once). */
async function openBalance(db: DbOrTx, invoice: typeof invoices.$inferSelect): Promise<number> {
  const [pending] = await db
    .select({ cents: sql<string>`coalesce(sum(${financeTransactions.amountCents}), 0)`.mapWith(Number) })
    .from(financeTransactions)
    .where(
      and(
        eq(financeTransactions.tenantId, invoice.tenantId),
        eq(financeTransactions.invoiceId, invoice.id),
        eq(financeTransactions.kind, 'payment'),
        inArray(financeTransactions.status, ['pending']),
      ),
    );
  return invoice.totalCents - invoice.paidCents - (pending?.cents ?? 0);
}

function payable(invoice: typeof invoices.$inferSelect) {
  if (invoice.status === 'void') throw businessRule(`Invoice ${invoice.number} is void: nothing to pay`);
  if (invoice.paidCents >= invoice.totalCents) throw businessRule(`Invoice ${invoice.number} is paid already`);
}

/** Pays an invoice by card (client or warehouse): the hosted card page; the webhook confirms. */
export async function payInvoice(
  deps: Deps,
  ctx: RequestContext,
  invoiceId: number,
  input: PayInvoiceInput,
): Promise<Checkout> {
  const { row, companyName, number } = await deps.db.transaction(async (tx) => {
    const invoice = await invoiceInScope(tx, ctx, invoiceId, true);
    payable(invoice);
    const open = await openBalance(tx, invoice);
    const amount = input.amountCents ?? open;
    if (open <= 0) throw businessRule(`Invoice ${invoice.number} has a card payment under way for what is owed`);
    if (amount > open)
      throw businessRule(`A payment of ${amount} cents is more than the open balance of ${open} cents`);
    if (amount < MIN_CARD_PAYMENT_CENTS)
      throw businessRule(`The card processor takes no payment under ${MIN_CARD_PAYMENT_CENTS} cents`);
    const company = await clientInScope(tx, { ...ctx, isClient: false }, invoice.companyId);
    const [created] = await tx
      .insert(financeTransactions)
      .values({
        tenantId: ctx.tenantId,
        companyId: invoice.companyId,
        invoiceId: invoice.id,
        kind: 'payment',
        method: 'card',
        amountCents: amount,
        currency: invoice.currency,
        status: 'pending',
        note: `Invoice ${invoice.number}`,
        createdBy: ctx.userId,
      })
      .returning();
    return { row: created, companyName: company.name, number: invoice.number };
  });
  return openCheckout(deps, ctx, row, {
    companyName,
    description: `Invoice ${number}`,
    returnUrl: input.returnUrl,
    purpose: 'invoice',
  });
}

/** The warehouse records a payment it received otherwise (bank transfer, cheque). */
export async function markInvoicePaid(
  deps: Deps,
  ctx: RequestContext,
  invoiceId: number,
  input: MarkPaidInput,
): Promise<Transaction> {
  if (ctx.isClient || !can(ctx.abilities, 'update', 'invoiceList'))
    throw forbidden('Only warehouse staff may record a payment');
  const id = await deps.db.transaction(async (tx) => {
    const invoice = await invoiceInScope(tx, ctx, invoiceId, true);
    payable(invoice);
    const open = await openBalance(tx, invoice);
    if (input.amountCents > open)
      throw businessRule(`A payment of ${input.amountCents} cents is more than the open balance of ${open} cents`);
    const [row] = await tx
      .insert(financeTransactions)
      .values({
        tenantId: ctx.tenantId,
        companyId: invoice.companyId,
        invoiceId: invoice.id,
        kind: 'payment',
        method: 'manual',
        amountCents: input.amountCents,
        currency: invoice.currency,
        status: 'succeeded',
        note: input.note || `Invoice ${invoice.number} marked paid`,
        createdBy: ctx.userId,
      })
      .returning();
    await applyInvoicePayment(tx, ctx.tenantId, invoice.id, input.amountCents);
    await auditFinance(tx, {
      tenantId: ctx.tenantId,
      entity: 'transaction',
      entityId: row.id,
      action: 'mark-paid',
      amountCents: input.amountCents,
      reason: input.note ?? null,
      userId: ctx.userId,
    });
    await auditFinance(tx, {
      tenantId: ctx.tenantId,
      entity: 'invoice',
      entityId: invoice.id,
      action: 'payment',
      amountCents: input.amountCents,
      reason: input.note ?? null,
      userId: ctx.userId,
    });
    return row.id;
  });
  return getTransaction(deps, ctx, id);
}

/**
 * Back from the card page: a card transaction still pending is checked with the processor (the
 * webhook may be late or lost) and applied when paid. Anything else answers as it is.
 */
export async function confirmCheckout(deps: Deps, ctx: RequestContext, id: number): Promise<Transaction> {
  const seen = await getTransaction(deps, ctx, id);
  const [row] = await deps.db.select().from(financeTransactions).where(eq(financeTransactions.id, seen.id));
  if (row.status !== 'pending' || row.method !== 'card' || !row.processorRef?.startsWith('cs_')) return seen;
  try {
    const { client } = await processorFor(deps, ctx.tenantId);
    const session = await client.getCheckoutSession(row.processorRef);
    await deps.db.transaction(
      async (tx) =>
        (await applyPaidSession(tx, ctx.tenantId, session)) || applyExpiredSession(tx, ctx.tenantId, session),
    );
  } catch (err) {
    throw err instanceof ProviderFailure ? apiErrorOf(err) : err;
  }
  return getTransaction(deps, ctx, id);
}

/** How long a card page lives: the processor's default for a Checkout Session (24 hours). */
export const CHECKOUT_LIFE_S = 24 * 3600;
/** The job looks at a pending checkout only this long after its page's life (the processor's sweep runs first). */
const EXPIRY_GRACE_S = 15 * 60;

export interface ExpirySweep {
  tenantId: number;
  /** Pending card transactions past their page's life that were looked at. */
  checked: number;
  paid: number;
  expired: number;
  /** Still open at the processor (nothing done), or the processor could not be asked. */
  open: number;
  errors: string[];
}

/**
 * One tenant's pending card checkouts older than their page's life, their webhook lost: each is
 * asked of the processor first — paid: the payment is applied; expired (or open past its
 * expires_at: expired now at the processor, so it cannot be paid later): marked expired; unknown to
 * the processor or never opened: marked expired. Each in its own transaction, only while still
 * pending, so a re-run, two runs at once or a late event change nothing twice.
 */
export async function expireStaleCheckouts(deps: Deps, tenantId: number, now = deps.now()): Promise<ExpirySweep> {
  const cutoff = new Date(now.getTime() - (CHECKOUT_LIFE_S + EXPIRY_GRACE_S) * 1000).toISOString();
  const t = financeTransactions;
  const stale = await deps.db
    .select({ id: t.id, processorRef: t.processorRef })
    .from(t)
    .where(
      and(
        eq(t.tenantId, tenantId),
        eq(t.status, 'pending'),
        eq(t.method, 'card'),
        inArray(t.kind, ['deposit', 'payment']),
        or(isNull(t.processorRef), like(t.processorRef, 'cs\\_%')),
        lt(t.createdAt, cutoff),
      ),
    )
    .orderBy(t.id);
  const sweep: ExpirySweep = { tenantId, checked: stale.length, paid: 0, expired: 0, open: 0, errors: [] };
  if (!stale.length) return sweep;
  let client: Awaited<ReturnType<typeof processorFor>>['client'];
  try {
    client = (await processorFor(deps, tenantId)).client;
  } catch (err) {
    sweep.open = stale.length;
    sweep.errors.push((err as Error).message);
    return sweep;
  }
  for (const row of stale) {
    if (!row.processorRef) {
      // The card page was never opened (a crash before the processor answered): nothing to pay.
      if (
        await deps.db.transaction((tx) => expireWithoutSession(tx, tenantId, row.id, 'The card page was never opened'))
      )
        sweep.expired++;
      continue;
    }
    const ref = row.processorRef;
    try {
      let session = await client.getCheckoutSession(ref).catch((err: unknown) => {
        if (err instanceof ProviderFailure && err.status === 404) return null;
        throw err;
      });
      if (!session) {
        const done = await deps.db.transaction((tx) =>
          expireWithoutSession(tx, tenantId, row.id, 'The card processor does not know this card page'),
        );
        if (done) sweep.expired++;
        continue;
      }
      if (session.status === 'open' && session.expires_at * 1000 <= now.getTime()) {
        // Past its life but not swept yet: expire it at the processor first, so it cannot be paid later.
        session = await client
          .expireCheckoutSession(ref, `dockside-${tenantId}-tx-${row.id}-expire`)
          .catch(async (err: unknown) => {
            if (err instanceof ProviderFailure && err.status === 400) return client.getCheckoutSession(ref);
            throw err;
          });
      }
      const current = session;
      const outcome = await deps.db.transaction(async (tx) =>
        (await applyPaidSession(tx, tenantId, current))
          ? 'paid'
          : (await applyExpiredSession(tx, tenantId, current))
            ? 'expired'
            : current.status === 'open'
              ? 'open'
              : 'none',
      );
      if (outcome === 'paid') sweep.paid++;
      else if (outcome === 'expired') sweep.expired++;
      else if (outcome === 'open') sweep.open++;
    } catch (err) {
      sweep.open++;
      sweep.errors.push(
        `transaction ${row.id}: ${err instanceof ProviderFailure ? err.messages.join('; ') : (err as Error).message}`,
      );
    }
  }
  if (sweep.paid || sweep.expired)
    console.info(`[finance] tenant ${tenantId}: stale checkouts: ${sweep.paid} paid, ${sweep.expired} expired`);
  return sweep;
}

/** The `finance.expire-checkouts` job: every active tenant in turn (one's failure stops no other). */
export async function expireStaleCheckoutsEverywhere(deps: Deps, now = deps.now()) {
  const active = await deps.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.status, 'Active'));
  const results: ExpirySweep[] = [];
  for (const tenant of active) {
    try {
      results.push(await expireStaleCheckouts(deps, tenant.id, now));
    } catch (err) {
      results.push({ tenantId: tenant.id, checked: 0, paid: 0, expired: 0, open: 0, errors: [(err as Error).message] });
    }
  }
  return { tenants: results.filter((r) => r.checked || r.errors.length) };
}
