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
  /** The marketplace's SKU of the line (what the desk names a short line by). */
  sku: z.string().nullable(),
  productKey: z.string().nullable(),
  quantity: z.number(),
  outcome: z.enum(RESERVE_OUTCOMES),
  /** Units free when the line was looked at (for insufficient: "only N available"). */
  available: z.number(),
  /** The client's pickable units of the product on hand (held or not) when the line was looked at. */
  onHand: z.number(),
  message: z.string(),
});
/** What a reserve call covered: one store's awaiting orders, one client's (all its stores), or one order. */
export const RESERVE_SCOPES = ['store', 'company', 'order'] as const;
export const reserveResultSchema = z.object({
  scope: z.enum(RESERVE_SCOPES),
  /** The store reserved for (scope store, or the order's store); null for a client's stores. */
  storeId: z.number().nullable(),
  companyId: z.number(),
  /** The order reserved for (scope order). */
  orderId: z.number().nullable(),
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

export const SHORT_PICK_REASONS = ['not_found', 'damaged', 'wrong_item_in_bin', 'other'] as const;
export type ShortPickReason = (typeof SHORT_PICK_REASONS)[number];

export const pickInputSchema = z
  .object({
    /** The pick's own id, made by the device: a pick sent again with it is answered, not applied twice. */
    pickId: z.uuid().optional(),
    /** Why the rest could not be picked (a short pick). */
    reason: z.enum(SHORT_PICK_REASONS).optional(),
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
  pickId: z.string().nullable(),
  batch: pickBatchDetailSchema,
  line: pickBatchLineSchema,
  problemId: z.number().nullable(),
});

// ---- The floor pick screen (issue 20 step 3): the replica's rows and the pick mutation ----

/** A pick batch as the picker's device holds it (replica table pickBatches). */
export const pickBatchRowSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  companyId: z.number().int().nullable(),
  status: z.enum(PICK_BATCH_STATUSES),
  createdAt: z.string(),
});
export type PickBatchRow = z.infer<typeof pickBatchRowSchema>;

/** One pick of a batch as the handheld needs it offline (replica table pickLines). */
export const pickLineRowSchema = z.object({
  id: z.number().int(),
  batchId: z.number().int(),
  sequence: z.number().int(),
  zone: z.string().nullable(),
  location: z.string(),
  lpn: z.string(),
  companyId: z.number().int(),
  orderId: z.number().int(),
  marketplaceOrderId: z.string(),
  productKey: z.string(),
  sku: z.string().nullable(),
  title: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Every code that means the product (its key, SKU, FNSKU, ASIN, UPC…), upper-cased. */
  codes: z.array(z.string()),
  quantity: z.number().int(),
  picked: z.number().int(),
  short: z.number().int(),
});
export type PickLineRow = z.infer<typeof pickLineRowSchema>;

/**
 * `fbmPick.record` — a pick made on the handheld: `id` is the pick's own uuid (the server records
 * it, so a replay never picks twice); the location and item as scanned are checked again by the
 * server. `short` marks the rest of the line short (with a reason): a missing-item problem.
 */
export const fbmPickArgsSchema = z
  .object({
    id: z.uuid(),
    batchId: z.number().int().positive(),
    batchLineId: z.number().int().positive(),
    location: z.string().trim().toUpperCase().min(1).max(40),
    productCode: z.string().trim().toUpperCase().min(1).max(60).nullable(),
    quantity: z.number().int().min(0).max(100_000),
    short: z.boolean().default(false),
    reason: z.enum(SHORT_PICK_REASONS).nullable().default(null),
    pickedAt: z.iso.datetime({ offset: true }),
  })
  .refine((v) => v.short || v.quantity > 0, { message: 'quantity: at least 1 (or short: true)' })
  .refine((v) => v.short || v.productCode, { message: 'productCode: scan the item picked' });
export type FbmPickArgs = z.infer<typeof fbmPickArgsSchema>;

export const fbmPickResultSchema = z.object({
  pickId: z.string(),
  batchId: z.number().int(),
  lineId: z.number().int(),
  picked: z.number().int(),
  short: z.number().int(),
  problemId: z.number().int().nullable(),
  batchStatus: z.enum(PICK_BATCH_STATUSES),
});
export type FbmPickResult = z.infer<typeof fbmPickResultSchema>;

// ---- Batch verify (Tools): every unit of a pick batch or an FBM order scanned before it ships ----

export const VERIFY_SUBJECTS = ['pick_batch', 'fbm_order'] as const;
export type VerifySubjectType = (typeof VERIFY_SUBJECTS)[number];
export const VERIFY_RESULTS = ['verified', 'mismatch'] as const;
export type VerifyResult = (typeof VERIFY_RESULTS)[number];

