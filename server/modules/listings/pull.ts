/**
 * A store's listings, pulled from its marketplace into store_listings — the list Listing info (an
 * Amazon store's Listings Items) and WFS listing info (a Walmart store's items) search and page.
 * Runs as the `stores.pull-listings` job (on request and hourly): every page is read first, then
 * the store's rows are replaced in one transaction, so a pull that fails halfway changes nothing;
 * a store whose marketplace refused its credentials is marked and not retried.
 */
import { and, eq } from 'drizzle-orm';
import { AMAZON_MARKETPLACE_IDS, providerOf, type StoreMarketplace } from '../../../domain/schemas/stores.js';
import type { Deps } from '../../context.js';
import { storeListings, stores } from '../../db/schema/index.js';
import { ApiError } from '../../http/errors.js';
import type { ListingItem } from '../../integrations/amazon/catalog-models.js';
import type { JobContext } from '../../jobs/queue.js';
import { provideJob } from '../../jobs/store-pulls.js';
import { amazonClientFor } from '../stores/amazon.js';
import { withStore } from '../stores/connection.js';
import type { StoreRecord } from '../stores/service.js';
import { linkedCount } from './links.js';
import { readWalmartItems } from './walmart-items.js';

/** 500 pages of 20: ten thousand listings, beyond any client a prep centre serves by hand. */
const MAX_PAGES = 500;
const INSERT_CHUNK = 500;

export interface ListingValues {
  sku: string;
  asin: string | null;
  fnsku: string | null;
  gtin: string | null;
  itemId: string | null;
  title: string | null;
  status: string[];
  price: number | null;
  currency: string | null;
  channel: 'FBA' | 'FBM' | 'WFS' | 'SELLER';
  quantity: number | null;
  issues: { severity: string; message: string; attribute: string | null }[];
  imageUrl: string | null;
  updatedAt: string | null;
}

/** What Dockside keeps of one Amazon listing. */
export function listingValues(item: ListingItem, imageBase: string | null): ListingValues {
  const summary = item.summaries?.[0];
  const offer = item.offers?.find((o) => o.offerType === 'B2C') ?? item.offers?.[0];
  const availability = item.fulfillmentAvailability?.[0];
  const fba = availability?.fulfillmentChannelCode?.startsWith('AMAZON') ?? false;
  const image = summary?.mainImage?.link ?? null;
  return {
    sku: item.sku,
    asin: summary?.asin ?? null,
    fnsku: summary?.fnSku ?? null,
    gtin: null,
    itemId: null,
    title: summary?.itemName?.slice(0, 500) ?? null,
    status: summary?.status ?? [],
    price: offer ? Number(offer.price.amount) : null,
    currency: offer?.price.currencyCode ?? null,
    channel: fba ? 'FBA' : 'FBM',
    quantity: availability?.quantity ?? null,
    issues: (item.issues ?? []).map((i) => ({
      severity: i.severity,
      message: i.message,
      attribute: i.attributeNames?.[0] ?? null,
    })),
    // A path (the sandbox's) is made a path under `imageBase`; Amazon's links are absolute already.
    imageUrl: image && image.startsWith('/') && imageBase ? `${imageBase}${image}` : image,
    updatedAt: summary?.lastUpdatedDate ?? null,
  };
}

export interface ListingPullResult {
  storeId: number;
  listings: number;
  linked: number;
  pulledAt: string;
  skipped?: string;
}

/** Every listing of an Amazon store (Listings Items API, newest first). */
async function readAmazonListings(
  deps: Deps,
  store: StoreRecord,
  job?: Pick<JobContext, 'progress'>,
): Promise<ListingValues[] | string> {
  const marketplaceId = AMAZON_MARKETPLACE_IDS[store.marketplace as keyof typeof AMAZON_MARKETPLACE_IDS];
  if (!store.sellerId) return 'The store has no seller id yet: connect it to Amazon';
  const catalog = (await amazonClientFor(deps, store)).catalog(store.sellerId);
  const items: ListingItem[] = [];
  await withStore(deps, store, async () => {
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const res = await catalog.searchListings(marketplaceId, { pageToken, pageSize: 20 });
      items.push(...res.items);
      await job?.progress(items.length, res.numberOfResults, `${items.length} of ${res.numberOfResults} listings read`);
      pageToken = res.pagination?.nextToken;
      if (!pageToken) break;
    }
  });
  // The sandbox's images are paths on the sandbox, which this same server serves to the browser.
  const origin = store.environment === 'sandbox' ? '/sandbox/amazon' : null;
  return items.map((i) => listingValues(i, origin));
}

export async function pullListings(
  deps: Deps,
  data: { tenantId: number; storeId: number },
  job?: Pick<JobContext, 'progress'>,
): Promise<ListingPullResult> {
  const pulledAt = deps.now().toISOString();
  const skip = (storeId: number, skipped: string) => ({ storeId, listings: 0, linked: 0, pulledAt, skipped });
  const [store] = await deps.db
    .select()
    .from(stores)
    .where(and(eq(stores.id, data.storeId), eq(stores.tenantId, data.tenantId)));
  if (!store) return skip(data.storeId, 'The store no longer exists');
  if (store.connection === 'reconnect_needed') return skip(store.id, 'The store needs reconnecting');
  const provider = providerOf(store.marketplace as StoreMarketplace);
  const read =
    provider === 'amazon'
      ? await readAmazonListings(deps, store, job)
      : provider === 'walmart'
        ? await readWalmartItems(deps, store, job)
        : 'Listings are read from Amazon and Walmart stores';
  if (typeof read === 'string') return skip(store.id, read);
  const values = read.map((v) => ({
    ...v,
    tenantId: store.tenantId,
    companyId: store.companyId,
    storeId: store.id,
    pulledAt,
  }));
  await deps.db.transaction(async (tx) => {
    await tx.delete(storeListings).where(eq(storeListings.storeId, store.id));
    for (let i = 0; i < values.length; i += INSERT_CHUNK)
      await tx.insert(storeListings).values(values.slice(i, i + INSERT_CHUNK));
  });
  return {
    storeId: store.id,
    listings: values.length,
    linked: await linkedCount(deps.db, store.tenantId, store.companyId, store.id),
    pulledAt,
  };
}

/** The job's runner: a refusal retrying cannot fix (reconnect) ends the job; glitches retry. */
export function provideListingPull(): void {
  provideJob('stores.pull-listings', async (data, job, deps) => {
    try {
      return await pullListings(deps, data, job);
    } catch (err) {
      if (err instanceof ApiError && err.status === 412)
        return { storeId: data.storeId, listings: 0, linked: 0, skipped: err.messages.join('; ') };
      throw err;
    }
  });
}
