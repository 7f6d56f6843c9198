/**
 * FBM reservation at scale (issue 20 measure "reservation of 10,000 lines"): LINES awaiting order
 * lines of one store over PRODUCTS products with stock in bins; the reserve call holds them oldest
 * first under the products' locks (decision 0017), then again (idempotent: nothing new), then a
 * pick batch of the oldest BATCH orders is allocated and sorted. DATABASE_URL runs it on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../server/context.js';
import type { MarketplaceOrderInput } from '../domain/schemas/orders.js';
import { companies, productCodes, products, stores, tenants, warehouseLocations } from '../server/db/schema/index.js';
import { postLedger } from '../server/modules/inventory/ledger.js';
import { storeOrders } from '../server/modules/orders/store-orders.js';
import { createBatch } from '../server/modules/fbm-pick/batches.js';
import { reserveAwaiting } from '../server/modules/fbm-pick/reserve.js';
import { startBenchServer } from './http-server.js';

const LINES = Number(process.env.BENCH_LINES ?? 10_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 500);
const BATCH = Number(process.env.BENCH_BATCH ?? 500);

export async function benchFbmReserve(): Promise<void> {
  const { deps, database, close } = await startBenchServer('fbm-reserve');
  try {
    const [tenant] = await deps.db.select().from(tenants).where(eq(tenants.key, 'demo'));
    const [company] = await deps.db.select().from(companies).where(eq(companies.tenantId, tenant.id)).limit(1);
    const [store] = await deps.db
      .insert(stores)
      .values({ tenantId: tenant.id, companyId: company.id, marketplace: 'shopify', name: 'Bench FBM shop' })
      .returning();
    const made = await deps.db
      .insert(products)
      .values(
        Array.from({ length: PRODUCTS }, (_, i) => ({
          tenantId: tenant.id,
          companyId: company.id,
          title: `P${i}`,
          msku: `FBM-${String(i).padStart(5, '0')}`,
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
    const bins = Array.from({ length: 40 }, (_, i) => `BZ-${String(i).padStart(2, '0')}`);
    await deps.db
      .insert(warehouseLocations)
      .values(bins.map((code) => ({ tenantId: tenant.id, code, type: 'bin' })))
      .onConflictDoNothing();
    // Enough units for about nine lines in ten.
    const perProduct = Math.ceil((LINES / PRODUCTS) * 0.9);
    await deps.db.transaction((tx) =>
      postLedger(
        tx,
        made.flatMap((p, i) =>
          [0, 1].map((half) => ({
            tenantId: tenant.id,
            companyId: company.id,
            productKey: p.msku!,
            location: bins[(i + half * 7) % bins.length],
            quantity: half ? Math.floor(perProduct / 2) : Math.ceil(perProduct / 2),
            reason: 'bench',
          })),
        ),
      ),
    );
    const orders: MarketplaceOrderInput[] = Array.from({ length: LINES / 2 }, (_, i) => ({
      marketplaceOrderId: `FBM-BENCH-${i}`,
      salesChannel: 'Shopify',
      fulfillmentNetwork: 'MFN',
      status: 'AWAITING',
      marketplaceStatus: 'UNFULFILLED',
      purchasedAt: new Date(Date.parse('2026-11-01T00:00:00Z') + i * 60_000).toISOString(),
      updatedAt: '2026-11-20T10:00:00Z',
      shipBy: null,
      deliverBy: null,
      shippingService: 'Standard',
      currency: 'USD',
      total: 1000,
      shipTo: null,
      lines: [0, 1].map((l) => ({
        lineId: String(l + 1),
        sku: made[(i * 2 + l) % PRODUCTS].msku,
        asin: null,
        gtin: null,
        title: null,
        quantityOrdered: 1,
        quantityShipped: 0,
        unitPrice: 1000,
      })),
    }));
    for (let from = 0; from < orders.length; from += 500)
      await deps.db.transaction((tx) =>
        storeOrders(
          tx,
          { id: store.id, tenantId: tenant.id, companyId: company.id },
          orders.slice(from, from + 500),
          new Date().toISOString(),
        ),
      );
    const ctx = {
      tenantId: tenant.id,
      companyId: company.id,
      userId: null,
      isClient: false,
      abilities: [],
    } as unknown as RequestContext;
    console.log(
      `\nfbm-reserve (${database.kind}): ${LINES} awaiting lines, ${PRODUCTS} products in ${bins.length} bins`,
    );
    let t = performance.now();
    const first = await reserveAwaiting(deps, ctx, store.id);
    const firstMs = performance.now() - t;
    console.log(
      `  reserve ${LINES} lines`.padEnd(36) +
        `${firstMs.toFixed(0).padStart(6)} ms  (${first.held} held, ${first.notHeld} not held)`,
    );
    t = performance.now();
    const again = await reserveAwaiting(deps, ctx, store.id);
    const againMs = performance.now() - t;
    console.log(
      `  reserve again (nothing new)`.padEnd(36) + `${againMs.toFixed(0).padStart(6)} ms  (${again.held} held)`,
    );
    t = performance.now();
    const batch = await createBatch(deps, ctx, { storeId: store.id, maxOrders: BATCH });
    const batchMs = performance.now() - t;
    console.log(
      `  pick batch of ${BATCH} orders`.padEnd(36) +
        `${batchMs.toFixed(0).padStart(6)} ms  (${batch.lines.length} picks)`,
    );
    console.log(
      `  ratios: again/first ${(againMs / firstMs).toFixed(2)}, lines/s ${(LINES / (firstMs / 1000)).toFixed(0)}`,
    );
  } finally {
    await close();
  }
}
