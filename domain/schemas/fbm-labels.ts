/**
 * Merchant-fulfilment packing and labels (issue 20 steps 4–6, spec FBM labels under /api/fbm/web):
 * boxes an order's items are scanned into, its default box, rate shopping per order with the
 * cheapest and fastest marked, single and bulk label purchase (a job, one result per order), the
 * merged label PDF in pick order, void. A client never reads the warehouse's cost or upcharge.
 */
import { z } from 'zod';
import { LABEL_FORMATS } from './shipping-labels.js';

const dim = (name: string) => z.number().positive(`${name}: more than 0`).max(108, `${name}: at most 108 in`);
export const boxDimensionsSchema = z.object({
  lengthIn: dim('lengthIn'),
  widthIn: dim('widthIn'),
  heightIn: dim('heightIn'),
  weightLb: z.number().positive('weightLb: more than 0').max(150, 'weightLb: parcel carriers take at most 150 lb'),
});
export type BoxDimensions = z.infer<typeof boxDimensionsSchema>;

/** Scan one item into a box: boxId (none: the order's open box, or a new one), the scanned code. */
export const boxItemScanSchema = z.object({
  code: z.string({ error: 'code: scan the item' }).trim().min(1, 'code: scan the item').max(64),
  quantity: z.number().int().min(1, 'quantity: at least 1').max(999).default(1),
  boxId: z.number().int().positive().optional(),
  /** Start a new box for this item. */
  newBox: z.boolean().optional(),
});
export type BoxItemScan = z.infer<typeof boxItemScanSchema>;

export const boxItemSchema = z.object({
  id: z.number().int(),
  orderLineId: z.number().int(),
  productKey: z.string(),
  title: z.string().nullable(),
  quantity: z.number().int(),
});
export const packBoxSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  dimensions: boxDimensionsSchema.nullable(),
  items: z.array(boxItemSchema),
});
export const packLineSchema = z.object({
  orderLineId: z.number().int(),
  sku: z.string().nullable(),
  title: z.string().nullable(),
  productKey: z.string().nullable(),
  toShip: z.number().int(),
  packed: z.number().int(),
  remaining: z.number().int(),
});
export const orderPackSchema = z.object({
  orderId: z.number().int(),
  marketplaceOrderId: z.string(),
  companyId: z.number().int(),
  defaultDimensions: boxDimensionsSchema.nullable(),
  boxes: z.array(packBoxSchema),
  lines: z.array(packLineSchema),
  /** Every unit of the order is in a box. */
  complete: z.boolean(),
});
export type OrderPack = z.infer<typeof orderPackSchema>;

/** The aggregator, and the marketplaces' own label APIs (Amazon Buy Shipping, Ship With Walmart, eBay Logistics). */
export const LABEL_PROVIDERS = ['shipengine', 'amazon', 'walmart', 'ebay'] as const;
export type LabelProvider = (typeof LABEL_PROVIDERS)[number];

export const orderRateSchema = z.object({
  provider: z.enum(LABEL_PROVIDERS),
  rateId: z.string(),
  carrier: z.string(),
  carrierCode: z.string(),
  service: z.string(),
  serviceCode: z.string(),
  /** What the label costs whoever pays: the client (its funds, upcharge included) or the warehouse. */
  totalCents: z.number().int(),
  currency: z.string(),
  deliveryDays: z.number().int().nullable(),
  /** The warehouse's eyes only: the carrier's cost and the upcharge on it. Null for a client. */
  cost: z.object({ costCents: z.number().int(), upchargeCents: z.number().int() }).nullable(),
  cheapest: z.boolean(),
  fastest: z.boolean(),
});
export type OrderRate = z.infer<typeof orderRateSchema>;

export const orderRatesSchema = z.object({
  orderId: z.number().int(),
  marketplaceOrderId: z.string(),
  parcels: z.number().int(),
  rates: z.array(orderRateSchema),
  /** Services or providers that gave no quote, and why. */
  refused: z.array(z.object({ provider: z.string(), carrier: z.string(), service: z.string(), reason: z.string() })),
  sandbox: z.boolean(),
});
export type OrderRates = z.infer<typeof orderRatesSchema>;

export const orderRatesRequestSchema = z.object({
  orderIds: z
    .array(z.number().int().positive())
    .min(1, 'orderIds: choose at least one order')
    .max(200, 'orderIds: at most 200 orders at once'),
});

