/**
 * Walmart Marketplace (US) Items API v3 for one seller: the catalogue (getAllItems, paged by
 * nextCursor), one item (getAnItem) and Catalog Search, which is where Walmart tells whether an
 * item is Walmart-fulfilled (WFS) or seller-fulfilled (items-models.ts).
 *
 * Rates: Walmart's "Item management API requests" page (developer.walmart.com, us-marketplace)
 * lists 200 transactions a minute for its catalogue reads (Catalog Search shared with Item
 * Associations, Item Search, the counts); getAllItems and getAnItem are kept to the same pace.
 */
import type { ProviderHttp } from '../http.js';
import {
  catalogSearchResponseSchema,
  itemsPageSchema,
  type CatalogSearchRequest,
  type ItemsQuery,
} from './items-models.js';

/** 200 a minute, with a burst of 10 so a short run of pages does not wait. */
const RATE = { perSecond: 200 / 60, burst: 10 };

export class WalmartItems {
  constructor(private readonly http: ProviderHttp) {}

  /** One page of the seller's items; follow `nextCursor` until Walmart gives none. */
  list(q: ItemsQuery = {}) {
    return this.http.call({
      name: 'getAllItems',
      method: 'GET',
      path: '/v3/items',
      query: {
        nextCursor: q.nextCursor ?? '*',
        sku: q.sku,
        lifecycleStatus: q.lifecycleStatus,
        publishedStatus: q.publishedStatus,
        variantGroupId: q.variantGroupId,
        limit: q.limit,
      },
      schema: itemsPageSchema,
      rate: RATE,
    });
  }

  /** getAnItem by the seller's SKU (or another of Walmart's identifier types). */
  get(id: string, productIdType: 'SKU' | 'GTIN' | 'UPC' | 'ITEM_ID' = 'SKU') {
    return this.http.call({
      name: 'getAnItem',
      method: 'GET',
      path: `/v3/items/${encodeURIComponent(id)}`,
      query: { productIdType },
      schema: itemsPageSchema,
      rate: RATE,
    });
  }

  /** getCatalogSearch: the seller's items by query and filters, with their fulfillmentType. */
  search(body: CatalogSearchRequest, page: { limit?: number; nextCursor?: string } = {}) {
    return this.http.call({
      name: 'getCatalogSearch',
      method: 'POST',
      repeatable: true, // a search changes nothing
      path: '/v3/items/catalog/search',
      query: { limit: page.limit, nextCursor: page.nextCursor },
      json: body,
      schema: catalogSearchResponseSchema,
      rate: RATE,
    });
  }
}
