/**
 * Money is settled exactly once (issue 39, decision 0019). The walk a prep centre saw go wrong:
 * a client's labels drawn from its Shipping Label Funds, a top-up, then the month's invoice — which
 * must owe nothing for those labels and state them beside it; a label voided after the invoice
 * gives back once, to where it was paid from; the reconciliation balances for every client.
 */
import '../helpers/fba.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { topUpFunds } from '../helpers/funds.js';
import { drawLabelFunds, giveBackLabel } from '../../server/modules/finance/label-funds.js';
import { recordChargeEvents } from '../../server/modules/charges/events.js';
import { charges, companies, financeTransactions } from '../../server/db/schema/index.js';

let s: TestServer;
let tenantId: number;
let adminId: number;
let admin: string;
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

async function newClient(name: string, fees: Record<string, unknown>) {
  const [c] = await s.db
    .insert(companies)
    .values({ tenantId, name, audience: 'Customer', accountNo: `T-${name}-${Date.now()}`, email: 'ap@example.com' })
    .returning();
  const res = await s.put(`/api/settings/fees/company/${c.id}`, { values: fees }, admin);
  expect(res.status, JSON.stringify(res.meta)).toBe(200);
  return c.id;
}
const draw = (companyId: number, labelId: string, costCents: number) =>
  s.db.transaction((tx) => drawLabelFunds(tx, { tenantId, companyId, labelId, costCents, userId: adminId }));
const voidLabel = (companyId: number, labelId: string) =>
  s.db.transaction((tx) =>
    giveBackLabel(tx, {
      tenantId,
      companyId,
      labelId,
      userId: adminId,
      reason: 'voided',
      at: new Date().toISOString(),
    }),
  );
const reconcile = async (companyId: number, from = daysAgo(30), to = today()) => {
  const res = await s.get(`/api/finance/reconciliation?from=${from}&to=${to}&companyId=${companyId}`, admin);
  expect(res.status, JSON.stringify(res.meta)).toBe(200);
  return res.body.clients[0];
};
const generate = async (companyId: number, from: string, to = today()) => {
  const res = await s.post('/api/finance/invoice/generate', { from, to, companyIds: [companyId], send: false }, admin);
  expect(res.status, JSON.stringify(res.meta)).toBe(201);
  return res.body.invoices[0];
};
const balance = async (companyId: number) =>
  (await s.get(`/api/finance/customer/balances?companyId=${companyId}`, admin)).body.balanceCents as number;

beforeAll(async () => {
  s = await TestServer.start();
  await s.listen();
  const a = await s.signIn('demo.admin');
  admin = a.accessToken;
  tenantId = a.userData.tenantId;
  adminId = a.userData.userId ?? a.userData.id;
});
afterAll(() => s?.close());

