/**
 * FBM order import at scale (issue 20 measure "import of 10,000 orders (orders/s)"): ORDERS orders
 * of LINES_PER lines each stored through the import path itself, storeOrders — the upsert the store
 * orders pull runs per page (each page its own transaction, as pullOrders does) and the orders file
 * upload runs for a whole file. Three figures: a first import in pull-sized pages, the same orders
 * again (idempotent: nothing changes), and one file-sized page (the upload's largest, 5,000
 * orders). A quarter of the lines match catalogue products by SKU, as real stores do. DATABASE_URL
 * runs it on PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import type { MarketplaceOrderInput } from '../domain/schemas/orders.js';
import { companies, marketplaceOrders, productCodes, products, stores, tenants } from '../server/db/schema/index.js';
import { storeOrders, type OrderStore } from '../server/modules/orders/store-orders.js';
import { startBenchServer } from './http-server.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const LINES_PER = Number(process.env.BENCH_LINES_PER ?? 2);
/** Amazon's searchOrders answers up to 100 orders a page; the pull stores each page on its own. */
const PAGE = Number(process.env.BENCH_PAGE ?? 100);
/** The orders file's row limit (MAX_ORDERS_CSV_ROWS): one order a row at most. */
const FILE = Number(process.env.BENCH_FILE ?? 5_000);
const PRODUCTS = 500;
/** A PostgreSQL bench database outlives a run: each run's codes and order ids are its own. */
const RUN = Date.now().toString(36).toUpperCase();

function ordersOf(prefix: string, n: number, skus: string[]): MarketplaceOrderInput[] {
  return Array.from({ length: n }, (_, i) => ({
    marketplaceOrderId: `${prefix}-${i}`,
    salesChannel: 'Merchant',
    fulfillmentNetwork: 'MFN',
    status: 'AWAITING',
    marketplaceStatus: 'UNSHIPPED',
    purchasedAt: new Date(Date.parse('2026-11-01T00:00:00Z') + i * 60_000).toISOString(),
    updatedAt: '2026-11-20T10:00:00.000Z',
    shipBy: '2026-11-22T00:00:00.000Z',
    deliverBy: null,
    shippingService: 'Standard',
    currency: 'USD',
    total: 2599,
    shipTo: {
      name: `Buyer ${i}`,
      line1: `${i} Main St`,
      line2: null,
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      countryCode: 'US',
      phone: null,
    },
    lines: Array.from({ length: LINES_PER }, (_, l) => ({
      lineId: String(l + 1),
      // One line in four names a catalogue SKU; the rest are unmatched.
      sku: (i + l) % 4 === 0 ? skus[(i + l) % skus.length] : `UNLISTED-${(i * 7 + l) % 3000}`,
      asin: `B0${String((i * 31 + l) % 99_999).padStart(8, '0')}`,
      gtin: null,
      title: `Item ${l}`,
      quantityOrdered: 1 + (l % 2),
      quantityShipped: 0,
      unitPrice: 1299,
    })),
  }));
}

async function importAll(
  deps: Awaited<ReturnType<typeof startBenchServer>>['deps'],
  store: OrderStore,
  orders: MarketplaceOrderInput[],
  page: number,
) {
  const totals = { created: 0, changed: 0, unchanged: 0 };
  const t = performance.now();
  for (let from = 0; from < orders.length; from += page) {
    const r = await deps.db.transaction((tx) =>
      storeOrders(tx, store, orders.slice(from, from + page), new Date().toISOString()),
    );
    totals.created += r.created;
    totals.changed += r.changed;
    totals.unchanged += r.unchanged;
  }
  return { ms: performance.now() - t, ...totals };
}

export async function benchFbmImport(): Promise<void> {
  const { deps, database, close } = await startBenchServer('fbm-import');
  try {
    const [tenant] = await deps.db.select().from(tenants).where(eq(tenants.key, 'demo'));
    const [company] = await deps.db.select().from(companies).where(eq(companies.tenantId, tenant.id)).limit(1);
    const [row] = await deps.db
      .insert(stores)
      .values({ tenantId: tenant.id, companyId: company.id, marketplace: 'amazon_us', name: 'Bench import store' })
      .returning();
    const store: OrderStore = { id: row.id, tenantId: tenant.id, companyId: company.id };
    const made = await deps.db
      .insert(products)
      .values(
        Array.from({ length: PRODUCTS }, (_, i) => ({
          tenantId: tenant.id,
          companyId: company.id,
          title: `P${i}`,
          msku: `IMP-${RUN}-${String(i).padStart(5, '0')}`,
        })),
      )
      .returning({ id: products.id, msku: products.msku });
    await deps.db.insert(productCodes).values(
      made.map((p) => ({
        tenantId: tenant.id,
        companyId: company.id,
        productId: p.id,
        code: p.msku!,
        codeType: 'MSKU',
      })),
    );
    const skus = made.map((p) => p.msku!);
    const orders = ordersOf(`IMP-${RUN}`, ORDERS, skus);

    console.log(
      `\nfbm-import (${database.kind}): ${ORDERS} orders × ${LINES_PER} lines through storeOrders, pages of ${PAGE}`,
    );
    const line = (label: string, r: { ms: number; created: number; changed: number; unchanged: number }, n: number) =>
      console.log(
        label.padEnd(36) +
          `${r.ms.toFixed(0).padStart(7)} ms  ${(n / (r.ms / 1000)).toFixed(0).padStart(6)} orders/s  ` +
          `(${r.created} new, ${r.changed} changed, ${r.unchanged} unchanged)`,
      );
    const first = await importAll(deps, store, orders, PAGE);
    line(`  import ${ORDERS} orders`, first, ORDERS);
    const again = await importAll(deps, store, orders, PAGE);
    line(`  re-import (idempotent)`, again, ORDERS);
    const [{ n }] = await deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(marketplaceOrders)
      .where(eq(marketplaceOrders.storeId, store.id));
    if (Number(n) !== ORDERS) throw new Error(`expected ${ORDERS} orders stored, found ${n}`);

    // The orders file: its whole (largest) file in one transaction, as uploadOrdersFile stores it.
    const file = ordersOf(`FILE-${RUN}`, FILE, skus).map((o) => ({ ...o, lines: o.lines.slice(0, 1) }));
    try {
      const upload = await importAll(deps, store, file, FILE);
      line(`  one file of ${FILE} orders`, upload, FILE);
    } catch (err) {
      console.log(
        `  one file of ${FILE} orders`.padEnd(36) +
          `FAILED: ${String((err as { cause?: Error }).cause?.message ?? (err as Error).message).slice(0, 160)}`,
      );
    }
    console.log(
      `  ratios: re-import/import ${(again.ms / first.ms).toFixed(2)}, ms per page ${(first.ms / Math.ceil(ORDERS / PAGE)).toFixed(1)}`,
    );
  } finally {
    await close();
  }
}
