/**
 * Issue 39, defect 4: an abandoned card checkout no longer stays pending for ever. The processor's
 * `checkout.session.expired` (signed, from the sandbox) marks the pending deposit or invoice
 * payment failed with an 'expired' audit row, once (a replay or a second event changes nothing),
 * never after a success; the expired page cannot be paid; a completed payment reported after the
 * expiry still wins (the money was taken). The `finance.expire-checkouts` job asks the processor
 * about checkouts whose webhook was lost: a paid one is applied, an unpaid one expired, once. Paying
 * again opens a new card page and works. Over real HTTP on loopback, as finance.test.ts.
 */
import '../helpers/fba.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { signPayload } from '../../server/integrations/payments/webhooks.js';
import { ProviderFailure } from '../../server/integrations/http.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { processorFor, webhookPath } from '../../server/modules/payments/processor.js';
import { expireStaleCheckoutsEverywhere } from '../../server/modules/finance/checkout.js';
import { QUEUES } from '../../server/jobs/catalogue.js';
import { seal } from '../../server/crypto/secret-box.js';
import {
  financeAudit,
  financeTransactions,
  invoices,
  paymentEvents,
  paymentWebhooks,
} from '../../server/db/schema/index.js';

let s: TestServer;
let tenantId: number;
let acme: number;
const tok: Record<string, string> = {};

const BAL = '/api/finance/customer/balances';
const TX = '/api/finance/transaction';
const RETURN = 'http://localhost/apps/finance/customer/balances';
const EXPIRED_REASON = 'The card page expired before it was paid: nothing was charged';

const payOnPage = (pageUrl: string, number = '4242 4242 4242 4242') =>
  fetch(pageUrl, {
    method: 'POST',
    body: new URLSearchParams({ number, exp: '12 / 40', cvc: '123', name: 'Casey Acme' }),
    redirect: 'manual',
  });
const txRow = async (id: number) =>
  (await s.db.select().from(financeTransactions).where(eq(financeTransactions.id, id)))[0];
const auditOf = async (id: number) =>
  await s.db
    .select({ action: financeAudit.action, reason: financeAudit.reason })
    .from(financeAudit)
    .where(and(eq(financeAudit.entity, 'transaction'), eq(financeAudit.entityId, id)))
    .orderBy(financeAudit.id);
const actionsOf = async (id: number) => (await auditOf(id)).map((a) => a.action);
const funds = async () => (await s.get(`${BAL}?pageSize=50`, tok.client)).body;
const processor = async () => (await processorFor(s.started.deps, tenantId)).client;

async function deposit(amountCents: number) {
  const res = await s.post(`${BAL}/deposit`, { amountCents, returnUrl: RETURN }, tok.client);
  expect(res.status, JSON.stringify(res.meta)).toBe(201);
  const opened = res.body as { transactionId: number; checkoutUrl: string };
  return { ...opened, ref: (await txRow(opened.transactionId)).processorRef! };
}

/** A delivery signed with the tenant's secret, as the processor would send it. */
async function deliver(payload: string) {
  const secret = (await (await processorFor(s.started.deps, tenantId)).webhookSecret())!;
  const res = await s.started.app.request(webhookPath(tenantId), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signPayload(payload, secret, Math.floor(s.started.deps.now().getTime() / 1000)),
    },
    body: payload,
  });
  return { status: res.status, body: ((await res.json()) as { body: { duplicate: boolean } }).body };
}
const eventJson = (id: string, type: string, object: Record<string, unknown>) =>
  JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });

/** Deliveries the processor makes while `lost` runs are refused by Dockside (a wrong signing secret). */
async function withLostWebhooks<T>(lost: () => Promise<T>): Promise<T> {
  const [row] = await s.db.select().from(paymentWebhooks).where(eq(paymentWebhooks.tenantId, tenantId));
  await s.db
    .update(paymentWebhooks)
    .set({ sealedSecret: seal(s.started.deps.config.jwtSecret, 'whsec_lost_in_transit') })
    .where(eq(paymentWebhooks.tenantId, tenantId));
  try {
    return await lost();
  } finally {
    await s.db
      .update(paymentWebhooks)
      .set({ sealedSecret: row.sealedSecret })
      .where(eq(paymentWebhooks.tenantId, tenantId));
  }
}

beforeAll(async () => {
  s = await TestServer.start();
  await s.listen();
  clientOverrides.sleep = async () => undefined;
  const admin = await s.signIn('demo.admin');
  tok.admin = admin.accessToken;
  tenantId = admin.userData.tenantId;
  const client = await s.signIn('demo.client');
  tok.client = client.accessToken;
  acme = client.userData.companyId;
});
afterAll(() => s?.close());

