/**
 * WFS listing info: one Walmart item live from Walmart — its record (getAnItem) and its Catalog
 * Search entry, which alone says who fulfils it and what it shows buyers — beside the client's
 * product it is. The list, the pull and the import are Listing info's own, for a Walmart store.
 */
import type { WalmartItemDetail } from '../../../domain/schemas/listings.js';
import type { Deps, RequestContext } from '../../context.js';
import { businessRule, notFound } from '../../http/errors.js';
import { withStore } from '../stores/connection.js';
import { walmartClientFor } from '../stores/walmart.js';
import { productLinks } from './links.js';
import { listingStore, orNull, rowOf } from './service.js';
import { walmartItemValues } from './walmart-items.js';

/** Walmart.com's shelf is a JSON array of names in a string ("[\"Home\",\"Kitchen\"]"). */
function shelfOf(shelf: string | undefined): string[] {
  if (!shelf) return [];
  try {
    const parsed: unknown = JSON.parse(shelf);
    return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [shelf];
  } catch {
    return [shelf];
  }
}

export async function walmartItemDetail(
  deps: Deps,
  ctx: RequestContext,
  storeId: number,
  sku: string,
): Promise<WalmartItemDetail> {
  const store = await listingStore(deps, ctx, storeId, 'walmart');
  if (store.connection === 'not_connected') throw businessRule('Connect the store to Walmart first (Merchant Connect)');
  const client = walmartClientFor(deps, store);
  const live = await withStore(deps, store, async () => {
    const [record, search] = await Promise.all([
      orNull(client.items.get(sku)),
      orNull(client.items.search({ query: { field: 'sku', value: sku } }, { limit: 1 })),
    ]);
    return {
      item: record?.ItemResponse.find((i) => i.sku === sku),
      entry: search?.payload.find((i) => i.sku === sku),
    };
  });
  if (!live.item && !live.entry) throw notFound('Walmart item');
  const { item, entry } = live;
  const values = walmartItemValues({
    ...item,
    ...entry,
    sku,
    // getAnItem says `currency`, Catalog Search `unit`: either will do.
    price: entry?.price ?? (item?.price ? { unit: item.price.currency, amount: item.price.amount } : undefined),
    publishedStatus: entry?.publishedStatus ?? {
      status: item?.publishedStatus,
      reasons: item?.unpublishedReasons?.reason ?? [],
    },
  });
  const links = await productLinks(deps.db, store.tenantId, store.companyId, [{ ...values, upc: values.gtin }]);
  const published = values.status.includes('PUBLISHED');
  return {
    ...rowOf({ ...values, storeId: store.id }, links.get(sku) ?? null),
    productType: entry?.productType ?? item?.productType ?? null,
    condition: entry?.condition ?? item?.condition ?? null,
    brand: entry?.brand ?? null,
    shelf: shelfOf(entry?.shelf ?? item?.shelf),
    publishedStatus: entry?.publishedStatus?.status ?? item?.publishedStatus ?? null,
    lifecycleStatus: entry?.lifecycleStatus ?? item?.lifecycleStatus ?? null,
    inventoryStatus: entry?.inventoryStatus ?? null,
    upc: entry?.upc ?? item?.upc ?? null,
    wpid: entry?.wpid ?? item?.wpid ?? null,
    walmartUrl: published && values.itemId ? `https://www.walmart.com/ip/${values.itemId}` : null,
  };
}
