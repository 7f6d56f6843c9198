/**
 * Pulled orders kept (issue 17): a page of marketplace orders upserted by the marketplace's order
 * id — the same page twice changes nothing, an older picture never replaces a newer one, a page
 * holding one order twice keeps its newest — and their lines linked to the store's client's own
 * products by SKU, ASIN or GTIN, never to another client's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import type { MarketplaceOrderInput } from '../../domain/schemas/orders.js';
import { marketplaceOrderLines, marketplaceOrders } from '../../server/db/schema/index.js';
import { storeOrders, type OrderStore } from '../../server/modules/orders/store-orders.js';

let s: TestServer;
let store: OrderStore;
const products: Record<string, number> = {};

beforeAll(async () => {
  s = await TestServer.start();
  const [admin, client, client2] = await Promise.all(
    ['demo.admin', 'demo.client', 'demo.client2'].map((u) => s.token(u)),
  );
  const me = await s.signIn('demo.client');
  const created = await s.post(
    '/api/common/stores',
    { companyId: me.userData.companyId, marketplace: 'ebay', name: 'Acme eBay', environment: 'sandbox' },
    admin,
  );
  store = { id: created.body.id, tenantId: me.userData.tenantId, companyId: me.userData.companyId };
  const product = async (body: Record<string, unknown>, token = client) => {
    const res = await s.post('/api/product/products', body, token);
    expect(res.status, JSON.stringify(res.meta)).toBe(201);
    return res.body.id as number;
  };
  products.mug = await product({ title: 'Blue mug', msku: 'MUG-BLUE' });
  products.lamp = await product({ title: 'Desk lamp', asin: 'B0LAMP0001' });
  products.kettle = await product({ title: 'Kettle', upc: '012345678905' });
  // Another client holds a product under the very SKU of an Acme order line.
  products.theirs = await product({ title: 'Their tote', msku: 'TOTE-RED' }, client2);
});
afterAll(() => s.close());

const line = (lineId: string, over: Partial<MarketplaceOrderInput['lines'][number]> = {}) => ({
  lineId,
  sku: null,
  asin: null,
  gtin: null,
  title: `Line ${lineId}`,
  quantityOrdered: 2,
  quantityShipped: 0,
  unitPrice: 1299,
  ...over,
});
const order = (id: string, updatedAt: string, over: Partial<MarketplaceOrderInput> = {}): MarketplaceOrderInput => ({
  marketplaceOrderId: id,
  salesChannel: 'Ebay',
  fulfillmentNetwork: 'EBAY',
  status: 'AWAITING',
  marketplaceStatus: 'NOT_STARTED',
  purchasedAt: '2026-11-20T10:00:00.000Z',
  updatedAt,
  shipBy: '2026-11-22T23:59:00.000Z',
  deliverBy: null,
  shippingService: 'USPSPriority',
  currency: 'USD',
  total: 2598,
  shipTo: {
    name: 'Ada Buyer',
    line1: '1 Main St',
    line2: null,
    city: 'Springfield',
    state: 'IL',
    postalCode: '62701',
    countryCode: 'US',
    phone: null,
  },
  lines: [line('1', { sku: 'mug-blue' })],
  ...over,
});
const save = (orders: MarketplaceOrderInput[]) =>
  s.db.transaction((tx) => storeOrders(tx, store, orders, new Date().toISOString()));
const stored = async (id: string) => {
  const [o] = await s.db.select().from(marketplaceOrders).where(eq(marketplaceOrders.marketplaceOrderId, id));
  const lines = await s.db
    .select()
    .from(marketplaceOrderLines)
    .where(eq(marketplaceOrderLines.orderId, o.id))
    .orderBy(asc(marketplaceOrderLines.lineId));
  return { ...o, lines };
};

describe('storing pulled orders', () => {
  it('stores a page once: the same page again changes nothing', async () => {
    const page = [order('A-1', '2026-11-20T10:05:00Z'), order('A-2', '2026-11-20T11:00:00Z')];
    expect(await save(page)).toEqual({ created: 2, changed: 0, unchanged: 0 });
    expect(await save(page)).toEqual({ created: 0, changed: 0, unchanged: 2 });
    const a1 = await stored('A-1');
    expect(a1).toMatchObject({ tenantId: store.tenantId, companyId: store.companyId, storeId: store.id, total: 2598 });
    expect(a1.lines).toHaveLength(1);
  });

  it('a newer picture replaces the stored one; an older one never does', async () => {
    const shipped = order('A-1', '2026-11-21T09:00:00Z', {
      status: 'SHIPPED',
      marketplaceStatus: 'FULFILLED',
      lines: [line('1', { sku: 'mug-blue', quantityShipped: 2 })],
    });
    expect(await save([shipped])).toEqual({ created: 0, changed: 1, unchanged: 0 });
    const stale = order('A-1', '2026-11-20T12:00:00Z', { status: 'AWAITING' });
    expect(await save([stale])).toEqual({ created: 0, changed: 0, unchanged: 1 });
    const a1 = await stored('A-1');
    expect(a1).toMatchObject({ status: 'SHIPPED', marketplaceStatus: 'FULFILLED' });
    expect(a1.lines[0]).toMatchObject({ quantityOrdered: 2, quantityShipped: 2 });
  });

  it('one order twice in a page keeps its newest picture', async () => {
    const res = await save([
      order('A-3', '2026-11-21T10:00:00Z', { status: 'CANCELED', marketplaceStatus: 'CANCELED' }),
      order('A-3', '2026-11-21T08:00:00Z'),
    ]);
    expect(res).toEqual({ created: 1, changed: 0, unchanged: 0 });
    expect((await stored('A-3')).status).toBe('CANCELED');
  });

  it('links lines to the client’s products by SKU, ASIN or GTIN — never another client’s', async () => {
    await save([
      order('A-4', '2026-11-21T12:00:00Z', {
        lines: [
          line('1', { sku: 'mug-blue' }),
          line('2', { sku: 'LAMP-OLD-SKU', asin: 'B0LAMP0001' }),
          line('3', { sku: 'KETTLE-X', gtin: '012345678905' }),
          line('4', { sku: 'TOTE-RED' }),
          line('5', { sku: 'NOT-IN-CATALOGUE' }),
        ],
      }),
    ]);
    const lines = (await stored('A-4')).lines;
    expect(lines.map((l) => l.productId)).toEqual([products.mug, products.lamp, products.kettle, null, null]);
  });

  it('stores a 4,000-order file in one page (past PostgreSQL’s 65,535 bind parameters) and again unchanged', async () => {
    // Each order once took 18 bind parameters: a page past ~3,600 orders failed on both databases.
    const page = Array.from({ length: 4000 }, (_, i) =>
      order(`BIG-${i}`, '2026-11-21T12:00:00Z', {
        lines: [line('1', { sku: 'mug-blue' }), line('2', { sku: 'NOT-IN-CATALOGUE', quantityOrdered: 1 })],
      }),
    );
    expect(await save(page)).toEqual({ created: 4000, changed: 0, unchanged: 0 });
    expect(await save(page)).toEqual({ created: 0, changed: 0, unchanged: 4000 });
    const last = await stored('BIG-3999');
    expect(last.lines.map((l) => [l.lineId, l.productId])).toEqual([
      ['1', products.mug],
      ['2', null],
    ]);
  });
});