describe('the processor’s checkout.session.expired', () => {
  it('marks the pending deposit failed with an expired audit row, once; its page can no longer be paid', async () => {
    const opened = await deposit(1500);
    expect(await funds()).toMatchObject({ balanceCents: 0, pendingCents: 1500 });

    const expired = await (await processor()).expireCheckoutSession(opened.ref);
    expect(expired).toMatchObject({ id: opened.ref, status: 'expired', url: null, payment_status: 'unpaid' });
    // The sandbox signed and delivered the event; Dockside applied it.
    const [kept] = await s.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.tenantId, tenantId), eq(paymentEvents.type, 'checkout.session.expired')));
    expect(kept).toMatchObject({ objectId: opened.ref });
    expect(kept.appliedAt).toBeTruthy();
    expect((await txRow(opened.transactionId)).status).toBe('failed');
    expect(await auditOf(opened.transactionId)).toEqual([
      { action: 'checkout-opened', reason: null },
      { action: 'expired', reason: EXPIRED_REASON },
    ]);
    // No longer "being confirmed": nothing pending, nothing added.
    expect(await funds()).toMatchObject({ balanceCents: 0, pendingCents: 0 });
    expect((await funds()).content[0]).toMatchObject({ transactionId: opened.transactionId, status: 'failed' });

    // The same event again, and the processor telling it again under a new id: nothing changes.
    const payload = eventJson(kept.eventId, 'checkout.session.expired', kept.data as Record<string, unknown>);
    expect(await deliver(payload)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(
      await deliver(eventJson('evt_expired_again', 'checkout.session.expired', kept.data as Record<string, unknown>)),
    ).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await actionsOf(opened.transactionId)).toEqual(['checkout-opened', 'expired']);

    // The processor refuses to expire it twice, and its page is gone: the card cannot be charged.
    const twice = await (await processor()).expireCheckoutSession(opened.ref).then(
      () => null,
      (e: unknown) => e as ProviderFailure,
    );
    expect(twice).toBeInstanceOf(ProviderFailure);
    expect(twice!.status).toBe(400);
    expect((await fetch(opened.checkoutUrl)).status).toBe(410);
    expect((await payOnPage(opened.checkoutUrl)).status).toBe(410);

    // The payer back from the page: the screen reads failed, and why.
    const back = await s.post(`${TX}/${opened.transactionId}/confirm`, {}, tok.client);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: 'failed' });
    expect(back.body.audit.at(-1)).toMatchObject({ action: 'expired', reason: EXPIRED_REASON });
    expect(await actionsOf(opened.transactionId)).toEqual(['checkout-opened', 'expired']);
  });

  it('never after a success: a paid deposit stays succeeded', async () => {
    const opened = await deposit(1100);
    expect((await payOnPage(opened.checkoutUrl)).status).toBe(303);
    expect((await txRow(opened.transactionId)).status).toBe('succeeded');
    const late = eventJson('evt_expired_after_paid', 'checkout.session.expired', {
      id: opened.ref,
      object: 'checkout.session',
      status: 'expired',
      metadata: { tenantId: String(tenantId), transactionId: String(opened.transactionId) },
    });
    expect((await deliver(late)).status).toBe(200);
    expect((await txRow(opened.transactionId)).status).toBe('succeeded');
    expect(await actionsOf(opened.transactionId)).toEqual(['checkout-opened', 'succeeded']);
    // The processor will not expire a completed session either.
    const refused = await (await processor()).expireCheckoutSession(opened.ref).catch((e: unknown) => e);
    expect((refused as ProviderFailure).status).toBe(400);
    expect(await funds()).toMatchObject({ balanceCents: 1100, pendingCents: 0 });
  });

  it('a completed payment reported after the expiry still wins (the money was taken), once', async () => {
    const opened = await deposit(700);
    await (await processor()).expireCheckoutSession(opened.ref);
    expect((await txRow(opened.transactionId)).status).toBe('failed');
    const completed = eventJson('evt_completed_after_expiry', 'checkout.session.completed', {
      id: opened.ref,
      object: 'checkout.session',
      status: 'complete',
      payment_status: 'paid',
      amount_total: 700,
      metadata: { tenantId: String(tenantId), transactionId: String(opened.transactionId) },
    });
    expect((await deliver(completed)).body.duplicate).toBe(false);
    expect((await deliver(completed)).body.duplicate).toBe(true);
    expect((await txRow(opened.transactionId)).status).toBe('succeeded');
    expect((await auditOf(opened.transactionId)).at(-1)).toEqual({
      action: 'succeeded',
      reason: 'The card processor took the payment after the card page expired',
    });
    expect(await actionsOf(opened.transactionId)).toEqual(['checkout-opened', 'expired', 'succeeded']);
    expect(await funds()).toMatchObject({ balanceCents: 1800, pendingCents: 0 });
  });

  it('paying again after an expiry opens a new card page and works', async () => {
    const first = await deposit(2500);
    await (await processor()).expireCheckoutSession(first.ref);
    const again = await deposit(2500);
    expect(again.transactionId).not.toBe(first.transactionId);
    expect(again.checkoutUrl).not.toBe(first.checkoutUrl);
    expect((await payOnPage(again.checkoutUrl)).status).toBe(303);
    expect((await txRow(again.transactionId)).status).toBe('succeeded');
    expect((await txRow(first.transactionId)).status).toBe('failed');
    expect(await funds()).toMatchObject({ balanceCents: 4300, pendingCents: 0 });
  });

  it('an invoice payment whose card page expired no longer blocks paying the invoice', async () => {
    const [{ id: invoiceId }] = await s.db
      .insert(invoices)
      .values({
        tenantId,
        companyId: acme,
        number: 9101,
        periodStart: '2026-09-01',
        periodEnd: '2026-09-30',
        currency: 'USD',
        subtotalCents: 6000,
        totalCents: 6000,
        dueOn: '2026-10-30',
      })
      .returning({ id: invoices.id });
    const pay = () => s.post(`/api/finance/invoice/${invoiceId}/pay`, { returnUrl: RETURN }, tok.client);
    const first = await pay();
    expect(first.status, JSON.stringify(first.meta)).toBe(201);
    // While its card page is open, the whole balance is under way.
    expect((await pay()).status).toBe(412);
    const ref = (await txRow(first.body.transactionId)).processorRef!;
    await (await processor()).expireCheckoutSession(ref);
    expect(await txRow(first.body.transactionId)).toMatchObject({ status: 'failed', kind: 'payment' });
    expect(await actionsOf(first.body.transactionId)).toEqual(['checkout-opened', 'expired']);

    const second = await pay();
    expect(second.status, JSON.stringify(second.meta)).toBe(201);
    expect(second.body.amountCents).toBe(6000);
    expect((await payOnPage(second.body.checkoutUrl)).status).toBe(303);
    const [paid] = await s.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(paid).toMatchObject({ paidCents: 6000, status: 'paid' });
  });
});

