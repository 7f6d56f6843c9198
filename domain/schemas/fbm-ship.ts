/**
 * Mark shipped, cancel and reopen merchant-fulfilment orders (issue 20 step 7): the wire shapes of
 * /api/fbm/web/order/{id}/mark/as/shipped, /order/{id}/cancel/all/shipment,
 * /order/{id}/reopen/all/shipment, /order/{id}/shipments, /bulk/mark/ship and
 * /bulk/purchase/mark/ship. A shipment is one mark-shipped call: one or more packages, each with
 * its carrier, tracking number and the order lines (and units) it carries.
 */
import { z } from 'zod';

/** A shipment stands (its units left the ledger) or was undone (its units are back at FBM-PACK). */
export const FBM_SHIPMENT_STATUSES = ['shipped', 'cancelled'] as const;
export type FbmShipmentStatus = (typeof FBM_SHIPMENT_STATUSES)[number];

/**
 * Where telling the marketplace stands: pending (queued or being retried), sent (the marketplace
 * holds it), failed (refused: the provider's words are kept, nothing more is tried until marked
 * shipped again), local (the store has no API — an uploaded-file store — so nothing is sent).
 */
export const CONFIRMATION_STATES = ['pending', 'sent', 'failed', 'local'] as const;
export type ConfirmationState = (typeof CONFIRMATION_STATES)[number];

/** How the shipment came to be. */
export const FBM_SHIPMENT_SOURCES = ['desk', 'bulk', 'label', 'auto_close'] as const;
export type FbmShipmentSource = (typeof FBM_SHIPMENT_SOURCES)[number];

const text = (max: number) => z.string().trim().min(1).max(max);

export const shipPackageLineSchema = z.object({
  orderLineId: z.number().int().positive(),
  quantity: z.number().int().positive().max(100_000),
});

export const shipPackageSchema = z.object({
  /** The carrier as the marketplace knows it (UPS, USPS, FedEx, DHL…). */
  carrier: text(60),
  service: z.string().trim().max(80).optional(),
  trackingNumber: text(60).regex(/^[A-Za-z0-9-]+$/, 'letters, digits and dashes only'),
  /** A tracking page, for a carrier the marketplace does not list (Walmart asks for one). */
  trackingUrl: z.string().url().max(500).optional(),
  lines: z.array(shipPackageLineSchema).min(1).max(500),
});
export type ShipPackage = z.infer<typeof shipPackageSchema>;

export const markShippedInputSchema = z.object({
  packages: z.array(shipPackageSchema).min(1).max(50),
  /** Ship although batch verify recorded a mismatch on the order (the desk's explicit confirm). */
  acceptMismatch: z.boolean().optional(),
  /** When the parcel left (default: now); never in the future. */
  shipDate: z.string().datetime({ offset: true }).optional(),
});
export type MarkShippedInput = z.infer<typeof markShippedInputSchema>;

/** Package as stored and shown: its lines name the product moved, and what the marketplace said. */
export const shipmentPackageViewSchema = z.object({
  sequence: z.number(),
  carrier: z.string(),
  service: z.string().nullable(),
  trackingNumber: z.string(),
  trackingUrl: z.string().nullable(),
  lines: z.array(
    z.object({ orderLineId: z.number(), lineId: z.string(), productKey: z.string(), quantity: z.number() }),
  ),
  /** When the marketplace took this package (null: not yet). */
  confirmedAt: z.string().nullable(),
  /** The marketplace's id of it, when it names one (eBay fulfillment id, Shopify fulfillment gid). */
  providerRef: z.string().nullable(),
});
export type ShipmentPackageView = z.infer<typeof shipmentPackageViewSchema>;