describe('labels paid from funds are not invoiced again', () => {
  let client: number;
  let invoiceId: number;
  const costs = [812, 905, 1010, 777, 1299, 650, 880, 940];

  it('eight labels from the funds, a top-up, the invoice: nothing owed for the labels, they are stated beside it', async () => {
    client = await newClient('Walk', {
      SHIPPING_UPCHARGE_PERCENT: '0',
      SHIPPING_UPCHARGE_MINIMUM_DOLLAR: '0',
      ENFORCE_PAYMENT_METHOD: false,
    });
    await topUpFunds(s, tenantId, client, 5_000);
    let spent = 0;
    let fromFunds = 0;
    for (const [i, cost] of costs.entries()) {
      const d = await draw(client, `walk-${i}`, cost);
      if (spent + cost <= 5_000) {
        expect(d).toMatchObject({ paidFrom: 'funds', totalCents: cost });
        spent += cost;
        fromFunds++;
      } else {
        // The funds cannot cover it and nothing is enforced: it goes on the invoice, funds untouched.
        expect(d).toMatchObject({ paidFrom: 'invoice', transactionId: null, balanceCents: 5_000 - spent });
      }
    }
    expect(fromFunds).toBe(5);
    const onInvoice = costs.reduce((t, c) => t + c, 0) - spent;
    expect(onInvoice).toBeGreaterThan(0);
    await topUpFunds(s, tenantId, client, 5_000);
    // A priced event of the month besides the labels: one manual line.
    const manual = await s.post(
      '/api/finance/customer/charges',
      { companyId: client, description: 'Photo service', quantity: '3', unitPrice: '2.50', serviceDate: today() },
      admin,
    );
    expect(manual.status, JSON.stringify(manual.meta)).toBe(200);

    const preview = await s.get(
      `/api/finance/invoice/preview?from=${daysAgo(3)}&to=${today()}&companyId=${client}`,
      admin,
    );
    expect(preview.status).toBe(200);
    const summary = await generate(client, daysAgo(3));
    invoiceId = summary.id;
    // The invoice bills the labels the funds did not pay, and the photo service — nothing else.
    expect(summary.subtotalCents).toBe(onInvoice + 750);
    expect(preview.body.clients[0].subtotalCents).toBe(summary.subtotalCents);
    const detail = (await s.get(`/api/finance/invoice/${invoiceId}`, admin)).body;
    const shipping = detail.categories.find((c: { category: string }) => c.category === 'shipping');
    expect(shipping.amountCents).toBe(onInvoice);
    expect(detail.funds).toEqual({
      openingCents: 0,
      topUpsCents: 10_000,
      labelCount: fromFunds,
      labelsCents: spent,
      givenBackCents: 0,
      closingCents: 10_000 - spent,
    });
    // Every line paid from funds stayed off the invoice.
    const claimed = await s.db.select().from(charges).where(eq(charges.invoiceId, invoiceId));
    expect(claimed.every((c) => c.settledBy === 'invoice')).toBe(true);
    expect(await reconcile(client)).toMatchObject({
      chargedCents: costs.reduce((t, c) => t + c, 0) + 750,
      invoicedCents: onInvoice + 750,
      awaitingInvoiceCents: 0,
      fromFundsCents: spent,
      fundsDrawsCents: spent,
      chargesDifferenceCents: 0,
      receivedCents: 10_000,
      fundsTopUpsCents: 10_000,
      paymentsDifferenceCents: 0,
      invoiceCount: 1,
      invoiceLinesDifferenceCents: 0,
      invoicePaidDifferenceCents: 0,
      fundsBalanceCents: 10_000 - spent,
      balanced: true,
    });
  });

  it('a funds label voided after the invoice goes back to the funds once, and no invoice credits it', async () => {
    const before = await balance(client);
    expect(await voidLabel(client, 'walk-0')).toBe(costs[0]);
    expect(await voidLabel(client, 'walk-0')).toBe(0);
    expect(await balance(client)).toBe(before + costs[0]);
    const refunds = await s.db
      .select()
      .from(financeTransactions)
      .where(and(eq(financeTransactions.kind, 'label_refund'), eq(financeTransactions.sourceId, 'walk-0')));
    expect(refunds).toHaveLength(1);
    const next = await s.get(`/api/finance/invoice/preview?from=${today()}&to=${today()}&companyId=${client}`, admin);
    expect(next.body.clients).toEqual([]);
    expect(await reconcile(client)).toMatchObject({ balanced: true, fundsDrawsCents: expect.any(Number) });
  });

  it('an invoiced label voided after the invoice gives one credit line on the next invoice', async () => {
    const invoiced = await s.db
      .select()
      .from(charges)
      .where(and(eq(charges.companyId, client), eq(charges.code, 'SHIPPING_LABEL'), isNotNull(charges.invoiceId)));
    const label = invoiced[0];
    expect(label.settledBy).toBe('invoice');
    expect(await voidLabel(client, label.sourceId)).toBe(label.amountCents);
    expect(await voidLabel(client, label.sourceId)).toBe(0);
    const preview = await s.get(
      `/api/finance/invoice/preview?from=${today()}&to=${today()}&companyId=${client}`,
      admin,
    );
    expect(preview.body.clients[0]).toMatchObject({ chargeCount: 1, subtotalCents: -label.amountCents });
    expect(await reconcile(client)).toMatchObject({ awaitingInvoiceCents: -label.amountCents, balanced: true });
  });
});

