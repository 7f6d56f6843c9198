/**
 * Merchant-fulfilment match, reserve and pick batches (issue 20 steps 2 and 3, decision 0017):
 * the wire shapes of /api/fbm/web/match/awaiting/items/store/{id},
 * /api/fbm/web/reserve/awaiting/items/store/{id} and /api/fbm/web/pick/batch….
 */
import { z } from 'zod';

/** The item_reservations station of an FBM order line's hold. */
export const FBM_RESERVATION_STATION = 'FBM';

/** Where picked units go (a ledger move out of the bin): the packing bench's cart. */
export const FBM_PACK_LOCATION = 'FBM-PACK';

export const PICK_BATCH_STATUSES = ['open', 'picking', 'picked', 'cancelled'] as const;
export type PickBatchStatus = (typeof PICK_BATCH_STATUSES)[number];

/** Why a line was not held (or that it is). */
export const RESERVE_OUTCOMES = [
  'held',
  'already_held',
  'unmatched',
  'no_stock',
  'insufficient',
  'nothing_to_ship',
] as const;
export type ReserveOutcome = (typeof RESERVE_OUTCOMES)[number];

export const matchLineSchema = z.object({
  orderId: z.number(),
  marketplaceOrderId: z.string(),
  orderLineId: z.number(),
  lineId: z.string(),
  sku: z.string().nullable(),
  title: z.string().nullable(),
  productId: z.number().nullable(),
  productKey: z.string().nullable(),
  matched: z.boolean(),
  /** Units still to ship (ordered − shipped). */
  quantity: z.number(),
  /** Units this line already holds. */
  held: z.number(),
  /** The client's pickable units of the product not held by any FBM order line. */
  available: z.number(),
});
export const matchResultSchema = z.object({
  storeId: z.number(),
  lines: z.array(matchLineSchema),
  matched: z.number(),
  unmatched: z.number(),
});
export type MatchLine = z.infer<typeof matchLineSchema>;

export const reserveLineSchema = z.object({
  orderId: z.number(),
  marketplaceOrderId: z.string(),
  orderLineId: z.number(),
  lineId: z.string(),
  productKey: z.string().nullable(),
  quantity: z.number(),
  outcome: z.enum(RESERVE_OUTCOMES),
  /** Units free when the line was looked at (for insufficient: "only N available"). */
  available: z.number(),
  message: z.string(),
});
export const reserveResultSchema = z.object({
  storeId: z.number(),
  lines: z.array(reserveLineSchema),
  /** Lines held by this call. */
  held: z.number(),
  alreadyHeld: z.number(),
  notHeld: z.number(),
  /** Holds given back because their order is no longer awaiting shipment (cancelled, shipped). */
  released: z.number(),
});
export type ReserveLine = z.infer<typeof reserveLineSchema>;
export type ReserveResult = z.infer<typeof reserveResultSchema>;

export const releaseResultSchema = z.object({ orderId: z.number(), released: z.number() });

export const pickBatchCreateSchema = z
  .object({
    /** The orders to pick (each must hold units); or leave out and give storeId / companyId. */
    orderIds: z.array(z.number().int().positive()).min(1).max(500).optional(),
    storeId: z.number().int().positive().optional(),
    companyId: z.number().int().positive().optional(),
    /** At most this many orders (oldest first) when picking by store or client. */
    maxOrders: z.number().int().min(1).max(500).default(50),
  })
  .refine((v) => v.orderIds?.length || v.storeId || v.companyId, {
    message: 'orderIds, storeId or companyId: say which reserved orders to pick',
  });
export type PickBatchCreate = z.infer<typeof pickBatchCreateSchema>;

export const pickBatchLineSchema = z.object({
  id: z.number(),
  sequence: z.number(),
  zone: z.string().nullable(),
  location: z.string(),
  lpn: z.string(),
  companyId: z.number(),
  orderId: z.number(),
  marketplaceOrderId: z.string(),
  orderLineId: z.number(),
  productKey: z.string(),
  sku: z.string().nullable(),
  title: z.string().nullable(),
  quantity: z.number(),
  picked: z.number(),
  short: z.number(),
});
export const pickBatchSchema = z.object({
  id: z.number(),
  number: z.string(),
  companyId: z.number().nullable(),
  status: z.enum(PICK_BATCH_STATUSES),
  createdBy: z.number().nullable(),
  createdAt: z.string(),
  orders: z.number(),
  units: z.number(),
  picked: z.number(),
  short: z.number(),
});
export const pickBatchDetailSchema = pickBatchSchema.extend({
  lines: z.array(pickBatchLineSchema),
  /** Held units that found no location to pick from (moved or counted away since they were held). */
  unallocated: z.array(z.object({ orderLineId: z.number(), productKey: z.string(), quantity: z.number() })).default([]),
});
export type PickBatchDetail = z.infer<typeof pickBatchDetailSchema>;
export type PickBatchLine = z.infer<typeof pickBatchLineSchema>;

export const pickBatchListQuerySchema = z.object({
  status: z.enum(PICK_BATCH_STATUSES).optional(),
  pageNumber: z.string().optional(),
  pageSize: z.string().optional(),
});

export const pickInputSchema = z
  .object({
    batchLineId: z.number().int().positive().optional(),
    /** Scanned location (with productCode, when the line is not named). */
    location: z.string().trim().toUpperCase().min(1).max(40).optional(),
    /** The scanned item: FNSKU, MSKU, ASIN or UPC of the product. */
    productCode: z.string().trim().toUpperCase().min(1).max(60).optional(),
    quantity: z.number().int().min(0).max(100_000),
    /** The location holds fewer than the line asks: what is not picked becomes short (and a problem). */
    short: z.boolean().default(false),
  })
  .refine((v) => v.batchLineId || (v.location && v.productCode), {
    message: 'batchLineId, or location and productCode: say what was picked',
  })
  .refine((v) => v.short || v.quantity > 0, { message: 'quantity: at least 1 (or short: true)' });
export type PickInput = z.infer<typeof pickInputSchema>;

export const pickResultSchema = z.object({
  batch: pickBatchDetailSchema,
  line: pickBatchLineSchema,
  problemId: z.number().nullable(),
});
