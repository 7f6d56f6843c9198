/**
 * The picker's outbox at scale (issue 20 step 3): a pick batch of ORDERS one-unit orders picked by
 * `fbmPick.record` mutations through POST /api/sync/push, 100 to a push as a handheld sends them
 * after a dead zone (each pick: the product's lock, the batch and line re-read, two ledger rows,
 * the hold consumed, the pick id recorded, the line in the change feed); then the same pushes
 * again, as a device that never heard the answers would (every pick answered from its record).
 * DATABASE_URL runs it on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MarketplaceOrderInput } from '../domain/schemas/orders.js';
import type { RequestContext } from '../server/context.js';
import { companies, productCodes, products, stores, tenants, warehouseLocations } from '../server/db/schema/index.js';
import { createBatch } from '../server/modules/fbm-pick/batches.js';
import { reserveAwaiting } from '../server/modules/fbm-pick/reserve.js';
import { postLedger } from '../server/modules/inventory/ledger.js';
import { storeOrders } from '../server/modules/orders/store-orders.js';
import { startBenchServer } from './http-server.js';

const ORDERS = Number(process.env.BENCH_PICK_ORDERS ?? 1_000);
const PRODUCTS = 100;
const PER_PUSH = 100;

export async function benchFbmPickFloor(): Promise<void> {
  const { deps, database, call, close } = await startBenchServer('fbm-pick-floor');
  try {
    const [tenant] = await deps.db.select().from(tenants).where(eq(tenants.key, 'demo'));
    const [company] = await deps.db.select().from(companies).where(eq(companies.tenantId, tenant.id)).limit(1);
    const [store] = await deps.db
      .insert(stores)
      .values({ tenantId: tenant.id, companyId: company.id, marketplace: 'shopify', name: 'Bench pick shop' })
      .returning();
    const made = await deps.db
      .insert(products)
      .values(
        Array.from({ length: PRODUCTS }, (_, i) => ({
          tenantId: tenant.id,
          companyId: company.id,
          title: `P${i}`,
          msku: `PICK-${String(i).padStart(4, '0')}`,
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
    const bins = Array.from({ length: 20 }, (_, i) => `PZ-${String(i).padStart(2, '0')}`);
    await deps.db
      .insert(warehouseLocations)
      .values(bins.map((code) => ({ tenantId: tenant.id, code, type: 'bin' })))
      .onConflictDoNothing();
    await deps.db.transaction((tx) =>
      postLedger(
        tx,
        made.map((p, i) => ({
          tenantId: tenant.id,
          companyId: company.id,
          productKey: p.msku!,
          location: bins[i % bins.length],
          quantity: Math.ceil(ORDERS / PRODUCTS),
          reason: 'bench',
        })),
      ),
    );
    const orders: MarketplaceOrderInput[] = Array.from({ length: ORDERS }, (_, i) => ({
      marketplaceOrderId: `PICK-BENCH-${i}`,
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
      lines: [
        {
          lineId: '1',
          sku: made[i % PRODUCTS].msku,
          asin: null,
          gtin: null,
          title: null,
          quantityOrdered: 1,
          quantityShipped: 0,
          unitPrice: 1000,
        },
      ],
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
