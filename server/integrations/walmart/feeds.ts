/**
 * Walmart Marketplace (US) feeds for one seller: item setup by feed (itemBulkUploads, POST
 * /v3/feeds) and the feed's progress (getFeedItemStatus, getAllFeedStatuses). Walmart answers a
 * feed with its id at once and processes it later, item by item: the feed is RECEIVED, then
 * INPROGRESS, then PROCESSED (each item SUCCESS or with its ingestion errors) or ERROR (the file as
 * a whole was refused). Dockside follows a feed with the `walmart.feed` operation
 * (server/modules/operations/walmart-feed.ts), never with a waiting request.
 *
 * Walmart's published contract takes the feed as a file (multipart/form-data, part "file"), which
 * `feedFileFetch` makes of the JSON that ProviderHttp sends — so limits, retries, the refusal
 * messages and the call log stay the one shared path.
 *
 * Rates ("Item management API requests", developer.walmart.com): MP_ITEM and MP_WFS_ITEM 10 feeds
 * an hour each; the two status reads share 5,000 a minute. The hourly feed limit is not a token
 * bucket here: it is the seller's across every Dockside request and process, while a client (and
 * its buckets) lives for one request — and a bucket of 10 an hour emptied by a 429 would hold that
 * request for six minutes. Walmart's 429 says when the limit is reached; the HTTP core retries it
 * within its bounds and then reports the throttling.
 */
import type { ProviderHttp } from '../http.js';
import {
  feedAcknowledgementSchema,
  feedListSchema,
  feedStatusSchema,
  ITEM_FEED_HEADERS,
  type ItemFeed,
  type ItemFeedType,
  type ItemSetup,
  type MpItem,
} from './feeds-models.js';

const STATUS_RATE = { perSecond: 5000 / 60, burst: 50 };
/** Walmart pages an item status by at most this many items. */
export const FEED_DETAIL_PAGE = 50;

/** A WFS item has no restriction on where it may be sold unless the seller says otherwise. */
const NO_STATE_RESTRICTION = [{ stateRestrictionsText: 'None' }];

/**
 * The compliance answers Walmart's WFS item spec asks in Orderable, by Walmart's names (its
 * MP_WFS_ITEM request example: hasBatteries, batteryTechnologyType, lithiumIonBatteries,
 * electronicsIndicator, chemicalAerosolPesticide, safetyDataSheet, numberOfHazardousComponents; and
 * TradeItem.countryOfOriginAssembly), with the expiry answers of a perishable item.
 */
export interface WfsCompliance {
  hasBatteries?: 'Yes' | 'No';
  batteryTechnologyType: string;
  lithiumIonBatteries?: {
    ionNumberOfBatteries: number;
    batteryWattHour: number;
    ionIncludedBatteryPackaging: string;
  };
  electronicsIndicator: 'Yes' | 'No';
  chemicalAerosolPesticide: 'Yes' | 'No';
  safetyDataSheet?: string[];
  numberOfHazardousComponents?: number;
  isPerishable?: 'Yes' | 'No';
  /** Days; a perishable item only. */
  shelfLife?: number;
  /** As Walmart writes it ("IN - India"). */
  countryOfOriginAssembly?: string;
}
/** An item to set up, with (WFS) its compliance answers. */
export type ItemSetupWithCompliance = ItemSetup & { compliance?: WfsCompliance };

/** The Orderable part of the answers (the country of assembly goes in TradeItem). */
function complianceOf(c: WfsCompliance | undefined) {
  if (!c) return {};
  const { countryOfOriginAssembly: _inTradeItem, ...orderable } = c;
  return Object.fromEntries(Object.entries(orderable).filter(([, v]) => v !== undefined));
}

/** One item as Walmart's MPItem: the offer, what buyers see, and (WFS) the sellable unit. */
export function mpItemOf(item: ItemSetupWithCompliance, feedType: ItemFeedType): MpItem {
  const wfs = feedType === 'MP_WFS_ITEM';
  return {
    Orderable: {
      sku: item.sku,
      productIdentifiers: { productIdType: 'GTIN', productId: item.gtin },
      productName: item.productName,
      brand: item.brand,
      price: item.price,
      ShippingWeight: item.shippingWeightLb,
      MustShipAlone: 'No',
      ...(wfs ? { stateRestrictions: NO_STATE_RESTRICTION, ...complianceOf(item.compliance) } : {}),
    },
    Visible: {
      [item.category.name]: {
        shortDescription: item.shortDescription,
        ...(item.mainImageUrl ? { mainImageUrl: item.mainImageUrl } : {}),
      },
    },
    ...(wfs && item.each
      ? {
          TradeItem: {
            sku: item.sku,
            orderableGTIN: item.gtin,
            ...(item.compliance?.countryOfOriginAssembly
              ? { countryOfOriginAssembly: [item.compliance.countryOfOriginAssembly] }
              : {}),
            each: {
              eachGTIN: item.gtin,
              eachDepth: item.each.depthIn,
              eachWidth: item.each.widthIn,
              eachHeight: item.each.heightIn,
              eachWeight: item.each.weightLb,
            },
          },
        }
      : {}),
  };
}