/** How the service is chosen for every order of a bulk purchase. */
export const SERVICE_PRESETS = ['cheapest', 'fastest', 'service'] as const;
export const servicePresetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('cheapest') }),
  z.object({ kind: z.literal('fastest') }),
  z.object({
    kind: z.literal('service'),
    carrierCode: z.string().trim().min(1, 'carrierCode: choose a carrier'),
    serviceCode: z.string().trim().min(1, 'serviceCode: choose a service'),
  }),
]);
export type ServicePreset = z.infer<typeof servicePresetSchema>;

/**
 * Amazon Buy Shipping's additional seller inputs the user gave for one order (what Dockside could
 * not fill): by field name at shipment level, `<OrderItemId>:<field name>` at item level.
 */
export const sellerInputValuesSchema = z
  .record(
    z.string().trim().min(1).max(200),
    z.string({ error: 'a text value' }).trim().max(200, 'at most 200 characters'),
    {
      error: (iss) =>
        iss.code === 'invalid_key'
          ? 'not an input name (1–200 characters)'
          : iss.code === 'invalid_type'
            ? 'the inputs: texts by input name'
            : undefined,
    },
  )
  .refine((r) => Object.keys(r).length <= 100, 'at most 100 inputs for an order');
export type SellerInputValues = z.infer<typeof sellerInputValuesSchema>;

/** The inputs given per order of a bulk run, by order id (as `rates`). */
const bulkSellerInputsSchema = z.record(z.string().regex(/^[1-9]\d{0,9}$/), sellerInputValuesSchema, {
  error: (iss) =>
    iss.code === 'invalid_key'
      ? 'not an order id: the inputs go by order id'
      : iss.code === 'invalid_type'
        ? 'sellerInputs: the inputs by order id'
        : undefined,
});

export const orderLabelPurchaseSchema = z.object({
  orderId: z.number().int().positive(),
  /** A rate from the rate shop; none: the preset's choice shopped again. */
  rateId: z.string().trim().min(1).max(2000).optional(),
  preset: servicePresetSchema.default({ kind: 'cheapest' }),
  format: z.enum(LABEL_FORMATS, { error: 'format: pdf or zpl' }).default('pdf'),
  sellerInputs: sellerInputValuesSchema.optional(),
});
export type OrderLabelPurchase = z.infer<typeof orderLabelPurchaseSchema>;

/** Asks for an Amazon service's additional seller inputs of one order (international services). */
export const sellerInputsQuerySchema = z.object({
  orderId: z.number().int().positive(),
  rateId: z.string().trim().min(1, 'rateId: choose an Amazon rate').max(2000),
});
/** One additional input Amazon asks for, with what Dockside filled (null: the user must give it). */
export const sellerInputSchema = z.object({
  /** The purchase's sellerInputs key: the field name, or `<OrderItemId>:<field name>`. */
  key: z.string(),
  level: z.enum(['shipment', 'item']),
  orderItemId: z.string().nullable(),
  sku: z.string().nullable(),
  name: z.string(),
  label: z.string(),
  required: z.boolean(),
  options: z.array(z.string()).nullable(),
  pattern: z.string().nullable(),
  value: z.string().nullable(),
  /** Where Dockside's value came from (customs declaration, ship-from), null when none. */
  source: z.enum(['customs', 'shipFrom']).nullable(),
  /** Why the value does not do (missing, not one of the options, not matching): null when it does. */
  problem: z.string().nullable(),
});
export type SellerInput = z.infer<typeof sellerInputSchema>;
export const sellerInputsSchema = z.object({
  orderId: z.number().int(),
  shippingServiceId: z.string(),
  inputs: z.array(sellerInputSchema),
});
export type SellerInputs = z.infer<typeof sellerInputsSchema>;

