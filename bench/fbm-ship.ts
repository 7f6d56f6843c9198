/**
 * FBM mark shipped at scale (issue 20 step 7): ORDERS picked orders of two lines each (their units
 * at FBM-PACK, their holds consumed, as picks leave them) marked shipped by one /bulk/mark/ship
 * call's service (each order its own transaction: ledger out, holds shipped, status, billable
 * events, audit), the same call again (every order answered as repeated, nothing moved), then every
 * order's shipments cancelled (units back once). DATABASE_URL runs it on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../server/context.js';
import type { MarketplaceOrderInput } from '../domain/schemas/orders.js';
import {
  companies,
  itemReservations,
  marketplaceOrderLines,
  marketplaceOrders,
  productCodes,
  products,
  stores,
  tenants,
  users,
} from '../server/db/schema/index.js';
import { postLedger } from '../server/modules/inventory/ledger.js';
import { storeOrders } from '../server/modules/orders/store-orders.js';
import { bulkMarkShip } from '../server/modules/fbm-ship/bulk.js';
import { cancelAllShipments } from '../server/modules/fbm-ship/undo.js';
import { startBenchServer } from './http-server.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 500);
const PRODUCTS = 100;

export async function benchFbmShip(): Promise<void> {
  const { deps, database, close } = await startBenchServer('fbm-ship');
  try {
    const [tenant] = await deps.db.select().from(tenants).where(eq(tenants.key, 'demo'));
    const [company] = await deps.db.select().from(companies).where(eq(companies.tenantId, tenant.id)).limit(1);
    const [admin] = await deps.db.select().from(users).where(eq(users.username, 'demo.admin'));
    // A store without an API: shipped in Dockside only, so the bench measures Dockside, not a sandbox.
    const [store] = await deps.db
      .insert(stores)
      .values({ tenantId: tenant.id, companyId: company.id, marketplace: 'shopify', name: 'Bench ship shop' })
      .returning();
    const made = await deps.db
      .insert(products)
      .values(
        Array.from({ length: PRODUCTS }, (_, i) => ({
          tenantId: tenant.id,
          companyId: company.id,
          title: `S${i}`,
          msku: `SHIP-${String(i).padStart(4, '0')}`,
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
    const orders: MarketplaceOrderInput[] = Array.from({ length: ORDERS }, (_, i) => ({
      marketplaceOrderId: `SHIP-BENCH-${i}`,
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
        quantityOrdered: 1 + l,
        quantityShipped: 0,
        unitPrice: 1000,
      })),
    }));
    const owner = { id: store.id, tenantId: tenant.id, companyId: company.id };
    for (let from = 0; from < orders.length; from += 500)
      await deps.db.transaction((tx) =>
        storeOrders(tx, owner, orders.slice(from, from + 500), new Date().toISOString()),
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