describe('the finance.expire-checkouts job (the webhook lost)', () => {
  it('is scheduled', () => {
    expect(QUEUES['finance.expire-checkouts']).toMatchObject({ policy: 'stately', cron: '50 * * * *' });
  });

  it('asks the processor: a paid checkout is applied, an unpaid one expired; once, tenant by tenant', async () => {
    const realNow = s.started.deps.now;
    const later = (hours: number) => () => new Date(Date.now() + hours * 3600_000);
    const { unpaid, paid, balanceBefore } = await withLostWebhooks(async () => {
      const balanceBefore = (await funds()).balanceCents;
      const unpaid = await deposit(1300);
      const paid = await deposit(1700);
      expect((await payOnPage(paid.checkoutUrl)).status).toBe(303);
      // No webhook reached Dockside: both still pending.
      expect((await txRow(unpaid.transactionId)).status).toBe('pending');
      expect((await txRow(paid.transactionId)).status).toBe('pending');
      return { unpaid, paid, balanceBefore };
    });
    try {
      // Within the card page's life nothing is asked.
      s.started.deps.now = later(23);
      const early = await expireStaleCheckoutsEverywhere(s.started.deps);
      expect(early.tenants.find((t) => t.tenantId === tenantId)).toBeUndefined();
      expect((await txRow(unpaid.transactionId)).status).toBe('pending');

      // A day and more later, the event of the unpaid page's expiry lost as well.
      s.started.deps.now = later(25);
      const run = await withLostWebhooks(() => expireStaleCheckoutsEverywhere(s.started.deps));
      expect(run.tenants.find((t) => t.tenantId === tenantId)).toMatchObject({
        checked: 2,
        paid: 1,
        expired: 1,
        open: 0,
        errors: [],
      });
      expect((await txRow(unpaid.transactionId)).status).toBe('failed');
      expect(await auditOf(unpaid.transactionId)).toEqual([
        { action: 'checkout-opened', reason: null },
        { action: 'expired', reason: EXPIRED_REASON },
      ]);
      expect((await txRow(paid.transactionId)).status).toBe('succeeded');
      expect((await auditOf(paid.transactionId)).at(-1)).toEqual({
        action: 'succeeded',
        reason: 'Confirmed with the card processor',
      });
      expect(await funds()).toMatchObject({ balanceCents: balanceBefore + 1700, pendingCents: 0 });

      // Again: nothing left to look at, nothing written twice.
      const rerun = await expireStaleCheckoutsEverywhere(s.started.deps);
      expect(rerun.tenants.find((t) => t.tenantId === tenantId)).toBeUndefined();
      expect(await actionsOf(unpaid.transactionId)).toEqual(['checkout-opened', 'expired']);
      expect(await actionsOf(paid.transactionId)).toEqual(['checkout-opened', 'succeeded']);
    } finally {
      s.started.deps.now = realNow;
    }
    // The lost events arriving at last (the processor's retry) change nothing.
    const late = await s.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.tenantId, tenantId), eq(paymentEvents.objectId, unpaid.ref)));
    expect(late).toEqual([]);
    expect(
      (
        await deliver(
          eventJson('evt_lost_expiry_at_last', 'checkout.session.expired', {
            id: unpaid.ref,
            object: 'checkout.session',
            status: 'expired',
            metadata: { tenantId: String(tenantId), transactionId: String(unpaid.transactionId) },
          }),
        )
      ).status,
    ).toBe(200);
    expect(await actionsOf(unpaid.transactionId)).toEqual(['checkout-opened', 'expired']);
  });
});
