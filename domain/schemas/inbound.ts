/**
 * The inbound area (one name on every side: server/modules/inbound, src/features/inbound):
 * purchase orders and their items and CSV upload; inbound batches with their tracking numbers;
 * the dock's receive batches and package scans; counting items and sorting them — the arguments
 * and results of the floor's mutations, and the replica rows the pull delivers (shapes written by
 * server/modules/inbound/*Change()).
 */
import { z } from 'zod';
import { pageSchema } from '../paging.js';
import { MIN_TRACKING_LENGTH } from '../rules/dock-verdict.js';
import { gtinCheckDigitOk } from '../rules/gs1.js';

// ---- Purchase-order items and the CSV upload ----

export const ITEM_ACTIONS = ['fba_prep', 'wfs_prep', 'fbm', 'storage'] as const;
export type ItemAction = (typeof ITEM_ACTIONS)[number];

const optionalCode = (re: RegExp, message: string) =>
  z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(re, message))
    .optional()
    .or(z.literal('').transform(() => undefined));

export const poItemSchema = z
  .object({
    title: z.string().trim().min(1, 'title is required').max(500),
    asin: optionalCode(/^[A-Z0-9]{10}$/, 'asin: 10 letters or digits'),
    fnsku: optionalCode(/^[A-Z0-9]{10}$/, 'fnsku: 10 letters or digits'),
    msku: z
      .string()
      .trim()
      .max(40)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    upc: optionalCode(/^\d{8}$|^\d{12,14}$/, 'upc: 8, 12, 13 or 14 digits (UPC/EAN/GTIN)').refine(
      (v) => v === undefined || gtinCheckDigitOk(v),
      'upc: wrong check digit',
    ),
    expectedQty: z.coerce.number().int('expectedQty: a whole number').min(1, 'expectedQty: at least 1').max(1_000_000),
    packSize: z.coerce.number().int('packSize: a whole number').min(1, 'packSize: at least 1').max(10_000).default(1),
    costCents: z.coerce.number().int().min(0).optional(),
    supplier: z.string().trim().max(200).optional(),
    itemAction: z.enum(ITEM_ACTIONS).default('fba_prep'),
    shipToCountryCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'shipToCountryCode: two letters')
      .optional(),
  })
  .refine((i) => i.asin || i.fnsku || i.msku || i.upc, {
    message: 'at least one product code (asin, fnsku, msku or upc) is required',
    path: ['asin'],
  });
export type PoItem = z.infer<typeof poItemSchema>;

/** The CSV template's columns, in order. Money is in the currency's major unit in the file. */
export const CSV_COLUMNS = [
  'title',
  'asin',
  'fnsku',
  'msku',
  'upc',
  'quantity',
  'pack_size',
  'cost',
  'supplier',
  'item_action',
  'ship_to_country',
  'tracking_number',
] as const;

export const csvUploadQuerySchema = z.object({
  /** Required unless createOnlyListings=true (then no batch is made). */
  batch_name: z.string().trim().min(1, 'batch_name is required').max(120).optional(),
  ecommerce_store: z.string().trim().max(120).optional(),
  warehouseId: z.coerce.number().int().positive().optional(),
  companyId: z.coerce.number().int().positive().optional(),
  receiveInventory: z.enum(['true', 'false']).optional(),
  /** Also list the items in the client's product catalogue (products created for codes it does not know yet). */
  listItems: z.enum(['true', 'false']).optional(),
  shipToCountryCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  /** Only list the items in the catalogue: no purchase order, quantities and tracking numbers unused. */
  createOnlyListings: z.enum(['true', 'false']).optional(),
  /** Validate and report without storing anything. */
  validateOnly: z.enum(['true', 'false']).optional(),
});

// ---- Inbound batches, tracking numbers, the dock and item scans ----

export const DELIVERY_FILTERS = ['ALL', 'NOT_DELIVERED', 'NOT_FOUND', 'DELIVERED'] as const;
export type DeliveryFilter = (typeof DELIVERY_FILTERS)[number];

export const MATCH_STATUSES = ['matched', 'not_found', 'duplicate'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

export const trackingNumberInput = z
  .string()
  .trim()
  .min(MIN_TRACKING_LENGTH, `tracking number: at least ${MIN_TRACKING_LENGTH} characters`)
  .max(80, 'tracking number: at most 80 characters');

export const batchCreateSchema = z
  .object({
    batchName: z.string().trim().min(1, 'batchName is required').max(120),
    /** Warehouse users name the client; a client's own users may omit it. */
    companyId: z.number().int().positive().optional(),
    warehouseId: z.number().int().positive().optional(),
    storeName: z.string().trim().max(120).optional(),
    shipToCountryCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'shipToCountryCode: two letters')
      .optional(),
    trackingNumbers: z.array(trackingNumberInput).max(5000).default([]),
    items: z.array(poItemSchema).max(5000).default([]),
  })
  .refine((b) => b.trackingNumbers.length + b.items.length > 0, {
    message: 'a batch needs tracking numbers or items',
    path: ['trackingNumbers'],
  });
