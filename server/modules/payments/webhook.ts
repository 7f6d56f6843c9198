/**
 * The card processor's webhook deliveries (POST /api/webhooks/payments/{tenantId}): the signature
 * is checked on the raw body with the tenant's signing secret, stale timestamps are refused, and
 * each event is kept once by its id however often it is delivered — so a forged, replayed or
 * repeated delivery changes nothing. Billing applies the kept events (label funds, invoices paid).
 */
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../context.js';
import { paymentEvents, tenants } from '../../db/schema/index.js';
import { badRequest, businessRule, notFound } from '../../http/errors.js';
import { SIGNATURE_HEADER, verifyWebhook } from '../../integrations/payments/webhooks.js';
import { applyPaymentEvent } from '../finance/events.js';
import { processorFor } from './processor.js';

export async function receiveWebhook(
  deps: Deps,
  tenantId: number,
  payload: string,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  const [tenant] = await deps.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) throw notFound('Tenant');
  const secret = await (await processorFor(deps, tenantId)).webhookSecret();
  if (!secret)
    throw businessRule('No webhook signing secret is known for this warehouse: enter it in Company Credentials');
  const checked = verifyWebhook(payload, signature, secret, Math.floor(deps.now().getTime() / 1000));
  if (!checked.ok) {
    console.info(`[payments] tenant ${tenantId}: webhook refused, nothing applied (${checked.reason})`);
    throw badRequest(`Webhook refused: ${checked.reason}`);
  }
  const { event } = checked;
  const objectId = typeof event.data.object.id === 'string' ? event.data.object.id : null;
  // Kept and applied to money in one transaction: applied exactly once, or not kept (retried).
  const duplicate = await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(paymentEvents)
      .values({ tenantId, eventId: event.id, type: event.type, objectId, data: event.data.object })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!inserted.length) return true;
    await applyPaymentEvent(tx, tenantId, event);
    await tx
      .update(paymentEvents)
      .set({ appliedAt: deps.now().toISOString() })
      .where(eq(paymentEvents.id, inserted[0].id));
    return false;
  });
  if (duplicate) console.info(`[payments] tenant ${tenantId}: event ${event.id} received before: ignored`);
  return { received: true, duplicate };
}

export async function eventsOf(deps: Deps, tenantId: number, type?: string) {
  return deps.db
    .select()
    .from(paymentEvents)
    .where(and(eq(paymentEvents.tenantId, tenantId), type ? eq(paymentEvents.type, type) : undefined));
}

export { SIGNATURE_HEADER };
