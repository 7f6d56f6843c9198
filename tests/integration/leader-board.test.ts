/**
 * The leader board (/api/dashboard/leader-board): each person's floor work of a period of the
 * viewer's days, summed from the rows the work wrote — a package scanned through the outbox counts
 * for the receiver who scanned it; billable events count per kind, most units handled first; work
 * without a person and another tenant's work are left out; the viewer's midnight bounds the day.
 * Bad periods are 400s naming the field; clients and staff without the right are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { chargeEvents, companies, tenants, users } from '../../server/db/schema/index.js';
import { fieldRules } from '../helpers/refusals.js';

let s: TestServer;
let admin: string;
let north: string;
const ids = { demo: 0, north: 0, acme: 0, northCompany: 0, admin: 0, receiver: 0, mfa: 0, northAdmin: 0 };

beforeAll(async () => {
  s = await TestServer.start({ demoData: true });
  [admin, north] = await Promise.all([s.token('demo.admin'), s.token('north.admin')]);
  const people = await s.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['demo.admin', 'demo.receiver', 'demo.mfa', 'north.admin']));
  const id = (u: string) => people.find((p) => p.username === u)!.id;
  const [demo] = await s.db.select().from(tenants).where(eq(tenants.key, 'demo'));
  const [northTenant] = await s.db.select().from(tenants).where(eq(tenants.key, 'north'));
  const [acme] = await s.db
    .select()
    .from(companies)
    .where(and(eq(companies.tenantId, demo.id), eq(companies.name, 'Acme Sellers')));
  const [northCompany] = await s.db.select().from(companies).where(eq(companies.tenantId, northTenant.id));
  Object.assign(ids, {
    demo: demo.id,
    north: northTenant.id,
    acme: acme.id,
    northCompany: northCompany.id,
    admin: id('demo.admin'),
    receiver: id('demo.receiver'),
    mfa: id('demo.mfa'),
    northAdmin: id('north.admin'),
  });
}, 120_000);
afterAll(() => s.close());

const board = (token: string, query: string) => s.get(`/api/dashboard/leader-board?${query}`, token);
const today = () => new Date().toISOString().slice(0, 10);
type Row = { userId: number; unitsHandled: number; metrics: Record<string, number>; lastActiveAt: string };
const rowOf = (body: { rows: Row[] }, userId: number) => body.rows.find((r) => r.userId === userId);

describe('work done through the product', () => {
  it('a package scanned at the dock counts for the receiver who scanned it, now', async () => {
    // Yesterday and today, fixed once: a run across midnight still finds its scan.
    const period = `from=${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}&to=${today()}`;
    const before = (await board(admin, period)).body;
    const receiver = await s.token('demo.receiver');
    const batchId = crypto.randomUUID();
    const pushed = await s.post(
      '/api/sync/push',
      {
        deviceId: 'leader-board',
        mutations: [
          { id: crypto.randomUUID(), name: 'packageReceiveBatch.open', args: { id: batchId, companyId: ids.acme } },
          {
            id: crypto.randomUUID(),
            name: 'package.scan',
            args: {
              id: crypto.randomUUID(),
              batchId,
              trackingNumber: '1ZLEAD0000001',
              scannedAt: new Date().toISOString(),
            },
          },
        ],
      },
      receiver,
    );
    expect(pushed.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    const after = await board(admin, period);
    expect(after.status, JSON.stringify(after.meta)).toBe(200);
    const was = rowOf(before, ids.receiver)?.metrics.packagesScanned ?? 0;
    expect(rowOf(after.body, ids.receiver)!.metrics.packagesScanned).toBe(was + 1);
    expect(after.body.totals.packagesScanned).toBe(before.totals.packagesScanned + 1);
  });
});

describe('a day of recorded work (2025-03-10, before any demo data)', () => {
  const event = (
    tenantId: number,
    companyId: number,
    userId: number | null,
    kind: string,
    quantity: number,
    at: string,
  ) => ({
    tenantId,
    companyId,
    userId,
    kind,
    quantity,
    sourceType: 'test',
    sourceId: crypto.randomUUID(),
    at,
  });

  beforeAll(async () => {
    await s.db.insert(chargeEvents).values([
      event(ids.demo, ids.acme, ids.receiver, 'unit_received', 10, '2025-03-10T08:00:00Z'),
      event(ids.demo, ids.acme, ids.receiver, 'unit_received', 2, '2025-03-10T09:00:00Z'),
      event(ids.demo, ids.acme, ids.receiver, 'unit_sorted', 4, '2025-03-10T10:00:00Z'),
      event(ids.demo, ids.acme, ids.mfa, 'unit_prepped', 20, '2025-03-10T11:00:00Z'),
      event(ids.demo, ids.acme, ids.mfa, 'box_packed', 1, '2025-03-10T12:00:00Z'),
      event(ids.demo, ids.acme, ids.mfa, 'box_packed', 1, '2025-03-10T12:05:00Z'),
      event(ids.demo, ids.acme, ids.mfa, 'shipment_shipped', 1, '2025-03-10T15:30:00Z'),
      // Not a person's floor work: a job's event, and money passed on.
      event(ids.demo, ids.acme, null, 'unit_received', 50, '2025-03-10T13:00:00Z'),
      event(ids.demo, ids.acme, ids.admin, 'freight_charged', 1, '2025-03-10T13:00:00Z'),
      // Late in the evening for a viewer one hour east of UTC: the next day there.
      event(ids.demo, ids.acme, ids.admin, 'unit_sorted', 7, '2025-03-10T23:30:00Z'),
      // Another tenant's floor.
      event(ids.north, ids.northCompany, ids.northAdmin, 'unit_received', 99, '2025-03-10T10:00:00Z'),
    ]);
  });

  it('sums each person’s work per kind, most units handled first; no person, money and other tenants left out', async () => {
    const res = await board(admin, 'from=2025-03-10&to=2025-03-10');
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body.rows.map((r: Row) => r.userId)).toEqual([ids.mfa, ids.receiver, ids.admin]);
    const [mfa, receiver, adminRow] = res.body.rows as Row[];
    expect(mfa).toMatchObject({ unitsHandled: 20, lastActiveAt: '2025-03-10T15:30:00.000Z' });
    expect(mfa.metrics).toMatchObject({ unitsPrepped: 20, boxesPacked: 2, shipmentsShipped: 1, unitsReceived: 0 });
    expect(receiver).toMatchObject({ unitsHandled: 16, lastActiveAt: '2025-03-10T10:00:00.000Z' });
    expect(receiver.metrics).toMatchObject({ unitsReceived: 12, unitsSorted: 4, packagesScanned: 0 });
    expect(adminRow.metrics).toMatchObject({ unitsSorted: 7 });
    expect(res.body.totals).toMatchObject({ unitsReceived: 12, unitsSorted: 11, boxesPacked: 2, unitsHandled: 43 });
    expect(JSON.stringify(res.body)).not.toContain(String(99));
  });

  it('the viewer’s midnight bounds the day', async () => {
    const east = (await board(admin, 'from=2025-03-10&to=2025-03-10&tzOffsetMinutes=60')).body;
    expect(rowOf(east, ids.admin)).toBeUndefined(); // 00:30 on the 11th there
    const next = (await board(admin, 'from=2025-03-11&to=2025-03-11&tzOffsetMinutes=60')).body;
    expect(next.rows).toHaveLength(1);
    expect(next.rows[0]).toMatchObject({ userId: ids.admin, unitsHandled: 7 });
    const both = (await board(admin, 'from=2025-03-09&to=2025-03-11')).body;
    expect(both.totals.unitsHandled).toBe(43);
  });

  it('another tenant sees only its own floor', async () => {
    const res = await board(north, 'from=2025-03-10&to=2025-03-10');
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r: Row) => r.userId)).toEqual([ids.northAdmin]);
    expect(res.body.totals.unitsReceived).toBe(99);
  });
});

describe('bad periods and rights', () => {
  it.each([
    ['from=2025-03-12&to=2025-03-10', /to: on or after from/],
    ['from=2025-02-30&to=2025-03-10', /from: a calendar day as YYYY-MM-DD/],
    ['from=10/03/2025&to=2025-03-10', /from: a calendar day/],
    ['from=2025-01-01&to=2025-06-30', /to: a period of at most 92 days/],
    ['to=2025-03-10', /from/],
    ['from=2025-03-10&to=2025-03-10&tzOffsetMinutes=5000', /tzOffsetMinutes/],
  ])('%s is a 400 naming the field', async (query, message) => {
    const res = await board(admin, query);
    expect(res.status).toBe(400);
    expect(fieldRules(res).join(' | ')).toMatch(message);
  });

  it('a client and floor staff without the right are refused (403); no token is a 401', async () => {
    const q = `from=${today()}&to=${today()}`;
    expect((await board(await s.token('demo.client'), q)).status).toBe(403);
    expect((await board(await s.token('demo.client2'), q)).status).toBe(403);
    expect((await board(await s.token('demo.receiver'), q)).status).toBe(403);
    expect((await s.get(`/api/dashboard/leader-board?${q}`)).status).toBe(401);
  });
});