export type BatchCreate = z.output<typeof batchCreateSchema>;

export const trackingAddSchema = z.object({ trackingNumbers: z.array(trackingNumberInput).min(1).max(5000) });

/**
 * Where a purchase order stands, derived from its packages and units (never stored, so it cannot
 * drift): open until a package is delivered or a unit counted; received when every item is
 * counted in full and every package has arrived; receiving in between.
 */
export const BATCH_STAGES = ['open', 'receiving', 'received'] as const;
export type BatchStage = (typeof BATCH_STAGES)[number];
/** The `:type` of /apps/inbound/uploaded-batches/po/:type: all, or the workflow of its items. */
export const PO_LIST_TYPES = ['all', ...ITEM_ACTIONS] as const;
export type PoListType = (typeof PO_LIST_TYPES)[number];

export const batchListQuerySchema = z.object({
  pageNumber: z.string().optional(),
  pageSize: z.string().optional(),
  companyId: z.coerce.number().int().positive().optional(),
  stage: z.enum(BATCH_STAGES).optional(),
  itemAction: z.enum(ITEM_ACTIONS).optional(),
  q: z.string().max(100).optional(),
});

export const deliveredQuerySchema = z.object({
  pageNumber: z.string().optional(),
  pageSize: z.string().optional(),
  filter: z.enum(DELIVERY_FILTERS).default('ALL'),
  companyId: z.coerce.number().int().positive().optional(),
  q: z.string().max(100).optional(),
});

/** Floor mutation arguments (also accepted by the equivalent REST calls). */
export const receiveBatchOpenArgsSchema = z.object({
  id: z.uuid(),
  companyId: z.number().int().positive(),
  warehouseId: z.number().int().positive().optional(),
});
export const receiveBatchCloseArgsSchema = z.object({ id: z.uuid() });
export const packageScanArgsSchema = z.object({
  id: z.uuid(),
  batchId: z.uuid(),
  trackingNumber: trackingNumberInput,
  scannedAt: z.iso.datetime({ offset: true }),
});
export const packageScanResultSchema = z.object({
  matchStatus: z.enum(MATCH_STATUSES),
  trackingId: z.number().int().optional(),
});
export type PackageScanResult = z.infer<typeof packageScanResultSchema>;

export const itemScanArgsSchema = z.object({
  id: z.uuid(),
  batchId: z.number().int().positive(),
  code: z.string().trim().min(1, 'code is required').max(120),
  /** Units counted by hand for a bulk scan (the quantity prompt). */
  count: z.number().int().min(1).max(100_000).optional(),
  damaged: z
    .object({
      damageType: z.enum(['broken', 'dirty_or_used', 'box_damage', 'lost_fluid', 'wet', 'defective']),
      notes: z.string().trim().max(2000).optional(),
    })
    .optional(),
  scannedAt: z.iso.datetime({ offset: true }),
});
/** Sort received units out of RECEIVING to their workflow's place (domain/rules/sorting.ts). */
export const itemSortArgsSchema = z.object({
  id: z.uuid(),
  batchItemId: z.number().int().positive(),
  quantity: z.number().int('quantity: a whole number').min(1, 'quantity: at least 1').max(100_000),
  location: z.string().trim().min(1, 'location is required').max(40),
  sortedAt: z.iso.datetime({ offset: true }),
});
export const ITEM_SCAN_VERDICTS = ['received', 'over_received', 'damaged', 'unknown'] as const;

// ---- The floor: receive batches, scans and replica rows ----

export const RECEIVE_BATCH_STATUSES = ['open', 'closed'] as const;
export type ReceiveBatchStatus = (typeof RECEIVE_BATCH_STATUSES)[number];

/** What packageReceiveBatch.open and .close answer. */
export const receiveBatchResultSchema = z.object({ id: z.uuid(), status: z.enum(RECEIVE_BATCH_STATUSES) });
export type ReceiveBatchResult = z.infer<typeof receiveBatchResultSchema>;

/** Expected-package statuses the dock logic relies on; the server may add others. */
export const EXPECTED = 'expected';
export const DELIVERED = 'delivered';

