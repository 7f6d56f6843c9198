/**
 * Listing info (issue 17): a client's Amazon store connected through the sandbox, its listings
 * pulled into Dockside, searched, filtered and linked to the client's products by MSKU or ASIN;
 * one listing live with its catalogue record and fees; listings imported into the catalogue; a
 * product listed on Amazon; another client and another tenant see none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { pullListings } from '../../server/modules/listings/pull.js';
import { connectAmazonStore } from '../helpers/amazon-sandbox.js';

let s: TestServer;
let sandboxUrl: string;
let admin: string;
let client: string;
let client2: string;
let north: string;
let storeId: number;
let tenantId: number;
type Row = {
  sku: string;
  asin: string | null;
  title: string | null;
  price: number | null;
  issues: { severity: string }[];
  product: { id: number; matchedBy: string } | null;
};
const listings = (query = '', token = admin) => s.get(`/api/external/amazon/stores/${storeId}/listings${query}`, token);

beforeAll(async () => {
  s = await TestServer.start();
  sandboxUrl = await s.listen();
  clientOverrides.sleep = async () => undefined;
  [admin, client, client2, north] = await Promise.all(
    ['demo.admin', 'demo.client', 'demo.client2', 'north.admin'].map((u) => s.token(u)),
  );
  const acmeId = (await s.signIn('demo.client')).userData.companyId;
  const store = await s.post(
    '/api/common/stores',
    { companyId: acmeId, marketplace: 'amazon_us', name: 'Acme US', environment: 'sandbox' },
    admin,
  );
  storeId = store.body.id;
  tenantId = (await s.signIn('demo.admin')).userData.tenantId;
});
afterAll(() => s.close());

describe('listing info', () => {
  it('before the store is connected: an empty list that says so, and no pull', async () => {
    const empty = await listings();
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ content: [], totalElements: 0, pulledAt: null });
    const pull = await s.post(`/api/external/amazon/stores/${storeId}/listings/pull`, {}, admin);
    expect(pull.status).toBe(412);
    expect(pull.meta.error_list[0].message).toMatch(/Connect the store to Amazon first/);
  });

  it('pulls every listing, searches and filters them, and links them to the client’s products', async () => {
    await connectAmazonStore(s, sandboxUrl, storeId, admin);
    const queued = await s.post(`/api/external/amazon/stores/${storeId}/listings/pull`, {}, client);
    expect(queued.status).toBe(201);
    const pulled = await pullListings(s.started.deps, { tenantId, storeId });
    expect(pulled.listings).toBeGreaterThanOrEqual(12);
    expect(pulled.linked).toBe(0);

    const all = await listings('?pageSize=100');
    expect(all.body.totalElements).toBe(pulled.listings);
    expect(all.body.pulledAt).toBe(pulled.pulledAt);
    const rows = all.body.content as Row[];
    expect(rows.every((r) => r.asin && r.price && r.price > 0)).toBe(true);

    // A product of Acme with the listing's SKU as its MSKU links by MSKU; another by ASIN.
    const [bySku, byAsin] = rows;
    const made = await s.post('/api/product/products', { title: 'Acme bottle', msku: bySku.sku }, client);
    expect(made.status).toBe(201);
    await s.post('/api/product/products', { title: 'Acme board', asin: byAsin.asin }, client);
    const linked = (await listings('?pageSize=100')).body.content as Row[];
    expect(linked.find((r) => r.sku === bySku.sku)!.product).toMatchObject({ id: made.body.id, matchedBy: 'msku' });
    expect(linked.find((r) => r.sku === byAsin.sku)!.product).toMatchObject({ matchedBy: 'asin' });
    const unlinked = (await listings('?pageSize=100&filter=unlinked')).body;
    expect(unlinked.totalElements).toBe(pulled.listings - 2);
    // Blue Fox's products never link to Acme's listings, whatever their codes.
    await s.post('/api/product/products', { title: 'Fox copy', msku: rows[2].sku }, client2);
    expect((await listings('?pageSize=100&filter=unlinked')).body.totalElements).toBe(pulled.listings - 2);

    const withErrors = (await listings('?pageSize=100&filter=issues')).body.content as Row[];
    expect(withErrors.length).toBeGreaterThan(0);
    expect(withErrors.every((r) => r.issues.some((i) => i.severity === 'ERROR'))).toBe(true);
    const word = rows[3].title!.split(' ')[0];
    const found = (await listings(`?q=${encodeURIComponent(word)}`)).body.content as Row[];
    expect(found.map((r) => r.sku)).toContain(rows[3].sku);
    expect(found.every((r) => r.title!.toLowerCase().includes(word.toLowerCase()) || r.sku.includes(word))).toBe(true);
  });

  it('shows one listing live: catalogue record, fees at its price and what the seller keeps', async () => {
    const [row] = (await listings()).body.content as Row[];
    const detail = await s.get(
      `/api/external/amazon/stores/${storeId}/listings/${encodeURIComponent(row.sku)}`,
      client,
    );
    expect(detail.status).toBe(200);
    const d = detail.body;
    expect(d.catalog.upc).toMatch(/^\d{12}$/);
    expect(d.catalog.package.weightLb).toBeGreaterThan(0);
    expect(d.fees.fba).toBe(true);
    const referral = d.fees.lines.find((l: { type: string }) => l.type === 'ReferralFee').amount;
    expect(referral).toBeCloseTo(Math.max(0.3, d.price * 0.15), 2);
    expect(d.fees.lines.some((l: { type: string }) => l.type === 'FBAFees')).toBe(true);
    expect(d.fees.net).toBeCloseTo(d.price - d.fees.total, 2);
    const missing = await s.get(`/api/external/amazon/stores/${storeId}/listings/NO-SUCH-SKU`, admin);
    expect(missing.status).toBe(404);
  });

  it('imports listings into the catalogue once, with a row report', async () => {
    const rows = (await listings('?pageSize=100&filter=unlinked')).body.content as Row[];
    const linked = ((await listings('?pageSize=100')).body.content as Row[]).find((r) => r.product)!;
    const res = await s.post(
      `/api/external/amazon/stores/${storeId}/listings/import`,
      { skus: [rows[0].sku, rows[1].sku, linked.sku, 'NOT-A-LISTING'] },
      client,
    );
    expect(res.status).toBe(200);
    expect(res.body.created.map((c: { sku: string }) => c.sku).sort()).toEqual([rows[0].sku, rows[1].sku].sort());
    expect(res.body.skipped).toEqual([
      { sku: linked.sku, reason: expect.stringMatching(/Already in the catalogue/) },
      { sku: 'NOT-A-LISTING', reason: expect.stringMatching(/Not a listing of this store/) },
    ]);
    const product = await s.get(`/api/product/products/${res.body.created[0].productId}`, client);
    expect(product.body).toMatchObject({ asin: rows[0].asin, msku: rows[0].sku.toUpperCase() });
    const again = await s.post(
      `/api/external/amazon/stores/${storeId}/listings/import`,
      { skus: [rows[0].sku] },
      client,
    );
    expect(again.body.created).toEqual([]);
    expect(again.body.skipped[0].reason).toMatch(/Already in the catalogue/);
    const none = await s.post(`/api/external/amazon/stores/${storeId}/listings/import`, { skus: [] }, client);
    expect(none.status).toBe(400);
  });

  it('lists a product on Amazon: an offer on its ASIN, a new product by its UPC, refusals with reasons', async () => {
    const withAsin = await s.post(
      '/api/product/products',
      { title: 'Acme kettle', asin: 'B0KETTLE01', msku: 'ACME-KETTLE' },
      client,
    );
    // The ASIN must be in Amazon's catalogue: an unknown one comes back INVALID with Amazon's words.
    const unknown = await s.post(
      `/api/external/amazon/stores/${storeId}/listings`,
      { productId: withAsin.body.id, price: 29.99, condition: 'new_new', channel: 'FBA' },
      client,
    );
    expect(unknown.status).toBe(200);
    expect(unknown.body.status).toBe('INVALID');
    expect(unknown.body.issues[0]).toMatchObject({ attribute: 'merchant_suggested_asin', severity: 'ERROR' });

    const rows = (await listings('?pageSize=100')).body.content as Row[];
    const onKnown = await s.post(
      '/api/product/products',
      { title: 'Acme offer', asin: rows[5].asin, msku: 'ACME-OFFER-2' },
      client,
    );
    const offered = await s.post(
      `/api/external/amazon/stores/${storeId}/listings`,
      { productId: onKnown.body.id, price: 19.5, condition: 'new_new', channel: 'FBA' },
      client,
    );
    expect(offered.status).toBe(201);
    expect(offered.body).toMatchObject({ sku: 'ACME-OFFER-2', status: 'ACCEPTED', issues: [] });
    const shown = ((await listings('?q=ACME-OFFER-2')).body.content as Row[])[0];
    expect(shown).toMatchObject({
      asin: rows[5].asin,
      price: 19.5,
      product: { id: onKnown.body.id, matchedBy: 'msku' },
    });

    const byUpc = await s.post(
      '/api/product/products',
      { title: 'Acme teapot', upc: '036000291452', msku: 'ACME-TEAPOT' },
      client,
    );
    const fresh = await s.post(
      `/api/external/amazon/stores/${storeId}/listings`,
      { productId: byUpc.body.id, price: 31, condition: 'new_new', channel: 'FBM', quantity: 4 },
      client,
    );
    expect(fresh.body.status).toBe('ACCEPTED');
    const bare = await s.post('/api/product/products', { title: 'Acme mystery', msku: 'ACME-MYSTERY' }, client);
    const refused = await s.post(
      `/api/external/amazon/stores/${storeId}/listings`,
      { productId: bare.body.id, price: 5, condition: 'new_new', channel: 'FBA' },
      client,
    );
    expect(refused.status).toBe(412);
    expect(refused.meta.error_list[0].message).toMatch(/ASIN, or its UPC/);
    const noQty = await s.post(
      `/api/external/amazon/stores/${storeId}/listings`,
      { productId: byUpc.body.id, price: 31, condition: 'new_new', channel: 'FBM' },
      client,
    );
    expect(noQty.status).toBe(400);
    expect(noQty.meta.error_list[0].message).toMatch(/quantity/);
    const negative = await s.post(
      `/api/external/amazon/stores/${storeId}/listings`,
      { productId: byUpc.body.id, price: -1, condition: 'new_new', channel: 'FBA' },
      client,
    );
    expect(negative.status).toBe(400);
    // Another client's product is not Acme's to list.
    const fox = await s.post(
      '/api/product/products',
      { title: 'Fox thing', asin: rows[5].asin, msku: 'FOX-1' },
      client2,
    );
    const foreign = await s.post(
      `/api/external/amazon/stores/${storeId}/listings`,
      { productId: fox.body.id, price: 10, condition: 'new_new', channel: 'FBA' },
      admin,
    );
    expect(foreign.status).toBe(412);
  });

  it('another client and another tenant see none of the store’s listings', async () => {
    for (const token of [client2, north]) {
      expect((await listings('', token)).status).toBe(404);
      expect((await s.post(`/api/external/amazon/stores/${storeId}/listings/pull`, {}, token)).status).toBe(404);
      const [row] = (await listings()).body.content as Row[];
      expect(
        (await s.get(`/api/external/amazon/stores/${storeId}/listings/${encodeURIComponent(row.sku)}`, token)).status,
      ).toBe(404);
      expect(
        (await s.post(`/api/external/amazon/stores/${storeId}/listings/import`, { skus: [row.sku] }, token)).status,
      ).toBe(404);
    }
  });
});