/** One product to count: what should be there and every code that means it. */
export const verifyLineSchema = z.object({
  key: z.string(),
  companyId: z.number().int(),
  productKey: z.string().nullable(),
  sku: z.string().nullable(),
  title: z.string().nullable(),
  imageUrl: z.string().nullable(),
  codes: z.array(z.string()),
  expected: z.number().int(),
  /** The orders these units are for (a batch's totes). */
  orders: z.array(z.string()),
});
export type VerifyLine = z.infer<typeof verifyLineSchema>;

export const verifySubjectSchema = z.object({
  type: z.enum(VERIFY_SUBJECTS),
  id: z.number().int(),
  ref: z.string(),
  companyId: z.number().int().nullable(),
  status: z.string(),
  lines: z.array(verifyLineSchema),
  expected: z.number().int(),
  lastVerification: z.lazy(() => verificationSchema).nullable(),
});
export type VerifySubject = z.infer<typeof verifySubjectSchema>;

export const VERIFY_MISMATCH_KINDS = ['unknown', 'over', 'missing'] as const;
export const verifyMismatchSchema = z.object({
  kind: z.enum(VERIFY_MISMATCH_KINDS),
  code: z.string().nullable(),
  key: z.string().nullable(),
  quantity: z.number().int(),
  message: z.string(),
});
export type VerifyMismatch = z.infer<typeof verifyMismatchSchema>;

export const verifyLineCountSchema = z.object({
  key: z.string(),
  expected: z.number().int(),
  counted: z.number().int(),
});
export type VerifyLineCount = z.infer<typeof verifyLineCountSchema>;

export const verifyScanSchema = z.object({
  code: z.string().trim().toUpperCase().min(1, 'code: scan the unit').max(80),
  quantity: z.number().int().min(1).max(10_000).default(1),
});

export const verificationInputSchema = z.object({
  type: z.enum(VERIFY_SUBJECTS),
  id: z.number().int().positive(),
  /** Every scan, refused ones included, in order: the server counts them again by the same rule. */
  scans: z.array(verifyScanSchema).max(20_000),
});
export type VerificationInput = z.infer<typeof verificationInputSchema>;

export const verificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(VERIFY_SUBJECTS),
  subjectId: z.number().int(),
  ref: z.string(),
  companyId: z.number().int().nullable(),
  result: z.enum(VERIFY_RESULTS),
  expected: z.number().int(),
  scanned: z.number().int(),
  lines: z.array(verifyLineCountSchema),
  mismatches: z.array(verifyMismatchSchema),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  verifiedAt: z.string(),
});
export type Verification = z.infer<typeof verificationSchema>;

export const verifyLookupQuerySchema = z.object({
  ref: z.string().trim().min(1, 'ref: scan or type a pick batch number or an order number').max(80),
});
export const verificationListQuerySchema = z.object({
  type: z.enum(VERIFY_SUBJECTS),
  id: z.coerce.number().int().positive(),
});

/** The force-ship console's counts (/apps/outbound/fbm-force): where the open orders stand. */
export const forceSummarySchema = z.object({
  /** Orders awaiting shipment (AWAITING, PARTIALLY_SHIPPED). */
  awaiting: z.number().int(),
  /** Of those, with a line still to hold (nothing held, on no batch, nothing picked waiting): to reserve. */
  toReserve: z.number().int(),
  /** Of those, holding units and on no open pick batch: ready to pick. */
  reserved: z.number().int(),
  /** On an open pick batch with picks left. */
  onBatches: z.number().int(),
  /** Every pick of theirs done, units waiting at FBM-PACK (consumed holds), not shipped yet. */
  picked: z.number().int(),
  /** Of the picked: packed in boxes, no label bought yet (to label). */
  packed: z.number().int().default(0),
  /** Of the picked: a label bought (by any provider), not marked shipped yet (to ship). */
  labelled: z.number().int().default(0),
  openBatches: z.number().int(),
  /** Stores with orders ready to pick, for the pick-list form. */
  stores: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      companyId: z.number().int(),
      companyName: z.string(),
      reserved: z.number().int(),
    }),
  ),
  /** Stores with orders to reserve (the console's reserve controls), with how many. */
  toReserveStores: z
    .array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        companyId: z.number().int(),
        companyName: z.string(),
        orders: z.number().int(),
      }),
    )
    .default([]),
});
export type ForceSummary = z.infer<typeof forceSummarySchema>;