export const fbmShipmentSchema = z.object({
  id: z.number(),
  orderId: z.number(),
  status: z.enum(FBM_SHIPMENT_STATUSES),
  source: z.enum(FBM_SHIPMENT_SOURCES),
  shipDate: z.string(),
  units: z.number(),
  packages: z.array(shipmentPackageViewSchema),
  confirmation: z.enum(CONFIRMATION_STATES),
  /** The marketplace's words when it refused or could not be reached. */
  confirmationMessage: z.string().nullable(),
  confirmationAttempts: z.number(),
  confirmedAt: z.string().nullable(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
});
export type FbmShipment = z.infer<typeof fbmShipmentSchema>;

/**
 * Where batch verify stands for an order, as the ship step shows it: the newest verification of the
 * order itself or of a pick batch it is on (a batch's mismatches count only when they name one of
 * the order's products). There is no verify-before-ship setting in the spec: a mismatch is warned
 * and shipping it needs an explicit confirm (acceptMismatch); "none" ships as before.
 */
export const ORDER_VERIFY_STATES = ['verified', 'mismatch', 'none'] as const;
export const orderVerificationSchema = z.object({
  state: z.enum(ORDER_VERIFY_STATES),
  /** pick_batch or fbm_order, and what was scanned to open it (PB-000123, the order number). */
  subjectType: z.string().nullable(),
  ref: z.string().nullable(),
  userName: z.string().nullable(),
  at: z.string().nullable(),
  /** The mismatches in words (refused and missing units) that concern this order. */
  mismatches: z.array(z.string()),
});
export type OrderVerification = z.infer<typeof orderVerificationSchema>;

export const orderShipmentsSchema = z.object({
  orderId: z.number(),
  status: z.string(),
  /** Per line: ordered, shipped, and picked units waiting at FBM-PACK (what may ship now). */
  lines: z.array(
    z.object({
      orderLineId: z.number(),
      lineId: z.string(),
      sku: z.string().nullable(),
      productKey: z.string().nullable(),
      ordered: z.number(),
      shipped: z.number(),
      picked: z.number(),
    }),
  ),
  /** The store has a marketplace API to tell (false: an uploaded-file store, shipped locally). */
  confirms: z.boolean(),
  marketplace: z.string(),
  shipments: z.array(fbmShipmentSchema),
  verification: orderVerificationSchema,
  /**
   * The order's bought labels (any provider) not on a standing shipment yet, one per package in
   * package order, each with the units it carries (its box's, else every picked unit on the first):
   * what the mark-shipped form fills in.
   */
  labelPackages: z
    .array(
      z.object({
        packageNumber: z.number(),
        carrier: z.string(),
        service: z.string().nullable(),
        trackingNumber: z.string(),
        lines: z.array(z.object({ orderLineId: z.number(), quantity: z.number() })),
      }),
    )
    .default([]),
});
export type OrderShipments = z.infer<typeof orderShipmentsSchema>;

export const markShippedResultSchema = z.object({
  orderId: z.number(),
  status: z.string(),
  shipment: fbmShipmentSchema,
  /** True when the same tracking was marked before: nothing moved twice. */
  repeated: z.boolean(),
});
export type MarkShippedResult = z.infer<typeof markShippedResultSchema>;

export const cancelShipmentsResultSchema = z.object({
  orderId: z.number(),
  status: z.string(),
  cancelled: z.number(),
  /** Units put back at FBM-PACK. */
  unitsBack: z.number(),
  /** Shipments the marketplace had already been told of (they stay shipped there). */
  toldMarketplace: z.number(),
});

export const reopenResultSchema = z.object({
  orderId: z.number(),
  status: z.string(),
  reopened: z.boolean(),
  /** Units held again for the order's lines. */
  held: z.number(),
  /** Lines that could not be held, with why. */
  notHeld: z.array(z.object({ orderLineId: z.number(), message: z.string() })),
});

export const bulkMarkShipInputSchema = z.object({
  orders: z
    .array(
      z.object({
        orderId: z.number().int().positive(),
        carrier: text(60),
        service: z.string().trim().max(80).optional(),
        trackingNumber: text(60).regex(/^[A-Za-z0-9-]+$/, 'letters, digits and dashes only'),
        trackingUrl: z.string().url().max(500).optional(),
        /** Default: every picked unit of the order not shipped yet, in one package. */
        lines: z.array(shipPackageLineSchema).min(1).max(500).optional(),
        /** Ship although batch verify recorded a mismatch on the order. */
        acceptMismatch: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(500),
  shipDate: z.string().datetime({ offset: true }).optional(),
});
export type BulkMarkShipInput = z.infer<typeof bulkMarkShipInputSchema>;

export const bulkPurchaseMarkShipInputSchema = z.object({
  /** The orders of a bulk label purchase: each is shipped with its latest bought label. */
  orderIds: z.array(z.number().int().positive()).min(1).max(500),
  shipDate: z.string().datetime({ offset: true }).optional(),
});

export const bulkShipResultSchema = z.object({
  results: z.array(
    z.object({
      orderId: z.number(),
      ok: z.boolean(),
      status: z.string().nullable(),
      shipmentId: z.number().nullable(),
      repeated: z.boolean(),
      message: z.string().nullable(),
    }),
  ),
  shipped: z.number(),
  failed: z.number(),
});
export type BulkShipResult = z.infer<typeof bulkShipResultSchema>;

/** Settings (domain/settings-keys.ts) the auto-close reads: on/off, then the delay (store's first). */
export const AUTO_CLOSE_KEYS = {
  enabled: 'AUTO_CLOSE_AFTER_LABEL_PURCHASE',
  orderDelayHours: 'FBM_ORDER_AUTO_CLOSE_DELAY_HOURS',
  storeDelayHours: 'FBM_STORE_ORDER_AUTO_CLOSE_DELAY_HOURS',
} as const;

export const confirmAgainResultSchema = z.object({
  orderId: z.number(),
  requeued: z.number(),
  pending: z.number(),
  jobId: z.string().nullable(),
});

/** The orders desk's bulk cancel / reopen of every shipment: the orders chosen on the list. */
export const bulkOrderIdsInputSchema = z.object({
  orderIds: z.array(z.number().int().positive()).min(1).max(500),
});
export type BulkOrderIdsInput = z.infer<typeof bulkOrderIdsInputSchema>;

/**
 * One result per order of a bulk cancel or reopen, in the order asked: each order is its own
 * transaction (all of its shipments undone, or none), a refusal is said in words.
 */
export const bulkUndoResultSchema = z.object({
  results: z.array(
    z.object({
      orderId: z.number(),
      ok: z.boolean(),
      status: z.string().nullable(),
      /** Cancel: shipments cancelled and units back at FBM-PACK. Reopen: units held again. */
      cancelled: z.number(),
      unitsBack: z.number(),
      toldMarketplace: z.number(),
      reopened: z.boolean(),
      held: z.number(),
      /** The refusal (not ok), or what the order could not do (lines not held, marketplace told). */
      message: z.string().nullable(),
    }),
  ),
  done: z.number(),
  failed: z.number(),
});
export type BulkUndoResult = z.infer<typeof bulkUndoResultSchema>;

/**
 * Amazon in-store pickup (Orders v0 updateShipmentStatus): such orders are never confirmed with
 * confirmShipment; the desk says ready for pickup, picked up (the units leave the ledger once) or
 * refused (a pickup recorded in Dockside is undone, its units back at FBM-PACK once).
 */
export const PICKUP_STATUSES = ['ReadyForPickup', 'PickedUp', 'RefusedPickup'] as const;
export type PickupStatus = (typeof PICKUP_STATUSES)[number];

export const pickupInputSchema = z.object({
  status: z.enum(PICKUP_STATUSES),
  /** Hand over although batch verify recorded a mismatch on the order. */
  acceptMismatch: z.boolean().optional(),
});
export type PickupInput = z.infer<typeof pickupInputSchema>;

export const pickupResultSchema = z.object({
  orderId: z.number(),
  status: z.string(),
  pickupStatus: z.enum(PICKUP_STATUSES),
  /** The Dockside shipment of the pickup (PickedUp), or null. */
  shipmentId: z.number().nullable(),
  /** Units that left FBM-PACK (PickedUp) or came back (RefusedPickup) on this call. */
  unitsOut: z.number(),
  unitsBack: z.number(),
  /** Amazon held this status already (a second press, a retry after a crash): nothing sent again. */
  repeated: z.boolean(),
});
export type PickupResult = z.infer<typeof pickupResultSchema>;
