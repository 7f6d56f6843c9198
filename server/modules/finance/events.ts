/**
 * The card processor's events, applied to money (called by the payments webhook, in the same
 * database transaction that keeps the event once by its id — so a replayed delivery never reaches
 * here, and a failure here leaves the event unkept for the processor's retry):
 * - checkout.session.completed (paid) / payment_intent.succeeded: the pending deposit or invoice
 *   payment succeeds, exactly once (the second of the two events finds it done);
 * - payment_intent.payment_failed: a pending one is marked failed (the payer may still retry on the
 *   same card page; a later success wins);
 * - checkout.session.expired: the card page was never paid and can no longer be: a pending deposit
 *   or invoice payment becomes failed with an 'expired' audit row, once (a replay, the expiry job or
 *   the payer's return find it no longer pending). Never after a success; a failed card attempt
 *   stays failed. A completed payment reported after the expiry (the processor does not complete an
 *   expired session, so only a late or disordered delivery) still wins: the money was taken.
 * - charge.refunded: refunds are recorded when Dockside asks for them; nothing to do.
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { financeAudit, financeTransactions } from '../../db/schema/index.js';
import { applyInvoicePayment, auditFinance } from './common.js';

export interface ProcessorEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown> };
}

type Row = typeof financeTransactions.$inferSelect;
const str = (v: unknown) => (typeof v === 'string' ? v : null);
const log = (message: string) => console.info(`[finance] ${message}`);

async function byRef(tx: DbOrTx, tenantId: number, ref: string): Promise<Row | undefined> {
  const [row] = await tx
    .select()
    .from(financeTransactions)
    .where(and(eq(financeTransactions.tenantId, tenantId), eq(financeTransactions.processorRef, ref)))
    .for('update');
  return row;
}

async function byMetadata(tx: DbOrTx, tenantId: number, object: Record<string, unknown>): Promise<Row | undefined> {
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  const id = Number(str(metadata.transactionId));
  if (!Number.isInteger(id) || id < 1 || str(metadata.tenantId) !== String(tenantId)) return undefined;
  const [row] = await tx
    .select()
    .from(financeTransactions)
    .where(and(eq(financeTransactions.tenantId, tenantId), eq(financeTransactions.id, id)))
    .for('update');
  return row;
}

/** The audit action (and the reason) of a checkout that expired unpaid; the screens look for it. */
export const EXPIRED_ACTION = 'expired';
export const EXPIRED_REASON = 'The card page expired before it was paid: nothing was charged';

async function expiredBefore(tx: DbOrTx, row: Row): Promise<boolean> {
  const [seen] = await tx
    .select({ id: financeAudit.id })
    .from(financeAudit)
    .where(
      and(
        eq(financeAudit.tenantId, row.tenantId),
        eq(financeAudit.entity, 'transaction'),
        eq(financeAudit.entityId, row.id),
        eq(financeAudit.action, EXPIRED_ACTION),
      ),
    )
    .limit(1);
  return !!seen;
}

/** A pending card deposit or payment whose card page expired: failed, with an 'expired' audit row. */
async function expire(tx: DbOrTx, row: Row, event: Pick<ProcessorEvent, 'id'>, reason = EXPIRED_REASON) {
  if (row.kind !== 'deposit' && row.kind !== 'payment')
    return log(`event ${event.id}: transaction ${row.id} is a ${row.kind}: ignored`);
  if (row.status !== 'pending')
    return log(`event ${event.id}: transaction ${row.id} is ${row.status}, not pending: not expired`);
  await tx
    .update(financeTransactions)
    .set({ status: 'failed', updatedAt: new Date().toISOString() })
    .where(eq(financeTransactions.id, row.id));
  await auditFinance(tx, {
    tenantId: row.tenantId,
    entity: 'transaction',
    entityId: row.id,
    action: EXPIRED_ACTION,
    amountCents: row.amountCents,
    reason,
  });
}

