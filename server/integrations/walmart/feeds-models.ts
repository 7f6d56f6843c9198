/**
 * Walmart Marketplace (US) feeds, the shapes Dockside sends and reads, as zod.
 *
 * Answers: Walmart's published "Feed Management" OpenAPI 3.0.1 (developer.walmart.com; the unedited
 * copy in api-evangelist/walmart@8b35f5a1, `walmart-marketplace-feeds-openapi-original.yml`):
 * getAllFeedStatuses (GET /v3/feeds) and getFeedItemStatus (GET /v3/feeds/{feedId}); the
 * acknowledgement of itemBulkUploads (POST /v3/feeds) is in the "Item Management" file of the same
 * copy. The JSON Schema excerpts are in tests/reference/walmart/.
 *
 * The feed file: Walmart publishes the item spec (MP_ITEM 4.8, MP_WFS_ITEM 4.3) as separate JSON
 * schema downloads, not in the OpenAPI; its request examples and the "Item setup schema key
 * points" / "Set up items for WFS" guides give the structure used here — MPItemFeedHeader once,
 * then one MPItem per item with Orderable (the offer: SKU, product id, name, brand, price,
 * shipping weight), Visible (keyed by the item's category) and, for a WFS item, TradeItem (the
 * logistics hierarchy: at least one of each, innerPack, case or pallet, with its dimensions and
 * weight). Walmart reads weights in pounds and dimensions in inches.
 */
import { z } from 'zod';

/** The item feeds Dockside sends: a seller-fulfilled item, and an item set up for WFS in one go. */
export const ITEM_FEED_TYPES = ['MP_ITEM', 'MP_WFS_ITEM'] as const;
export type ItemFeedType = (typeof ITEM_FEED_TYPES)[number];

/** Each feed type's spec version and selling channel, as Walmart's examples and guide name them. */
export const ITEM_FEED_HEADERS: Record<ItemFeedType, { sellingChannel: string; version: string }> = {
  MP_ITEM: { sellingChannel: 'marketplace', version: '4.8' },
  MP_WFS_ITEM: { sellingChannel: 'marketplacewfs', version: '4.3' },
};

/** Walmart's product id types for an item's productIdentifiers. */
export const PRODUCT_ID_TYPES = ['GTIN', 'UPC', 'EAN', 'ISBN'] as const;

// ---- the feed file ----

export const itemFeedHeaderSchema = z.object({
  sellingChannel: z.string(),
  processMode: z.string(),
  subset: z.string(),
  locale: z.string(),
  version: z.string(),
  subCategory: z.string().optional(),
});

const dimensions = (prefix: 'each' | 'innerPack' | 'case' | 'pallet') =>
  z
    .object({
      [`${prefix}Depth`]: z.number().optional(),
      [`${prefix}Width`]: z.number().optional(),
      [`${prefix}Height`]: z.number().optional(),
      [`${prefix}Weight`]: z.number().optional(),
      [`${prefix}GTIN`]: z.string().optional(),
    })
    .loose();

/**
 * One MPItem as Walmart reads it. Loose on purpose: the sandbox parses what a seller sent with it
 * and then says in Walmart's words what is missing (feeds-rules.ts), as Walmart does per item.
 */
export const mpItemSchema = z
  .object({
    Orderable: z
      .object({
        sku: z.string().optional(),
        productIdentifiers: z.object({ productIdType: z.string(), productId: z.string() }).loose().optional(),
        productName: z.string().optional(),
        brand: z.string().optional(),
        price: z.number().optional(),
        /** Pounds; required for a seller-fulfilled item. */
        ShippingWeight: z.number().optional(),
        MustShipAlone: z.string().optional(),
        stateRestrictions: z.array(z.object({ stateRestrictionsText: z.string() }).loose()).optional(),
      })
      .loose()
      .optional(),
    /** Keyed by the item's category ("Home Decor, Kitchen, & Other"). */
    Visible: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
    /** WFS only: the item's logistics hierarchy. */
    TradeItem: z
      .object({
        sku: z.string().optional(),
        orderableGTIN: z.string().optional(),
        countryOfOriginAssembly: z.array(z.string()).optional(),
        each: dimensions('each').optional(),
        innerPack: dimensions('innerPack').optional(),
        case: dimensions('case').optional(),
        pallet: dimensions('pallet').optional(),
      })
      .loose()
      .optional(),
  })
  .loose();
export type MpItem = z.infer<typeof mpItemSchema>;

export const itemFeedSchema = z.object({
  MPItemFeedHeader: itemFeedHeaderSchema,
  MPItem: z.array(mpItemSchema),
});
export type ItemFeed = z.infer<typeof itemFeedSchema>;

