/**
 * The FBM benches' shared world: the demo tenant's first client with a store, a catalogue of
 * `count` products (MSKU codes indexed as the orders pull looks them up), bins, and awaiting
 * Shopify-style orders one a minute, each line one of the catalogue's SKUs.
 */
import { eq } from 'drizzle-orm';
import type { MarketplaceOrderInput, OrderLineInput } from '../domain/schemas/orders.js';
import type { Deps } from '../server/context.js';
import { companies, productCodes, products, stores, tenants, warehouseLocations } from '../server/db/schema/index.js';
import { storeOrders, type OrderStore } from '../server/modules/orders/store-orders.js';

export async function benchShop(
  deps: Deps,
  opts: { storeName: string; marketplace?: string; count: number; sku: (i: number) => string; title?: string },
) {
  const [tenant] = await deps.db.select().from(tenants).where(eq(tenants.key, 'demo'));
  const [company] = await deps.db.select().from(companies).where(eq(companies.tenantId, tenant.id)).limit(1);
  const [row] = await deps.db
    .insert(stores)
    .values({
      tenantId: tenant.id,
      companyId: company.id,
      marketplace: opts.marketplace ?? 'shopify',
      name: opts.storeName,
    })
    .returning();
  const store: OrderStore = { id: row.id, tenantId: tenant.id, companyId: company.id };
  const made = await deps.db
    .insert(products)
    .values(
      Array.from({ length: opts.count }, (_, i) => ({
        tenantId: tenant.id,
        companyId: company.id,
        title: `${opts.title ?? 'P'}${i}`,
        msku: opts.sku(i),
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
  return { tenant, company, store, skus: made.map((p) => p.msku!) };
}

/** `count` bins named prefix-00, prefix-01, … (kept if a PostgreSQL bench database has them). */
export async function benchBins(deps: Deps, tenantId: number, prefix: string, count: number) {
  const bins = Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(2, '0')}`);
  await deps.db
    .insert(warehouseLocations)
    .values(bins.map((code) => ({ tenantId, code, type: 'bin' })))
    .onConflictDoNothing();
  return bins;
}

/** Order `i` of a run: awaiting, bought a minute after the one before, its lines by SKU and quantity. */
export const benchOrder = (
  prefix: string,
  i: number,
  lines: { sku: string; quantity: number }[],
): MarketplaceOrderInput => ({
  marketplaceOrderId: `${prefix}-${i}`,
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
  lines: lines.map((l, n): OrderLineInput => ({
    lineId: String(n + 1),
    sku: l.sku,
    asin: null,
    gtin: null,
    title: null,
    quantityOrdered: l.quantity,
    quantityShipped: 0,
    unitPrice: 1000,
  })),
});

/** Stores the orders as pulls do, 500 to a transaction. */
export async function benchStoreOrders(deps: Deps, store: OrderStore, orders: MarketplaceOrderInput[]) {
  for (let from = 0; from < orders.length; from += 500)
    await deps.db.transaction((tx) => storeOrders(tx, store, orders.slice(from, from + 500), new Date().toISOString()));
}
