/**
 * Listing info (spec `/apps/outbound/listing-info/:storeId?/:msku?`, issue 17): a store's Amazon
 * listings as pulled from Amazon's Listings Items API, each linked to the client's Dockside product
 * by MSKU, ASIN or UPC; one listing's detail beside Amazon's catalogue record and fee estimate;
 * creating a listing from a product, and importing listings into the catalogue.
 */
import { z } from 'zod';
import { pageSchema } from '../paging.js';

/** Who fulfils a listing: Amazon (FBA) or the seller (FBM) on Amazon; Walmart (WFS) or the seller on Walmart. */
export const LISTING_CHANNELS = ['FBA', 'FBM', 'WFS', 'SELLER'] as const;
export const AMAZON_LISTING_CHANNELS = ['FBA', 'FBM'] as const;
export const LISTING_CONDITIONS = [
  'new_new',
  'new_open_box',
  'refurbished_refurbished',
  'used_like_new',
  'used_good',
] as const;
/** Narrowing the list: everything, listings with an error Amazon raised, listings not in the catalogue. */
export const LISTING_FILTERS = ['all', 'issues', 'unlinked'] as const;
/** Amazon's listings of one SKU per request at most this many to import at once. */
export const MAX_IMPORT_SKUS = 200;

export const listingIssueSchema = z.object({
  severity: z.enum(['ERROR', 'WARNING', 'INFO']),
  message: z.string(),
  attribute: z.string().nullable(),
});
export type ListingIssueRow = z.infer<typeof listingIssueSchema>;

export const listingRowSchema = z.object({
  storeId: z.number().int(),
  sku: z.string(),
  asin: z.string().nullable(),
  fnsku: z.string().nullable(),
  /** Walmart: the item's GTIN (or UPC) and Walmart's item id. */
  gtin: z.string().nullable(),
  itemId: z.string().nullable(),
  title: z.string().nullable(),
  /** Amazon's BUYABLE / DISCOVERABLE; Walmart's published and lifecycle status. */
  status: z.array(z.string()),
  price: z.number().nullable(),
  currency: z.string().nullable(),
  channel: z.enum(LISTING_CHANNELS),
  /** FBA: fulfillable at Amazon; FBM: what the seller offers. */
  quantity: z.number().int().nullable(),
  issues: z.array(listingIssueSchema),
  imageUrl: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** The client's product this listing is, if any. */
  product: z.object({ id: z.number().int(), title: z.string(), matchedBy: z.enum(['msku', 'asin', 'upc']) }).nullable(),
});
export type ListingRow = z.infer<typeof listingRowSchema>;

export const listingPageSchema = pageSchema(listingRowSchema).extend({
  /** When the store's listings were last read from Amazon (null: never). */
  pulledAt: z.string().nullable(),
});
export const listingQuerySchema = z.object({
  q: z.string().max(100).optional(),
  filter: z.enum(LISTING_FILTERS).optional(),
});

export const listingPullResultSchema = z.object({
  storeId: z.number().int(),
  listings: z.number().int(),
  linked: z.number().int(),
  pulledAt: z.string(),
});

const inches = z.number().nullable();
export const listingDetailSchema = listingRowSchema.extend({
  productType: z.string().nullable(),
  condition: z.string().nullable(),
  catalog: z
    .object({
      brand: z.string().nullable(),
      manufacturer: z.string().nullable(),
      model: z.string().nullable(),
      upc: z.string().nullable(),
      ean: z.string().nullable(),
      rank: z.object({ title: z.string(), rank: z.number().int() }).nullable(),
      package: z.object({ lengthIn: inches, widthIn: inches, heightIn: inches, weightLb: inches }),
    })
    .nullable(),
  /** Amazon's fees at the listing's price; null with `feesError` when Amazon could not estimate. */
  fees: z
    .object({
      price: z.number(),
      currency: z.string(),
      fba: z.boolean(),
      lines: z.array(z.object({ type: z.string(), amount: z.number() })),
      total: z.number(),
      /** What the seller keeps of the price before its own costs. */
      net: z.number(),
    })
    .nullable(),
  feesError: z.string().nullable(),
});
export type ListingDetail = z.infer<typeof listingDetailSchema>;

