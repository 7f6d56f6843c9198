/**
 * WFS listing info (issue 17): a client's Walmart store connected with its keys, its items pulled
 * from Walmart's Catalog Search through the same background job as Amazon listings, searched and
 * filtered, each marked WFS or seller-fulfilled, linked to the client's products by SKU or UPC;
 * one item live from Walmart; items imported into the catalogue; another client and another
 * tenant see none of it, and each screen reads only its own marketplace's stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { pullListings } from '../../server/modules/listings/pull.js';

let s: TestServer;
let admin: string;
let fox: string;
let acme: string;
let north: string;
let storeId: number;
let amazonStoreId: number;
let tenantId: number;
type Row = {
  sku: string;
  gtin: string | null;
  itemId: string | null;
  title: string | null;
  channel: string;
  status: string[];
  issues: { severity: string; message: string }[];
  product: { id: number; matchedBy: string } | null;
};
const items = (query = '', token = admin) => s.get(`/api/external/walmart/stores/${storeId}/items${query}`, token);

beforeAll(async () => {
  s = await TestServer.start();
  await s.listen();
  clientOverrides.sleep = async () => undefined;
  [admin, fox, acme, north] = await Promise.all(
    ['demo.admin', 'demo.client2', 'demo.client', 'north.admin'].map((u) => s.token(u)),
  );
  const me = await s.signIn('demo.client2');
  tenantId = me.userData.tenantId;
  const add = async (marketplace: string, name: string) =>
    (await s.post('/api/common/stores', { companyId: me.userData.companyId, marketplace, name }, admin)).body
      .id as number;
  storeId = await add('walmart', 'Blue Fox Walmart');
  amazonStoreId = await add('amazon_us', 'Blue Fox US');
});
afterAll(() => s.close());

describe('WFS listing info', () => {
  it('before the store is connected: an empty list that says so, and no pull', async () => {
    const empty = await items('', fox);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ content: [], totalElements: 0, pulledAt: null });
    const pull = await s.post(`/api/external/walmart/stores/${storeId}/items/pull`, {}, fox);
    expect(pull.status).toBe(412);
    expect(pull.meta.error_list[0].message).toMatch(/Connect the store to Walmart first/);
  });

  it('pulls every item — WFS and seller-fulfilled, published or not with Walmart’s reasons', async () => {
    await s.put(
      `/api/common/stores/${storeId}/credentials`,
      { clientId: '5b8e3c1d-2a4f-4e6b-9c7d-8f1a2b3c4d5e', clientSecret: 'wm-secret-fedcba9876543210' },
      admin,
    );
    expect((await s.post(`/api/common/stores/${storeId}/test`, {}, admin)).body.ok).toBe(true);
    const queued = await s.post(`/api/external/walmart/stores/${storeId}/items/pull`, {}, fox);
    expect(queued.status).toBe(201);
    const pulled = await pullListings(s.started.deps, { tenantId, storeId });
    expect(pulled.skipped).toBeUndefined();
    expect(pulled.listings).toBeGreaterThan(10);

    const all = await items('?pageSize=100', fox);
    expect(all.body.totalElements).toBe(pulled.listings);
    expect(all.body.pulledAt).toBe(pulled.pulledAt);
    const rows = all.body.content as Row[];
    expect(new Set(rows.map((r) => r.channel))).toEqual(new Set(['WFS', 'SELLER']));
    expect(rows.every((r) => r.gtin && /^\d{12,14}$/.test(r.gtin))).toBe(true);
    const unpublished = rows.filter((r) => !r.status.includes('PUBLISHED'));
    expect(unpublished.length).toBeGreaterThan(0);
    expect(unpublished.some((r) => r.issues.length > 0)).toBe(true);

    const withErrors = (await items('?pageSize=100&filter=issues', fox)).body.content as Row[];
    expect(withErrors.length).toBeGreaterThan(0);
    expect(withErrors.every((r) => r.issues.some((i) => i.severity === 'ERROR'))).toBe(true);
    const byGtin = (await items(`?q=${rows[4].gtin}`, fox)).body.content as Row[];
    expect(byGtin.map((r) => r.sku)).toEqual([rows[4].sku]);
  });

  it('links items to the client’s products by SKU or UPC, never another client’s', async () => {
    const rows = (await items('?pageSize=100', fox)).body.content as Row[];
    const [bySku, byUpc] = rows;
    const made = await s.post('/api/product/products', { title: 'Fox kettle', msku: bySku.sku }, fox);
    expect(made.status, JSON.stringify(made.meta)).toBe(201);
    const upc = byUpc.gtin!.length === 14 ? byUpc.gtin!.slice(2) : byUpc.gtin!;
    expect((await s.post('/api/product/products', { title: 'Fox lamp', upc }, fox)).status).toBe(201);
    // Acme holds a product under a third item's SKU: it never links to Blue Fox's item.
    expect((await s.post('/api/product/products', { title: 'Acme copy', msku: rows[2].sku }, acme)).status).toBe(201);
    const linked = (await items('?pageSize=100', fox)).body.content as Row[];
    expect(linked.find((r) => r.sku === bySku.sku)!.product).toMatchObject({ id: made.body.id, matchedBy: 'msku' });
    expect(linked.find((r) => r.sku === byUpc.sku)!.product).toMatchObject({ matchedBy: 'upc' });
    expect(linked.find((r) => r.sku === rows[2].sku)!.product).toBeNull();
    expect((await items('?pageSize=100&filter=unlinked', fox)).body.totalElements).toBe(rows.length - 2);
  });

  it('shows one item live from Walmart: who fulfils it, its shelf and status, a link once published', async () => {
    const rows = (await items('?pageSize=100', fox)).body.content as Row[];
    const published = rows.find((r) => r.status.includes('PUBLISHED'))!;
    const d = (await s.get(`/api/external/walmart/stores/${storeId}/items/${encodeURIComponent(published.sku)}`, fox))
      .body;
    expect(d).toMatchObject({ sku: published.sku, channel: published.channel, publishedStatus: 'PUBLISHED' });
    expect(d.shelf.length).toBeGreaterThan(0);
    expect(d.walmartUrl).toMatch(/^https:\/\/www\.walmart\.com\/ip\/\d+/);
    const hidden = rows.find((r) => r.issues.length > 0)!;
    const h = (await s.get(`/api/external/walmart/stores/${storeId}/items/${encodeURIComponent(hidden.sku)}`, fox))
      .body;
    expect(h.walmartUrl).toBeNull();
    expect(h.issues.map((i: { message: string }) => i.message)).toEqual(hidden.issues.map((i) => i.message));
    const missing = await s.get(`/api/external/walmart/stores/${storeId}/items/NO-SUCH-SKU`, admin);
    expect(missing.status).toBe(404);
  });

  it('imports items into the catalogue with their UPC, once', async () => {
    const [row] = (await items('?pageSize=100&filter=unlinked', fox)).body.content as Row[];
    const res = await s.post(`/api/external/walmart/stores/${storeId}/items/import`, { skus: [row.sku] }, fox);
    expect(res.status).toBe(200);
    expect(res.body.created).toHaveLength(1);
    const product = await s.get(`/api/product/products/${res.body.created[0].productId}`, fox);
    expect(product.body.upc).toBe(row.gtin);
    const again = await s.post(`/api/external/walmart/stores/${storeId}/items/import`, { skus: [row.sku] }, fox);
    expect(again.body.skipped[0].reason).toMatch(/Already in the catalogue/);
  });

  it('each screen reads only its own marketplace; other clients and tenants see nothing', async () => {
    const amazonRoute = await s.get(`/api/external/amazon/stores/${storeId}/listings`, admin);
    expect(amazonRoute.status).toBe(412);
    expect(amazonRoute.meta.error_list[0].message).toMatch(/WFS listing info/);
    const walmartRoute = await s.get(`/api/external/walmart/stores/${amazonStoreId}/items`, admin);
    expect(walmartRoute.status).toBe(412);
    expect((await items('', north)).status).toBe(404);
    const acmeSees = await items('', acme);
    expect([403, 404]).toContain(acmeSees.status);
    expect((await items('?pageSize=7', fox)).status).toBe(200);
    expect((await items('?filter=nope', fox)).status).toBe(400);
  });
});