// Timestamps in replica rows are strings as PostgreSQL prints them (not always ISO 8601), so
// they are kept as text; only the device's own times (scannedAt, createdAt) are ISO.
const pgTime = z.string();

/** An announced tracking number of a client; `trackingNumber` is already normalised. */
export const expectedPackageRowSchema = z.object({
  id: z.string(),
  batchId: z.number().int(),
  companyId: z.number().int(),
  trackingNumber: z.string(),
  status: z.string(),
  deliveredAt: pgTime.nullable(),
});
export type ExpectedPackageRow = z.infer<typeof expectedPackageRowSchema>;

export const receiveBatchRowSchema = z.object({
  id: z.uuid(),
  companyId: z.number().int(),
  warehouseId: z.number().int().nullable(),
  status: z.enum(RECEIVE_BATCH_STATUSES),
  openedAt: pgTime,
  closedAt: pgTime.nullable(),
});
export type ReceiveBatchRow = z.infer<typeof receiveBatchRowSchema>;

export const packageScanRowSchema = z.object({
  id: z.uuid(),
  receiveBatchId: z.uuid(),
  trackingNumber: z.string(),
  matchStatus: z.enum(MATCH_STATUSES),
  scannedAt: pgTime,
  provisional: z.boolean(),
});
export type PackageScanRow = z.infer<typeof packageScanRowSchema>;

/**
 * An expected item of a purchase order, as the floor's package-scan screen needs it: its codes
 * to match a scan, its counts to show progress, and its batch's name to open it by name.
 */
export const inboundItemRowSchema = z.object({
  id: z.string(),
  batchId: z.number().int(),
  batchName: z.string(),
  companyId: z.number().int(),
  title: z.string(),
  asin: z.string().nullable(),
  fnsku: z.string().nullable(),
  msku: z.string().nullable(),
  upc: z.string().nullable(),
  expectedQty: z.number().int(),
  receivedQty: z.number().int(),
  damagedQty: z.number().int(),
  /** Good units already sorted out of RECEIVING (older servers: 0). */
  sortedQty: z.number().int().default(0),
  packSize: z.number().int(),
  itemAction: z.string(),
  status: z.string(),
});
export type InboundItemRow = z.infer<typeof inboundItemRowSchema>;

/** What item.scan answers (server/modules/inbound/item-scan.ts; the device gives the same shape). */
export const itemScanResultSchema = z.object({
  verdict: z.enum(ITEM_SCAN_VERDICTS),
  itemId: z.number().int().optional(),
  title: z.string().optional(),
  units: z.number().int(),
  receivedQty: z.number().int().optional(),
  damagedQty: z.number().int().optional(),
  expectedQty: z.number().int().optional(),
  overReceived: z.number().int().optional(),
  problemId: z.number().int().optional(),
});
export type ItemScanResult = z.infer<typeof itemScanResultSchema>;

/** What item.sort answers. */
export const itemSortResultSchema = z.object({
  itemId: z.number().int(),
  quantity: z.number().int(),
  location: z.string(),
  sortedQty: z.number().int(),
  remaining: z.number().int(),
  status: z.string(),
});
export type ItemSortResult = z.infer<typeof itemSortResultSchema>;

// ---- desk response bodies ----

const int = z.number().int();
const text = z.string().nullable();

/** A tracking number of a batch, with its delivery. */
export const batchTrackingSchema = z.object({
  id: int,
  trackingNumber: z.string(),
  normalized: z.string(),
  status: z.string(),
  deliveredAt: text,
});

