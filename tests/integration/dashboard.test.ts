/**
 * The dashboard's figures come from the same rows as their detail screens (issue 22): the
 * stocked demo warehouse's receipts, stock, problems and packages agree with the snapshot, the
 * problems list and the dock; a client sees only itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';

let s: TestServer;
let admin: string;
let acme: string;

beforeAll(async () => {
  s = await TestServer.start({ demoData: true });
  admin = await s.token('demo.admin');
  acme = await s.token('demo.client');
}, 120_000);
afterAll(() => s.close());

const activity = async (token: string, query = '') => (await s.get(`/api/dashboard/activity${query}`, token)).body;

describe('dashboard activity', () => {
  it('agrees with the snapshot, the problems list, the dock and the purchase orders', async () => {
    const a = await activity(admin);
    expect(a.days).toHaveLength(14);
    expect(a.days[13].day).toBe(new Date().toISOString().slice(0, 10));
    const snapshot = (await s.get('/api/inventory?pageSize=5', admin)).body;
    expect(a.totals.unitsOnHand).toBe(snapshot.totalUnits);
    expect(a.inventoryByClient.reduce((n: number, c: { units: number }) => n + c.units, 0)).toBe(snapshot.totalUnits);
    const open = (await s.get('/api/problem-management/problem?open=true&pageSize=5', admin)).body;
    expect(a.totals.openProblems).toBe(open.totalElements);
    expect(a.openProblems.map((b: { age: string }) => b.age)).toEqual(['0-1', '2-3', '4-7', '8+']);
    const notDelivered = (await s.get('/api/inbound/delivered-packages?filter=NOT_DELIVERED&pageSize=5', admin)).body;
    expect(a.totals.packagesExpected).toBe(notDelivered.totalElements);
    // A package scanned now counts today (the demo's own scans are hours old: yesterday after midnight).
    const receiver = await s.token('demo.receiver');
    const batchId = crypto.randomUUID();
    const pushed = await s.post(
      '/api/sync/push',
      {
        deviceId: 'dash',
        mutations: [
          {
            id: crypto.randomUUID(),
            name: 'packageReceiveBatch.open',
            args: { id: batchId, companyId: a.inventoryByClient[0].companyId },
          },
          {
            id: crypto.randomUUID(),
            name: 'package.scan',
            args: {
              id: crypto.randomUUID(),
              batchId,
              trackingNumber: '1ZDASH0000001',
              scannedAt: new Date().toISOString(),
            },
          },
        ],
      },
      receiver,
    );
    expect(pushed.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    expect((await activity(admin)).totals.packagesToday).toBe(a.totals.packagesToday + 1);
    // Every unit counted in at receiving is a receipt of some day in the window.
    const items = (await s.get('/api/ship/bundle?pageSize=200', admin)).body.content as { receivedQty: number }[];
    const counted = items.reduce((n, i) => n + i.receivedQty, 0);
    expect(a.days.reduce((n: number, d: { received: number }) => n + d.received, 0)).toBeGreaterThanOrEqual(counted);
  });

  it('counts units that leave the warehouse as shipped on the day they leave', async () => {
    const before = await activity(admin);
    const line = (await s.get('/api/inventory?pageSize=5&location=A-0', admin)).body.content[0];
    const out = await s.post(
      '/api/inventory/adjust',
      {
        companyId: line.companyId,
        productCode: line.productKey,
        location: line.location,
        quantity: -2,
        reason: 'disposed',
      },
      admin,
    );
    expect(out.status).toBe(200);
    const after = await activity(admin);
    expect(after.days[13].shipped - before.days[13].shipped).toBe(2);
    expect(after.totals.unitsOnHand).toBe(before.totals.unitsOnHand - 2);
  });

  it('shows a client only itself, and refuses a nonsense time zone', async () => {
    const a = await activity(acme);
    expect(a.inventoryByClient.map((c: { name: string }) => c.name)).toEqual(['Acme Sellers']);
    const own = (await s.get('/api/inventory?pageSize=5', acme)).body;
    expect(a.totals.unitsOnHand).toBe(own.totalUnits);
    expect((await s.get('/api/dashboard/activity?tzOffsetMinutes=9999', admin)).status).toBe(400);
    const tokyo = await activity(admin, '?tzOffsetMinutes=540');
    expect(tokyo.days).toHaveLength(14);
  });
});
