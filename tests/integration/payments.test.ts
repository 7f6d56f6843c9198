/**
 * The card processor (issue 17): the payments client against its sandbox over real HTTP on
 * loopback — a card saved on the hosted Checkout page (refusals shown on the page), off-session
 * charges applied once per Idempotency-Key, a card that saves but declines later, refunds within
 * what was paid; webhooks signed like the real provider's, checked by Dockside on the raw body and
 * kept once; forged, stale and other tenants' deliveries refused; throttling ridden through.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { PaymentsClient } from '../../server/integrations/payments/client.js';
import { signPayload } from '../../server/integrations/payments/webhooks.js';
import { ProviderFailure } from '../../server/integrations/http.js';
import { paymentEvents, paymentWebhooks } from '../../server/db/schema/index.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { ensureSandboxWebhook, processorFor, webhookPath } from '../../server/modules/payments/processor.js';

let s: TestServer;
let url: string;
let admin: string;
let tenantId: number;
let northTenant: number;

const key = () => `sk_test_${randomBytes(16).toString('hex')}`;
const clientWith = (secretKey = key(), fetchImpl?: typeof fetch) =>
  new PaymentsClient({ baseUrl: `${url}/sandbox/payments`, secretKey, sleep: async () => undefined, fetch: fetchImpl });
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as ProviderFailure,
  );

/** The cardholder on the hosted page: the card form posted as the browser would. */
async function payOnPage(pageUrl: string, card: { number: string; exp?: string; cvc?: string }) {
  return fetch(pageUrl, {
    method: 'POST',
    body: new URLSearchParams({
      number: card.number,
      exp: card.exp ?? '12 / 40',
      cvc: card.cvc ?? '123',
      name: 'Pat Doe',
    }),
    redirect: 'manual',
  });
}

beforeAll(async () => {
  s = await TestServer.start();
  url = await s.listen();
  clientOverrides.sleep = async () => undefined;
  admin = await s.token('demo.admin');
  tenantId = (await s.signIn('demo.admin')).userData.tenantId;
  northTenant = (await s.signIn('north.admin')).userData.tenantId;
});
afterAll(() => s.close());

describe('card payments against the sandbox', () => {
  let api: PaymentsClient;
  let customer: string;
  beforeAll(() => {
    api = clientWith();
  });

  it('saves a card on the hosted Checkout page; bad and declined cards are refused on the page', async () => {
    customer = (
      await api.createCustomer({ email: 'billing@acme.test', name: 'Acme Sellers', metadata: { companyId: '7' } })
    ).id;
    const session = await api.createCheckoutSession({
      mode: 'setup',
      customer,
      successUrl: 'http://localhost/apps/finance/customer/balances?session={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost/apps/finance/customer/balances',
    });
    expect(session).toMatchObject({ status: 'open', mode: 'setup', payment_status: 'no_payment_required' });
    const page = await fetch(session.url!);
    expect(await page.text()).toContain('Save a card');

    const typo = await payOnPage(session.url!, { number: '4242424242424241' });
    expect(typo.status).toBe(402);
    expect(await typo.text()).toContain('Your card number is invalid.');
    const past = await payOnPage(session.url!, { number: '4242424242424242', exp: '01 / 20' });
    expect(await past.text()).toContain('expiration year is in the past');
    const declined = await payOnPage(session.url!, { number: '4000 0000 0000 0002' });
    expect(await declined.text()).toContain('Your card was declined.');
    expect((await api.listCards(customer)).data).toEqual([]);

    const saved = await payOnPage(session.url!, { number: '4242 4242 4242 4242' });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`http://localhost/apps/finance/customer/balances?session=${session.id}`);
    expect(await api.getCheckoutSession(session.id)).toMatchObject({ status: 'complete' });
    const cards = (await api.listCards(customer)).data;
    expect(cards).toHaveLength(1);
    expect(cards[0].card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2040 });
    // The page is done: it cannot be used again.
    expect((await fetch(session.url!)).status).toBe(410);
  });

  it('charges the saved card once per idempotency key; refunds up to what was paid', async () => {
    const [card] = (await api.listCards(customer)).data;
    const charge = { amount: 2500, currency: 'usd', customer, paymentMethod: card.id, description: 'Label funds' };
    const paid = await api.charge(charge, 'topup-acme-1');
    expect(paid).toMatchObject({ status: 'succeeded', amount_received: 2500 });
    const retried = await api.charge(charge, 'topup-acme-1');
    expect(retried.id).toBe(paid.id);
    const misuse = await failure(api.charge({ ...charge, amount: 9900 }, 'topup-acme-1'));
    expect(misuse!.messages[0]).toMatch(/same parameters/);

    const refund = await api.refund({ paymentIntent: paid.id, amount: 500 }, 'refund-1');
    expect(refund).toMatchObject({ status: 'succeeded', amount: 500 });
    const tooMuch = await failure(api.refund({ paymentIntent: paid.id, amount: 2100 }, 'refund-2'));
    expect(tooMuch!.status).toBe(400);
    expect(tooMuch!.messages[0]).toMatch(/greater than the unrefunded amount on the charge \(2000\)/);
    expect((await api.balance()).available[0].amount).toBe(2000);
    // Another account (key) sees none of it.
    expect((await failure(clientWith().getPaymentIntent(paid.id)))!.status).toBe(404);
  });

  it('a card that saves but declines later: the charge is refused in words, nothing is paid', async () => {
    const who = (await api.createCustomer({ name: 'Blue Fox' })).id;
    const session = await api.createCheckoutSession({
      mode: 'setup',
      customer: who,
      successUrl: 'http://localhost/ok',
      cancelUrl: 'http://localhost/no',
    });
    expect((await payOnPage(session.url!, { number: '4000000000000341' })).status).toBe(303);
    const [card] = (await api.listCards(who)).data;
    const refused = await failure(
      api.charge({ amount: 1000, currency: 'usd', customer: who, paymentMethod: card.id }, 'fox-1'),
    );
    expect(refused!.kind).toBe('refused');
    expect(refused!.status).toBe(402);
    expect(refused!.messages[0]).toBe('Card declined: the bank declined the card. Use another card or ask the bank.');
  });

  it('rides through throttling and says when the key is refused', async () => {
    let first = true;
    const throttledOnce: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      if (first) headers.set('x-sandbox-fault', 'throttle');
      first = false;
      return fetch(input, { ...init, headers });
    };
    const riding = clientWith(key(), throttledOnce);
    expect((await riding.balance()).object).toBe('balance');
    const bad = await failure(clientWith('sk_test_short').balance());
    expect(bad!.kind).toBe('auth');
    expect(bad!.messages[0]).toMatch(/does not accept the secret key: check Company Credentials/);
  });
});