/** One item to set up, in Dockside's terms; feeds.ts writes it as Walmart's MPItem. */
export interface ItemSetup {
  sku: string;
  /** The GTIN-14 (a UPC-A or EAN-13 padded with zeros keeps its check digit). */
  gtin: string;
  productName: string;
  brand: string;
  /** US dollars. */
  price: number;
  shippingWeightLb: number;
  /** Walmart's category (Visible's key) and the header's subCategory. */
  category: { name: string; subCategory: string };
  shortDescription: string;
  mainImageUrl?: string;
  /** WFS items: the sellable unit's dimensions (inches) and weight (pounds). */
  each?: { depthIn: number; widthIn: number; heightIn: number; weightLb: number };
}

// ---- answers ----

/** itemBulkUploads' acknowledgement: the feed's id (Walmart fills the other two with null). */
export const feedAcknowledgementSchema = z.object({
  feedId: z.string().min(1),
  additionalAttributes: z.record(z.string(), z.unknown()).nullish(),
  errors: z.unknown().nullish(),
});
export type FeedAcknowledgement = z.infer<typeof feedAcknowledgementSchema>;

export const ingestionErrorSchema = z.object({
  type: z.string(),
  code: z.string(),
  field: z.string().nullish(),
  description: z.string().nullish(),
});
export type IngestionError = z.infer<typeof ingestionErrorSchema>;
/** Walmart sends `{ingestionError: null}` for an item without errors. */
const ingestionErrors = z.object({ ingestionError: z.array(ingestionErrorSchema).nullish() }).nullish();

export const FEED_STATUSES = ['RECEIVED', 'INPROGRESS', 'PROCESSED', 'ERROR'] as const;
export const INGESTION_STATUSES = ['INPROGRESS', 'SUCCESS', 'DATA_ERROR', 'SYSTEM_ERROR', 'TIMEOUT_ERROR'] as const;

export const itemIngestionStatusSchema = z.object({
  martId: z.number().int().nullish(),
  sku: z.string().nullish(),
  wpid: z.string().nullish(),
  index: z.number().int().nullish(),
  itemid: z.string().nullish(),
  ingestionStatus: z.enum(INGESTION_STATUSES),
  ingestionErrors,
});
export type ItemIngestionStatus = z.infer<typeof itemIngestionStatusSchema>;

/** getFeedItemStatus. */
export const feedStatusSchema = z.object({
  feedId: z.string(),
  feedStatus: z.enum(FEED_STATUSES),
  /** Epoch milliseconds (the published example; the schema leaves it out). */
  feedSubmissionDate: z.number().nullish(),
  /** The feed as a whole failed (feedStatus ERROR): why. */
  ingestionErrors,
  itemsReceived: z.number().int().default(0),
  itemsSucceeded: z.number().int().default(0),
  itemsFailed: z.number().int().default(0),
  itemsProcessing: z.number().int().default(0),
  offset: z.number().int().nullish(),
  limit: z.number().int().nullish(),
  itemDetails: z.object({ itemIngestionStatus: z.array(itemIngestionStatusSchema).default([]) }).nullish(),
});
export type FeedStatus = z.infer<typeof feedStatusSchema>;

/** One feed of getAllFeedStatuses. */
export const feedSummarySchema = z.object({
  feedId: z.string(),
  feedSource: z.string().nullish(),
  feedType: z.string().nullish(),
  partnerId: z.string().nullish(),
  itemsReceived: z.number().int().nullish(),
  itemsSucceeded: z.number().int().nullish(),
  itemsFailed: z.number().int().nullish(),
  itemsProcessing: z.number().int().nullish(),
  feedStatus: z.string(),
  /** Epoch milliseconds. */
  feedDate: z.number().nullish(),
  modifiedDtm: z.number().nullish(),
  fileName: z.string().nullish(),
});
export type FeedSummary = z.infer<typeof feedSummarySchema>;

export const feedListSchema = z.object({
  totalResults: z.number().int().default(0),
  offset: z.number().int().nullish(),
  limit: z.number().int().nullish(),
  results: z.object({ feed: z.array(feedSummarySchema).nullish() }).nullish(),
});
export type FeedList = z.infer<typeof feedListSchema>;

/** The errors Walmart gives for one item (an empty list for a clean one). */
export const ingestionErrorsOf = (s: Pick<ItemIngestionStatus, 'ingestionErrors'>): IngestionError[] =>
  s.ingestionErrors?.ingestionError ?? [];
