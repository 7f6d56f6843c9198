/**
 * Money (issue 21): Shipping Label Funds deposited by card on the sandbox's hosted page and
 * confirmed by its signed webhook (once, whatever is replayed or forged); label draws of cost +
 * upcharge (hand-computed), refused when short under ENFORCE_PAYMENT_METHOD; invoice payments by
 * card and marked paid; void and refund with their audit rows; tenancy; the upcharge never in a
 * client's answer. Over real HTTP on loopback (the sandbox delivers its webhooks to Dockside).
 */
import '../helpers/fba.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { signPayload } from '../../server/integrations/payments/webhooks.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { processorFor, webhookPath } from '../../server/modules/payments/processor.js';
import { drawLabelFunds } from '../../server/modules/finance/label-funds.js';
import { ApiError } from '../../server/http/errors.js';
import { charges, financeAudit, financeTransactions, invoices, paymentEvents } from '../../server/db/schema/index.js';
import { fieldRule, fieldRules } from '../helpers/refusals.js';

let s: TestServer;
let tenantId: number;
let acme: number;
let blueFox: number;
let adminId: number;
const tok: Record<string, string> = {};

const BAL = '/api/finance/customer/balances';
const TX = '/api/finance/transaction';
const RETURN = 'http://localhost/apps/finance/customer/balances';

/** The cardholder on the hosted page: the card form posted as the browser would. */
const payOnPage = (pageUrl: string, number = '4242 4242 4242 4242') =>
  fetch(pageUrl, {
    method: 'POST',
    body: new URLSearchParams({ number, exp: '12 / 40', cvc: '123', name: 'Casey Acme' }),
    redirect: 'manual',
  });

const txRow = async (id: number) =>
  (await s.db.select().from(financeTransactions).where(eq(financeTransactions.id, id)))[0];
const auditOf = async (id: number) =>
  (
    await s.db
      .select()
      .from(financeAudit)
      .where(and(eq(financeAudit.entity, 'transaction'), eq(financeAudit.entityId, id)))
  ).map((a) => a.action);
const balanceOf = async (companyId: number, token = tok.admin) =>
  (await s.get(`${BAL}?companyId=${companyId}&pageSize=50`, token)).body;

async function deposit(amountCents: number, token = tok.client, companyId?: number) {
  const res = await s.post(`${BAL}/deposit`, { amountCents, returnUrl: RETURN, companyId }, token);
  expect(res.status, JSON.stringify(res.meta)).toBe(201);
  return res.body as { transactionId: number; checkoutUrl: string; amountCents: number };
}

async function setFees(companyId: number, values: Record<string, unknown>) {
  const res = await s.put(`/api/settings/fees/company/${companyId}`, { values }, tok.admin);
  expect(res.status, JSON.stringify(res.meta)).toBe(200);
}

const draw = (companyId: number, labelId: string, costCents: number) =>
  s.db.transaction((tx) => drawLabelFunds(tx, { tenantId, companyId, labelId, costCents, userId: adminId }));

beforeAll(async () => {
  s = await TestServer.start();
  await s.listen();
  clientOverrides.sleep = async () => undefined;
  const admin = await s.signIn('demo.admin');
  tok.admin = admin.accessToken;
  tenantId = admin.userData.tenantId;
  adminId = admin.userData.userId ?? admin.userData.id;
  const client = await s.signIn('demo.client');
  tok.client = client.accessToken;
  acme = client.userData.companyId;
  const client2 = await s.signIn('demo.client2');
  tok.client2 = client2.accessToken;
  blueFox = client2.userData.companyId;
  tok.north = await s.token('north.admin');
  tok.receiver = await s.token('demo.receiver');
});
afterAll(() => s?.close());

let firstDeposit: number;

