/**
 * Listing info at a large seller's scale: a store with LISTINGS listings in the Amazon sandbox is
 * pulled into Dockside (every page through the real client, then one transaction), and the
 * screen's queries (a page, a search, the "not in catalogue" filter that joins product codes) are
 * timed on the pulled rows with a tenth of them linked to products.
 */
import { eq } from 'drizzle-orm';
import { seal } from '../server/crypto/secret-box.js';
import { companies, productCodes, products, sandboxRecords, stores, tenants } from '../server/db/schema/index.js';
import { AmazonClient, amazonEndpoints, SANDBOX_APP } from '../server/integrations/amazon/client.js';
import { pullListings } from '../server/modules/listings/pull.js';
import { forgetToken } from '../server/integrations/token-cache.js';
import { listListings } from '../server/modules/listings/service.js';
import type { RequestContext } from '../server/context.js';
import { startBenchServer } from './http-server.js';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 2_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 40);
const US = 'ATVPDKIKX0DER';

export async function benchListings(): Promise<void> {
  const { base, deps, close } = await startBenchServer('listings');
  try {
    deps.config.sandboxUrl = base;
    // The seller authorises Dockside on the sandbox's consent page.
    const consent = `${base}/sandbox/amazon/apps/authorize/consent?application_id=${SANDBOX_APP.applicationId}&state=bench-listings&redirect_uri=http://localhost/cb`;
    const html = await (await fetch(consent)).text();
    const sellerId = html.match(/name="selling_partner_id" value="([^"]*)"/)![1];
    const res = await fetch(`${base}/sandbox/amazon/apps/authorize/consent`, {
      method: 'POST',
      body: new URLSearchParams({
        redirect_uri: 'http://localhost/cb',
        state: 'bench-listings',
        selling_partner_id: sellerId,
        decision: 'confirm',
      }),
      redirect: 'manual',
    });
    const code = new URL(res.headers.get('location')!).searchParams.get('spapi_oauth_code')!;
    const token = await new AmazonClient({
      endpoints: amazonEndpoints('sandbox', 'amazon_us', base),
      app: SANDBOX_APP,
    }).exchangeCode(code, 'http://localhost/cb');

    // The sandbox holds LISTINGS listings for the seller.
    const now = Date.now();
    const rows = Array.from({ length: LISTINGS }, (_, i) => {
      const sku = `BENCH-${String(i).padStart(6, '0')}`;
      return {
        provider: 'amazon',
        account: sellerId,
        kind: `listing:${US}`,
        key: sku,
        data: {
          sku,
          summaries: [
            {
              marketplaceId: US,
              asin: `B0${String(i).padStart(8, '0')}`,
              productType: 'HOME',
              conditionType: 'new_new',
              status: ['BUYABLE', 'DISCOVERABLE'],
              fnSku: `X0${String(i).padStart(8, '0')}`,
              itemName: `${i % 7 === 0 ? 'Steel Bottle' : 'Bamboo Board'} no. ${i}`,
              createdDate: new Date(now - i * 60_000).toISOString(),
              lastUpdatedDate: new Date(now - i * 60_000).toISOString(),
            },
          ],
          issues:
            i % 11 === 0
              ? [{ code: '90220', message: 'missing', severity: 'ERROR', categories: ['MISSING_ATTRIBUTE'] }]
              : [],
          offers: [{ marketplaceId: US, offerType: 'B2C', price: { currencyCode: 'USD', amount: '19.99' } }],
          fulfillmentAvailability: [{ fulfillmentChannelCode: 'AMAZON_NA', quantity: i % 50 }],
        },
      };
    });
    for (let i = 0; i < rows.length; i += 500) await deps.db.insert(sandboxRecords).values(rows.slice(i, i + 500));

    const [tenant] = await deps.db.select().from(tenants).limit(1);
    const [company] = await deps.db.select().from(companies).where(eq(companies.tenantId, tenant.id)).limit(1);
    const [store] = await deps.db
      .insert(stores)
      .values({
        tenantId: tenant.id,
        companyId: company.id,
        marketplace: 'amazon_us',
        name: 'Bench store',
        sellerId,
        environment: 'sandbox',
        connection: 'connected',
        sealedCredentials: seal(deps.config.jwtSecret, JSON.stringify({ refreshToken: token.refresh_token })),
      })
      .returning();
    // A tenth of the listings are the client's products (linked by MSKU).
    for (let i = 0; i < LISTINGS; i += 10) {
      const [p] = await deps.db
        .insert(products)
        .values({
          tenantId: tenant.id,
          companyId: company.id,
          title: `Product ${i}`,
          msku: `BENCH-${String(i).padStart(6, '0')}`,
        })
        .returning();
      await deps.db.insert(productCodes).values({
        tenantId: tenant.id,
        companyId: company.id,
        productId: p.id,
        code: p.msku!,
        codeType: 'MSKU',
        primary: 1,
      });
    }

    // The token cache is per process and keyed by store id: an earlier bench's store 1 is not this one.
    forgetToken(store.id);
    const t0 = performance.now();
    const pulled = await pullListings(deps, { tenantId: tenant.id, storeId: store.id });
    const pullMs = performance.now() - t0;
    console.log(
      `\nListings pull (${pulled.listings} listings, ${Math.ceil(pulled.listings / 20)} pages of 20 through AmazonClient, sandbox over loopback)`,
    );
    console.log(
      `  pull and replace:                    ${pullMs.toFixed(0)} ms (${(pulled.listings / (pullMs / 1000)).toFixed(0)} listings/s), ${pulled.linked} linked`,
    );

    const ctx = {
      tenantId: tenant.id,
      userId: 0,
      companyId: company.id,
      audience: 'Warehouse',
    } as unknown as RequestContext;
    const time = async (label: string, q: { q?: string; filter?: 'all' | 'issues' | 'unlinked' }) => {
      await listListings(deps, ctx, store.id, { pageNumber: 1, pageSize: 50 }, q);
      const times: number[] = [];
      for (let i = 0; i < QUERIES; i++) {
        const t = performance.now();
        await listListings(deps, ctx, store.id, { pageNumber: 1 + (i % 5), pageSize: 50 }, q);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      console.log(
        `  ${label.padEnd(36)} median ${times[Math.floor(times.length / 2)].toFixed(1)} ms, p95 ${times[Math.floor(times.length * 0.95)].toFixed(1)} ms`,
      );
    };
    console.log(
      `Listing info queries (page of 50 of ${pulled.listings}, ${QUERIES} each, ${deps.config.databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
    );
    await time('a page:', {});
    await time('search "Bottle":', { q: 'Bottle' });
    await time('with errors to fix:', { filter: 'issues' });
    await time('not in the catalogue:', { filter: 'unlinked' });
  } finally {
    await close();
  }
}
