/**
 * The demo stores' orders (issue 38, defect 6), in the stocked demo (what `npm start` seeds):
 * pulling the orders of Acme's Amazon store and Blue Fox's Walmart store brings orders whose lines
 * are mostly the client's own catalogue products, linked by SKU at once, and at least one line of
 * a listing the client never added — left unlinked on purpose, to show linking a SKU.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import {
  marketplaceOrderLines,
  marketplaceOrders,
  products,
  storePulls,
  stores,
} from '../../server/db/schema/index.js';
import { pullOrders } from '../../server/modules/orders/pull.js';
import { DEMO_STORE_NAME } from '../../server/seed/demo-fba.js';
import { DEMO_WALMART_STORE } from '../../server/seed/demo-wfs.js';

let s: TestServer;

beforeAll(async () => {
  s = await TestServer.start({ demoData: true });
  await s.listen();
}, 300_000);
afterAll(() => s?.close());

async function pulledLines(storeName: string) {
  const [store] = await s.db.select().from(stores).where(eq(stores.name, storeName));
  expect(store, storeName).toBeTruthy();
  expect(store.connection).toBe('connected');
  const pulled = await pullOrders(s.deps, { tenantId: store.tenantId, storeId: store.id });
  expect(pulled.created).toBeGreaterThan(0);
  const lines = await s.db
    .select({ sku: marketplaceOrderLines.sku, productId: marketplaceOrderLines.productId })
    .from(marketplaceOrderLines)
    .innerJoin(marketplaceOrders, eq(marketplaceOrders.id, marketplaceOrderLines.orderId))
    .where(eq(marketplaceOrders.storeId, store.id));
  const catalogue = await s.db
    .select({ id: products.id, msku: products.msku })
    .from(products)
    .where(eq(products.companyId, store.companyId));
  return { store, lines, catalogue: new Map(catalogue.map((p) => [p.id, p.msku])) };
}

function expectMostlyLinked({ lines, catalogue }: Awaited<ReturnType<typeof pulledLines>>, prefix: string) {
  expect(lines.length).toBeGreaterThan(10);
  const linked = lines.filter((l) => l.productId !== null);
  const unlinked = lines.filter((l) => l.productId === null);
  // Mostly the client's own products, each linked to the product its SKU names.
  expect(linked.length / lines.length).toBeGreaterThan(0.7);
  for (const l of linked) expect(catalogue.get(l.productId!)).toBe(l.sku);
  expect(new Set(linked.map((l) => l.sku)).size).toBeGreaterThan(3);
  // …and a few listings the client never added, left for the desk to link.
  expect(unlinked.length).toBeGreaterThan(0);
  for (const l of unlinked) expect(l.sku).toMatch(new RegExp(`^${prefix}-(GIFT-SET|099-OLD)$`));
}

describe('the demo stores’ orders', () => {
  it('Acme’s Amazon store: Acme’s products, and an unlinked SKU or two', async () => {
    expectMostlyLinked(await pulledLines(DEMO_STORE_NAME), 'ACME');
  });

  it('Blue Fox’s Walmart store: Blue Fox’s products, and an unlinked SKU or two', async () => {
    expectMostlyLinked(await pulledLines(DEMO_WALMART_STORE), 'BFX');
  });

  it('resetting a demo store’s sandbox data keeps what its buyers order', async () => {
    const admin = await s.token('demo.admin');
    const [store] = await s.db.select().from(stores).where(eq(stores.name, DEMO_WALMART_STORE));
    const reset = await s.post(`/api/common/stores/${store.id}/sandbox/reset`, {}, admin);
    expect(reset.status, JSON.stringify(reset.meta)).toBe(200);
    // Pulled afresh: the reset sandbox's orders again, from the start.
    await s.db.delete(marketplaceOrders).where(eq(marketplaceOrders.storeId, store.id));
    await s.db.delete(storePulls).where(eq(storePulls.storeId, store.id));
    expectMostlyLinked(await pulledLines(DEMO_WALMART_STORE), 'BFX');
  });
});
