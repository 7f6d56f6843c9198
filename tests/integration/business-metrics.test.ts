/**
 * Business metrics (/api/dashboard/business-metrics) against the real server: a hand-made month of
 * charges for two clients (and a month before it, and another tenant's) gives exactly the revenue
 * written here by currency, day, category and client, with the clients served and the work done
 * beside the month before; invoices issued, owed and overdue follow the invoices; a client sees
 * only its own company; bad periods are 400s naming the field; no token 401, no right 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { appendCharges, type NewCharge } from '../../server/modules/billing/ledger.js';
import { chargeEvents, invoices } from '../../server/db/schema/index.js';
import { fieldRules } from '../helpers/refusals.js';

let s: TestServer;
const t: Record<string, string> = {};
const ids = { tenant: 0, north: 0, northCompany: 0, acme: 0, fox: 0 };
const M = 'from=2025-03-01&to=2025-03-31';

let seq = 0;
const charge = (
  tenantId: number,
  companyId: number,
  code: string,
  quantity: number,
  unitPrice: string,
  serviceDate: string,
  currency = 'USD',
): NewCharge => ({
  tenantId,
  companyId,
  code,
  description: code,
  quantity,
  unitPrice,
  currency,
  rule: { source: 'tenantFee' },
  sourceType: 'test',
  sourceId: `bm-${++seq}`,
  serviceDate,
});
const event = (companyId: number, kind: string, quantity: number, at: string, tenantId = ids.tenant) => ({
  tenantId,
  companyId,
  kind,
  quantity,
  sourceType: 'test',
  sourceId: `bm-ev-${++seq}`,
  at,
});

beforeAll(async () => {
  s = await TestServer.start();
  for (const u of ['demo.admin', 'demo.client', 'demo.client2', 'demo.receiver', 'north.admin'])
    t[u] = await s.token(u);
  ids.tenant = (await s.signIn('demo.admin')).userData.tenantId;
  ids.acme = (await s.signIn('demo.client')).userData.companyId;
  ids.fox = (await s.signIn('demo.client2')).userData.companyId;
  const north = await s.signIn('north.admin');
  ids.north = north.userData.tenantId;
  ids.northCompany = north.userData.companyId;
  const { tenant, acme, fox } = ids;
  await appendCharges(s.db, [
    // March: Acme $100 + $30 + $20 = $150; Blue Fox $45 + €10.
    charge(tenant, acme, 'UNIT_RECEIVED', 400, '0.25', '2025-03-03'),
    charge(tenant, acme, 'BOX_PACKED', 20, '1.50', '2025-03-03'),
    charge(tenant, acme, 'STORAGE_DAILY', 100, '0.20', '2025-03-31'),
    charge(tenant, fox, 'FBM_SKU', 60, '0.75', '2025-03-15'),
    charge(tenant, fox, 'PREP_POLYBAGGING', 20, '0.50', '2025-03-15', 'EUR'),
    // February (the period before March is the 31 days to 28 Feb, from 29 Jan): Acme $40; out of it, 28 Jan.
    charge(tenant, acme, 'UNIT_RECEIVED', 160, '0.25', '2025-02-10'),
    charge(tenant, fox, 'UNIT_RECEIVED', 1000, '0.25', '2025-01-28'),
    // April, after the period; another tenant in March.
    charge(tenant, acme, 'UNIT_RECEIVED', 4000, '0.25', '2025-04-01'),
    charge(ids.north, ids.northCompany, 'UNIT_RECEIVED', 9000, '0.25', '2025-03-03'),
  ]);
  await s.db
    .insert(chargeEvents)
    .values([
      event(acme, 'unit_received', 400, '2025-03-03T09:00:00Z'),
      event(acme, 'box_packed', 20, '2025-03-03T15:00:00Z'),
      event(fox, 'fbm_order_shipped', 60, '2025-03-15T12:00:00Z'),
      event(acme, 'unit_received', 160, '2025-02-10T09:00:00Z'),
      event(acme, 'unit_received', 5, '2025-04-01T00:00:00Z'),
      event(ids.northCompany, 'unit_received', 9000, '2025-03-03T09:00:00Z', ids.north),
    ]);
});
afterAll(async () => s?.close());

const metrics = (token: string, query: string) => s.get(`/api/dashboard/business-metrics?${query}`, token);

describe('a month of charges', () => {
  it('revenue by currency, day, category and client, beside the month before; other tenants left out', async () => {
    const res = await metrics(t['demo.admin'], M);
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    const b = res.body;
    expect(b).toMatchObject({
      from: '2025-03-01',
      to: '2025-03-31',
      previousFrom: '2025-01-29',
      previousTo: '2025-02-28',
    });
    expect(b.revenue).toEqual([
      { currency: 'USD', amountCents: 19_500, previousCents: 4_000 },
      { currency: 'EUR', amountCents: 1_000, previousCents: 0 },
    ]);
    expect(b.byDay).toEqual([
      { day: '2025-03-03', currency: 'USD', amountCents: 13_000 },
      { day: '2025-03-15', currency: 'EUR', amountCents: 1_000 },
      { day: '2025-03-15', currency: 'USD', amountCents: 4_500 },
      { day: '2025-03-31', currency: 'USD', amountCents: 2_000 },
    ]);
    expect(b.byCategory).toEqual([
      { category: 'receiving', currency: 'USD', amountCents: 10_000, previousCents: 4_000 },
      { category: 'fbm', currency: 'USD', amountCents: 4_500, previousCents: 0 },
      { category: 'outbound', currency: 'USD', amountCents: 3_000, previousCents: 0 },
      { category: 'storage', currency: 'USD', amountCents: 2_000, previousCents: 0 },
      { category: 'prep', currency: 'EUR', amountCents: 1_000, previousCents: 0 },
    ]);
    expect(
      b.topClients.map((c: { name: string; currency: string; amountCents: number }) => [
        c.name,
        c.currency,
        c.amountCents,
      ]),
    ).toEqual([
      ['Acme Sellers', 'USD', 15_000],
      ['Blue Fox Goods', 'USD', 4_500],
      ['Blue Fox Goods', 'EUR', 1_000],
    ]);
    expect(b.activeClients).toEqual({ current: 2, previous: 1 });
  });

  it('the work done by kind, beside the month before', async () => {
    const b = (await metrics(t['demo.admin'], M)).body;
    expect(b.volume).toEqual([
      { kind: 'box_packed', quantity: 20, previous: 0 },
      { kind: 'unit_received', quantity: 400, previous: 160 },
      { kind: 'fbm_order_shipped', quantity: 60, previous: 0 },
    ]);
  });

  it('a client sees only its own company; another tenant only its own', async () => {
    const fox = await metrics(t['demo.client2'], M);
    expect(fox.status, JSON.stringify(fox.meta)).toBe(200);
    expect(fox.body.revenue).toEqual([
      { currency: 'USD', amountCents: 4_500, previousCents: 0 },
      { currency: 'EUR', amountCents: 1_000, previousCents: 0 },
    ]);
    expect(fox.body.topClients.every((c: { companyId: number }) => c.companyId === ids.fox)).toBe(true);
    expect(fox.body.volume).toEqual([{ kind: 'fbm_order_shipped', quantity: 60, previous: 0 }]);
    expect(fox.body.activeClients).toEqual({ current: 1, previous: 0 });
    const north = (await metrics(t['north.admin'], M)).body;
    expect(north.revenue).toEqual([{ currency: 'USD', amountCents: 225_000, previousCents: 0 }]);
  });
});

describe('invoices', () => {
  it('issued in the period, owed now, and overdue once past the due day', async () => {
    const made = await s.post(
      '/api/finance/invoice/generate',
      { month: '2025-03', companyIds: [ids.acme] },
      t['demo.admin'],
    );
    expect(made.status, JSON.stringify(made.meta)).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    const [inv] = await s.db.select().from(invoices).where(eq(invoices.companyId, ids.acme));
    const now = (await metrics(t['demo.admin'], `from=${today}&to=${today}`)).body;
    expect(now.invoices).toEqual([
      {
        currency: 'USD',
        issuedCount: 1,
        issuedCents: inv.totalCents,
        outstandingCents: inv.totalCents,
        overdueCents: 0,
      },
    ]);
    // Nothing was issued in March itself; what is owed is owed whatever the period.
    const march = (await metrics(t['demo.admin'], M)).body;
    expect(march.invoices).toEqual([
      { currency: 'USD', issuedCount: 0, issuedCents: 0, outstandingCents: inv.totalCents, overdueCents: 0 },
    ]);
    await s.db.update(invoices).set({ dueOn: '2025-04-15' }).where(eq(invoices.id, inv.id));
    expect((await metrics(t['demo.admin'], M)).body.invoices[0].overdueCents).toBe(inv.totalCents);
    // Blue Fox owes nothing: its view shows no invoice line.
    expect((await metrics(t['demo.client2'], M)).body.invoices).toEqual([]);
  });
});

describe('bad periods and rights', () => {
  it.each([
    ['from=2025-03-31&to=2025-03-01', /to: on or after from/],
    ['from=2025-02-29&to=2025-03-01', /from: a calendar day as YYYY-MM-DD/],
    ['from=2024-01-01&to=2025-01-01', /to: a period of at most 366 days/],
    ['from=2025-03-01', /to/],
  ])('%s is a 400 naming the field', async (query, message) => {
    const res = await metrics(t['demo.admin'], query);
    expect(res.status).toBe(400);
    expect(fieldRules(res).join(' | ')).toMatch(message);
  });

  it('a leap year whole is allowed (366 days); no token is a 401; floor staff without the right a 403', async () => {
    expect((await metrics(t['demo.admin'], 'from=2024-01-01&to=2024-12-31')).status).toBe(200);
    expect((await s.get(`/api/dashboard/business-metrics?${M}`)).status).toBe(401);
    expect((await metrics(t['demo.receiver'], M)).status).toBe(403);
  });
});
