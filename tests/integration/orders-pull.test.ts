/**
 * Orders pulled from clients' stores (issue 17): the `stores.pull-orders` job reads each
 * marketplace's new and changed orders through its client — Amazon, Walmart and Shopify here,
 * against their sandboxes over real HTTP — into Dockside's one shape; a later pull starts from the
 * store's high-water mark and stores only what changed; a failed pull moves nothing; the
 * quarter-hour schedule queues one pull per connected store; a client pulls only its own stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { connectAmazonStore } from '../helpers/amazon-sandbox.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { marketplaceOrderLines, marketplaceOrders, storePulls, stores } from '../../server/db/schema/index.js';
import { ORDER_LOOKBACK_DAYS, pullOrders } from '../../server/modules/orders/pull.js';
import { scheduleOrderPulls } from '../../server/modules/orders/schedule.js';
import { setFaultRate } from '../../server/sandboxes/fault-rates.js';
import { BOSS_SCHEMA } from '../../server/jobs/queue.js';

let s: TestServer;
let sandboxUrl: string;
let admin: string;
let client: string;
let client2: string;
let north: string;
let tenantId: number;
let acmeId: number;
let clock = Date.now();
const ids = { amazon: 0, walmart: 0, shopify: 0, idle: 0 };

const addStore = async (body: Record<string, unknown>) => {
  const res = await s.post('/api/common/stores', { companyId: acmeId, environment: 'sandbox', ...body }, admin);
  expect(res.status, JSON.stringify(res.meta)).toBe(201);
  return res.body.id as number;
};
const ordersOf = (storeId: number) =>
  s.db.select().from(marketplaceOrders).where(eq(marketplaceOrders.storeId, storeId));
const pull = (storeId: number) => pullOrders(s.started.deps, { tenantId, storeId });

beforeAll(async () => {
  s = await TestServer.start();
  sandboxUrl = await s.listen();
  clientOverrides.sleep = async () => undefined;
  s.started.deps.now = () => new Date(clock);
  [admin, client, client2, north] = await Promise.all(
    ['demo.admin', 'demo.client', 'demo.client2', 'north.admin'].map((u) => s.token(u)),
  );
  const me = await s.signIn('demo.client');
  tenantId = me.userData.tenantId;
  acmeId = me.userData.companyId;
  ids.amazon = await addStore({ marketplace: 'amazon_us', name: 'Acme US' });
  ids.walmart = await addStore({ marketplace: 'walmart', name: 'Acme Walmart' });
  ids.shopify = await addStore({ marketplace: 'shopify', name: 'Acme Shop', sellerId: 'acme-pull.myshopify.com' });
  ids.idle = await addStore({ marketplace: 'ebay', name: 'Acme eBay (not connected)' });
});
afterAll(() => s.close());

describe('pulling orders', () => {
  it('refuses a pull before the store is connected, and another client’s or tenant’s store', async () => {
    const early = await s.post(`/api/common/stores/${ids.amazon}/pull/orders`, {}, admin);
    expect(early.status).toBe(412);
    expect(early.meta.error_list[0].message).toMatch(/Connect the store/);
    expect((await s.post(`/api/common/stores/${ids.amazon}/pull/orders`, {}, client2)).status).toBe(404);
    expect((await s.post(`/api/common/stores/${ids.amazon}/pull/orders`, {}, north)).status).toBe(404);
    expect((await s.post(`/api/common/stores/abc/pull/orders`, {}, admin)).status).toBe(400);
  });

  it('Amazon: a pull on request runs as the client’s job; orders land in one shape with their lines', async () => {
    await connectAmazonStore(s, sandboxUrl, ids.amazon, admin);
    const queued = await s.post(`/api/common/stores/${ids.amazon}/pull/orders`, {}, client);
    expect(queued.status).toBe(201);
    expect(queued.body.queued).toBe(true);
    // The worker runs it; the store then says when and how many orders wait to be shipped.
    let store = (await s.get(`/api/common/stores/${ids.amazon}`, client)).body;
    for (let i = 0; i < 100 && !store.ordersPulledAt; i++) {
      await new Promise((r) => setTimeout(r, 100));
      store = (await s.get(`/api/common/stores/${ids.amazon}`, client)).body;
    }
    expect(store.ordersPulledAt).not.toBeNull();
    const orders = await ordersOf(ids.amazon);
    expect(orders.length).toBeGreaterThan(3);
    expect(store.openOrders).toBe(orders.filter((o) => ['AWAITING', 'PARTIALLY_SHIPPED'].includes(o.status)).length);
    expect(new Set(orders.map((o) => o.salesChannel))).toEqual(new Set(['Amazon', 'Merchant']));
    // Amazon's programs come with each order (about half the sandbox's orders are Prime).
    expect(orders.some((o) => o.programs.includes('PRIME'))).toBe(true);
    expect(orders.some((o) => o.programs.length === 0)).toBe(true);
    for (const o of orders) {
      expect(o).toMatchObject({ tenantId, companyId: acmeId });
      expect(o.fulfillmentNetwork).toBe(o.salesChannel === 'Amazon' ? 'AFN' : 'MFN');
      expect(Date.parse(o.purchasedAt)).toBeGreaterThan(clock - (ORDER_LOOKBACK_DAYS + 1) * 86_400_000);
    }
    const lines = await s.db
      .select()
      .from(marketplaceOrderLines)
      .where(
        sql`${marketplaceOrderLines.orderId} in (select id from marketplace_orders where store_id = ${ids.amazon})`,
      );
    expect(lines.length).toBeGreaterThanOrEqual(orders.length);
    expect(lines.every((l) => l.sku && l.quantityOrdered > 0)).toBe(true);
  });

  it('a later pull starts at the high-water mark and stores only what changed', async () => {
    const before = (await ordersOf(ids.amazon)).length;
    const [mark] = await s.db.select().from(storePulls).where(eq(storePulls.storeId, ids.amazon));
    const again = await pull(ids.amazon);
    // Nothing new in the same moment: what was read again (the overlap) is stored as it is.
    expect(again.created).toBe(0);
    expect(Date.parse(again.since)).toBeLessThan(Date.parse(mark.highWater));
    expect(Date.parse(again.since)).toBeGreaterThan(Date.parse(mark.highWater) - 3600_000);

    // Two days on: the sandbox places no order in about half its hours, so a few hours could
    // hold none; two days always hold some.
    clock += 48 * 3600_000;
    const later = await pull(ids.amazon);
    expect(later.created).toBeGreaterThan(0);
    expect((await ordersOf(ids.amazon)).length).toBe(before + later.created);
    // Only the window since the last pull was read, not the whole month again.
    expect(later.read).toBeLessThan(before);
    const [moved] = await s.db.select().from(storePulls).where(eq(storePulls.storeId, ids.amazon));
    expect(Date.parse(moved.highWater)).toBe(clock);
    expect(moved.lastCount).toBe(later.read);
  });

  it('Walmart: seller-fulfilled and WFS orders, with the number the buyer quotes', async () => {
    await s.put(
      `/api/common/stores/${ids.walmart}/credentials`,
      { clientId: '3f1c2b7a-9d4e-4c1a-8b2f-6e5d4c3b2a19', clientSecret: 'wm-secret-0123456789abcdef' },
      admin,
    );
    expect((await s.post(`/api/common/stores/${ids.walmart}/test`, {}, admin)).body.ok).toBe(true);
    const result = await pull(ids.walmart);
    expect(result.created).toBeGreaterThan(0);
    const orders = await ordersOf(ids.walmart);
    expect(new Set(orders.map((o) => o.salesChannel))).toEqual(new Set(['SellerFulfilled', 'WalmartFulfilled']));
    expect(
      orders.filter((o) => o.salesChannel === 'WalmartFulfilled').every((o) => o.fulfillmentNetwork === 'WFS'),
    ).toBe(true);
    expect(orders.every((o) => o.displayId && o.displayId !== o.marketplaceOrderId)).toBe(true);
    expect(orders.every((o) => o.programs.length === 0)).toBe(true);
  });

  it('Shopify: the shop’s orders, by their #number', async () => {
    const put = await s.put(
      `/api/common/stores/${ids.shopify}/credentials`,
      { accessToken: `shpat_${'cd'.repeat(16)}` },
      admin,
    );
    expect(put.status, JSON.stringify(put.meta)).toBe(200);
    expect((await s.post(`/api/common/stores/${ids.shopify}/test`, {}, admin)).body.ok).toBe(true);
    expect((await pull(ids.shopify)).created).toBeGreaterThan(0);
    const orders = await ordersOf(ids.shopify);
    expect(orders.every((o) => o.salesChannel === 'Shopify' && o.fulfillmentNetwork === 'MFN')).toBe(true);
    expect(orders.every((o) => /^#\d+/.test(o.displayId ?? ''))).toBe(true);
  });

  it('a pull the marketplace fails keeps what was stored and moves no mark; the next one catches up', async () => {
    const [mark] = await s.db.select().from(storePulls).where(eq(storePulls.storeId, ids.shopify));
    const stored = (await ordersOf(ids.shopify)).length;
    clock += 3 * 3600_000;
    await setFaultRate(s.started.deps, 'shopify', 1);
    await expect(pull(ids.shopify)).rejects.toMatchObject({ status: 503 });
    const [after] = await s.db.select().from(storePulls).where(eq(storePulls.storeId, ids.shopify));
    expect(after.highWater).toBe(mark.highWater);
    expect((await ordersOf(ids.shopify)).length).toBe(stored);
    const [store] = await s.db.select().from(stores).where(eq(stores.id, ids.shopify));
    expect(store.lastError).toMatch(/Shopify/);
    await setFaultRate(s.started.deps, 'shopify', 0);
    const caughtUp = await pull(ids.shopify);
    expect(Date.parse(caughtUp.since)).toBeLessThan(Date.parse(mark.highWater));
  });

  it('a store whose credentials were refused is skipped, not retried into a storm', async () => {
    await s.db.update(stores).set({ connection: 'reconnect_needed' }).where(eq(stores.id, ids.shopify));
    expect(await pull(ids.shopify)).toMatchObject({ skipped: 'The store needs reconnecting', read: 0 });
    await s.db.update(stores).set({ connection: 'connected' }).where(eq(stores.id, ids.shopify));
  });

  it('the quarter-hour schedule queues one pull per connected store', async () => {
    const queued = async () =>
      (
        await s.started.database.executeSql(
          `select singleton_key from ${BOSS_SCHEMA}.job where name = 'stores.pull-orders' and state in ('created', 'retry', 'active')`,
          [],
        )
      ).rows as { singleton_key: string }[];
    await scheduleOrderPulls(s.started.deps);
    const keys = (await queued()).map((r) => r.singleton_key);
    for (const id of [ids.amazon, ids.walmart, ids.shopify]) expect(keys).toContain(`orders:${id}`);
    expect(keys).not.toContain(`orders:${ids.idle}`);
    // A second round while they wait adds none.
    const second = await scheduleOrderPulls(s.started.deps);
    const stillWaiting = (await queued()).filter((r) => r.singleton_key.startsWith('orders:')).length;
    expect(second.queued).toBeLessThanOrEqual(3 - Math.min(3, stillWaiting));
    const [{ n }] = await s.db
      .select({ n: sql<number>`count(*)::int` })
      .from(marketplaceOrders)
      .where(and(eq(marketplaceOrders.tenantId, tenantId)));
    expect(n).toBeGreaterThan(0);
  });

  it('a store moved to production drops the sandbox’s orders and mark', async () => {
    await s.put(`/api/common/stores/${ids.walmart}`, { name: 'Acme Walmart', environment: 'production' }, admin);
    expect(await ordersOf(ids.walmart)).toHaveLength(0);
    expect(await s.db.select().from(storePulls).where(eq(storePulls.storeId, ids.walmart))).toHaveLength(0);
  });
});