describe('Shipping Label Funds by card', () => {
  it('a deposit on the hosted card page is confirmed by the webhook and raises the balance', async () => {
    const opened = await deposit(5000);
    expect(opened.checkoutUrl).toMatch(/\/sandbox\/payments\/checkout\/cs_test_/);
    firstDeposit = opened.transactionId;
    const pending = (await s.get(BAL, tok.client)).body;
    expect(pending).toMatchObject({ companyId: acme, balanceCents: 0, pendingCents: 5000, currency: 'USD' });
    expect(pending.content[0]).toMatchObject({ kind: 'deposit', status: 'pending', amountCents: 5000 });

    expect(await (await fetch(opened.checkoutUrl)).text()).toContain('Pay $50.00');
    const paid = await payOnPage(opened.checkoutUrl);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${RETURN}?transactionId=${firstDeposit}`);

    const after = (await s.get(BAL, tok.client)).body;
    expect(after).toMatchObject({ balanceCents: 5000, pendingCents: 0, totalElements: 1 });
    expect(after.content[0]).toMatchObject({ status: 'succeeded', amountCents: 5000, runningBalanceCents: 5000 });
    // Both events (payment_intent.succeeded, checkout.session.completed) came: succeeded once.
    expect(await auditOf(firstDeposit)).toEqual(['checkout-opened', 'succeeded']);
    const applied = await s.db.select().from(paymentEvents).where(eq(paymentEvents.tenantId, tenantId));
    expect(applied.length).toBeGreaterThanOrEqual(2);
    expect(applied.every((e) => e.appliedAt)).toBe(true);
  });

  it('a declined card marks the deposit failed; another card on the same page then pays it', async () => {
    const opened = await deposit(2000);
    const declined = await payOnPage(opened.checkoutUrl, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect((await txRow(opened.transactionId)).status).toBe('failed');
    expect((await balanceOf(acme)).balanceCents).toBe(5000);
    expect((await payOnPage(opened.checkoutUrl)).status).toBe(303);
    expect((await txRow(opened.transactionId)).status).toBe('succeeded');
    expect(await auditOf(opened.transactionId)).toEqual(['checkout-opened', 'failed', 'succeeded']);
    expect((await balanceOf(acme)).balanceCents).toBe(7000);
  });

  it('a replayed webhook and a badly signed one change nothing', async () => {
    const opened = await deposit(3000);
    const row = await txRow(opened.transactionId);
    const secret = (await (await processorFor(s.started.deps, tenantId)).webhookSecret())!;
    const event = (id: string) =>
      JSON.stringify({
        id,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: {
          object: {
            id: row.processorRef,
            object: 'checkout.session',
            payment_status: 'paid',
            amount_total: 3000,
            metadata: { tenantId: String(tenantId), transactionId: String(row.id) },
          },
        },
      });
    const deliver = (payload: string, secret_: string) =>
      s.started.app.request(webhookPath(tenantId), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signPayload(payload, secret_, Math.floor(Date.now() / 1000)),
        },
        body: payload,
      });

    const forged = await deliver(event('evt_finance_forged'), 'whsec_not_the_secret');
    expect(forged.status).toBe(400);
    expect((await txRow(row.id)).status).toBe('pending');
    expect(await s.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_finance_forged'))).toHaveLength(
      0,
    );

    const payload = event('evt_finance_once');
    expect((await (await deliver(payload, secret)).json()).body).toEqual({ received: true, duplicate: false });
    expect((await balanceOf(acme)).balanceCents).toBe(10_000);
    expect((await (await deliver(payload, secret)).json()).body).toEqual({ received: true, duplicate: true });
    // The processor telling it again under a new event id: the deposit succeeded already.
    expect((await (await deliver(event('evt_finance_again'), secret)).json()).body.duplicate).toBe(false);
    expect((await balanceOf(acme)).balanceCents).toBe(10_000);
    expect(await auditOf(row.id)).toEqual(['checkout-opened', 'succeeded']);
  });

  it('refuses bad deposits with 400 and names the field', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await s.post(`${BAL}/deposit`, body, tok.client);
      expect(res.status).toBe(400);
      return fieldRules(res).join(' ');
    };
    expect(await bad({ amountCents: 99, returnUrl: RETURN })).toMatch(/amountCents: at least 100/);
    expect(await bad({ amountCents: 150.5, returnUrl: RETURN })).toMatch(/amountCents: a whole number/);
    expect(await bad({ amountCents: '500', returnUrl: RETURN })).toMatch(/amountCents/);
    expect(await bad({ amountCents: 500, returnUrl: 'javascript:alert(1)' })).toMatch(/returnUrl/);
    expect(await bad({ amountCents: 500 })).toMatch(/returnUrl/);
    for (const q of ['balanceType=FOO', 'beginDate=2026-13-45', 'beginDate=2026-11-02&endDate=2026-11-01'])
      expect((await s.get(`${BAL}?${q}`, tok.client)).status).toBe(400);
    // The warehouse names the client whose funds it means.
    expect((await s.get(BAL, tok.admin)).status).toBe(400);
  });
});

describe('label draws', () => {
  it('draws cost + upcharge (12.5%, at least 0.75), once per label, with its SHIPPING_LABEL charge', async () => {
    await setFees(acme, { SHIPPING_UPCHARGE_PERCENT: '12.5', SHIPPING_UPCHARGE_MINIMUM_DOLLAR: '0.75' });
    // 12.5% of 12.34 = 1.5425 → 1.54 (> 0.75): 12.34 + 1.54 = 13.88.
    const big = await draw(acme, 'L-1001', 1234);
    expect(big).toMatchObject({ costCents: 1234, upchargeCents: 154, totalCents: 1388, balanceCents: 8612 });
    // 12.5% of 4.00 = 0.50 < 0.75: 4.00 + 0.75 = 4.75.
    const small = await draw(acme, 'L-1002', 400);
    expect(small).toMatchObject({ upchargeCents: 75, totalCents: 475, balanceCents: 8137, duplicate: false });
    const again = await draw(acme, 'L-1002', 400);
    expect(again).toMatchObject({ transactionId: small.transactionId, totalCents: 475, duplicate: true });
    expect((await balanceOf(acme)).balanceCents).toBe(8137);

    const lines = await s.db.select().from(charges).where(eq(charges.code, 'SHIPPING_LABEL'));
    expect(
      lines.map((l) => [l.sourceId, l.amountCents, l.details.costCents, l.details.upchargeCents, l.settledBy]),
    ).toEqual([
      ['L-1001', 1388, 1234, 154, 'funds'],
      ['L-1002', 475, 400, 75, 'funds'],
    ]);
  });

  it('the statement: newest first, a running balance, filters by type and date', async () => {
    const all = await balanceOf(acme);
    expect(all.totalElements).toBe(5);
    expect(all.content.map((e: any) => [e.kind, e.amountCents, e.runningBalanceCents])).toEqual([
      ['label_purchase', -475, 8137],
      ['label_purchase', -1388, 8612],
      ['deposit', 3000, 10_000],
      ['deposit', 2000, 7000],
      ['deposit', 5000, 5000],
    ]);
    // The warehouse sees what each draw was made of.
    expect(all.content[0]).toMatchObject({ labelId: 'L-1002', costCents: 400, upchargeCents: 75 });
    const shipping = (await s.get(`${BAL}?companyId=${acme}&balanceType=SHIPPING`, tok.admin)).body;
    expect(shipping.totalElements).toBe(2);
    const deposits = (await s.get(`${BAL}?companyId=${acme}&balanceType=DEPOSIT&pageSize=5`, tok.admin)).body;
    expect(deposits.content.map((e: any) => e.kind)).toEqual(['deposit', 'deposit', 'deposit']);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await s.get(`${BAL}?companyId=${acme}&beginDate=${today}&endDate=${today}`, tok.admin)).body.totalElements,
    ).toBe(5);
    const past = await s.get(
      `${BAL}?companyId=${acme}&beginDate=2020-01-01&endDate=2020-01-31&stores=1&warehouseId=1`,
      tok.admin,
    );
    expect(past.body).toMatchObject({ totalElements: 0, content: [], balanceCents: 8137 });
    // Spec paging: pageSize 2 reads as 5, the smallest choice; page 2 of five lines is empty.
    const paged = (await s.get(`${BAL}?companyId=${acme}&pageSize=2&pageNumber=2`, tok.admin)).body;
    expect(paged).toMatchObject({ pageSize: 5, pageNumber: 2, totalElements: 5, content: [] });
  });

  it('the upcharge never reaches the client: totals only', async () => {
    const mine = await s.request('GET', `${BAL}?pageSize=50`, { token: tok.client });
    expect(mine.status).toBe(200);
    const text = JSON.stringify(mine.body);
    expect(text).not.toMatch(/upcharge|costCents/i);
    expect(mine.body.content[0]).toMatchObject({ kind: 'label_purchase', amountCents: -475 });
    const drawId = mine.body.content[0].transactionId;
    const one = await s.get(`${TX}/${drawId}`, tok.client);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ amountCents: 475, canVoid: false, canRefund: false });
    expect(JSON.stringify(one.body)).not.toMatch(/upcharge|costCents|processorRef/i);
    const seen = await s.get(`${TX}/${drawId}`, tok.admin);
    expect(seen.body).toMatchObject({ amountCents: 475, costCents: 400, upchargeCents: 75 });
  });

  it('ENFORCE_PAYMENT_METHOD refuses a label when funds are short (412); off, the label goes on the invoice and the funds stay whole', async () => {
    await setFees(blueFox, {
      SHIPPING_UPCHARGE_PERCENT: '0',
      SHIPPING_UPCHARGE_MINIMUM_DOLLAR: '0',
      ENFORCE_PAYMENT_METHOD: true,
    });
    const refused = await draw(blueFox, 'L-2001', 1000).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(412);
    expect((refused as ApiError).message).toMatch(
      /funds are short: the label costs 10\.00 USD and the balance is 0\.00 USD/,
    );
    expect((await balanceOf(blueFox)).totalElements).toBe(0);
    expect(await s.db.select().from(charges).where(eq(charges.sourceId, 'L-2001'))).toHaveLength(0);

    await setFees(blueFox, { ENFORCE_PAYMENT_METHOD: false });
    // Decision 0019: funds never go below zero; a label they cannot cover is billed instead.
    expect(await draw(blueFox, 'L-2001', 1000)).toMatchObject({
      paidFrom: 'invoice',
      transactionId: null,
      totalCents: 1000,
      balanceCents: 0,
    });
    expect(await balanceOf(blueFox)).toMatchObject({ balanceCents: 0, totalElements: 0, enforcePaymentMethod: false });
    const [onInvoice] = await s.db.select().from(charges).where(eq(charges.sourceId, 'L-2001'));
    expect(onInvoice).toMatchObject({ amountCents: 1000, settledBy: 'invoice', invoiceId: null });
    // Asked again: the same answer, nothing drawn or charged twice.
    expect(await draw(blueFox, 'L-2001', 1000)).toMatchObject({ paidFrom: 'invoice', duplicate: true });
    expect(await s.db.select().from(charges).where(eq(charges.sourceId, 'L-2001'))).toHaveLength(1);

    // Enforced with enough funds: allowed (Acme holds 81.37).
    await setFees(acme, { ENFORCE_PAYMENT_METHOD: true });
    expect(await draw(acme, 'L-1003', 100)).toMatchObject({ upchargeCents: 75, totalCents: 175, balanceCents: 7962 });
    const short = await draw(acme, 'L-1004', 1_000_000).catch((e: unknown) => e);
    expect((short as ApiError).status).toBe(412);
  });
});

describe('label draws at once', () => {
  it('two labels at once cannot both spend the last dollars (the client is locked)', async () => {
    await setFees(acme, {
      SHIPPING_UPCHARGE_PERCENT: '0',
      SHIPPING_UPCHARGE_MINIMUM_DOLLAR: '0',
      ENFORCE_PAYMENT_METHOD: true,
    });
    const before = (await balanceOf(acme)).balanceCents;
    const cost = Math.floor(before / 2) + 1;
    const results = await Promise.allSettled([draw(acme, 'L-RACE-1', cost), draw(acme, 'L-RACE-2', cost)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as ApiError).status).toBe(412);
    expect((await balanceOf(acme)).balanceCents).toBe(before - cost);
    // Take the race's label away again: the tests below count Acme's funds without it.
    const won = results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ transactionId: number }>;
    await s.db.delete(charges).where(eq(charges.sourceId, (await txRow(won.value.transactionId)).sourceId!));
    await s.db
      .delete(financeAudit)
      .where(and(eq(financeAudit.entity, 'transaction'), eq(financeAudit.entityId, won.value.transactionId)));
    await s.db.delete(financeTransactions).where(eq(financeTransactions.id, won.value.transactionId));
    await setFees(acme, { SHIPPING_UPCHARGE_PERCENT: '12.5', SHIPPING_UPCHARGE_MINIMUM_DOLLAR: '0.75' });
  });
});

describe('refunds and voids', () => {
  it('a refund above what was paid is refused (412); two partial refunds go through the processor', async () => {
    const tooMuch = await s.post(`${TX}/${firstDeposit}/refund`, { amountCents: 5001, reason: 'typo' }, tok.admin);
    expect(tooMuch.status).toBe(412);
    expect(fieldRule(tooMuch.meta.error_list[0])).toMatch(/more than what is left to refund \(5000 cents\)/);

    const one = await s.post(`${TX}/${firstDeposit}/refund`, { amountCents: 1000, reason: 'asked back' }, tok.admin);
    expect(one.status, JSON.stringify(one.meta)).toBe(200);
    expect(one.body).toMatchObject({ refundedCents: 1000, refundableCents: 4000, canRefund: true });
    const two = await s.post(`${TX}/${firstDeposit}/refund`, { amountCents: 1500, reason: 'asked again' }, tok.admin);
    expect(two.body).toMatchObject({ refundedCents: 2500, refundableCents: 2500 });
    expect(two.body.refunds.map((r: any) => [r.amountCents, r.status])).toEqual([
      [1000, 'succeeded'],
      [1500, 'succeeded'],
    ]);
    expect(two.body.audit.map((a: any) => [a.action, a.amountCents, a.reason, a.username])).toEqual([
      ['checkout-opened', 5000, null, 'demo.client'],
      ['succeeded', 5000, expect.stringMatching(/^Processor event evt_/), null],
      ['refund', 1000, 'asked back', 'demo.admin'],
      ['refund', 1500, 'asked again', 'demo.admin'],
    ]);
    const third = await s.post(`${TX}/${firstDeposit}/refund`, { amountCents: 2501, reason: 'x' }, tok.admin);
    expect(third.status).toBe(412);
    // The processor refunded what Dockside says: 25.00 of this payment.
    const refunds = await s.db.select().from(financeTransactions).where(eq(financeTransactions.refundOf, firstDeposit));
    expect(refunds.every((r) => r.processorRef?.startsWith('re_'))).toBe(true);
    // The refunds came off the label funds: 79.62 − 25.00.
    const bal = await balanceOf(acme);
    expect(bal.balanceCents).toBe(5462);
    expect(bal.content[0]).toMatchObject({ kind: 'refund', amountCents: -1500, runningBalanceCents: 5462 });
  });

  it('only the warehouse refunds or voids, only what may be, with a reason', async () => {
    expect((await s.post(`${TX}/${firstDeposit}/refund`, { amountCents: 100, reason: 'me' }, tok.client)).status).toBe(
      403,
    );
    expect((await s.post(`${TX}/${firstDeposit}/void`, { reason: 'me' }, tok.client)).status).toBe(403);
    expect((await s.post(`${TX}/${firstDeposit}/refund`, { amountCents: 100 }, tok.admin)).status).toBe(400);
    expect((await s.post(`${TX}/${firstDeposit}/refund`, { amountCents: 0, reason: 'x' }, tok.admin)).status).toBe(400);
    const cardVoid = await s.post(`${TX}/${firstDeposit}/void`, { reason: 'no' }, tok.admin);
    expect(cardVoid.status).toBe(412);
    expect(fieldRule(cardVoid.meta.error_list[0])).toMatch(/refund it instead/);
    const [labelDraw] = await s.db.select().from(financeTransactions).where(eq(financeTransactions.sourceId, 'L-1001'));
    expect((await s.post(`${TX}/${labelDraw.id}/refund`, { amountCents: 100, reason: 'x' }, tok.admin)).status).toBe(
      412,
    );
  });

  it('voids an abandoned card page with an audit row; a void twice is 409', async () => {
    const opened = await deposit(1200);
    expect((await s.post(`${TX}/${opened.transactionId}/void`, { reason: ' ' }, tok.admin)).status).toBe(400);
    const voided = await s.post(`${TX}/${opened.transactionId}/void`, { reason: 'abandoned' }, tok.admin);
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ status: 'voided', canVoid: false });
    expect(voided.body.audit.at(-1)).toMatchObject({ action: 'void', reason: 'abandoned', username: 'demo.admin' });
    expect((await s.post(`${TX}/${opened.transactionId}/void`, { reason: 'again' }, tok.admin)).status).toBe(409);
    expect((await balanceOf(acme)).pendingCents).toBe(0);
  });
});

describe('invoice payments', () => {
  let invoiceId: number;
  const invoice = async () => (await s.db.select().from(invoices).where(eq(invoices.id, invoiceId)))[0];
  beforeAll(async () => {
    [{ id: invoiceId }] = await s.db
      .insert(invoices)
      .values({
        tenantId,
        companyId: acme,
        number: 9001,
        periodStart: '2026-10-01',
        periodEnd: '2026-10-31',
        currency: 'USD',
        subtotalCents: 10_000,
        totalCents: 10_000,
        dueOn: '2026-11-30',
      })
      .returning({ id: invoices.id });
  });
  const P = (what: string) => `/api/finance/invoice/${invoiceId}/${what}`;

  it('marked paid by the warehouse (not above the open balance), then paid by card by the client', async () => {
    expect((await s.post(P('mark-paid'), { amountCents: 100 }, tok.client)).status).toBe(403);
    const over = await s.post(P('mark-paid'), { amountCents: 10_001, note: 'x' }, tok.admin);
    expect(over.status).toBe(412);
    const manual = await s.post(P('mark-paid'), { amountCents: 4000, note: 'bank transfer' }, tok.admin);
    expect(manual.status, JSON.stringify(manual.meta)).toBe(201);
    expect(manual.body).toMatchObject({ kind: 'payment', method: 'manual', status: 'succeeded', invoiceNumber: 9001 });
    expect(await invoice()).toMatchObject({ paidCents: 4000, status: 'issued' });

    expect((await s.post(P('pay'), { amountCents: 6001, returnUrl: RETURN }, tok.client)).status).toBe(412);
    expect((await s.post(P('pay'), { returnUrl: RETURN }, tok.client2)).status).toBe(404);
    const card = await s.post(P('pay'), { returnUrl: RETURN }, tok.client);
    expect(card.status).toBe(201);
    expect(card.body.amountCents).toBe(6000);
    // While that card page is open, the rest is not payable twice.
    expect((await s.post(P('mark-paid'), { amountCents: 100 }, tok.admin)).status).toBe(412);
    expect((await payOnPage(card.body.checkoutUrl)).status).toBe(303);
    expect(await invoice()).toMatchObject({ paidCents: 10_000, status: 'paid' });
    expect((await s.post(P('pay'), { returnUrl: RETURN }, tok.client)).status).toBe(412);

    // Voiding the manual payment opens the invoice again; the audit says who and why.
    const voided = await s.post(`${TX}/${manual.body.id}/void`, { reason: 'cheque bounced' }, tok.admin);
    expect(voided.status).toBe(200);
    expect(await invoice()).toMatchObject({ paidCents: 6000, status: 'issued' });
    expect(await auditOf(manual.body.id)).toEqual(['mark-paid', 'void']);

    // A refund of the card payment lowers what the invoice counts as paid.
    const refund = await s.post(
      `${TX}/${card.body.transactionId}/refund`,
      { amountCents: 1000, reason: 'discount' },
      tok.admin,
    );
    expect(refund.status).toBe(200);
    expect(await invoice()).toMatchObject({ paidCents: 5000, status: 'issued' });
    // The client sees its invoice payment, never another client's.
    expect((await s.get(`${TX}/${card.body.transactionId}`, tok.client)).status).toBe(200);
    expect((await s.get(`${TX}/${card.body.transactionId}`, tok.client2)).status).toBe(404);
  });
});

describe('tenancy', () => {
  it('a client sees only its own funds and transactions; another tenant sees nothing', async () => {
    expect((await s.get(`${BAL}?companyId=${blueFox}`, tok.client)).status).toBe(403);
    expect((await s.get(`${BAL}?companyId=${acme}`, tok.client)).status).toBe(200);
    expect(
      (await s.post(`${BAL}/deposit`, { companyId: blueFox, amountCents: 500, returnUrl: RETURN }, tok.client)).status,
    ).toBe(403);
    const foxDeposit = await deposit(700, tok.client2);
    expect((await s.get(`${TX}/${foxDeposit.transactionId}`, tok.client)).status).toBe(404);
    expect((await s.get(`${TX}/${foxDeposit.transactionId}`, tok.client2)).status).toBe(200);
    expect((await s.get(`${TX}/${firstDeposit}`, tok.north)).status).toBe(404);
    expect((await s.get(`${BAL}?companyId=${acme}`, tok.north)).status).toBe(404);
    expect((await s.post(`${TX}/${firstDeposit}/refund`, { amountCents: 100, reason: 'x' }, tok.north)).status).toBe(
      404,
    );
    // Floor staff have no finance abilities.
    expect((await s.get(`${TX}/${firstDeposit}`, tok.receiver)).status).toBe(403);
    expect((await s.get(`${TX}/999999`, tok.admin)).status).toBe(404);
  });
});

describe('a lost webhook', () => {
  it('the payer back from the card page confirms with the processor: applied once', async () => {
    const unpaid = await deposit(800);
    const stillOpen = await s.post(`${TX}/${unpaid.transactionId}/confirm`, {}, tok.client);
    expect(stillOpen.status).toBe(200);
    expect(stillOpen.body.status).toBe('pending');

    const opened = await deposit(900);
    expect((await payOnPage(opened.checkoutUrl)).status).toBe(303);
    const before = (await balanceOf(acme)).balanceCents;
    // As if neither webhook had come: the deposit still pending.
    await s.db
      .update(financeTransactions)
      .set({ status: 'pending' })
      .where(eq(financeTransactions.id, opened.transactionId));
    await s.db
      .delete(financeAudit)
      .where(
        and(
          eq(financeAudit.entity, 'transaction'),
          eq(financeAudit.entityId, opened.transactionId),
          eq(financeAudit.action, 'succeeded'),
        ),
      );
    expect((await balanceOf(acme)).balanceCents).toBe(before - 900);
    const confirmed = await s.post(`${TX}/${opened.transactionId}/confirm`, {}, tok.client);
    expect(confirmed.body).toMatchObject({ status: 'succeeded' });
    expect(confirmed.body.audit.at(-1)).toMatchObject({
      action: 'succeeded',
      reason: 'Confirmed with the card processor',
    });
    expect((await s.post(`${TX}/${opened.transactionId}/confirm`, {}, tok.client)).body.status).toBe('succeeded');
    expect(await auditOf(opened.transactionId)).toEqual(['checkout-opened', 'succeeded']);
    expect((await balanceOf(acme)).balanceCents).toBe(before);
    expect((await s.post(`${TX}/${opened.transactionId}/confirm`, {}, tok.client2)).status).toBe(404);
  });
});
