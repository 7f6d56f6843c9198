/**
 * Listing a product on Walmart from WFS listing info: POST /api/external/walmart/stores/{id}/items
 * sends an item feed (WFS or seller-fulfilled) and answers 202 with the feed as a `walmart.feed`
 * operation; the poll job follows it to SUCCESS and the item is in the list at once, or to FAILED
 * with Walmart's errors per SKU on the operation. What Walmart would refuse is refused at once, with
 * what to fix; the caller's own store and the store's client's products only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { pullListings } from '../../server/modules/listings/pull.js';
import { checkOperation } from '../../server/modules/operations/service.js';
import { provideOperationPoll } from '../../server/modules/operations/poll.js';
import { withdrawJob } from '../../server/jobs/store-pulls.js';

let s: TestServer;
let admin: string;
let fox: string;
let acme: string;
let north: string;
let tenantId: number;
let storeId: number;
let acmeStoreId: number;
/** The server's (and its Walmart sandbox's) clock runs `offset` ahead of the wall clock. */
let offset = 0;
const products: Record<string, number> = {};

/** A UPC-A with its check digit. */
function upc(n: number) {
  const body = String(n).padStart(11, '0');
  const sum = body.split('').reduce((t, d, i) => t + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return body + ((10 - (sum % 10)) % 10);
}
const list = (body: unknown, token = fox, id = storeId) =>
  s.post(`/api/external/walmart/stores/${id}/items`, body, token);
const operation = (operationId: string, token = fox) =>
  s.get(`/api/common/stores/${storeId}/operations/${encodeURIComponent(operationId)}`, token);
const check = (operationId: string) =>
  checkOperation(s.started.deps, { tenantId, storeId, operation: operationId, kind: 'walmart.feed' });
type Row = {
  sku: string;
  channel: string;
  status: string[];
  issues: { message: string }[];
  product: { id: number } | null;
};
const rowOf = async (sku: string) =>
  (
    (await s.get(`/api/external/walmart/stores/${storeId}/items?q=${encodeURIComponent(sku)}`, fox)).body
      .content as Row[]
  ).find((r) => r.sku === sku);

beforeAll(async () => {
  s = await TestServer.start();
  await s.listen();
  clientOverrides.sleep = async () => undefined;
  s.started.deps.now = () => new Date(Date.now() + offset);
  [admin, fox, acme, north] = await Promise.all(
    ['demo.admin', 'demo.client2', 'demo.client', 'north.admin'].map((u) => s.token(u)),
  );
  const me = await s.signIn('demo.client2');
  tenantId = me.userData.tenantId;
  const them = await s.signIn('demo.client');
  const store = async (companyId: number, name: string, clientId: string) => {
    const id = (await s.post('/api/common/stores', { companyId, marketplace: 'walmart', name }, admin)).body
      .id as number;
    await s.put(
      `/api/common/stores/${id}/credentials`,
      { clientId, clientSecret: 'wm-secret-fedcba9876543210' },
      admin,
    );
    return id;
  };
  storeId = await store(me.userData.companyId, 'Blue Fox Walmart', '8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f');
  acmeStoreId = await store(them.userData.companyId, 'Acme Walmart', '2f3e4d5c-6b7a-4980-a1b2-c3d4e5f60718');
  expect((await s.post(`/api/common/stores/${storeId}/test`, {}, admin)).body.ok).toBe(true);
  const made = async (token: string, key: string, body: Record<string, unknown>) => {
    const res = await s.post('/api/product/products', body, token);
    expect(res.status, JSON.stringify(res.meta)).toBe(201);
    products[key] = res.body.id;
  };
  const full = {
    weightLb: 1.4,
    lengthIn: 9,
    widthIn: 5,
    heightIn: 3,
    imageUrls: ['https://images.example.com/kettle.jpg'],
  };
  await made(fox, 'wfs', { title: 'Fox travel kettle', msku: 'FOX-KETTLE-1', upc: upc(81_234_500_001), ...full });
  await made(fox, 'light', { title: 'Fox tea towel', msku: 'FOX-TOWEL-1', upc: upc(81_234_500_002) });
  await made(fox, 'noUpc', { title: 'Fox mug', msku: 'FOX-MUG-1', ...full });
  await made(fox, 'clash', { title: 'Fox spoon', msku: 'FOX-SPOON-1', upc: upc(81_234_500_003), weightLb: 0.2 });
  await made(acme, 'acme', { title: 'Acme lamp', msku: 'ACME-LAMP-1', upc: upc(81_234_500_004), ...full });
  // Walmart requires a WFS item's compliance answers: the kettle's are kept on the product (WFS item setup).
  const answers = {
    hasBatteries: 'No',
    electronicsIndicator: 'No',
    chemicalAerosolPesticide: 'No',
    isPerishable: 'No',
  };
  const kept = await s.put(`/api/outbound/wfs/item-setup/products/${products.wfs}/compliance`, answers, fox);
  expect(kept.status, JSON.stringify(kept.meta)).toBe(200);
  // The checks are run by hand (one at a time); the last test lets the queue run them.
  withdrawJob('marketplace.poll-operation');
});
afterAll(() => s.close());

describe('listing a product on Walmart (WFS listing info)', () => {
  it('sends a WFS item feed: 202 with the operation, followed to SUCCESS, the item in the list at once', async () => {
    // The clock stands still while the feed is sent and checked, so the item is read inside its
    // review (processed after 300 ms, published 1 s later) however slowly the machine runs.
    const sentAt = Date.now() + offset;
    s.started.deps.now = () => new Date(sentAt);
    const res = await list({ productId: products.wfs, price: 24.5, channel: 'WFS' });
    expect(res.status, JSON.stringify(res.meta)).toBe(202);
    expect(res.body).toMatchObject({ sku: 'FOX-KETTLE-1' });
    expect(res.body.operationId).toBe(res.body.feedId);
    const running = await operation(res.body.operationId);
    expect(running.status).toBe(200);
    expect(running.body).toMatchObject({ kind: 'walmart.feed', status: 'IN_PROGRESS', subject: 'FOX-KETTLE-1' });
    expect(await rowOf('FOX-KETTLE-1')).toBeUndefined();

    s.started.deps.now = () => new Date(sentAt + 600);
    expect(await check(res.body.operationId)).toMatchObject({ status: 'SUCCESS' });
    expect((await operation(res.body.operationId)).body).toMatchObject({ status: 'SUCCESS', problems: [] });
    const row = await rowOf('FOX-KETTLE-1');
    expect(row).toMatchObject({ channel: 'WFS', product: { id: products.wfs } });
    expect(row!.status).toContain('UNPUBLISHED');
    expect(row!.issues.map((i) => i.message).join(' ')).toMatch(/under review/i);
    // A retried check (the state already stored) only repeats the idempotent listener.
    expect(await check(res.body.operationId)).toMatchObject({ status: 'SUCCESS' });
    // The clock runs again from where it stood.
    offset = sentAt + 600 - Date.now();
    s.started.deps.now = () => new Date(Date.now() + offset);
  });

  it('lists seller-fulfilled with the weight given in the request when the product has none', async () => {
    const refused = await list({ productId: products.light, price: 8, channel: 'SELLER' });
    expect(refused.status).toBe(412);
    expect(refused.meta.error_list[0].message).toMatch(/shipping weight.*weight \(lb\)/);
    const res = await list({
      productId: products.light,
      sku: 'FOX-TOWEL-WM',
      price: 8,
      channel: 'SELLER',
      weightLb: 0.6,
    });
    expect(res.status, JSON.stringify(res.meta)).toBe(202);
    offset += 1000;
    expect(await check(res.body.operationId)).toMatchObject({ status: 'SUCCESS' });
    expect(await rowOf('FOX-TOWEL-WM')).toMatchObject({ channel: 'SELLER' });
  });

  it('refuses at once what Walmart would refuse, saying what to fix', async () => {
    const noUpc = await list({ productId: products.noUpc, price: 5, channel: 'SELLER' });
    expect(noUpc.status).toBe(412);
    expect(noUpc.meta.error_list[0].message).toMatch(/UPC, EAN or GTIN/);
    const noDims = await list({ productId: products.clash, price: 5, channel: 'WFS' });
    expect(noDims.status).toBe(412);
    expect(noDims.meta.error_list[0].message).toMatch(/length, width and height/);
    // A WFS item without the product's compliance answers: Walmart would refuse it.
    const unanswered = await list({
      productId: products.light,
      price: 5,
      channel: 'WFS',
      lengthIn: 9,
      widthIn: 5,
      heightIn: 1,
      weightLb: 0.5,
    });
    expect(unanswered.status).toBe(412);
    expect(unanswered.meta.error_list[0].message).toMatch(/compliance answers/);
    expect((await list({ productId: products.wfs, channel: 'WFS' })).status).toBe(400);
    expect((await list({ productId: products.wfs, price: 5, channel: 'FBA' })).status).toBe(400);
    expect((await list({ productId: products.wfs, price: 5, channel: 'WFS', sku: 'X'.repeat(51) })).status).toBe(400);
  });

  it('leaves Walmart’s errors per SKU on the operation when Walmart refuses the item', async () => {
    const pulled = await pullListings(s.started.deps, { tenantId, storeId });
    expect(pulled.listings).toBeGreaterThan(10);
    const rows = (await s.get(`/api/external/walmart/stores/${storeId}/items?pageSize=100`, fox)).body.content as Row[];
    const taken = rows.find((r) => !r.sku.startsWith('FOX-'))!;
    // The SKU is Walmart's already, under another product id.
    const res = await list({ productId: products.clash, sku: taken.sku, price: 3, channel: 'SELLER' });
    expect(res.status, JSON.stringify(res.meta)).toBe(202);
    offset += 1000;
    expect(await check(res.body.operationId)).toMatchObject({ status: 'FAILED' });
    const failed = (await operation(res.body.operationId)).body;
    expect(failed.status).toBe('FAILED');
    expect(failed.problems).toEqual([
      expect.objectContaining({ code: 'ERR_EXT_DATA_0101211', severity: 'ERROR', details: taken.sku }),
    ]);
    expect(failed.problems[0].message).toContain(taken.sku);
    expect(failed.problems[0].message).toMatch(/already set up with a different Product ID/);
    // The store's own item is untouched, and not linked to the product that failed.
    expect((await rowOf(taken.sku))?.product).toBeNull();
  });

  it('lists only the store’s client’s products, in the caller’s own stores', async () => {
    const otherClients = await list({ productId: products.acme, price: 5, channel: 'WFS' }, admin);
    expect(otherClients.status).toBe(412);
    expect(otherClients.meta.error_list[0].message).toMatch(/another client/);
    expect((await list({ productId: products.acme, price: 5, channel: 'WFS' }, acme)).status).toBe(404);
    expect((await list({ productId: products.wfs, price: 5, channel: 'WFS' }, fox, acmeStoreId)).status).toBe(404);
    expect((await list({ productId: products.wfs, price: 5, channel: 'WFS' }, north)).status).toBe(404);
  });

  it('is followed by the poll job on its own', async () => {
    provideOperationPoll();
    const res = await list({ productId: products.wfs, sku: 'FOX-KETTLE-2', price: 26, channel: 'WFS' });
    expect(res.status).toBe(202);
    // The first check is queued two seconds on; the worker then picks it up.
    for (let i = 0; i < 100 && (await operation(res.body.operationId)).body.status === 'IN_PROGRESS'; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect((await operation(res.body.operationId)).body.status).toBe('SUCCESS');
    // The state is stored before the listener runs: the row follows a moment later.
    for (let i = 0; i < 20 && !(await rowOf('FOX-KETTLE-2')); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await rowOf('FOX-KETTLE-2')).toMatchObject({ channel: 'WFS' });
  });
});
