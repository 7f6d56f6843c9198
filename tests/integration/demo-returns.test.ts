/**
 * Returns and removals in the stocked demo (server/seed/demo-returns.ts): Acme has expected FBM
 * return orders and FBA removal shipments, each an inbound batch the dock can receive, with lines
 * on Acme's catalogue products — seen by the warehouse and Acme, by no other client or tenant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';

let s: TestServer;
let admin: string;
let acme: string;
let blueFox: string;
let north: string;

beforeAll(async () => {
  s = await TestServer.start({ demoData: true });
  [admin, acme, blueFox, north] = await Promise.all(
    ['demo.admin', 'demo.client', 'demo.client2', 'north.admin'].map((u) => s.token(u)),
  );
}, 180_000);
afterAll(() => s.close());

interface Row {
  id: number;
  orderId: string;
  rma: string | null;
  trackingNumber: string | null;
  stage: string;
  expectedUnits: number;
  companyName: string;
  batchId: number;
}

describe('returns and removals in the demo', () => {
  it('has Acme’s expected FBM return orders, each waiting at the dock with its units', async () => {
    const page = (await s.get('/api/returns/fbm?pageSize=50', admin)).body;
    const rows = page.content as Row[];
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((r) => r.companyName))).toEqual(new Set(['Acme Sellers']));
    expect(rows.every((r) => r.rma && r.expectedUnits > 0)).toBe(true);
    const two = rows.find((r) => r.rma === 'DQ7RMA0001')!;
    expect(two.expectedUnits).toBe(3);
    expect(rows.some((r) => r.trackingNumber === null)).toBe(true);
    const detail = (await s.get(`/api/returns/fbm/${two.id}`, acme)).body;
    expect(detail.lines.length).toBe(2);
  });

  it('has Acme’s FBA removal shipments, one per parcel', async () => {
    const rows = (await s.get('/api/returns/fba?pageSize=50', acme)).body.content as Row[];
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((r) => r.orderId === 'RMV-DEMO-0001')).toHaveLength(2);
    expect(rows.every((r) => r.trackingNumber && r.expectedUnits > 0)).toBe(true);
    const batch = (await s.get(`/api/ship/batch/${rows[0].batchId}`, admin)).status;
    expect(batch).toBe(200);
  });

  it('another client and another tenant see none of them', async () => {
    for (const seg of ['fbm', 'fba']) {
      expect((await s.get(`/api/returns/${seg}`, blueFox)).body.totalElements).toBe(0);
      expect((await s.get(`/api/returns/${seg}`, north)).body.totalElements).toBe(0);
    }
  });
});
