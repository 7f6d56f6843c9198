/** Inbound batches announced by clients with their tracking numbers and items (issues 4, 6). */
import { z } from 'zod';
import { MIN_TRACKING_LENGTH } from '../rules/dock-verdict.js';
import { ITEM_ACTIONS, poItemSchema } from './purchase-orders.js';

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
