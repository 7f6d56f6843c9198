/**
 * The merchant-fulfilment orders desk (issue 20): orders listed per desk (Amazon FBM; Walmart
 * seller-fulfilled, eBay, Shopify), by status with counts, client, store and channel, searched
 * (also the spec's /web/view/orders/store/{storeId}/search/{term}), opened with their lines and
 * each line's product or none; an unmatched line linked; a store's pull started on request; orders
 * uploaded by file all or none through the pull's own upsert. A client never sees another's
 * orders; another tenant gets 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import type { MarketplaceOrderInput } from '../../domain/schemas/orders.js';
import { marketplaceOrders, stores } from '../../server/db/schema/index.js';
import { storeOrders, type OrderStore } from '../../server/modules/orders/store-orders.js';
import { order as fbmOrder } from '../helpers/fbm.js';

let s: TestServer;
let admin: string;
let client: string;
let client2: string;
let north: string;
let tenantId: number;
let acmeId: number;
let blueId: number;
const st: Record<'amazon' | 'ebay' | 'shop' | 'blue', OrderStore> = {} as never;
let mugId: number;
const BASE = '/api/fbm/web/view/orders';

const line = (lineId: string, over: Partial<MarketplaceOrderInput['lines'][number]> = {}) => ({
  lineId,
  sku: null,
  asin: null,
  gtin: null,
  title: `Line ${lineId}`,
  quantityOrdered: 1,
  quantityShipped: 0,
  unitPrice: 1000,
  ...over,
});
const order = (id: string, over: Partial<MarketplaceOrderInput> = {}): MarketplaceOrderInput =>
  fbmOrder(id, { lines: [line('1', { sku: 'MUG-BLUE' })], ...over });
const save = (store: OrderStore, orders: MarketplaceOrderInput[]) =>
  s.db.transaction((tx) => storeOrders(tx, store, orders, new Date().toISOString()));
const idOf = async (marketplaceOrderId: string) =>
  (await s.db.select().from(marketplaceOrders).where(eq(marketplaceOrders.marketplaceOrderId, marketplaceOrderId)))[0]
    .id;
const list = (query: string, token = admin) => s.get(`${BASE}?pageSize=50&${query}`, token);
const ids = (res: { body: { content: { marketplaceOrderId: string }[] } }) =>
  res.body.content.map((o) => o.marketplaceOrderId);

async function upload(csv: string, token = client, query = '') {
  const form = new FormData();
  form.set('file', new File([csv], 'orders.csv', { type: 'text/csv' }));
  const res = await s.started.app.request(`/api/fbm/orders/file-upload${query}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, ...((await res.json()) as { body: any; meta: any }) };
}

beforeAll(async () => {
  s = await TestServer.start();
  [admin, client, client2, north] = await Promise.all(
    ['demo.admin', 'demo.client', 'demo.client2', 'north.admin'].map((u) => s.token(u)),
  );
  const me = await s.signIn('demo.client');
  tenantId = me.userData.tenantId;
  acmeId = me.userData.companyId;
  blueId = (await s.signIn('demo.client2')).userData.companyId;
  const addStore = async (companyId: number, body: Record<string, unknown>) => {
    const res = await s.post('/api/common/stores', { companyId, environment: 'sandbox', ...body }, admin);
    expect(res.status, JSON.stringify(res.meta)).toBe(201);
    return { id: res.body.id as number, tenantId, companyId };
  };
  st.amazon = await addStore(acmeId, { marketplace: 'amazon_us', name: 'Acme Amazon' });
  st.ebay = await addStore(acmeId, { marketplace: 'ebay', name: 'Acme eBay' });
  st.shop = await addStore(acmeId, { marketplace: 'shopify', name: 'Acme Shop', sellerId: 'acme-desk.myshopify.com' });
  st.blue = await addStore(blueId, { marketplace: 'shopify', name: 'Blue Shop', sellerId: 'blue-desk.myshopify.com' });
  const mug = await s.post('/api/product/products', { title: 'Blue mug', msku: 'MUG-BLUE' }, client);
  expect(mug.status, JSON.stringify(mug.meta)).toBe(201);
  mugId = mug.body.id;

  await save(st.amazon, [
    order('AMZ-1', { salesChannel: 'Merchant', fulfillmentNetwork: 'MFN', purchasedAt: '2026-11-21T09:00:00Z' }),
    order('AMZ-2', {
      salesChannel: 'Merchant',
      fulfillmentNetwork: 'MFN',
      status: 'SHIPPED',
      purchasedAt: '2026-11-19T09:00:00Z',
      lines: [line('1', { sku: 'MUG-BLUE', quantityShipped: 1 })],
    }),
    // Fulfilled by Amazon: on neither desk.
    order('AMZ-FBA', { salesChannel: 'Amazon', fulfillmentNetwork: 'AFN', purchasedAt: '2026-11-22T09:00:00Z' }),
  ]);
  await save(st.ebay, [
    order('EB-1', {
      purchasedAt: '2026-11-22T10:00:00Z',
      lines: [line('1', { sku: 'MUG-BLUE' }), line('2', { sku: 'LAMP-9', title: 'Desk lamp', quantityOrdered: 2 })],
    }),
    order('EB-2', { status: 'CANCELED', purchasedAt: '2026-11-18T10:00:00Z' }),
  ]);
  await save(st.shop, [
    order('SH-1', {
      salesChannel: 'Shopify',
      fulfillmentNetwork: 'MFN',
      displayId: '#1001',
      status: 'PARTIALLY_SHIPPED',
      purchasedAt: '2026-11-20T12:00:00Z',
      shipTo: { ...order('x').shipTo!, name: 'Zed Shopper' },
    }),
  ]);
  await save(st.blue, [
    order('BLUE-1', {
      salesChannel: 'Shopify',
      fulfillmentNetwork: 'MFN',
      purchasedAt: '2026-11-23T12:00:00Z',
      lines: [line('1', { sku: 'TOTE-RED' })],
    }),
  ]);
});
afterAll(() => s.close());

describe('the orders desk', () => {
  it('lists each desk’s orders newest first: Amazon FBM; Walmart seller-fulfilled, eBay and Shopify', async () => {
    const fbm = await list('desk=fbm');
    expect(fbm.status, JSON.stringify(fbm.meta)).toBe(200);
    expect(ids(fbm)).toEqual(['AMZ-1', 'AMZ-2']);
    const mfn = await list('desk=mfn');
    expect(ids(mfn)).toEqual(['BLUE-1', 'EB-1', 'SH-1', 'EB-2']);
    expect(mfn.body.totalElements).toBe(4);
    const eb1 = mfn.body.content.find((o: any) => o.marketplaceOrderId === 'EB-1');
    expect(eb1).toMatchObject({
      companyId: acmeId,
      storeName: 'Acme eBay',
      marketplace: 'ebay',
      salesChannel: 'Ebay',
      status: 'AWAITING',
      buyerName: 'Ada Buyer',
      lines: 2,
      units: 3,
      unmatchedLines: 1,
    });
    // Paging follows spec §5.
    const paged = await s.get(`${BASE}?desk=mfn&pageSize=2&pageNumber=2`, admin);
    expect(paged.body).toMatchObject({ pageNumber: 2, pageSize: 5, totalElements: 4 });
  });

  it('filters by status, client, store, channel and account number, with counts per status', async () => {
    expect(ids(await list('desk=mfn&status=CANCELED'))).toEqual(['EB-2']);
    expect(ids(await list(`desk=mfn&companyId=${blueId}`))).toEqual(['BLUE-1']);
    expect(ids(await list(`desk=mfn&storeId=${st.shop.id}`))).toEqual(['SH-1']);
    expect(ids(await list('desk=mfn&salesChannel=Ebay'))).toEqual(['EB-1', 'EB-2']);
    const acmeNo = (await s.get(`${BASE}?desk=mfn&companyId=${acmeId}&pageSize=5`, admin)).body.content[0].accountNo;
    expect(ids(await list(`desk=mfn&accountNo=${acmeNo}`))).toEqual(['EB-1', 'SH-1', 'EB-2']);
    const counts = await s.get(`${BASE}/counts?desk=mfn&status=CANCELED`, admin);
    expect(counts.status).toBe(200);
    expect(counts.body).toEqual({ AWAITING: 2, PARTIALLY_SHIPPED: 1, SHIPPED: 0, CANCELED: 1, total: 4 });
    expect((await s.get(`${BASE}/counts?desk=fbm`, admin)).body).toMatchObject({ AWAITING: 1, SHIPPED: 1, total: 2 });
    expect((await s.get(`${BASE}?status=LOST`, admin)).status).toBe(400);
  });

  it('searches order ids and numbers, buyers and lines — also on one store (spec search route)', async () => {
    expect(ids(await list('desk=mfn&q=lamp'))).toEqual(['EB-1']);
    expect(ids(await list('desk=mfn&q=zed shop'))).toEqual(['SH-1']);
    expect(ids(await list('desk=mfn&q=%231001'))).toEqual(['SH-1']);
    expect(ids(await list('q=mug-blue&desk=fbm'))).toEqual(['AMZ-1', 'AMZ-2']);
    const inStore = await s.get(`/api/fbm/web/view/orders/store/${st.ebay.id}/search/mug?pageSize=10`, admin);
    expect(inStore.status).toBe(200);
    expect(ids(inStore)).toEqual(['EB-1', 'EB-2']);
    expect(ids(await s.get(`/api/fbm/web/view/orders/store/${st.ebay.id}/search/EB-2`, client))).toEqual(['EB-2']);
    // Another client's store, or another tenant's: not found.
    expect((await s.get(`/api/fbm/web/view/orders/store/${st.blue.id}/search/x`, client)).status).toBe(404);
    expect((await s.get(`/api/fbm/web/view/orders/store/${st.ebay.id}/search/x`, north)).status).toBe(404);
  });

  it('opens an order with its lines, each with its product or unmatched', async () => {
    const res = await s.get(`${BASE}/${await idOf('EB-1')}`, client);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ marketplaceOrderId: 'EB-1', shipTo: { city: 'Springfield' } });
    expect(res.body.orderLines.map((l: any) => [l.sku, l.product?.id ?? null])).toEqual([
      ['MUG-BLUE', mugId],
      ['LAMP-9', null],
    ]);
  });

  it('a client sees only its own orders; another tenant sees none', async () => {
    expect(ids(await list('desk=mfn', client))).toEqual(['EB-1', 'SH-1', 'EB-2']);
    // Naming another client changes nothing: still only its own.
    expect(ids(await list(`desk=mfn&companyId=${blueId}`, client))).toEqual([]);
    expect(ids(await list('desk=mfn', client2))).toEqual(['BLUE-1']);
    expect((await s.get(`${BASE}/counts?desk=mfn`, client2)).body.total).toBe(1);
    expect((await s.get(`${BASE}/${await idOf('EB-1')}`, client2)).status).toBe(404);
    expect((await s.get(`${BASE}/${await idOf('BLUE-1')}`, client)).status).toBe(404);
    expect((await s.get(`${BASE}/${await idOf('EB-1')}`, north)).status).toBe(404);
    expect((await list('', north)).body.totalElements).toBe(0);
    const storesSeen = (await s.get(`${BASE}/stores`, client2)).body.map((x: any) => x.name);
    expect(storesSeen).toEqual(['Blue Shop']);
    expect((await s.get(`${BASE}/stores`, north)).body).toEqual([]);
    expect((await s.get(BASE)).status).toBe(401);
    // Warehouse staff without the FBM or MFN right (the packer: bench and labels only): refused.
    const packer = await s.token('demo.packer');
    expect((await s.get(BASE, packer)).status).toBe(403);
    expect((await s.post(`${BASE}/${await idOf('EB-1')}/lines/1/product`, { create: true }, packer)).status).toBe(403);
  });

  it('links an unmatched line to the client’s product (by code or a new one), never another client’s', async () => {
    const eb1 = await idOf('EB-1');
    const detail = (await s.get(`${BASE}/${eb1}`, client)).body;
    const lamp = detail.orderLines[1];
    const linkUrl = `${BASE}/${eb1}/lines/${lamp.id}/product`;
    const theirs = await s.post('/api/product/products', { title: 'Their lamp', msku: 'THEIR-LAMP' }, client2);
    expect((await s.post(linkUrl, { productId: theirs.body.id }, client)).status).toBe(404);
    expect((await s.post(linkUrl, { code: 'THEIR-LAMP' }, client)).status).toBe(404);
    expect((await s.post(linkUrl, { create: true }, client2)).status).toBe(404);
    const made = await s.post(linkUrl, { create: true }, client);
    expect(made.status, JSON.stringify(made.meta)).toBe(200);
    expect(made.body).toMatchObject({ created: true, linkedLines: 1 });
    const after = (await s.get(`${BASE}/${eb1}`, client)).body;
    expect(after.orderLines[1].product).toMatchObject({ id: made.body.productId, title: 'Desk lamp', msku: 'LAMP-9' });
    expect(after.unmatchedLines).toBe(0);
    // By code: the Blue Fox tote line to Blue Fox's own product.
    const tote = await s.post('/api/product/products', { title: 'Red tote', msku: 'TOTE-RED' }, client2);
    const blue1 = await idOf('BLUE-1');
    const blueLine = (await s.get(`${BASE}/${blue1}`, admin)).body.orderLines[0];
    const byCode = await s.post(`${BASE}/${blue1}/lines/${blueLine.id}/product`, { code: 'tote-red' }, admin);
    expect(byCode.body).toMatchObject({ productId: tote.body.id, created: false });
  });

  it('a shop’s wrong barcode does not stop its SKU from making a product: left off, and said', async () => {
    await save(st.shop, [
      order('SHOP-BAD-GTIN', { lines: [line('1', { sku: 'MUG-ENAMEL', gtin: '0810046152042', title: 'Enamel mug' })] }),
    ]);
    const id = await idOf('SHOP-BAD-GTIN');
    const [l] = (await s.get(`${BASE}/${id}`, client)).body.orderLines;
    const made = await s.post(`${BASE}/${id}/lines/${l.id}/product`, { create: true }, client);
    expect(made.status, JSON.stringify(made.meta)).toBe(200);
    expect(made.body.created).toBe(true);
    expect(made.meta.warn_list[0].message).toMatch(/barcode 0810046152042 is not a valid UPC\/EAN/);
    const product = await s.get(`/api/product/products/${made.body.productId}`, client);
    expect(product.body).toMatchObject({ msku: 'MUG-ENAMEL' });
    expect(JSON.stringify(product.body)).not.toContain('0810046152042');
  });

  it('refresh from store starts the store’s orders pull job, in scope only', async () => {
    const early = await s.post('/api/fbm/web/refresh/orders', { storeId: st.ebay.id }, admin);
    expect(early.status).toBe(412);
    expect(early.meta.error_list[0].message).toMatch(/Connect the store/);
    await s.db.update(stores).set({ connection: 'connected' }).where(eq(stores.id, st.shop.id));
    expect((await s.post('/api/fbm/web/refresh/orders', { storeId: st.shop.id }, client2)).status).toBe(404);
    expect((await s.post('/api/fbm/web/refresh/orders', { storeId: st.shop.id }, north)).status).toBe(404);
    const started = await s.post('/api/fbm/web/refresh/orders', { storeId: st.shop.id }, client);
    expect(started.status, JSON.stringify(started.meta)).toBe(201);
    expect(started.body.jobId).toBeTruthy();
    const job = await s.get(`/api/jobs/batch-process/${started.body.jobId}`, client);
    expect(job.body.name).toBe('stores.pull-orders');
    await s.db.update(stores).set({ connection: 'not_connected' }).where(eq(stores.id, st.shop.id));
  });
});

describe('orders file upload', () => {
  const header =
    'store,order_id,order_number,purchase_date,sku,asin,upc,title,quantity,quantity_shipped,unit_price,ship_to_name,ship_to_country';
  const good = () =>
    [
      header,
      'Acme Shop,F-100,#2001,2026-11-24,MUG-BLUE,,,Blue mug,2,0,12.99,Bo Buyer,US',
      'Acme Shop,F-100,#2001,2026-11-24,NEW-SKU,,,New thing,1,0,5.00,Bo Buyer,US',
      // A store by its number works as well as by its name.
      `${st.ebay.id},F-200,,2026-11-24T08:30:00Z,,,0840123456786,Bottle,1,1,,Cy Buyer,US`,
    ].join('\n');

  it('serves a template that itself validates', async () => {
    const res = await s.started.app.request('/api/fbm/orders/file-upload/template', {
      headers: { authorization: `Bearer ${client}` },
    });
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const check = await upload(await res.text(), client, '?validateOnly=true');
    expect(check.status, JSON.stringify(check.meta)).toBe(200);
    expect(check.body).toMatchObject({ valid: true, stored: false, rows: 2, orders: 1, lines: 2 });
  });

  it('wrong columns: 400 naming them', async () => {
    const res = await upload('shop,order,qty\nA,1,1');
    expect(res.status).toBe(400);
    const text = res.meta.error_list.map((e: any) => e.message).join(' ');
    expect(text).toMatch(/"store".*"order_id".*"purchase_date".*"quantity".*Unknown columns: shop, order, qty/);
  });

  it('reports every bad row — an unknown store, another client’s store, bad values — and stores nothing', async () => {
    const before = (await s.db.select().from(marketplaceOrders)).length;
    const csv = [
      header,
      'Acme Shop,G-1,,2026-11-24,MUG-BLUE,,,Blue mug,2,0,12.99,Bo,US',
      'Nowhere Store,G-2,,2026-11-24,MUG-BLUE,,,Blue mug,1,0,,Bo,US',
      'Blue Shop,G-3,,2026-11-24,MUG-BLUE,,,Blue mug,1,0,,Bo,US',
      'Acme Shop,G-4,,24/11/2026,,,,No code,0,0,abc,Bo,USA',
      'Acme Shop,G-1,,2026-11-24,MUG-BLUE,,,Again,1,0,,Bo,US',
    ].join('\n');
    const res = await upload(csv);
    expect(res.status).toBe(400);
    const issues = res.body.issues as { row: number; code: string; column: string | null }[];
    expect(issues.filter((i) => i.row === 3).map((i) => i.code)).toEqual(['unknown_store']);
    expect(issues.filter((i) => i.row === 4).map((i) => i.code)).toEqual(['unknown_store']);
    expect(issues.filter((i) => i.row === 5).map((i) => i.code)).toEqual([
      'not_a_date',
      'needs_code',
      'at_least',
      'not_money',
      'country',
    ]);
    expect(issues.some((i) => i.row === 2)).toBe(false);
    expect(res.meta.error_list[0].message).toMatch(/^Row 3: No store "Nowhere Store"/);
    expect((await s.db.select().from(marketplaceOrders)).length).toBe(before);
    // A line given twice in one order.
    const twice = await upload(
      'store,order_id,line_id,purchase_date,sku,quantity\nAcme Shop,H-1,1,2026-11-24,A,1\nAcme Shop,H-1,1,2026-11-24,B,1',
    );
    expect(twice.status).toBe(400);
    expect(twice.body.issues).toEqual([
      expect.objectContaining({ row: 3, code: 'duplicate_line', params: { line: '1', first: 2 } }),
    ]);
  });

  it('stores every order through the pull’s upsert, matching lines; the same file again changes nothing', async () => {
    const csv = good();
    const res = await upload(csv);
    expect(res.status, JSON.stringify(res.meta)).toBe(201);
    expect(res.body).toMatchObject({
      stored: true,
      rows: 3,
      orders: 2,
      lines: 3,
      created: 2,
      changed: 0,
      unchanged: 0,
      matchedLines: 1,
    });
    const f100 = (await s.get(`${BASE}/${await idOf('F-100')}`, client)).body;
    expect(f100).toMatchObject({
      storeName: 'Acme Shop',
      salesChannel: 'Shopify',
      status: 'AWAITING',
      displayId: '#2001',
      total: 2 * 1299 + 500,
      buyerName: 'Bo Buyer',
    });
    expect(f100.orderLines.map((l: any) => [l.sku, l.product?.id ?? null])).toEqual([
      ['MUG-BLUE', mugId],
      ['NEW-SKU', null],
    ]);
    const f200 = (await s.get(`${BASE}/${await idOf('F-200')}`, client)).body;
    expect(f200).toMatchObject({ storeName: 'Acme eBay', salesChannel: 'Ebay', status: 'SHIPPED' });

    const again = await upload(csv);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ created: 0, changed: 0, unchanged: 2 });
    const rows = await s.db
      .select()
      .from(marketplaceOrders)
      .where(inArray(marketplaceOrders.marketplaceOrderId, ['F-100', 'F-200']));
    expect(rows).toHaveLength(2);
    // They are on the desk like pulled orders.
    expect(ids(await list('desk=mfn&q=F-', client))).toEqual(['F-200', 'F-100']);
  });

  it('another tenant cannot name this tenant’s stores', async () => {
    const res = await upload(`${header}\nAcme Shop,N-1,,2026-11-24,MUG-BLUE,,,Blue mug,1,0,,Bo,US`, north);
    expect(res.status).toBe(400);
    expect(res.body.issues[0]).toMatchObject({ row: 2, code: 'unknown_store' });
  });
});

describe('documentation', () => {
  it('is documented in the OpenAPI document', async () => {
    const doc = (await (await s.started.app.request('/api/docs/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.paths[BASE].get).toBeTruthy();
    expect(doc.paths[`${BASE}/counts`].get).toBeTruthy();
    expect(doc.paths[`${BASE}/stores`].get).toBeTruthy();
    expect(doc.paths[`${BASE}/{id}`].get).toBeTruthy();
    expect(doc.paths[`${BASE}/store/{storeId}/search/{term}`].get).toBeTruthy();
    expect(doc.paths[`${BASE}/{id}/lines/{lineId}/product`].post).toBeTruthy();
    expect(doc.paths['/api/fbm/web/refresh/orders'].post).toBeTruthy();
    expect(doc.paths['/api/fbm/orders/file-upload'].post).toBeTruthy();
    expect(doc.paths['/api/fbm/orders/file-upload/template'].get).toBeTruthy();
  });
});
