/**
 * Walmart Marketplace (US) Items API v3, the shapes Dockside reads, as zod. Read from Walmart's
 * published "Item Management" OpenAPI 3.0.1 (developer.walmart.com; the unedited copy in
 * api-evangelist/walmart@8b35f5a1, `walmart-marketplace-items-openapi-original.yml`):
 * getAllItems (GET /v3/items), getAnItem (GET /v3/items/{id}) and getCatalogSearch
 * (POST /v3/items/catalog/search). The JSON Schema excerpts are in tests/reference/walmart/.
 *
 * Who fulfils an item: getAllItems' ItemResponse has no fulfilment field. Walmart publishes it on
 * Catalog Search, as each result's `fulfillmentType` and as a filter on it; the value is a free
 * string in Walmart's model (no list of values is published), so `isWalmartFulfilled` reads any
 * value naming WFS or Walmart as Walmart-fulfilled and anything else as seller-fulfilled.
 */
import { z } from 'zod';

const priceSchema = z.object({ currency: z.string(), amount: z.number() });

/** One ItemResponse entry of getAllItems / getAnItem. */
export const itemSchema = z.object({
  mart: z.string().optional(),
  sku: z.string(),
  condition: z.string().optional(),
  /** Walmart's product id, once the item is listed. */
  wpid: z.string().optional(),
  upc: z.string().optional(),
  gtin: z.string().optional(),
  productName: z.string().optional(),
  /** The Walmart.com shelf path, as a JSON-encoded array of names. */
  shelf: z.string().optional(),
  productType: z.string().optional(),
  price: priceSchema.optional(),
  /** PUBLISHED, UNPUBLISHED, IN_PROGRESS, READY_TO_PUBLISH, SYSTEM_PROBLEM, STAGE. */
  publishedStatus: z.string().optional(),
  /** Why an UNPUBLISHED item is not on Walmart.com, in Walmart's words. */
  unpublishedReasons: z.object({ reason: z.array(z.string()).default([]) }).optional(),
  /** ACTIVE, ARCHIVED, RETIRED. */
  lifecycleStatus: z.string().optional(),
  variantGroupId: z.string().optional(),
});
export type WalmartItem = z.infer<typeof itemSchema>;

/** getAllItems, and getAnItem (whose published example has the same envelope). */
export const itemsPageSchema = z.object({
  ItemResponse: z.array(itemSchema).default([]),
  totalItems: z.number().int().optional(),
  /** Absent or empty on the last page. */
  nextCursor: z.string().nullish(),
});
export type WalmartItemsPage = z.infer<typeof itemsPageSchema>;

/** getAllItems' filters, in Walmart's names. */
export interface ItemsQuery {
  /** "*" (Walmart's default) for the first page, then the previous page's nextCursor. */
  nextCursor?: string;
  sku?: string;
  lifecycleStatus?: 'ACTIVE' | 'ARCHIVED' | 'RETIRED';
  publishedStatus?: 'PUBLISHED' | 'UNPUBLISHED';
  variantGroupId?: string;
  limit?: number;
}

/** getCatalogSearch's request body. */
export const CATALOG_QUERY_FIELDS = [
  'productName',
  'sku',
  'gtin',
  'wpid',
  'upc',
  'isbn',
  'ean',
  'itemId',
  'condition',
] as const;
export const CATALOG_FILTER_FIELDS = [
  'num_reviews',
  'customerRating',
  'lifecycleStatus',
  'publishedStatus',
  'unpublishedReasons',
  'inventoryStatus',
  'price',
  'fulfillmentType',
] as const;
export const CATALOG_FILTER_OPS = ['equals', 'between', 'greater_than', 'less_than'] as const;

export const catalogSearchRequestSchema = z.object({
  query: z.object({ field: z.enum(CATALOG_QUERY_FIELDS), value: z.string() }).optional(),
  filters: z
    .array(
      z.object({
        field: z.enum(CATALOG_FILTER_FIELDS),
        op: z.enum(CATALOG_FILTER_OPS),
        values: z.array(z.string()).min(1),
      }),
    )
    .optional(),
  sort: z.object({ field: z.string(), order: z.enum(['ASC', 'DESC']) }).optional(),
});
export type CatalogSearchRequest = z.infer<typeof catalogSearchRequestSchema>;

/** One getCatalogSearch result: the item with its fulfilment and stock flags. */
export const catalogItemSchema = z.object({
  mart: z.string().optional(),
  sku: z.string(),
  condition: z.string().optional(),
  wpid: z.string().optional(),
  upc: z.string().optional(),
  gtin: z.string().optional(),
  itemId: z.string().optional(),
  productName: z.string().optional(),
  shelf: z.string().optional(),
  productType: z.string().optional(),
  /** Catalog Search names the currency `unit` (getAllItems says `currency`). */
  price: z.object({ unit: z.string(), amount: z.number() }).optional(),
  brand: z.string().optional(),
  fulfillmentType: z.string().optional(),
  publishedStatus: z.object({ status: z.string().optional(), reasons: z.array(z.string()).optional() }).optional(),
  inventoryStatus: z.string().optional(),
  lifecycleStatus: z.string().optional(),
  variantGroupId: z.string().optional(),
});
export type WalmartCatalogItem = z.infer<typeof catalogItemSchema>;

export const catalogSearchResponseSchema = z.object({
  status: z.string().optional(),
  payload: z.array(catalogItemSchema).default([]),
  totalItems: z.number().int().optional(),
  limit: z.number().int().optional(),
  nextCursor: z.string().nullish(),
});
export type WalmartCatalogSearchPage = z.infer<typeof catalogSearchResponseSchema>;

/** Whether Walmart fulfils the item (WFS) rather than the seller, from its fulfillmentType. */
export const isWalmartFulfilled = (item: Pick<WalmartCatalogItem, 'fulfillmentType'>): boolean =>
  /wfs|walmart/i.test(item.fulfillmentType ?? '');
