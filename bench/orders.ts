/**
 * Orders at a busy seller's scale: ORDERS marketplace orders (one to three lines each, a third of
 * their SKUs in the client's catalogue of PRODUCTS products) stored the way the `stores.pull-orders`
 * job stores a marketplace's pages — a page of PAGE orders per transaction, upserted and linked to
 * products. Three rounds: every order new, the same pages again (an overlapping window: nothing
 * changes), and every order changed (a later picture). Providers' own limits decide how fast pages
 * arrive (Amazon's searchOrders: a page of 100 every three minutes at its published rate); this
 * measures what Dockside adds per order. DATABASE_URL runs it on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import type { MarketplaceOrderInput } from '../domain/schemas/orders.js';
import {
  companies,
  marketplaceOrderLines,
  productCodes,
  products,
  stores,
  tenants,
} from '../server/db/schema/index.js';
import { storeOrders } from '../server/modules/orders/store-orders.js';
import { startBenchServer } from './http-server.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 5_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000);
const PAGE = 100;

function order(i: number, updatedAt: string, shipped: boolean): MarketplaceOrderInput {
  const lines = 1 + (i % 3);
  return {
    marketplaceOrderId: `BENCH-${String(i).padStart(7, '0')}`,
    displayId: `#${1000 + i}`,
    salesChannel: 'Shopify',
    fulfillmentNetwork: 'MFN',
    status: shipped ? 'SHIPPED' : 'AWAITING',
    marketplaceStatus: shipped ? 'FULFILLED' : 'UNFULFILLED',
    purchasedAt: new Date(Date.parse('2026-11-01T00:00:00Z') + i * 60_000).toISOString(),
    updatedAt,
    shipBy: '2026-11-30T23:59:00.000Z',
    deliverBy: null,
    shippingService: 'Standard',
    currency: 'USD',
    total: 1999 * lines,
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
    lines: Array.from({ length: lines }, (_, l) => ({
      lineId: String(l + 1),
      // Every third SKU is one of the client's products; the others are not in the catalogue.
      sku: `SKU-${String((i * 7 + l * 13) % (PRODUCTS * 3)).padStart(6, '0')}`,
      asin: null,
      gtin: null,
      title: `Item ${l}`,
      quantityOrdered: 1 + (l % 2),
      quantityShipped: shipped ? 1 + (l % 2) : 0,
      unitPrice: 1999,
    })),
  };
}

export async function benchOrders(): Promise<void> {
  const { deps, database, close } = await startBenchServer('orders');
  try {
    const [tenant] = await deps.db.select().from(tenants).where(eq(tenants.key, 'demo'));
    const [company] = await deps.db.select().from(companies).where(eq(companies.tenantId, tenant.id)).limit(1);
    const [store] = await deps.db
      .insert(stores)
      .values({ tenantId: tenant.id, companyId: company.id, marketplace: 'shopify', name: 'Bench shop' })
      .returning();
    const made = await deps.db
      .insert(products)
      .values(
        Array.from({ length: PRODUCTS }, (_, i) => ({ tenantId: tenant.id, companyId: company.id, title: `P${i}` })),
      )
      .returning({ id: products.id });
    await deps.db.insert(productCodes).values(
      made.map((p, i) => ({
        tenantId: tenant.id,
        companyId: company.id,
        productId: p.id,
        code: `SKU-${String(i * 3).padStart(6, '0')}`,
        codeType: 'MSKU',
      })),
    );
    const target = { id: store.id, tenantId: tenant.id, companyId: company.id };
    const round = async (label: string, updatedAt: string, shipped: boolean) => {
      const started = performance.now();
      const totals = { created: 0, changed: 0, unchanged: 0 };
      for (let from = 0; from < ORDERS; from += PAGE) {
        const page = Array.from({ length: Math.min(PAGE, ORDERS - from) }, (_, k) =>
          order(from + k, updatedAt, shipped),
        );
        const r = await deps.db.transaction((tx) => storeOrders(tx, target, page, new Date().toISOString()));
        totals.created += r.created;
        totals.changed += r.changed;
        totals.unchanged += r.unchanged;
      }
      const ms = performance.now() - started;
      console.log(
        `  ${label.padEnd(34)} ${(ORDERS / (ms / 1000)).toFixed(0).padStart(6)} orders/s  (${ms.toFixed(0)} ms; new ${totals.created}, changed ${totals.changed}, unchanged ${totals.unchanged})`,
      );
      return ms;
    };
    console.log(`\norders (${database.kind}): ${ORDERS} orders in pages of ${PAGE}, ${PRODUCTS} products`);
    const first = await round('every order new', '2026-11-20T10:00:00Z', false);
    const same = await round('the same pages again', '2026-11-20T10:00:00Z', false);
    const changed = await round('every order changed (shipped)', '2026-11-21T10:00:00Z', true);
    const lines = await deps.db.select({ productId: marketplaceOrderLines.productId }).from(marketplaceOrderLines);
    const linked = lines.filter((l) => l.productId !== null).length;
    console.log(
      `  lines linked to products: ${linked} of ${lines.length} (${((100 * linked) / lines.length).toFixed(1)} %)`,
    );
    console.log(`  ratios: unchanged/new ${(same / first).toFixed(2)}, changed/new ${(changed / first).toFixed(2)}`);
  } finally {
    await close();
  }
}
