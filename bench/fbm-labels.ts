/**
 * FBM labels at scale (issue 20 measure "merged PDF of 500 labels"): LABELS bought labels of as
 * many orders, each a real 4×6 carrier PDF as the ShipEngine sandbox renders it, merged in pick
 * order into one PDF (one page each); then bulk buying throughput: BULK orders with their default
 * box bought one after another through the run's job body against the ShipEngine sandbox (rate
 * shop, label, document, label-funds draw, purchase keys), and the same run again (nothing bought
 * twice). DATABASE_URL runs it on PostgreSQL.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { RequestContext } from '../server/context.js';
import type { MarketplaceOrderInput } from '../domain/schemas/orders.js';
import {
  companies,
  fbmLabelRuns,
  fbmOrderLabels,
  fbmOrderPacks,
  marketplaceOrders,
  shippingLabels,
  stores,
  tenants,
  users,
  warehouses,
} from '../server/db/schema/index.js';
import { storeOrders } from '../server/modules/orders/store-orders.js';
import { mergedLabels } from '../server/modules/fbm-labels/documents.js';
import { runBulk } from '../server/modules/fbm-labels/bulk.js';
import { labelPdf } from '../server/sandboxes/shipengine/label-document.js';
import { startBenchServer } from './http-server.js';

const LABELS = Number(process.env.BENCH_LABELS ?? 500);
const BULK = Number(process.env.BENCH_BULK ?? 100);

const order = (id: string): MarketplaceOrderInput => ({
  marketplaceOrderId: id,
  salesChannel: 'Shopify',
  fulfillmentNetwork: 'MFN',
  status: 'AWAITING',
  marketplaceStatus: 'unfulfilled',
  purchasedAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  shipBy: null,
  deliverBy: null,
  shippingService: 'Standard',
  currency: 'USD',
  total: 1000,
  shipTo: {
    name: 'Ada Buyer',
    line1: '1 Main St',
    line2: null,
    city: 'Springfield',
    state: 'IL',
    postalCode: '62701',
    countryCode: 'US',
    phone: null,
  },
  lines: [
    {
      lineId: '1',
      sku: 'BENCH-1',
      asin: null,
      gtin: null,
      title: 'Bench item',
      quantityOrdered: 1,
      quantityShipped: 0,
      unitPrice: 1000,
    },
  ],
});

export async function benchFbmLabels(): Promise<void> {
  const { deps, database, base, close } = await startBenchServer('fbm-labels');
  (deps.config as { sandboxUrl?: string }).sandboxUrl = base;
  try {
    const [tenant] = await deps.db.select().from(tenants).where(eq(tenants.key, 'demo'));
    const [client] = await deps.db
      .select()
      .from(companies)
      .where(and(eq(companies.tenantId, tenant.id), eq(companies.isOwner, false)))
      .limit(1);
    const [admin] = await deps.db.select().from(users).where(eq(users.username, 'demo.admin'));
    await deps.db
      .update(warehouses)
      .set({ line1: '100 Harbor Way', city: 'Newark', state: 'NJ', postalCode: '07114', countryCode: 'US' })
      .where(eq(warehouses.tenantId, tenant.id));
    const [store] = await deps.db
      .insert(stores)
      .values({ tenantId: tenant.id, companyId: client.id, marketplace: 'shopify', name: 'Bench labels shop' })
      .returning();
    const owner = { id: store.id, tenantId: tenant.id, companyId: client.id };
    const ids = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(5, '0')}`);
    for (const chunk of [ids('M', LABELS), ids('B', BULK)])
      for (let i = 0; i < chunk.length; i += 500)
        await deps.db.transaction((tx) =>
          storeOrders(tx, owner, chunk.slice(i, i + 500).map(order), new Date().toISOString()),
        );
    const rows = await deps.db
      .select({ id: marketplaceOrders.id, mid: marketplaceOrders.marketplaceOrderId })
      .from(marketplaceOrders)
      .where(eq(marketplaceOrders.storeId, store.id));
    const merged = rows.filter((r) => r.mid.startsWith('M-'));
    const bulk = rows.filter((r) => r.mid.startsWith('B-'));
    console.log(`\nfbm-labels (${database.kind}): ${merged.length} labels to merge, ${bulk.length} orders to buy`);

    // 1. LABELS bought labels, each its own 4×6 PDF as the carrier's sandbox renders it.
    const labelIds: number[] = [];
    let t = performance.now();
    const address = {
      name: 'Ada Buyer',
      company_name: null,
      phone: '',
      address_line1: '1 Main St',
      address_line2: null,
      city_locality: 'Springfield',
      state_province: 'IL',
      postal_code: '62701',
      country_code: 'US',
      address_residential_indicator: 'unknown' as const,
    };
    for (let i = 0; i < merged.length; i += 100) {
      const slice = merged.slice(i, i + 100);
      const docs = await Promise.all(
        slice.map(async (o, j) =>
          Buffer.from(
            await labelPdf({
              carrier: 'UPS',
              service: 'Ground',
              trackingNumber: `1ZBENCH${String(i + j).padStart(10, '0')}`,
              shipFrom: address,
              shipTo: address,
              weightLb: 2,
              shipDate: '2026-11-27',
            }),
          ).toString('base64'),
        ),
      );
      const labels = await deps.db
        .insert(shippingLabels)
        .values(
          slice.map((o, j) => ({
            tenantId: tenant.id,
            companyId: client.id,
            requestKey: `fbm-o${o.id}-p1-v0`,
            rateId: `bench-${o.id}`,
            providerLabelId: `bench-${o.id}`,
            carrier: 'UPS',
            service: 'Ground',
            trackingNumber: `1ZBENCH${String(i + j).padStart(10, '0')}`,
            status: 'bought',
            shipFrom: { name: 'W', line1: 'x', city: 'y', state: 'NJ', postalCode: '07114', countryCode: 'US' },
            shipTo: { name: 'B', line1: 'x', city: 'y', state: 'IL', postalCode: '62701', countryCode: 'US' },
            parcels: [],
            format: 'pdf',
            document: docs[j],
            costCents: 800,
            totalCents: 880,
            currency: 'USD',
          })),
        )
        .returning({ id: shippingLabels.id });
      labelIds.push(...labels.map((l) => l.id));
      await deps.db.insert(fbmOrderLabels).values(
        slice.map((o, j) => ({
          tenantId: tenant.id,
          companyId: client.id,
          orderId: o.id,
          packageNumber: 1,
          requestKey: `fbm-o${o.id}-p1-v0`,
          shippingLabelId: labels[j].id,
        })),
      );
    }
    console.log(`  ${merged.length} label PDFs rendered and stored: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const ctx = { tenantId: tenant.id, companyId: client.id, userId: admin.id, isClient: false } as RequestContext;
    t = performance.now();
    const file = await mergedLabels(deps, ctx, { labelIds: labelIds.join(',') });
    const mergeS = (performance.now() - t) / 1000;
    const pages = (await PDFDocument.load(file.bytes)).getPageCount();
    console.log(
      `  merged PDF of ${pages} labels in pick order: ${mergeS.toFixed(2)} s (${(file.bytes.length / 1024 / 1024).toFixed(1)} MB, ${((mergeS * 1000) / pages).toFixed(1)} ms per label)`,
    );

    // 2. Bulk buying: BULK orders with a default box, through the run's job body.
    await deps.db
      .insert(fbmOrderPacks)
      .values(
        bulk.map((o) => ({ orderId: o.id, tenantId: tenant.id, lengthIn: 12, widthIn: 9, heightIn: 4, weightLb: 2 })),
      );
    const results = bulk.map((o) => ({
      orderId: o.id,
      marketplaceOrderId: o.mid,
      state: 'pending' as const,
      labelIds: [],
      trackingNumbers: [],
      carrier: null,
      service: null,
      totalCents: null,
      error: null,
    }));
    const [run] = await deps.db
      .insert(fbmLabelRuns)
      .values({
        tenantId: tenant.id,
        requestKey: `bench-${Date.now()}`,
        format: 'pdf',
        preset: { kind: 'cheapest' },
        orderIds: bulk.map((o) => o.id),
        results,
        createdBy: admin.id,
      })
      .returning();
    t = performance.now();
    const first = await runBulk(deps, tenant.id, run.id);
    const buyS = (performance.now() - t) / 1000;
    console.log(
      `  bulk buy of ${bulk.length} orders (rate shop + label + PDF + funds draw each, sandbox carrier): ${buyS.toFixed(1)} s — ${(bulk.length / buyS).toFixed(1)} orders/s; ${first.bought} bought, ${first.failed} failed`,
    );
    await deps.db.update(fbmLabelRuns).set({ results }).where(eq(fbmLabelRuns.id, run.id));
    t = performance.now();
    const again = await runBulk(deps, tenant.id, run.id);
    const againS = (performance.now() - t) / 1000;
    const count = await deps.db.$count(
      fbmOrderLabels,
      and(
        eq(fbmOrderLabels.tenantId, tenant.id),
        inArray(
          fbmOrderLabels.orderId,
          bulk.map((o) => o.id),
        ),
      ),
    );
    console.log(
      `  the same ${bulk.length} orders again: ${againS.toFixed(1)} s, nothing bought twice (${again.bought} answered as bought, ${count} labels for the ${bulk.length} orders)`,
    );
  } finally {
    await close();
  }
}
