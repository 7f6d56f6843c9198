/**
 * The picker's outbox at scale (issue 20 step 3): a pick batch of ORDERS one-unit orders picked by
 * `fbmPick.record` mutations through POST /api/sync/push, 100 to a push as a handheld sends them
 * after a dead zone (each pick: the product's lock, the batch and line re-read, two ledger rows,
 * the hold consumed, the pick id recorded, the line in the change feed); then the same pushes
 * again, as a device that never heard the answers would (every pick answered from its record).
 * DATABASE_URL runs it on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import type { RequestContext } from '../server/context.js';
import { createBatch } from '../server/modules/fbm-pick/batches.js';
import { reserveAwaiting } from '../server/modules/fbm-pick/reserve.js';
import { postLedger } from '../server/modules/inventory/ledger.js';
import { benchBins, benchOrder, benchShop, benchStoreOrders } from './fbm-world.js';
import { startBenchServer } from './http-server.js';

const ORDERS = Number(process.env.BENCH_PICK_ORDERS ?? 1_000);
const PRODUCTS = 100;
const PER_PUSH = 100;

export async function benchFbmPickFloor(): Promise<void> {
  const { deps, database, call, close } = await startBenchServer('fbm-pick-floor');
  try {
    const { tenant, company, store, skus } = await benchShop(deps, {
      storeName: 'Bench pick shop',
      count: PRODUCTS,
      sku: (i) => `PICK-${String(i).padStart(4, '0')}`,
    });
    const bins = await benchBins(deps, tenant.id, 'PZ', 20);
    await deps.db.transaction((tx) =>
      postLedger(
        tx,
        skus.map((sku, i) => ({
          tenantId: tenant.id,
          companyId: company.id,
          productKey: sku,
          location: bins[i % bins.length],
          quantity: Math.ceil(ORDERS / PRODUCTS),
          reason: 'bench',
        })),
      ),
    );
    await benchStoreOrders(
      deps,
      store,
      Array.from({ length: ORDERS }, (_, i) => benchOrder('PICK-BENCH', i, [{ sku: skus[i % PRODUCTS], quantity: 1 }])),
    );
    const ctx = {
      tenantId: tenant.id,
      companyId: company.id,
      userId: null,
      isClient: false,
    } as unknown as RequestContext;
    await reserveAwaiting(deps, ctx, store.id);
    const batch = await createBatch(deps, ctx, { storeId: store.id, maxOrders: ORDERS });
    const { accessToken } = await call('POST', '/api/authenticate/mfa', {
      username: 'demo.admin',
      password: 'dockside',
    });
    const mutations = batch.lines.map((l) => ({
      id: randomUUID(),
      name: 'fbmPick.record',
      args: {
        id: randomUUID(),
        batchId: batch.id,
        batchLineId: l.id,
        location: l.location,
        productCode: l.productKey,
        quantity: l.quantity,
        pickedAt: new Date().toISOString(),
      },
      createdAt: new Date().toISOString(),
    }));
    const pushAll = async () => {
      let applied = 0;
      const t = performance.now();
      for (let from = 0; from < mutations.length; from += PER_PUSH) {
        const res = await call(
          'POST',
          '/api/sync/push',
          { deviceId: 'bench-picker', mutations: mutations.slice(from, from + PER_PUSH) },
          accessToken,
        );
        applied += (res.results as { status: string }[]).filter((r) => r.status === 'applied').length;
      }
      return { ms: performance.now() - t, applied };
    };
    console.log(
      `\nfbm-pick-floor (${database.kind}): ${mutations.length} picks of a ${ORDERS}-order batch, ${PER_PUSH} per push`,
    );
    const first = await pushAll();
    console.log(
      `  picks pushed`.padEnd(36) +
        `${first.ms.toFixed(0).padStart(6)} ms  (${first.applied} applied, ${((first.applied / first.ms) * 1000).toFixed(0)} picks/s)`,
    );
    const again = await pushAll();
    console.log(
      `  the same pushes again (replayed)`.padEnd(36) +
        `${again.ms.toFixed(0).padStart(6)} ms  (${again.applied} answered from the record)`,
    );
    console.log(`  ratios: replay/first ${(again.ms / first.ms).toFixed(2)}`);
  } finally {
    await close();
  }
}
