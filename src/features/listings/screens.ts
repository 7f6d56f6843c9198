/**
 * The two listing screens share one page: Listing info reads an Amazon store's listings, WFS
 * listing info a Walmart store's items. What differs is here: which stores, which API, which
 * route, how a listing's codes read, and how a product is listed from the screen (Amazon answers
 * at once; Walmart takes an item feed and the form follows it).
 */
import type { ListingRow } from '../../../domain/schemas/listings';
import { isAmazon, type StoreRow } from '../../../domain/schemas/stores';

export interface ListingScreen {
  marketplace: 'amazon' | 'walmart';
  /** The i18n section with the screen's own words. */
  words: 'listings' | 'wfsListings';
  route: '/apps/outbound/listing-info' | '/apps/outbound/wfs-listing-info';
  /** The store's listings on the API (list, /pull, /import, /{sku}). */
  api: (storeId: number) => string;
  stores: (s: StoreRow) => boolean;
  codes: (l: ListingRow) => string;
  canCreate: boolean;
}

export const AMAZON_LISTINGS: ListingScreen = {
  marketplace: 'amazon',
  words: 'listings',
  route: '/apps/outbound/listing-info',
  api: (id) => `/api/external/amazon/stores/${id}/listings`,
  stores: (s) => isAmazon(s.marketplace),
  codes: (l) => [l.asin, l.fnsku].filter(Boolean).join(' · '),
  canCreate: true,
};

export const WALMART_ITEMS: ListingScreen = {
  marketplace: 'walmart',
  words: 'wfsListings',
  route: '/apps/outbound/wfs-listing-info',
  api: (id) => `/api/external/walmart/stores/${id}/items`,
  stores: (s) => s.marketplace === 'walmart',
  codes: (l) => [l.gtin, l.itemId].filter(Boolean).join(' · '),
  canCreate: true,
};
