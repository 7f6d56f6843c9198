/**
 * FBM reservation at scale (issue 20 measure "reservation of 10,000 lines"): LINES awaiting order
 * lines of one store over PRODUCTS products with stock in bins; the reserve call holds them oldest
 * first under the products' locks (decision 0017), then again (idempotent: nothing new), then a
 * pick batch of the oldest BATCH orders is allocated and sorted. DATABASE_URL runs it on PostgreSQL.
 */
import type { RequestContext } from '../server/context.js';
import { postLedger } from '../server/modules/inventory/ledger.js';
import { createBatch } from '../server/modules/fbm-pick/batches.js';
import { reserveAwaiting } from '../server/modules/fbm-pick/reserve.js';
import { benchBins, benchOrder, benchShop, benchStoreOrders } from './fbm-world.js';
import { startBenchServer } from './http-server.js';

const LINES = Number(process.env.BENCH_LINES ?? 10_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 500);
const BATCH = Number(process.env.BENCH_BATCH ?? 500);

export async function benchFbmReserve(): Promise<void> {
  const { deps, database, close } = await startBenchServer('fbm-reserve');
  try {
    const { tenant, company, store, skus } = await benchShop(deps, {
      storeName: 'Bench FBM shop',
      count: PRODUCTS,
      sku: (i) => `FBM-${String(i).padStart(5, '0')}`,
    });
    const bins = await benchBins(deps, tenant.id, 'BZ', 40);
    // Enough units for about nine lines in ten.
    const perProduct = Math.ceil((LINES / PRODUCTS) * 0.9);
    await deps.db.transaction((tx) =>
      postLedger(
        tx,
        skus.flatMap((sku, i) =>
          [0, 1].map((half) => ({
            tenantId: tenant.id,
            companyId: company.id,
            productKey: sku,
            location: bins[(i + half * 7) % bins.length],
            quantity: half ? Math.floor(perProduct / 2) : Math.ceil(perProduct / 2),
            reason: 'bench',
          })),
        ),
      ),
    );
    await benchStoreOrders(
      deps,
      store,
      Array.from({ length: LINES / 2 }, (_, i) =>
        benchOrder(
          'FBM-BENCH',
          i,
          [0, 1].map((l) => ({ sku: skus[(i * 2 + l) % PRODUCTS], quantity: 1 })),
        ),
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
