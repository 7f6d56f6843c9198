/**
 * Inventory by type (issue 7 §4, spec `/apps/inventory/:inventoryType` and
 * `/apps/inventory/amazon/:inventoryType`: Amazon, FBM, WFS and eBay inventory): a client's stock
 * as each marketplace reports it, beside the units this prep centre holds for the same product.
 *
 * The figures come from the marketplace's own inventory report, imported as the seller downloads
 * it (Seller Central's "Manage FBA Inventory" report, Walmart's WFS inventory report, eBay's active
 * listings report). A report is a complete picture: importing one replaces that client's lines of
 * the channels it covers. When store connections exist they will write the same lines.
 */
import { z } from 'zod';

/** Where a report comes from; each covers one or more inventory types (channels). */
export const MARKETPLACES = ['amazon', 'walmart', 'ebay'] as const;
export type Marketplace = (typeof MARKETPLACES)[number];

/** The inventory types: Amazon's fulfilment network, Amazon merchant-fulfilled, Walmart WFS, eBay. */
export const INVENTORY_TYPES = ['fba', 'fbm', 'wfs', 'ebay'] as const;
export type InventoryType = (typeof INVENTORY_TYPES)[number];

export const TYPES_OF_MARKETPLACE: Record<Marketplace, readonly InventoryType[]> = {
  amazon: ['fba', 'fbm'],
  walmart: ['wfs'],
  ebay: ['ebay'],
};
export const MARKETPLACE_OF_TYPE: Record<InventoryType, Marketplace> = {
  fba: 'amazon',
  fbm: 'amazon',
  wfs: 'walmart',
  ebay: 'ebay',
};

/** Amazon's types live under /apps/inventory/amazon/:inventoryType, the others under /apps/inventory/:inventoryType. */
export const inventoryTypePath = (type: InventoryType): string =>
  MARKETPLACE_OF_TYPE[type] === 'amazon' ? `/apps/inventory/amazon/${type}` : `/apps/inventory/${type}`;

/** Reports larger than this are refused whole (a seller with more SKUs imports per marketplace account). */
export const MAX_REPORT_ROWS = 50_000;
export const MAX_REPORT_BYTES = 16 * 1024 * 1024;

const qty = z.number().int().min(0);

/** One line of a marketplace's inventory, as read from a report. */
export const marketplaceLineInputSchema = z.object({
  type: z.enum(INVENTORY_TYPES),
  sku: z.string().trim().min(1).max(80),
  title: z.string().trim().max(500).nullable(),
  asin: z.string().trim().max(20).nullable(),
  fnsku: z.string().trim().max(20).nullable(),
  /** The marketplace's own item number (Walmart item id, eBay item number). */
  itemId: z.string().trim().max(40).nullable(),
  gtin: z.string().trim().max(20).nullable(),
  /** Can be sold now. */
  fulfillable: qty,
  /** On its way into the marketplace's warehouses (Amazon: working + shipped + receiving). */
  inbound: qty,
  /** Held back by the marketplace (customer orders, transfers, processing). */
  reserved: qty,
  /** In the marketplace's warehouses but not sellable (damaged, defective). */
  unsellable: qty,
});
export type MarketplaceLineInput = z.infer<typeof marketplaceLineInputSchema>;

/** POST /api/inventory/marketplace/report?marketplace=&companyId=&reportedAt= (multipart field "file"). */
export const marketplaceImportQuerySchema = z.object({
  marketplace: z.enum(MARKETPLACES, { error: 'marketplace: one of amazon, walmart, ebay' }),
  /** Warehouse users name the client; a client imports for its own company. */
  companyId: z.coerce.number().int().positive().optional(),
  /** When the marketplace produced the report; defaults to the moment of the import. */
  reportedAt: z.iso.datetime({ offset: true, error: 'reportedAt: a date and time' }).optional(),
});
export type MarketplaceImportQuery = z.infer<typeof marketplaceImportQuerySchema>;

export const MARKETPLACE_STOCK_FILTERS = ['all', 'in_stock', 'out_of_stock', 'not_in_catalogue'] as const;

/** GET /api/inventory/marketplace?type=&companyId=&q=&stock=&pageNumber=&pageSize= */
export const marketplaceInventoryQuerySchema = z.object({
  type: z.enum(INVENTORY_TYPES, { error: 'type: one of fba, fbm, wfs, ebay' }),
  companyId: z.coerce.number().int().positive().optional(),
  /** SKU, FNSKU, ASIN, item id or GTIN prefix, or words of the title. */
  q: z.string().trim().max(80).optional(),
  stock: z.enum(MARKETPLACE_STOCK_FILTERS).default('all'),
  /** Totals over the whole filter (the costly part over many lines): a screen turning pages leaves them out. */
  withTotals: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});
export type MarketplaceInventoryQuery = z.infer<typeof marketplaceInventoryQuerySchema>;

/** A line of the list: the marketplace's figures, the catalogue product it names and what is held here. */
export const marketplaceLineSchema = marketplaceLineInputSchema.extend({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  accountNo: z.string().nullable(),
  reportedAt: z.string(),
  /** The client's catalogue product one of the line's codes names, if any. */
  productId: z.number().int().nullable(),
  /** Sellable units of that product on hand at this prep centre (the ledger's balances). */
  heldHere: z.number().int(),
});
export type MarketplaceLine = z.infer<typeof marketplaceLineSchema>;

export const marketplaceTotalsSchema = z.object({
  fulfillable: z.number().int(),
  inbound: z.number().int(),
  reserved: z.number().int(),
  unsellable: z.number().int(),
  heldHere: z.number().int(),
});
export type MarketplaceTotals = z.infer<typeof marketplaceTotalsSchema>;

/** The page body: lines, their totals over the whole filter, and the latest report's time. */
export const marketplacePageSchema = z.object({
  content: z.array(marketplaceLineSchema),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  totalElements: z.number().int(),
  /** Null when asked without them (`withTotals=false`). */
  totals: marketplaceTotalsSchema.nullable(),
  /** The newest report among the listed clients (null: none imported yet). */
  reportedAt: z.string().nullable(),
});
export type MarketplacePage = z.infer<typeof marketplacePageSchema>;

/** The import's answer. */
export const marketplaceImportResultSchema = z.object({
  marketplace: z.enum(MARKETPLACES),
  companyId: z.number().int(),
  reportedAt: z.string(),
  rows: z.number().int(),
  /** Lines stored per type (an Amazon row can be an FBA line and an FBM line). */
  lines: z.partialRecord(z.enum(INVENTORY_TYPES), z.number().int()),
  /** Lines that name a product of the client's catalogue. */
  matched: z.number().int(),
});
export type MarketplaceImportResult = z.infer<typeof marketplaceImportResultSchema>;