describe('the reconciliation', () => {
  it('flags a difference: a label charge settled by funds whose draw is missing', async () => {
    const client = await newClient('Broken', {
      SHIPPING_UPCHARGE_PERCENT: '0',
      SHIPPING_UPCHARGE_MINIMUM_DOLLAR: '0',
    });
    await topUpFunds(s, tenantId, client, 1_000);
    await draw(client, 'broken-1', 400);
    expect(await reconcile(client)).toMatchObject({ balanced: true });
    // Someone deletes the draw behind the ledger's back.
    await s.db
      .delete(financeTransactions)
      .where(and(eq(financeTransactions.companyId, client), eq(financeTransactions.kind, 'label_purchase')));
    expect(await reconcile(client)).toMatchObject({ chargesDifferenceCents: 400, balanced: false });
    const all = (await s.get(`/api/finance/reconciliation?from=${daysAgo(30)}&to=${today()}`, admin)).body;
    expect(all.unbalancedCount).toBeGreaterThanOrEqual(1);
    expect(all.clients.find((c: { companyId: number }) => c.companyId === client).balanced).toBe(false);
  });

  it('a funds line can never be put on an invoice (the database refuses it)', async () => {
    const [line] = await s.db.select().from(charges).where(eq(charges.settledBy, 'funds')).limit(1);
    const [inv] = await s.db.select().from(charges).where(isNotNull(charges.invoiceId)).limit(1);
    await expect(
      s.db.update(charges).set({ invoiceId: inv.invoiceId }).where(eq(charges.id, line.id)),
    ).rejects.toThrow();
  });

  it('is the warehouse’s: clients 403, other tenants see only theirs, bad periods 400', async () => {
    const client = await s.token('demo.client');
    expect((await s.get(`/api/finance/reconciliation?month=2026-11`, client)).status).toBe(403);
    const north = await s.token('north.admin');
    const theirs = (await s.get(`/api/finance/reconciliation?from=${daysAgo(30)}&to=${today()}`, north)).body;
    const ours = await s.db.select({ id: companies.id }).from(companies).where(eq(companies.tenantId, tenantId));
    const ourIds = new Set(ours.map((c) => c.id));
    expect(theirs.clients.some((c: { companyId: number }) => ourIds.has(c.companyId))).toBe(false);
    const bad = await s.get(`/api/finance/reconciliation?month=2026-13`, admin);
    expect(bad.status).toBe(400);
    expect(bad.meta.error_list[0].message).toMatch(/month/);
    expect((await s.get(`/api/finance/reconciliation?from=2026-01-01&to=2027-06-01`, admin)).status).toBe(400);
  });
});

describe('the invoice preview opens on the open period', () => {
  it('the oldest month with a charge still to invoice; labels paid from funds do not count', async () => {
    const before = (await s.get('/api/finance/invoice/open-period', admin)).body;
    const client = await newClient('Open', { SHIPPING_UPCHARGE_PERCENT: '0', SHIPPING_UPCHARGE_MINIMUM_DOLLAR: '0' });
    // A label from funds long ago is settled: it opens no period.
    await topUpFunds(s, tenantId, client, 1_000);
    await draw(client, 'open-1', 300);
    await s.db.update(charges).set({ serviceDate: '2024-01-15' }).where(eq(charges.sourceId, 'open-1'));
    const same = (await s.get('/api/finance/invoice/open-period', admin)).body;
    expect(same.month).toBe(before.month);
    // Work of March 2025 still to invoice: the preview opens there.
    const manual = await s.post(
      '/api/finance/customer/charges',
      { companyId: client, description: 'Relabel', quantity: '1', unitPrice: '4.00', serviceDate: '2025-03-10' },
      admin,
    );
    expect(manual.status).toBe(200);
    const open = (await s.get('/api/finance/invoice/open-period', admin)).body;
    expect(open).toMatchObject({ month: '2025-03', waitingCount: before.waitingCount + 1 });
    const preview = (await s.get(`/api/finance/invoice/preview?month=${open.month}`, admin)).body;
    expect(preview.clients.map((c: { companyId: number }) => c.companyId)).toContain(client);
    // Invoiced, it is no longer open.
    await generate(client, '2025-03-01', '2025-03-31');
    expect((await s.get('/api/finance/invoice/open-period', admin)).body.month).toBe(before.month);
    expect((await s.get('/api/finance/invoice/open-period', await s.token('demo.client'))).status).toBe(403);
  });
});

describe('charges read as people name things', () => {
  it('a plan by its name, never "plan 5"; no raw event kind as a description', async () => {
    const client = await newClient('Words', {});
    const at = new Date().toISOString();
    await recordChargeEvents(s.db, [
      {
        tenantId,
        companyId: client,
        kind: 'shipment_shipped',
        quantity: 1,
        sourceType: 'words-test',
        sourceId: 'w1',
        details: { channel: 'fba', planId: 5, planName: 'Spring restock' },
        userId: adminId,
        at,
      },
      {
        tenantId,
        companyId: client,
        kind: 'unit_sorted',
        quantity: 3,
        sourceType: 'words-test',
        sourceId: 'w2',
        userId: adminId,
        at,
      },
    ]);
    expect((await s.post('/api/finance/customer/charges/price', {}, admin)).status).toBe(200);
    const lines = await s.db.select().from(charges).where(eq(charges.companyId, client));
    const by = Object.fromEntries(lines.map((l) => [l.code, l.description]));
    expect(by.SHIPMENT_SHIPPED).toBe('FBA Spring restock');
    expect(by.ITEM_SORT).toBe('');
  });
});