/** A feed file of items of one category (Walmart's header names one subCategory per feed). */
export function itemFeedOf(items: ItemSetupWithCompliance[], feedType: ItemFeedType): ItemFeed {
  const { sellingChannel, version } = ITEM_FEED_HEADERS[feedType];
  return {
    MPItemFeedHeader: {
      sellingChannel,
      processMode: 'REPLACE',
      subset: 'EXTERNAL',
      locale: 'en',
      version,
      subCategory: items[0]?.category.subCategory,
    },
    MPItem: items.map((i) => mpItemOf(i, feedType)),
  };
}

export class WalmartFeeds {
  constructor(private readonly http: ProviderHttp) {}

  /** itemBulkUploads: sends the feed file; Walmart answers with the feed's id. */
  submit(feedType: ItemFeedType, feed: ItemFeed) {
    return this.http.call({
      name: `itemBulkUploads.${feedType}`,
      method: 'POST',
      path: '/v3/feeds',
      query: { feedType },
      json: feed,
      schema: feedAcknowledgementSchema,
    });
  }

  /** Sets items up: on WFS (MP_WFS_ITEM, with each item's dimensions) or seller-fulfilled (MP_ITEM). */
  setUpItems(items: ItemSetupWithCompliance[], opts: { wfs: boolean }) {
    const feedType: ItemFeedType = opts.wfs ? 'MP_WFS_ITEM' : 'MP_ITEM';
    return this.submit(feedType, itemFeedOf(items, feedType));
  }

  /** getFeedItemStatus: the feed, and with `includeDetails` each item's ingestion status. */
  status(feedId: string, q: { includeDetails?: boolean; offset?: number; limit?: number } = {}) {
    return this.http.call({
      name: 'getFeedItemStatus',
      method: 'GET',
      path: `/v3/feeds/${encodeURIComponent(feedId)}`,
      query: {
        includeDetails: q.includeDetails ? 'true' : undefined,
        offset: q.offset,
        limit: q.limit,
      },
      schema: feedStatusSchema,
      rate: STATUS_RATE,
    });
  }

  /** The feed with every item's ingestion status, page by page. */
  async statusWithItems(feedId: string) {
    const first = await this.status(feedId, { includeDetails: true, offset: 0, limit: FEED_DETAIL_PAGE });
    const items = [...(first.itemDetails?.itemIngestionStatus ?? [])];
    // Bounded: a feed holds at most 10,000 items.
    while (items.length < first.itemsReceived && items.length < 10_000) {
      const page = await this.status(feedId, { includeDetails: true, offset: items.length, limit: FEED_DETAIL_PAGE });
      const more = page.itemDetails?.itemIngestionStatus ?? [];
      if (!more.length) break;
      items.push(...more);
    }
    return { ...first, itemDetails: { itemIngestionStatus: items } };
  }

  /** getAllFeedStatuses: the seller's feeds, newest first (one feed with `feedId`). */
  list(q: { feedId?: string; offset?: number; limit?: number } = {}) {
    return this.http.call({
      name: 'getAllFeedStatuses',
      method: 'GET',
      path: '/v3/feeds',
      query: { feedId: q.feedId, offset: q.offset, limit: q.limit },
      schema: feedListSchema,
      rate: STATUS_RATE,
    });
  }
}

/**
 * Sends a feed upload's JSON as Walmart's contract has it: a multipart/form-data body whose "file"
 * part is the JSON document. Other requests pass unchanged.
 */
export function feedFileFetch(inner: typeof fetch = fetch): typeof fetch {
  return (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (init?.method !== 'POST' || !url.pathname.endsWith('/v3/feeds') || typeof init.body !== 'string')
      return inner(input, init);
    const headers = new Headers(init.headers);
    // fetch writes the multipart content type with its boundary itself.
    headers.delete('content-type');
    const form = new FormData();
    form.set('file', new Blob([init.body], { type: 'application/json' }), 'items.json');
    return inner(input, { ...init, headers, body: form });
  };
}