describe('Checkout Sessions expire (issue 39)', () => {
  const now = () => Math.floor(s.started.deps.now().getTime() / 1000);
  const payment = (api: PaymentsClient, customer: string, expiresAt?: number) =>
    api.createCheckoutSession({
      mode: 'payment',
      customer,
      amount: 1200,
      currency: 'usd',
      successUrl: 'http://localhost/back',
      cancelUrl: 'http://localhost/back?cancelled=1',
      expiresAt,
    });

  it('expires_at: 24 hours by default, else 30 minutes to 24 hours; refused outside', async () => {
    const api = clientWith();
    const customer = (await api.createCustomer({ name: 'Expiry' })).id;
    const byDefault = await payment(api, customer);
    expect(byDefault.expires_at - now()).toBeGreaterThanOrEqual(24 * 3600 - 5);
    expect(byDefault.expires_at - now()).toBeLessThanOrEqual(24 * 3600);
    const hour = now() + 3600;
    expect((await payment(api, customer, hour)).expires_at).toBe(hour);
    for (const bad of [now() + 10 * 60, now() + 25 * 3600]) {
      const refused = await failure(payment(api, customer, bad));
      expect(refused!.status).toBe(400);
      expect(refused!.messages[0]).toMatch(/\(expires_at\).*between 30 minutes and 24 hours/);
    }
  });

  it('POST /v1/checkout/sessions/{id}/expire: an open session expires once (signed event), then cannot be paid', async () => {
    const api = clientWith();
    const customer = (await api.createCustomer({ name: 'Expire me' })).id;
    const session = await payment(api, customer);
    const expired = await api.expireCheckoutSession(session.id);
    expect(expired).toMatchObject({ id: session.id, status: 'expired', payment_status: 'unpaid', url: null });
    expect(await api.getCheckoutSession(session.id)).toMatchObject({ status: 'expired' });
    const again = await failure(api.expireCheckoutSession(session.id));
    expect(again!.status).toBe(400);
    expect(again!.messages[0]).toMatch(/Only Checkout Sessions with a status in \["open"\] can be expired/);
    expect((await fetch(session.url!)).status).toBe(410);
    expect((await payOnPage(session.url!, { number: '4242 4242 4242 4242' })).status).toBe(410);
    // A completed session is not expirable; an unknown one is missing.
    const paid = await payment(api, customer);
    expect((await payOnPage(paid.url!, { number: '4242 4242 4242 4242' })).status).toBe(303);
    expect((await failure(api.expireCheckoutSession(paid.id)))!.status).toBe(400);
    expect((await failure(api.expireCheckoutSession('cs_test_nope')))!.status).toBe(404);
  });

  it('past its expires_at, an open session is expired when read or swept, and sends checkout.session.expired once', async () => {
    const secretKey = key();
    const api = clientWith(secretKey);
    const customer = (await api.createCustomer({ name: 'Sweep' })).id;
    const read = await payment(api, customer, now() + 35 * 60);
    const swept = await payment(api, customer, now() + 35 * 60);
    const realNow = s.started.deps.now;
    s.started.deps.now = () => new Date(Date.now() + 40 * 60_000);
    try {
      expect(await api.getCheckoutSession(read.id)).toMatchObject({ status: 'expired', url: null });
      const sweep = () =>
        fetch(`${url}/sandbox/payments/v1/sandbox/sweep`, {
          method: 'POST',
          headers: { authorization: `Bearer ${secretKey}` },
        }).then((r) => r.json() as Promise<{ data: string[] }>);
      expect((await sweep()).data).toEqual([swept.id]);
      expect((await sweep()).data).toEqual([]);
      expect((await fetch(swept.url!)).status).toBe(410);
    } finally {
      s.started.deps.now = realNow;
    }
    const listed = await fetch(`${url}/sandbox/payments/v1/events?type=checkout.session.expired`, {
      headers: { authorization: `Bearer ${secretKey}` },
    });
    const ids = ((await listed.json()).data as { data: { object: { id: string } } }[]).map((e) => e.data.object.id);
    expect(ids.sort()).toEqual([read.id, swept.id].sort());
  });
});

