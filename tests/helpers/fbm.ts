/** Merchant-fulfilment test world: two clients with stores and products, zoned bins, stock, orders. */
import { expect } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { MarketplaceOrderInput } from '../../domain/schemas/orders.js';
import { marketplaceOrderLines, marketplaceOrders } from '../../server/db/schema/index.js';
import { storeOrders, type OrderStore } from '../../server/modules/orders/store-orders.js';
import type { TestServer } from './server.js';

export interface FbmWorld {
  admin: string;
  client: string;
  client2: string;
  north: string;
  tenantId: number;
  acmeId: number;
  blueId: number;
  acmeStore: OrderStore;
  blueStore: OrderStore;
}

export const line = (lineId: string, sku: string | null, quantityOrdered = 1, quantityShipped = 0) => ({
  lineId,
  sku,
  asin: null,
  gtin: null,
  title: `Line ${lineId} ${sku ?? ''}`,
  quantityOrdered,
  quantityShipped,
  unitPrice: 1000,
});

export const order = (id: string, over: Partial<MarketplaceOrderInput> = {}): MarketplaceOrderInput => ({
  marketplaceOrderId: id,
  salesChannel: 'Ebay',
  fulfillmentNetwork: 'EBAY',
  status: 'AWAITING',
  marketplaceStatus: 'NOT_STARTED',
  purchasedAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  shipBy: null,
  deliverBy: null,
  shippingService: 'Standard',
  currency: 'USD',
  total: 1000,
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
  lines: [line('1', 'MUG-1')],
  ...over,
});

export const saveOrders = (s: TestServer, store: OrderStore, orders: MarketplaceOrderInput[]) =>
  s.db.transaction((tx) => storeOrders(tx, store, orders, new Date().toISOString()));

export const orderId = async (s: TestServer, marketplaceOrderId: string) =>
  (await s.db.select().from(marketplaceOrders).where(eq(marketplaceOrders.marketplaceOrderId, marketplaceOrderId)))[0]
    .id;

/**
 * Locations: zones Z-A and Z-B with bins (Z-B's bins are first in code order, Z-A first by zone
 * name), FBM-SHELF, and the stations FBM never counts. Products: MUG-1, LAMP-2, TOTE-3 for both
 * clients (the same SKUs, so another client's stock of them is at hand to be wrongly counted).
 */
export async function fbmWorld(s: TestServer, prefix: string): Promise<FbmWorld> {
  const [admin, client, client2, north] = await Promise.all(
    ['demo.admin', 'demo.client', 'demo.client2', 'north.admin'].map((u) => s.token(u)),
  );
  const me = await s.signIn('demo.client');
  const tenantId = me.userData.tenantId;
  const acmeId = me.userData.companyId;
  const blueId = (await s.signIn('demo.client2')).userData.companyId;
  const loc = async (code: string, type: string, parentCode?: string) => {
    const res = await s.post('/api/warehouse-location', { code, type, parentCode }, admin);
    expect([201, 409], `${code}: ${JSON.stringify(res.meta)}`).toContain(res.status);
  };
  await loc('Z-A', 'zone');
  await loc('Z-B', 'zone');
  for (const bin of ['A-10', 'A-2', 'A-1']) await loc(bin, 'bin', 'Z-A');
  for (const bin of ['B-1', 'B-2']) await loc(bin, 'bin', 'Z-B');
  for (const [code, type] of [
    ['FBM-SHELF', 'shelf'],
    ['PREP-FBA', 'desk'],
    ['PREP-WFS', 'desk'],
    ['RECEIVING', 'dock'],
  ])
    await loc(code, type);
  const addStore = async (companyId: number, name: string) => {
    const res = await s.post(
      '/api/common/stores',
      { companyId, environment: 'sandbox', marketplace: 'ebay', name: `${prefix} ${name}` },
      admin,
    );
    expect(res.status, JSON.stringify(res.meta)).toBe(201);
    return { id: res.body.id as number, tenantId, companyId };
  };
  const acmeStore = await addStore(acmeId, 'Acme eBay');
  const blueStore = await addStore(blueId, 'Blue eBay');
  for (const [token, companyId] of [
    [client, acmeId],
    [client2, blueId],
  ] as const)
    for (const msku of ['MUG-1', 'LAMP-2', 'TOTE-3']) {
      const res = await s.post('/api/product/products', { companyId, title: `${msku} product`, msku }, token);
      expect([201, 409], JSON.stringify(res.meta)).toContain(res.status);
    }
  return { admin, client, client2, north, tenantId, acmeId, blueId, acmeStore, blueStore };
}

/** Adds (or takes away) units at a location through the adjustment API. */
export async function stock(
  s: TestServer,
  w: FbmWorld,
  companyId: number,
  sku: string,
  location: string,
  quantity: number,
) {
  const res = await s.post(
    '/api/inventory/adjust',
    { companyId, productCode: sku, location, quantity, reason: quantity > 0 ? 'found' : 'lost' },
    w.admin,
  );
  expect(res.status, JSON.stringify(res.meta)).toBe(200);
}

/**
 * Up to `count` open seller-shipped orders of an amazon.ca store (oldest first, one or two lines
 * with a SKU and an ASIN), each linked to products, stocked, reserved and picked: ready for a
 * cross-border label. Throws when the store has fewer.
 */
export async function pickedCanadianOrders(
  s: TestServer,
  w: FbmWorld,
  storeId: number,
  count: number,
): Promise<{ id: number; skus: string[] }[]> {
  const F = '/api/fbm/web';
  const orders = await s.db
    .select()
    .from(marketplaceOrders)
    .where(
      and(
        eq(marketplaceOrders.storeId, storeId),
        eq(marketplaceOrders.status, 'AWAITING'),
        sql`${marketplaceOrders.fulfillmentNetwork} not in ('AFN', 'WFS')`,
        sql`${marketplaceOrders.shipTo}->>'countryCode' = 'CA'`,
      ),
    )
    .orderBy(asc(marketplaceOrders.purchasedAt));
  const picked: { id: number; skus: string[] }[] = [];
  next: for (const o of orders) {
    if (picked.length === count) break;
    const lines = await s.db.select().from(marketplaceOrderLines).where(eq(marketplaceOrderLines.orderId, o.id));
    if (!lines.length || lines.some((l) => !l.sku || !l.asin || l.quantityShipped > 0) || lines.length > 2) continue;
    for (const l of lines) {
      const link = (body: object) => s.post(`${F}/view/orders/${o.id}/lines/${l.id}/product`, body, w.admin);
      let linked = await link({ create: true });
      if (linked.status === 409) linked = await link({ code: l.sku });
      if (linked.status === 412) continue next;
      expect([200, 201], JSON.stringify(linked.meta)).toContain(linked.status);
      await stock(s, w, w.acmeId, l.sku!, 'A-1', l.quantityOrdered * 5);
    }
    expect((await s.post(`${F}/reserve/awaiting/items/store/${storeId}`, {}, w.admin)).status).toBe(200);
    const batch = await s.post(`${F}/pick/batch`, { orderIds: [o.id] }, w.admin);
    if (batch.status !== 201) continue;
    for (const b of batch.body.lines) {
      const r = await s.post(
        `${F}/pick/batch/${batch.body.id}/pick`,
        { batchLineId: b.id, quantity: b.quantity },
        w.admin,
      );
      expect(r.status, JSON.stringify(r.meta)).toBe(200);
    }
    picked.push({ id: o.id, skus: lines.map((l) => l.sku!) });
  }
  if (picked.length < count) throw new Error(`Only ${picked.length} open seller-shipped orders in the amazon.ca store`);
  return picked;
}