/** A purchase-order line as stored, with its received, damaged and sorted counts. */
export const batchItemRecordSchema = z.object({
  id: int,
  companyId: int,
  batchId: int,
  title: z.string(),
  asin: text,
  fnsku: text,
  msku: text,
  upc: text,
  expectedQty: int,
  receivedQty: int,
  damagedQty: int,
  sortedQty: int,
  packSize: int,
  costCents: int.nullable(),
  supplier: text,
  itemAction: z.string(),
  shipToCountryCode: text,
  status: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BatchItemRecord = z.infer<typeof batchItemRecordSchema>;

/** One inbound batch with its client, stage, tracking numbers and lines (editable until receiving starts). */
export const batchDetailSchema = z.object({
  id: int,
  companyId: int,
  warehouseId: int.nullable(),
  batchName: z.string(),
  status: z.string(),
  storeName: text,
  shipToCountryCode: text,
  createdBy: int.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  companyName: z.string(),
  accountNo: z.string(),
  stage: z.enum(BATCH_STAGES),
  editable: z.boolean(),
  trackingNumbers: z.array(batchTrackingSchema),
  items: z.array(batchItemRecordSchema),
});
export type BatchDetail = z.infer<typeof batchDetailSchema>;

/** A batch in the purchase-order list, with its package and unit counts. */
export const batchListRowSchema = z.object({
  id: int,
  batchName: z.string(),
  stage: z.enum(BATCH_STAGES),
  storeName: text,
  companyId: int,
  companyName: z.string(),
  accountNo: z.string(),
  createdAt: z.string(),
  packages: int,
  delivered: int,
  items: int,
  expectedUnits: int,
  receivedUnits: int,
  damagedUnits: int,
});
export type BatchListRow = z.infer<typeof batchListRowSchema>;
export const batchPageSchema = pageSchema(batchListRowSchema);

/** An item in the item lists (status tracking, bundle query), with its batch and client. */
export const itemListRowSchema = batchItemRecordSchema
  .pick({
    id: true,
    title: true,
    asin: true,
    fnsku: true,
    msku: true,
    upc: true,
    status: true,
    expectedQty: true,
    receivedQty: true,
    damagedQty: true,
    itemAction: true,
    packSize: true,
    companyId: true,
    batchId: true,
    updatedAt: true,
  })
  .extend({ accountNo: z.string(), batchName: z.string(), companyName: z.string() });
export type ItemListRow = z.infer<typeof itemListRowSchema>;
export const itemPageSchema = pageSchema(itemListRowSchema);

/** A purchase-order CSV's outcome: checked only, or stored (and perhaps received and listed). */
export const csvUploadResultSchema = z.object({
  rows: int,
  items: int,
  trackingNumbers: int,
  valid: z.literal(true),
  stored: z.boolean(),
  received: z.boolean().optional(),
  /** listItems / createOnlyListings: catalogue products made from the lines, and those there already. */
  listed: z.object({ created: int, existing: int }).nullable().optional(),
  batch: batchDetailSchema.nullable(),
});
export type CsvUploadResult = z.infer<typeof csvUploadResultSchema>;

/** A dock receive batch in the desk list, with how many scans it holds. */
export const receiveBatchListRowSchema = z.object({
  id: z.string(),
  companyId: int,
  companyName: z.string(),
  accountNo: z.string(),
  status: z.enum(RECEIVE_BATCH_STATUSES),
  openedAt: z.string(),
  closedAt: text,
  scans: int,
});
export const receiveBatchPageSchema = pageSchema(receiveBatchListRowSchema);

/** A receive batch's scans, newest first, with counts per match status. */
export const receiveBatchScansSchema = z.object({
  batch: z.object({
    id: z.string(),
    companyId: int,
    warehouseId: int.nullable(),
    status: z.enum(RECEIVE_BATCH_STATUSES),
    openedBy: int.nullable(),
    openedAt: z.string(),
    closedAt: text,
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  counts: z.object({ matched: int, not_found: int, duplicate: int }),
  scans: z.array(
    z.object({
      id: z.string(),
      trackingNumber: z.string(),
      normalized: z.string(),
      matchStatus: z.enum(MATCH_STATUSES),
      scannedAt: z.string(),
      deviceId: text,
    }),
  ),
});

/** Units sorted out of RECEIVING to their workflow's place. */
export const sortedUnitSchema = z.object({
  at: z.string(),
  quantity: int,
  location: z.string(),
  /** The LPN (tote) the units went into at the location; '' when they lie loose. */
  lpn: z.string(),
  itemId: int,
  title: z.string(),
  batchId: int,
  itemAction: z.string(),
  user: text,
  deviceId: text,
});
export type SortedUnit = z.infer<typeof sortedUnitSchema>;

/** Items and units of one client in one item status. */
export const itemStatusSummaryRowSchema = z.object({
  companyId: int,
  companyName: z.string(),
  accountNo: z.string(),
  status: z.string(),
  items: int,
  expectedUnits: int,
  receivedUnits: int,
  damagedUnits: int,
});
export type ItemStatusSummaryRow = z.infer<typeof itemStatusSummaryRowSchema>;
export const itemStatusChangedSchema = z.object({ id: int, status: z.string() });

/** An expected package and its delivery, or a scan nothing expected (NOT_FOUND). */
export const deliveredPackageRowSchema = z.object({
  key: z.string(),
  trackingNumber: z.string(),
  companyId: int,
  companyName: z.string(),
  accountNo: z.string(),
  batchName: text,
  delivery: z.enum(['DELIVERED', 'NOT_DELIVERED', 'NOT_FOUND']),
  at: text,
});
export type DeliveredPackageRow = z.infer<typeof deliveredPackageRowSchema>;
export const deliveredPackagePageSchema = pageSchema(deliveredPackageRowSchema);
