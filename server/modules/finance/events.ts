/**
 * The card processor's events, applied to money (called by the payments webhook, in the same
 * database transaction that keeps the event once by its id — so a replayed delivery never reaches
 * here, and a failure here leaves the event unkept for the processor's retry):
 * - checkout.session.completed (paid) / payment_intent.succeeded: the pending deposit or invoice
 *   payment succeeds, exactly once (the second of the two events finds it done);
 * - payment_intent.payment_failed: a pending one is marked failed (the payer may still retry on the
 *   same card page; a later success wins);
 * - charge.refunded: refunds are recorded when Dockside asks for them; nothing to do.
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { financeTransactions } from '../../db/schema/index.js';
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
    reason: row.status === 'voided' ? 'The card processor took the payment after the void' : reason,
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
