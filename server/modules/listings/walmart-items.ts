/**
 * A Walmart store's items as WFS listing info keeps them: every item of Walmart's Catalog Search
 * (the one read that says who fulfils an item — Walmart (WFS) or the seller), with Walmart's reasons
 * for an unpublished item as its issues.
 */
import type { Deps } from '../../context.js';
import { isWalmartFulfilled, type WalmartCatalogItem } from '../../integrations/walmart/items-models.js';
import type { JobContext } from '../../jobs/queue.js';
import { withStore } from '../stores/connection.js';
import type { StoreRecord } from '../stores/service.js';
import { walmartClientFor } from '../stores/walmart.js';
import type { ListingValues } from './pull.js';

/** 200 pages of 100: twenty thousand items. */
const MAX_PAGES = 200;
const PAGE = 100;

export function walmartItemValues(item: WalmartCatalogItem): ListingValues {
  const published = item.publishedStatus?.status ?? null;
  return {
    sku: item.sku,
    asin: null,
    fnsku: null,
    // The UPC first: it is what a product's code holds (Walmart's GTIN pads it to 14 digits).
    gtin: item.upc ?? item.gtin ?? null,
    itemId: item.itemId ?? item.wpid ?? null,
    title: item.productName?.slice(0, 500) ?? null,
    status: [published, item.lifecycleStatus].filter((v): v is string => !!v),
    price: item.price?.amount ?? null,
    currency: item.price?.unit ?? null,
    channel: isWalmartFulfilled(item) ? 'WFS' : 'SELLER',
    quantity: null,
    issues: (item.publishedStatus?.reasons ?? []).map((message) => ({
      severity: published === 'UNPUBLISHED' || published === 'SYSTEM_PROBLEM' ? 'ERROR' : 'WARNING',
      message,
      attribute: null,
    })),
    imageUrl: null,
    updatedAt: null,
  };
}

export async function readWalmartItems(
  deps: Deps,
  store: StoreRecord,
  job?: Pick<JobContext, 'progress'>,
): Promise<ListingValues[]> {
  const client = walmartClientFor(deps, store);
  const items: WalmartCatalogItem[] = [];
  await withStore(deps, store, async () => {
    let nextCursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const res = await client.items.search({}, { limit: PAGE, nextCursor });
      items.push(...res.payload);
      const total = res.totalItems ?? null;
      await job?.progress(items.length, total, `${items.length}${total ? ` of ${total}` : ''} items read`);
      nextCursor = res.nextCursor ?? undefined;
      if (!nextCursor) break;
    }
  });
  return items.map(walmartItemValues);
}
