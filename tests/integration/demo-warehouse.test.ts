/**
 * The stocked demo warehouse (issue 22): made through the API as its users, so it must be what
 * real work leaves behind — products with valid codes and dimensions, purchase orders in every
 * stage, stock in places that add up to the ledger, problems — and only in the demo tenant, each
 * client seeing only its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gtinCheckDigitOk } from '../../domain/rules/gs1.js';
import { TestServer } from '../helpers/server.js';

let s: TestServer;
let admin: string;
let acme: string;
let blueFox: string;

beforeAll(async () => {
  s = await TestServer.start({ demoData: true });
  admin = await s.token('demo.admin');
  acme = await s.token('demo.client');
  blueFox = await s.token('demo.client2');
}, 120_000);
afterAll(() => s.close());

describe('the stocked demo warehouse', () => {
  it('has 30+ products per client, each with a valid GTIN, an ASIN, an FNSKU and dimensions', async () => {
    for (const [token, prefix] of [
      [acme, 'ACME-'],
      [blueFox, 'BFX-'],
    ]) {
      const page = (await s.get('/api/product/products?pageSize=100', token)).body;
      // Beside its catalogue Acme has products imported from its Amazon listings (demo-fba.test.ts).
      const catalogue = page.content.filter((p: { msku: string }) => p.msku.startsWith(prefix));
      expect(catalogue.length).toBeGreaterThanOrEqual(30);
      for (const p of catalogue) {
        expect(gtinCheckDigitOk(p.upc)).toBe(true);
        expect(p.asin).toMatch(/^B0[A-Z0-9]{8}$/);
        expect(p.fnsku).toMatch(/^X00[A-Z0-9]{7}$/);
        expect(Number(p.lengthIn) * Number(p.widthIn) * Number(p.heightIn)).toBeGreaterThan(0);
      }
    }
  });

  it('has purchase orders open, receiving and received, and packages on the dock', async () => {
    const batches = (await s.get('/api/ship/batch?pageSize=50', admin)).body.content as { stage: string }[];
    const stages = new Set(batches.map((b) => b.stage));
    expect([...stages].sort()).toEqual(['open', 'received', 'receiving']);
    const dock = (await s.get('/api/inbound/delivered-packages?pageSize=50&filter=NOT_FOUND', admin)).body;
    expect(dock.totalElements).toBeGreaterThanOrEqual(1);
  });

  it('holds stock in bins and stations that equals the ledger, and has problems for the client to decide', async () => {
    const snapshot = (await s.get('/api/inventory?pageSize=200', admin)).body;
    expect(snapshot.totalUnits).toBeGreaterThan(100);
    const places = new Set((snapshot.content as { location: string }[]).map((l) => l.location));
    expect(places.has('PREP-FBA')).toBe(true);
    expect(places.has('PREP-WFS')).toBe(true);
    expect([...places].some((p) => /^A-\d\d-\d\d-[A-C]-\d$/.test(p))).toBe(true);
    // The balances equal the ledger summed up to now (the as-of view reads only the ledger).
    const later = encodeURIComponent(new Date(Date.now() + 1000).toISOString());
    const fromLedger = (await s.get(`/api/inventory?pageSize=200&asOf=${later}`, admin)).body;
    expect(fromLedger.totalUnits).toBe(snapshot.totalUnits);
    expect(fromLedger.content).toEqual(snapshot.content);
    const problems = (await s.get('/api/problem-management/problem?open=true&pageSize=50', acme)).body;
    expect(problems.totalElements).toBeGreaterThanOrEqual(2);
  });

  it("has billing set up: fee settings, Acme on the FBA Standard plan, the floor's work priced by it", async () => {
    const fees = (await s.get('/api/settings/fees', admin)).body;
    expect(JSON.stringify(fees)).toContain('1.5');
    const mine = (await s.get('/api/plan/enrollment/my-plans', acme)).body;
    expect(JSON.stringify(mine)).toContain('FBA Standard');
    const received = (await s.get('/api/finance/customer/charges?code=UNIT_RECEIVED&pageSize=200', acme)).body;
    expect(received.totalElements).toBeGreaterThan(0);
    // 0.25 a unit from the plan, rounded once per line.
    for (const line of received.content as {
      quantity: string;
      amountCents: number;
      rule: { source: string; planName?: string };
    }[]) {
      expect(line.rule).toMatchObject({ source: 'plan', planName: 'FBA Standard' });
      expect(line.amountCents).toBe(Math.round(Number(line.quantity) * 25));
    }
    const sorted = (await s.get('/api/finance/customer/charges?code=ITEM_SORT&pageSize=200', blueFox)).body;
    expect(sorted.totalElements).toBeGreaterThan(0);
    expect(
      sorted.content.every(
        (l: { rule: { source: string }; unitPrice: string }) => l.rule.source === 'tenantFee' && l.unitPrice === '0.3',
      ),
    ).toBe(true);
  });

  it('shows each client only its own, and nothing to another tenant', async () => {
    const acmeBatches = (await s.get('/api/ship/batch?pageSize=50', acme)).body.content as { batchName: string }[];
    expect(acmeBatches.length).toBeGreaterThan(0);
    expect(acmeBatches.every((b) => b.batchName.startsWith('ACME'))).toBe(true);
    const foxProducts = (await s.get('/api/product/products?pageSize=100', blueFox)).body.content as {
      msku: string;
    }[];
    expect(foxProducts.every((p) => p.msku.startsWith('BFX'))).toBe(true);
    const north = await s.token('north.admin');
    expect((await s.get('/api/ship/batch?pageSize=50', north)).body.totalElements).toBe(0);
    expect((await s.get('/api/product/products?pageSize=50', north)).body.totalElements).toBe(0);
  });
});

describe('SEED=none', () => {
  it('stays empty: no tenant, no demo data', async () => {
    const empty = await TestServer.start({ seed: 'none', demoData: true });
    try {
      expect((await empty.post('/api/authenticate/mfa', { username: 'demo.admin', password: 'dockside' })).status).toBe(
        401,
      );
    } finally {
      await empty.close();
    }
  });
});