export const bulkPurchaseSchema = z
  .object({
    /** The screen's key for this submit: a double click or a retry starts one run. */
    requestKey: z
      .string({ error: 'requestKey: required' })
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, 'requestKey: 8–64 letters, digits, - or _'),
    orderIds: z
      .array(z.number().int().positive())
      .min(1, 'orderIds: choose at least one order')
      .max(500, 'orderIds: at most 500 orders at once'),
    preset: servicePresetSchema.default({ kind: 'cheapest' }),
    /** Chosen rates per order (rate shop), overriding the preset for those orders. */
    rates: z.record(z.string(), z.string().min(1).max(2000)).optional(),
    format: z.enum(LABEL_FORMATS, { error: 'format: pdf or zpl' }).default('pdf'),
    /**
     * Amazon Buy Shipping's additional seller inputs per order id, for the orders whose Amazon
     * service asks for inputs Dockside cannot fill (international services); each order's purchase
     * is sent its own, what Dockside knows filled in as for a single purchase.
     */
    sellerInputs: bulkSellerInputsSchema.optional(),
  })
  .superRefine((b, ctx) => {
    const chosen = new Set(b.orderIds.map(String));
    for (const id of Object.keys(b.sellerInputs ?? {}))
      if (!chosen.has(id))
        ctx.addIssue({
          code: 'custom',
          path: ['sellerInputs', id],
          message: `order ${id} is not one of orderIds`,
        });
  });
export type BulkPurchase = z.infer<typeof bulkPurchaseSchema>;

export const ORDER_RESULT_STATES = ['pending', 'bought', 'already', 'failed'] as const;
export const bulkOrderResultSchema = z.object({
  orderId: z.number().int(),
  marketplaceOrderId: z.string(),
  state: z.enum(ORDER_RESULT_STATES),
  labelIds: z.array(z.number().int()),
  trackingNumbers: z.array(z.string()),
  carrier: z.string().nullable(),
  service: z.string().nullable(),
  totalCents: z.number().int().nullable(),
  /** Why it failed, in words. */
  error: z.string().nullable(),
  /**
   * It failed because its Amazon Buy Shipping service asks for additional seller inputs it was
   * not given (or were wrong): the order's rate they are for and those inputs; null otherwise.
   */
  needsInputs: z.object({ rateId: z.string(), inputs: z.array(sellerInputSchema) }).nullable(),
});
export type BulkOrderResult = z.infer<typeof bulkOrderResultSchema>;

export const LABEL_RUN_STATUSES = ['queued', 'running', 'done'] as const;
export const labelRunSchema = z.object({
  id: z.number().int(),
  status: z.enum(LABEL_RUN_STATUSES),
  jobId: z.string().nullable(),
  format: z.enum(LABEL_FORMATS),
  total: z.number().int(),
  done: z.number().int(),
  bought: z.number().int(),
  failed: z.number().int(),
  results: z.array(bulkOrderResultSchema),
  createdAt: z.string(),
});
export type LabelRun = z.infer<typeof labelRunSchema>;

/**
 * The update of a finished bulk run (spec /bulk/shipping update): new choices for the orders it
 * has not bought (another preset, shopped rates, the format), orders dropped from it, and a
 * re-run of what is left. Bought orders are never touched.
 */
export const bulkUpdateSchema = z.object({
  preset: servicePresetSchema.optional(),
  /** Chosen rates per order id (rate shop), for orders not yet bought. */
  rates: z.record(z.string(), z.string().min(1).max(2000)).optional(),
  format: z.enum(LABEL_FORMATS, { error: 'format: pdf or zpl' }).optional(),
  /** Orders to take out of the run (not yet bought ones only). */
  dropOrderIds: z.array(z.number().int().positive()).max(500).optional(),
  /** Amazon Buy Shipping's additional seller inputs per order id (not yet bought ones), added to what the run has. */
  sellerInputs: bulkSellerInputsSchema.optional(),
});
export type BulkUpdate = z.infer<typeof bulkUpdateSchema>;

export const orderLabelSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  marketplaceOrderId: z.string(),
  packageNumber: z.number().int(),
  provider: z.string(),
  carrier: z.string(),
  service: z.string(),
  trackingNumber: z.string().nullable(),
  status: z.enum(['bought', 'voided']),
  format: z.enum(LABEL_FORMATS),
  totalCents: z.number().int(),
  currency: z.string(),
  cost: z.object({ costCents: z.number().int(), upchargeCents: z.number().int() }).nullable(),
  createdAt: z.string(),
  voidedAt: z.string().nullable(),
});
export type OrderLabel = z.infer<typeof orderLabelSchema>;

/** Why an order on the bulk screen cannot be bought now (detail: the box number or what the address lacks). */
export const BULK_BLOCKERS = ['noBox', 'boxUnsized', 'address', 'pickup', 'labelled'] as const;
export const bulkBlockerSchema = z.object({ code: z.enum(BULK_BLOCKERS), detail: z.string().nullable() });
export type BulkBlocker = z.infer<typeof bulkBlockerSchema>;