async function succeed(
  tx: DbOrTx,
  row: Row,
  event: Pick<ProcessorEvent, 'id'>,
  amount: unknown,
  reason = `Processor event ${event.id}`,
): Promise<void> {
  if (row.kind !== 'deposit' && row.kind !== 'payment')
    return log(`event ${event.id}: transaction ${row.id} is a ${row.kind}: ignored`);
  if (row.status === 'succeeded') return log(`event ${event.id}: transaction ${row.id} succeeded already: ignored`);
  if (typeof amount === 'number' && amount !== row.amountCents)
    return log(`event ${event.id}: amount ${amount} is not transaction ${row.id}'s ${row.amountCents}: ignored`);
  const afterExpiry = row.status === 'failed' && (await expiredBefore(tx, row));
  if (afterExpiry) log(`event ${event.id}: transaction ${row.id} was paid after its card page expired: applied`);
  await tx
    .update(financeTransactions)
    .set({ status: 'succeeded', updatedAt: new Date().toISOString() })
    .where(eq(financeTransactions.id, row.id));
  if (row.kind === 'payment' && row.invoiceId) {
    await applyInvoicePayment(tx, row.tenantId, row.invoiceId, row.amountCents);
    await auditFinance(tx, {
      tenantId: row.tenantId,
      entity: 'invoice',
      entityId: row.invoiceId,
      action: 'payment',
      amountCents: row.amountCents,
      reason: `Card payment (transaction ${row.id})`,
    });
  }
  await auditFinance(tx, {
    tenantId: row.tenantId,
    entity: 'transaction',
    entityId: row.id,
    action: 'succeeded',
    amountCents: row.amountCents,
    // The processor took the money after the warehouse voided the open card page: money is truth.
    reason:
      row.status === 'voided'
        ? 'The card processor took the payment after the void'
        : afterExpiry
          ? 'The card processor took the payment after the card page expired'
          : reason,
  });
}

export async function applyPaymentEvent(tx: DbOrTx, tenantId: number, event: ProcessorEvent): Promise<void> {
  const object = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed': {
      if (object.payment_status !== 'paid') return;
      const ref = str(object.id);
      const row = (ref && (await byRef(tx, tenantId, ref))) || (await byMetadata(tx, tenantId, object));
      if (!row) return log(`event ${event.id}: no transaction for checkout ${ref}: ignored`);
      return succeed(tx, row, event, object.amount_total);
    }
    case 'checkout.session.expired': {
      const ref = str(object.id);
      const row = (ref && (await byRef(tx, tenantId, ref))) || (await byMetadata(tx, tenantId, object));
      if (!row) return log(`event ${event.id}: no transaction for checkout ${ref}: ignored`);
      // Another card page of the same transaction (not the one it waits on) expiring changes nothing.
      if (ref && row.processorRef && row.processorRef !== ref)
        return log(`event ${event.id}: transaction ${row.id} waits on ${row.processorRef}, not ${ref}: ignored`);
      return expire(tx, row, event);
    }
    case 'payment_intent.succeeded': {
      const row = await byMetadata(tx, tenantId, object);
      if (!row) return;
      return succeed(tx, row, event, object.amount_received ?? object.amount);
    }
    case 'payment_intent.payment_failed': {
      const row = await byMetadata(tx, tenantId, object);
      if (!row || row.status !== 'pending') return;
      const error = (object.last_payment_error ?? {}) as Record<string, unknown>;
      await tx
        .update(financeTransactions)
        .set({ status: 'failed', updatedAt: new Date().toISOString() })
        .where(eq(financeTransactions.id, row.id));
      await auditFinance(tx, {
        tenantId,
        entity: 'transaction',
        entityId: row.id,
        action: 'failed',
        amountCents: row.amountCents,
        reason: [str(error.code), str(error.decline_code)].filter(Boolean).join(': ') || 'The card payment failed',
      });
      return;
    }
    default:
      return;
  }
}

/**
 * The payer is back but no webhook came (a lost delivery, a server the processor cannot reach):
 * the checkout session as the processor tells it now is applied like its completed event — once.
 */
export async function applyPaidSession(
  tx: DbOrTx,
  tenantId: number,
  session: { id: string; status: string; payment_status: string; amount_total: number | null },
): Promise<boolean> {
  if (session.status !== 'complete' || session.payment_status !== 'paid') return false;
  const row = await byRef(tx, tenantId, session.id);
  if (!row || row.status === 'succeeded') return false;
  await succeed(tx, row, { id: session.id }, session.amount_total, 'Confirmed with the card processor');
  return true;
}

/**
 * A checkout the processor says expired (read by the payer's return or the expiry job, its event
 * lost or late): applied like its `checkout.session.expired` event — once, and only while pending.
 */
export async function applyExpiredSession(
  tx: DbOrTx,
  tenantId: number,
  session: { id: string; status: string },
): Promise<boolean> {
  if (session.status !== 'expired') return false;
  const row = await byRef(tx, tenantId, session.id);
  if (!row || row.status !== 'pending') return false;
  await expire(tx, row, { id: session.id });
  return true;
}

/** A pending card transaction with no card page the processor knows of, past the page's life. */
export async function expireWithoutSession(tx: DbOrTx, tenantId: number, id: number, reason: string): Promise<boolean> {
  const [row] = await tx
    .select()
    .from(financeTransactions)
    .where(and(eq(financeTransactions.tenantId, tenantId), eq(financeTransactions.id, id)))
    .for('update');
  if (!row || row.status !== 'pending') return false;
  await expire(tx, row, { id: `transaction ${id}` }, reason);
  return true;
}