/** One Walmart item live from Walmart (WFS listing info): its record beside the stored row. */
export const walmartItemDetailSchema = listingRowSchema.extend({
  productType: z.string().nullable(),
  condition: z.string().nullable(),
  brand: z.string().nullable(),
  /** Walmart.com's shelf, outermost first. */
  shelf: z.array(z.string()),
  publishedStatus: z.string().nullable(),
  lifecycleStatus: z.string().nullable(),
  inventoryStatus: z.string().nullable(),
  upc: z.string().nullable(),
  wpid: z.string().nullable(),
  /** Where buyers see it on Walmart.com, once it is published. */
  walmartUrl: z.string().nullable(),
});
export type WalmartItemDetail = z.infer<typeof walmartItemDetailSchema>;

export const listingCreateSchema = z
  .object({
    productId: z.number().int().positive(),
    /** The seller SKU; the product's MSKU when left out. */
    sku: z.string().trim().min(1).max(40).optional(),
    price: z.number().positive().max(100_000),
    condition: z.enum(LISTING_CONDITIONS),
    channel: z.enum(AMAZON_LISTING_CHANNELS),
    /** FBM only: the quantity offered (FBA stock is what Amazon holds). */
    quantity: z.number().int().min(0).max(100_000).optional(),
  })
  .refine((v) => v.channel === 'FBA' || v.quantity !== undefined, {
    path: ['quantity'],
    message: 'A merchant-fulfilled listing needs the quantity offered',
  });
export type ListingCreate = z.infer<typeof listingCreateSchema>;

export const listingSubmissionResultSchema = z.object({
  sku: z.string(),
  status: z.enum(['ACCEPTED', 'INVALID', 'VALID']),
  issues: z.array(listingIssueSchema),
});

export const listingImportSchema = z.object({
  skus: z.array(z.string().min(1).max(80)).min(1).max(MAX_IMPORT_SKUS),
});
export const listingImportResultSchema = z.object({
  created: z.array(z.object({ sku: z.string(), productId: z.number().int() })),
  skipped: z.array(z.object({ sku: z.string(), reason: z.string() })),
});

/** Who fulfils an item Dockside sets up on Walmart: Walmart (WFS) or the seller. */
export const WALMART_LISTING_CHANNELS = ['WFS', 'SELLER'] as const;
/**
 * Walmart's product categories for item setup (the feed header's subCategory → the category that
 * keys the item's Visible section), those Walmart's published item-feed examples name.
 */
export const WALMART_ITEM_CATEGORIES = {
  home_other: 'Home Decor, Kitchen, & Other',
  computers: 'Computers',
  clothing_other: 'Clothing',
} as const;
export type WalmartItemCategory = keyof typeof WALMART_ITEM_CATEGORIES;
const WALMART_CATEGORY_KEYS = Object.keys(WALMART_ITEM_CATEGORIES) as [WalmartItemCategory, ...WalmartItemCategory[]];

const itemMeasure = z.number().positive().max(10_000).optional();
/** Listing a product on Walmart (WFS listing info): sent to Walmart as an item feed. */
export const walmartItemCreateSchema = z.object({
  productId: z.number().int().positive(),
  /** The seller SKU (Walmart takes up to 50 characters); the product's MSKU when left out. */
  sku: z.string().trim().min(1).max(50).optional(),
  /** US dollars. */
  price: z.number().positive().max(100_000),
  channel: z.enum(WALMART_LISTING_CHANNELS),
  /** Home Decor, Kitchen, & Other when left out. */
  category: z.enum(WALMART_CATEGORY_KEYS).optional(),
  /** The shipping weight (lb) and dimensions (in) when the product has none, or to send others. */
  weightLb: itemMeasure,
  lengthIn: itemMeasure,
  widthIn: itemMeasure,
  heightIn: itemMeasure,
});
export type WalmartItemCreate = z.infer<typeof walmartItemCreateSchema>;

/** Walmart took the feed: follow the operation (GET /api/common/stores/{id}/operations/{operationId}). */
export const walmartItemSubmittedSchema = z.object({
  feedId: z.string(),
  operationId: z.string(),
  sku: z.string(),
});