/** Orders the bulk screen offers: picked or packed FBM orders not shipped, by store or pick batch. */
export const bulkOrdersQuerySchema = z.object({
  storeId: z.coerce.number().int().positive().optional(),
  batchId: z.coerce.number().int().positive().optional(),
  companyId: z.coerce.number().int().positive().optional(),
});
export const bulkOrderRowSchema = z.object({
  orderId: z.number().int(),
  marketplaceOrderId: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  storeId: z.number().int(),
  storeName: z.string(),
  salesChannel: z.string(),
  batchNumber: z.string().nullable(),
  units: z.number().int(),
  boxes: z.number().int(),
  shipTo: z.string(),
  international: z.boolean(),
  labels: z.array(orderLabelSchema),
  /** The box its label is shopped for (its one box, or its default box); null when none is sized. */
  box: boxDimensionsSchema.nullable(),
  /** A single-SKU order's box as last used for that SKU of the client (issue 38), to apply with one click. */
  suggestedBox: boxDimensionsSchema.extend({ sku: z.string() }).nullable(),
  /** Why no label can be bought for it now (empty: it can be), each said on the screen in words. */
  blockers: z.array(bulkBlockerSchema),
});
export type BulkOrderRow = z.infer<typeof bulkOrderRowSchema>;

/**
 * Boxes for many orders at once (issue 38): the same box (a preset's size, or dimensions, with a
 * weight) for each, or — none given — each single-SKU order the box last used for its SKU. Each
 * order's default box is set, and so are its unlabelled boxes without a size (a one-box order's box
 * too); the box is remembered for the SKU of a single-SKU order.
 */
export const bulkBoxesSchema = z.object({
  orderIds: z.array(z.number().int().positive()).min(1, 'orderIds: choose the orders').max(500),
  dimensions: boxDimensionsSchema.optional(),
});
export type BulkBoxes = z.infer<typeof bulkBoxesSchema>;
export const bulkBoxesResultSchema = z.object({
  updated: z.array(z.object({ orderId: z.number().int(), marketplaceOrderId: z.string() })),
  skipped: z.array(z.object({ orderId: z.number().int(), marketplaceOrderId: z.string(), reason: z.string() })),
});
export type BulkBoxesResult = z.infer<typeof bulkBoxesResultSchema>;

export const mergedLabelsQuerySchema = z.object({
  runId: z.coerce.number().int().positive().optional(),
  labelIds: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'labelIds: label ids separated by commas')
    .optional(),
});

/**
 * Carriers a label from the client's own carrier account may name besides the warehouse's active
 * carriers (spec /label/custom/carriers lists both: the warehouse's first, domain/schemas/carriers.ts).
 */
export const CUSTOM_LABEL_CARRIERS = [
  'USPS',
  'UPS',
  'FedEx',
  'DHL Express',
  'Amazon Shipping',
  'OnTrac',
  'Canada Post',
  'Royal Mail',
  'Other',
] as const;

/**
 * A label the client bought on its own carrier account (spec /label/custom): kept for the order's
 * package with its carrier and tracking, printed by the warehouse; it costs the label funds nothing.
 */
export const customLabelSchema = z.object({
  orderId: z.number().int().positive(),
  packageNumber: z.number().int().min(1).max(50).default(1),
  /** One of /label/custom/carriers (the server checks it against the tenant's list). */
  carrier: z
    .string({ error: 'carrier: one of the listed carriers' })
    .trim()
    .min(1, 'carrier: one of the listed carriers')
    .max(60, 'carrier: one of the listed carriers'),
  service: z.string().trim().max(60).optional(),
  trackingNumber: z
    .string({ error: 'trackingNumber: required' })
    .trim()
    .regex(/^[A-Za-z0-9]{6,40}$/, 'trackingNumber: 6–40 letters and digits'),
  format: z.enum(LABEL_FORMATS, { error: 'format: pdf or zpl' }).default('pdf'),
  /** The label document, base64 (a 4×6 PDF or ZPL); none: the client prints it itself. */
  document: z.string().max(7_000_000, 'document: at most 5 MB').optional(),
});
export type CustomLabel = z.infer<typeof customLabelSchema>;
