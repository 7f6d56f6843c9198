/**
 * A store's listings and Amazon's catalogue: Listings Items 2021-08-01 (search, get, put — usage
 * plan 5 requests a second), Catalog Items 2022-04-01 (2 a second) and Product Fees v0 (1 a second).
 * Listings live under the seller's id, so the client needs it beside the token.
 */
import type { ProviderHttp } from '../http.js';
import {
  catalogItemSchema,
  feesEstimateResponseSchema,
  listingItemSchema,
  listingSearchResultsSchema,
  listingSubmissionSchema,
  type ListingPutRequest,
} from './catalog-models.js';

const LISTINGS = '/listings/2021-08-01/items';
const INCLUDED = 'summaries,offers,fulfillmentAvailability,issues';

export class AmazonCatalog {
  constructor(
    private readonly sp: ProviderHttp,
    private readonly sellerId: string,
  ) {}

  private listingsPath(sku?: string) {
    const base = `${LISTINGS}/${encodeURIComponent(this.sellerId)}`;
    return sku === undefined ? base : `${base}/${encodeURIComponent(sku)}`;
  }

  /** One page of the seller's listings, newest first; `identifiers` narrows to SKUs (at most 20). */
  searchListings(marketplaceId: string, q: { pageToken?: string; pageSize?: number; skus?: string[] } = {}) {
    return this.sp.call({
      name: 'searchListingsItems',
      method: 'GET',
      path: this.listingsPath(),
      query: {
        marketplaceIds: marketplaceId,
        includedData: INCLUDED,
        pageSize: q.pageSize ?? 20,
        pageToken: q.pageToken,
        sortBy: 'lastUpdatedDate',
        sortOrder: 'DESC',
        ...(q.skus?.length ? { identifiers: q.skus.join(','), identifiersType: 'SKU' } : {}),
      },
      schema: listingSearchResultsSchema,
      rate: { perSecond: 5, burst: 5 },
    });
  }

  getListing(marketplaceId: string, sku: string) {
    return this.sp.call({
      name: 'getListingsItem',
      method: 'GET',
      path: this.listingsPath(sku),
      query: { marketplaceIds: marketplaceId, includedData: `${INCLUDED},attributes` },
      schema: listingItemSchema,
      rate: { perSecond: 5, burst: 10 },
    });
  }

  putListing(marketplaceId: string, sku: string, body: ListingPutRequest) {
    return this.sp.call({
      name: 'putListingsItem',
      method: 'PUT',
      path: this.listingsPath(sku),
      query: { marketplaceIds: marketplaceId },
      json: body,
      schema: listingSubmissionSchema,
      rate: { perSecond: 5, burst: 10 },
    });
  }

  getCatalogItem(marketplaceId: string, asin: string) {
    return this.sp.call({
      name: 'getCatalogItem',
      method: 'GET',
      path: `/catalog/2022-04-01/items/${encodeURIComponent(asin)}`,
      query: { marketplaceIds: marketplaceId, includedData: 'summaries,identifiers,images,dimensions,salesRanks' },
      schema: catalogItemSchema,
      rate: { perSecond: 2, burst: 2 },
    });
  }

  /** Amazon's fees for selling the SKU at `price` (FBA or merchant-fulfilled). */
  feesForSku(marketplaceId: string, sku: string, price: { amount: number; currency: string }, fba: boolean) {
    return this.sp.call({
      name: 'getMyFeesEstimateForSKU',
      method: 'POST',
      repeatable: true, // a fee estimate changes nothing
      path: `/products/fees/v0/listings/${encodeURIComponent(sku)}/feesEstimate`,
      json: {
        FeesEstimateRequest: {
          MarketplaceId: marketplaceId,
          IsAmazonFulfilled: fba,
          PriceToEstimateFees: { ListingPrice: { CurrencyCode: price.currency, Amount: price.amount } },
          Identifier: `${sku}-${Date.now()}`,
        },
      },
      schema: feesEstimateResponseSchema,
      rate: { perSecond: 1, burst: 2 },
    });
  }
}
