/**
 * FBM mark shipped at scale (issue 20 step 7): ORDERS picked orders of two lines each (their units
 * at FBM-PACK, their holds consumed, as picks leave them) marked shipped by one /bulk/mark/ship
 * call's service (each order its own transaction: ledger out, holds shipped, status, billable
 * events, audit), the same call again (every order answered as repeated, nothing moved), then every
 * order's shipments cancelled (units back once). DATABASE_URL runs it on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../server/context.js';
import { itemReservations, marketplaceOrderLines, marketplaceOrders, users } from '../server/db/schema/index.js';
import { postLedger } from '../server/modules/inventory/ledger.js';
import { bulkMarkShip } from '../server/modules/fbm-ship/bulk.js';
import { cancelAllShipments } from '../server/modules/fbm-ship/undo.js';
import { benchOrder, benchShop, benchStoreOrders } from './fbm-world.js';
import { startBenchServer } from './http-server.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 500);
const PRODUCTS = 100;

export async function benchFbmShip(): Promise<void> {
  const { deps, database, close } = await startBenchServer('fbm-ship');
  try {
    const [admin] = await deps.db.select().from(users).where(eq(users.username, 'demo.admin'));
    // A store without an API: shipped in Dockside only, so the bench measures Dockside, not a sandbox.
    const { tenant, company, store, skus } = await benchShop(deps, {
      storeName: 'Bench ship shop',
      count: PRODUCTS,
      sku: (i) => `SHIP-${String(i).padStart(4, '0')}`,
      title: 'S',
    });
    await benchStoreOrders(
      deps,
      store,
      Array.from({ length: ORDERS }, (_, i) =>
        benchOrder(
          'SHIP-BENCH',
          i,
          [0, 1].map((l) => ({ sku: skus[(i * 2 + l) % PRODUCTS], quantity: 1 + l })),
        ),
      ),
    );
    // As picks leave them: the units at FBM-PACK, each line's hold consumed.
    const lines = await deps.db
      .select({
        id: marketplaceOrderLines.id,
        sku: marketplaceOrderLines.sku,
        q: marketplaceOrderLines.quantityOrdered,
      })
      .from(marketplaceOrderLines)
      .innerJoin(marketplaceOrders, eq(marketplaceOrders.id, marketplaceOrderLines.orderId))
      .where(eq(marketplaceOrders.storeId, store.id));
    await deps.db.transaction(async (tx) => {
      for (let i = 0; i < lines.length; i += 1000)
        await tx.insert(itemReservations).values(
          lines.slice(i, i + 1000).map((l) => ({
            tenantId: tenant.id,
            companyId: company.id,
            productKey: l.sku!,
            quantity: l.q,
            orderLineId: l.id,
            station: 'FBM',
            state: 'consumed',
          })),
        );
      await postLedger(
        tx,
        lines.map((l) => ({
          tenantId: tenant.id,
          companyId: company.id,
          productKey: l.sku!,
          location: 'FBM-PACK',
          quantity: l.q,
          reason: 'bench',
        })),
      );
    });
    const ids = await deps.db
      .select({ id: marketplaceOrders.id })
      .from(marketplaceOrders)
      .where(eq(marketplaceOrders.storeId, store.id));
    const ctx = {
      tenantId: tenant.id,
      companyId: company.id,
      userId: admin.id,
      isClient: false,
      abilities: [],
    } as unknown as RequestContext;
    const input = {
      orders: ids.map((o, i) => ({
        orderId: o.id,
        carrier: 'UPS',
        trackingNumber: `1ZBENCH${String(i).padStart(8, '0')}`,
      })),
    };
    console.log(`\nfbm-ship (${database.kind}): ${ORDERS} picked orders, 2 lines and 3 units each`);
    let t = performance.now();
    const first = await bulkMarkShip(deps, ctx, input);
    const shipMs = performance.now() - t;
    console.log(
      `  bulk mark shipped`.padEnd(36) +
        `${shipMs.toFixed(0)} ms (${((ORDERS / shipMs) * 1000).toFixed(0)} orders/s), shipped ${first.shipped}, failed ${first.failed}`,
    );
    t = performance.now();
    const again = await bulkMarkShip(deps, ctx, input);
    console.log(
      `  again (all repeated)`.padEnd(36) +
        `${(performance.now() - t).toFixed(0)} ms, repeated ${again.results.filter((r) => r.repeated).length}`,
    );
    t = performance.now();
    let back = 0;
    for (const o of ids) back += (await cancelAllShipments(deps, ctx, o.id)).unitsBack;
    console.log(`  cancel all shipments`.padEnd(36) + `${(performance.now() - t).toFixed(0)} ms, ${back} units back`);
  } finally {
    await close();
  }
}