describe('webhooks into Dockside', () => {
  it('a payment on the hosted page reaches Dockside as signed events, kept once', async () => {
    await ensureSandboxWebhook(s.started.deps, tenantId);
    await ensureSandboxWebhook(s.started.deps, tenantId);
    expect(await s.db.select().from(paymentWebhooks).where(eq(paymentWebhooks.tenantId, tenantId))).toHaveLength(1);
    const { client } = await processorFor(s.started.deps, tenantId);
    const customer = (await client.createCustomer({ name: 'Acme Sellers' })).id;
    const session = await client.createCheckoutSession({
      mode: 'payment',
      customer,
      amount: 5000,
      currency: 'usd',
      description: 'Shipping label funds',
      saveCard: true,
      successUrl: 'http://localhost/ok',
      cancelUrl: 'http://localhost/no',
      metadata: { purpose: 'label_funds', companyId: '7' },
    });
    expect(await (await fetch(session.url!)).text()).toContain('Pay $50.00');
    expect((await payOnPage(session.url!, { number: '5555555555554444' })).status).toBe(303);
    const kept = await s.db.select().from(paymentEvents).where(eq(paymentEvents.tenantId, tenantId));
    expect(kept.map((e) => e.type).sort()).toEqual(['checkout.session.completed', 'payment_intent.succeeded']);
    const completed = kept.find((e) => e.type === 'checkout.session.completed')!;
    expect(completed.objectId).toBe(session.id);
    expect(completed.data).toMatchObject({ payment_status: 'paid', metadata: { purpose: 'label_funds' } });
    // The card was kept for later top-ups.
    expect((await client.listCards(customer)).data).toHaveLength(1);
  });

  it('forged, stale and repeated deliveries change nothing; another tenant’s door refuses them', async () => {
    const secret = (await (await processorFor(s.started.deps, tenantId)).webhookSecret())!;
    const event = {
      id: 'evt_test_repeat',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { id: 'pi_test_1', object: 'payment_intent', amount: 100 } },
    };
    const payload = JSON.stringify(event);
    const deliver = (path: string, signature: string) =>
      s.started.app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
    const now = Math.floor(Date.now() / 1000);
    const good = signPayload(payload, secret, now);
    const first = await deliver(webhookPath(tenantId), good);
    expect(first.status).toBe(200);
    expect((await first.json()).body).toEqual({ received: true, duplicate: false });
    const again = await deliver(webhookPath(tenantId), good);
    expect((await again.json()).body).toEqual({ received: true, duplicate: true });
    const rows = await s.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.tenantId, tenantId), eq(paymentEvents.eventId, 'evt_test_repeat')));
    expect(rows).toHaveLength(1);

    const forged = await deliver(webhookPath(tenantId), signPayload(payload, 'whsec_not_the_secret', now));
    expect(forged.status).toBe(400);
    expect((await forged.json()).meta.error_list[0].message).toMatch(/signature does not match/);
    const stale = await deliver(webhookPath(tenantId), signPayload(payload, secret, now - 3600));
    expect((await stale.json()).meta.error_list[0].message).toMatch(/too old/);
    const unsigned = await s.started.app.request(webhookPath(tenantId), { method: 'POST', body: payload });
    expect(unsigned.status).toBe(400);
    // North's door does not take Dockside-demo's signature: it has no secret yet, then its own.
    expect((await deliver(webhookPath(northTenant), good)).status).toBe(412);
    await ensureSandboxWebhook(s.started.deps, northTenant);
    expect((await deliver(webhookPath(northTenant), good)).status).toBe(400);
    expect((await deliver(webhookPath(999_999), good)).status).toBe(404);
  });

  it('Company Credentials tests the card processor with a real call', async () => {
    const tested = await s.post('/api/common/credentials/payments/test', {}, admin);
    expect(tested.status).toBe(200);
    expect(tested.body).toEqual({
      ok: true,
      message: expect.stringMatching(/local sandbox.*available balance 50\.00 USD/),
    });
  });
});
