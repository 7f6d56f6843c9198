/**
 * Outbound to Amazon FBA (issue 18, decision 0010): a client's shipment plan ("batch"), its lines
 * and the units they hold (item reservations), the journal of what was asked of Amazon and what
 * came back, and the local pre-check of what Amazon would refuse. The plan is ours; Amazon's ids
 * are facts on it.
 */
import { z } from 'zod';
import { pageSchema } from '../paging.js';

/** Spec §4 batch statuses, plus `cancelled` (a plan given up; its units went back). */
export const PLAN_STATUSES = ['open', 'boxing', 'box_dims', 'shipping', 'closed', 'cancelled'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
/** Spec §4 status filter: a status, every plan, or every plan not closed (nor cancelled). */
export const PLAN_STATUS_FILTERS = ['all', 'all_but_closed', ...PLAN_STATUSES] as const;
export type PlanStatusFilter = (typeof PLAN_STATUS_FILTERS)[number];

/** Where a plan goes (decision 0013): Amazon FBA or Walmart WFS. */
export const PLAN_CHANNELS = ['fba', 'wfs'] as const;
export type PlanChannel = (typeof PLAN_CHANNELS)[number];

/**
 * The workflow stage a plan has reached (what the workspace route's `:workflow?` opens). FBA walks
 * items → packing → boxes → placement → transport → labels → shipped → receiving; WFS walks
 * items → preview → boxes → carrier → labels → shipped → receiving.
 */
export const PLAN_STEPS = [
  'items',
  'packing',
  'preview',
  'boxes',
  'placement',
  'transport',
  'carrier',
  'labels',
  'shipped',
  'receiving',
] as const;
export const FBA_STEPS = [
  'items',
  'packing',
  'boxes',
  'placement',
  'transport',
  'labels',
  'shipped',
  'receiving',
] as const satisfies readonly (typeof PLAN_STEPS)[number][];
export const WFS_STEPS = [
  'items',
  'preview',
  'boxes',
  'carrier',
  'labels',
  'shipped',
  'receiving',
] as const satisfies readonly (typeof PLAN_STEPS)[number][];
export type PlanStep = (typeof PLAN_STEPS)[number];

/** Who labels and who preps a unit, in Amazon's words (labelOwner, prepOwner). */
export const PREP_OWNERS = ['SELLER', 'AMAZON', 'NONE'] as const;
export type PrepOwner = (typeof PREP_OWNERS)[number];

/** Spec "labeling preference": who labels a client's units by default (Amazon's labelOwner follows). */
export const LABELING_PREFERENCES = ['SELLER_LABEL', 'AMAZON_LABEL_ONLY', 'AMAZON_LABEL_PREFERRED'] as const;
export type LabelingPreference = (typeof LABELING_PREFERENCES)[number];
/** The label owner a line gets when it names none. AMAZON_LABEL_PREFERRED asks Amazon to label; Amazon may hand it back. */
export const labelOwnerFor = (preference: LabelingPreference): PrepOwner =>
  preference === 'SELLER_LABEL' ? 'SELLER' : 'AMAZON';

/** consumed: picked (FBM: the units wait at FBM-PACK); shipped: an FBM hold whose units left (issue 20 step 7). */
export const RESERVATION_STATES = ['held', 'released', 'consumed', 'shipped'] as const;
export type ReservationState = (typeof RESERVATION_STATES)[number];

/** What a journal entry records. */
export const PLAN_EVENT_KINDS = [
  'created',
  'items',
  'renamed',
  /** Where the boxes ship from changed. */
  'shipFrom',
  /** Boxes filled, auto-assigned or cleared at the bench. */
  'packing',
  /** Packing done: every box closed, measured and weighed. */
  'packed',
  'amazon.asked',
  'amazon.answered',
  'amazon.refused',
  'amazon.done',
  'amazon.failed',
  'walmart.asked',
  'walmart.answered',
  'walmart.refused',
  'cancelled',
  'shipped',
  'tracking',
  'received',
] as const;
export type PlanEventKind = (typeof PLAN_EVENT_KINDS)[number];

/** Amazon's limit on one inbound plan. */
export const MAX_PLAN_SKUS = 1_500;
/** Amazon's limit on an inbound plan's name. */
export const MAX_PLAN_NAME = 40;
/** Amazon's limit on one line's quantity (ItemInput.quantity). */
export const MAX_LINE_QUANTITY = 10_000;

// ---- what comes in ----

const optionalText = (max: number, field: string) =>
  z
    .string()
    .trim()
    .max(max, `${field}: at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));
const requiredText = (max: number, field: string, what: string) =>
  z
    .string({ error: `${field}: enter ${what}` })
    .trim()
    .min(1, `${field}: enter ${what}`)
    .max(max, `${field}: at most ${max} characters`);

/** Where the boxes ship from, as Amazon's AddressInput needs it (its field names and limits). */
export const shipFromSchema = z.object({
  name: requiredText(50, 'name', 'who ships (a person or the warehouse)'),
  companyName: optionalText(50, 'companyName'),
  addressLine1: requiredText(180, 'addressLine1', 'the street address'),
  addressLine2: optionalText(60, 'addressLine2'),
  city: requiredText(30, 'city', 'the city'),
  stateOrProvinceCode: optionalText(64, 'stateOrProvinceCode'),
  postalCode: requiredText(32, 'postalCode', 'the postal code'),
  countryCode: z
    .string({ error: 'countryCode: enter the two-letter country code (US)' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'countryCode: the two-letter country code (US)'),
  phoneNumber: requiredText(20, 'phoneNumber', 'a phone number Amazon’s carrier can call'),
  email: z
    .email('email: an e-mail address')
    .max(1024)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type ShipFrom = z.infer<typeof shipFromSchema>;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
export const planLineInputSchema = z.object({
  productId: z.number({ error: 'productId: choose a product' }).int().positive('productId: choose a product'),
  quantity: z
    .number({ error: 'quantity: a whole number of units' })
    .int('quantity: a whole number of units')
    .min(1, 'quantity: at least 1 (leave the line out to remove it)')
    .max(MAX_LINE_QUANTITY, `quantity: at most ${MAX_LINE_QUANTITY.toLocaleString('en-US')} units a line`),
  /** The units' expiration date (YYYY-MM-DD), where the product needs one. */
  expiration: z
    .string()
    .regex(isoDay, 'expiration: a date as YYYY-MM-DD')
    // Date.parse rolls 2027-02-30 over to March: a real day reads back as itself.
    .refine((v) => {
      const t = Date.parse(`${v}T00:00:00Z`);
      return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
    }, 'expiration: not a real date')
    .optional(),
  manufacturingLotCode: optionalText(256, 'manufacturingLotCode'),
  /** Who labels the units (Amazon's names); absent: from the client's labelling preference (FBA_LABELING_PREFERENCE). */
  labelOwner: z.enum(PREP_OWNERS, { error: 'labelOwner: SELLER, AMAZON or NONE' }).optional(),
  /** Who preps them; the prep centre (SELLER) by default. */
  prepOwner: z.enum(PREP_OWNERS, { error: 'prepOwner: SELLER, AMAZON or NONE' }).default('SELLER'),
});
export type PlanLineInput = z.infer<typeof planLineInputSchema>;

const planLines = z
  .array(planLineInputSchema, { error: 'items: a list of products and quantities' })
  .max(MAX_PLAN_SKUS, `items: Amazon takes at most ${MAX_PLAN_SKUS.toLocaleString('en-US')} SKUs in one plan`)
  .refine((lines) => new Set(lines.map((l) => l.productId)).size === lines.length, {
    message: 'items: each product once; add the quantities together',
  });

const planName = z
  .string({ error: 'name: enter a name for the plan' })
  .trim()
  .min(1, 'name: enter a name for the plan')
  .max(MAX_PLAN_NAME, `name: at most ${MAX_PLAN_NAME} characters (Amazon’s limit)`);

export const planCreateSchema = z.object({
  /** The client the plan is for (warehouse users; a client plans for itself). */
  companyId: z.number().int().positive().optional(),
  storeId: z.number({ error: 'storeId: choose the client’s Amazon store' }).int().positive(),
  name: planName,
  shipFrom: shipFromSchema,
  items: planLines.refine((l) => l.length > 0, 'items: add at least one product'),
});
export type PlanCreate = z.infer<typeof planCreateSchema>;

export const planRenameSchema = z.object({ name: planName });
export const planLinesSchema = z.object({ items: planLines });
export type PlanLines = z.infer<typeof planLinesSchema>;

export const planListQuerySchema = z.object({
  pageNumber: z.string().optional(),
  pageSize: z.string().optional(),
  status: z.enum(PLAN_STATUS_FILTERS, { error: `status: one of ${PLAN_STATUS_FILTERS.join(', ')}` }).default('all'),
  companyId: z.coerce.number().int().positive().optional(),
  q: z.string().trim().max(100).optional(),
});
export type PlanListQuery = z.infer<typeof planListQuerySchema>;

export const availabilityQuerySchema = z.object({
  pageNumber: z.string().optional(),
  pageSize: z.string().optional(),
  companyId: z.coerce.number().int().positive().optional(),
  q: z.string().trim().max(100).optional(),
  /** The Amazon store the plan is for: each row then says what the pre-check would refuse (refusals). */
  storeId: z.coerce.number().int().positive().optional(),
  /** Only these products (comma-separated ids): a plan's lines' ceilings. */
  productIds: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'productIds: product ids separated by commas')
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine((ids) => ids.length <= 1500, 'productIds: at most 1,500')
    .optional(),
});
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

// ---- what goes out ----

export const planRowSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  accountNo: z.string(),
  storeId: z.number().int(),
  storeName: z.string(),
  name: z.string(),
  status: z.enum(PLAN_STATUSES),
  step: z.enum(PLAN_STEPS),
  inboundPlanId: z.string().nullable(),
  /** Amazon's operation the plan waits for, if any (follow GET /api/common/stores/{storeId}/operations/{id}). */
  operationId: z.string().nullable(),
  operation: z.string().nullable(),
  skus: z.number().int(),
  units: z.number().int(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlanRow = z.infer<typeof planRowSchema>;
export const planPageSchema = pageSchema(planRowSchema);

export const prepInstructionSchema = z.object({
  prepType: z.string().optional(),
  prepOwner: z.string().optional(),
  fee: z.object({ amount: z.number(), code: z.string() }).optional(),
});
export type PrepInstruction = z.infer<typeof prepInstructionSchema>;

export const planItemSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productKey: z.string(),
  title: z.string(),
  msku: z.string().nullable(),
  fnsku: z.string().nullable(),
  asin: z.string().nullable(),
  quantity: z.number().int(),
  labelOwner: z.enum(PREP_OWNERS),
  prepOwner: z.enum(PREP_OWNERS),
  expiration: z.string().nullable(),
  manufacturingLotCode: z.string().nullable(),
  prepInstructions: z.array(prepInstructionSchema),
  packingGroupId: z.string().nullable(),
});
export type PlanItem = z.infer<typeof planItemSchema>;

export const reservationSchema = z.object({
  id: z.number().int(),
  planItemId: z.number().int().nullable(),
  productKey: z.string(),
  quantity: z.number().int(),
  state: z.enum(RESERVATION_STATES),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const planEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Null for the background job's entries. */
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  kind: z.enum(PLAN_EVENT_KINDS),
  message: z.string(),
  request: z.unknown(),
  response: z.unknown(),
});
export type PlanEvent = z.infer<typeof planEventSchema>;

/** A client's product at the FBA prep station: on hand, held by open plans, free to plan. */
export const availabilityRowSchema = z.object({
  productId: z.number().int(),
  title: z.string(),
  productKey: z.string(),
  msku: z.string().nullable(),
  fnsku: z.string().nullable(),
  asin: z.string().nullable(),
  onHand: z.number().int(),
  held: z.number().int(),
  available: z.number().int(),
  /**
   * With a storeId: what the pre-check would refuse of the product in that store before any plan
   * is made (not listed, no FNSKU, no dimensions, hazmat review, prep category unknown …).
   */
  refusals: z
    .array(
      z.object({
        code: z.string(),
        severity: z.enum(['error', 'warning']),
        message: z.string(),
      }),
    )
    .optional(),
});
export type AvailabilityRow = z.infer<typeof availabilityRowSchema>;

/** The warehouse's default ship-from address, as a new plan's ship-from starts (name and address only). */
export const warehouseShipFromSchema = z.object({
  name: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  stateOrProvinceCode: z.string().nullable(),
  postalCode: z.string(),
  countryCode: z.string(),
  phoneNumber: z.string().nullable(),
});
export type WarehouseShipFrom = z.infer<typeof warehouseShipFromSchema>;
export const availabilityPageSchema = pageSchema(availabilityRowSchema);

export const PROBLEM_SEVERITIES = ['error', 'warning'] as const;
/** What a pre-check problem is about, so a screen can offer its fix (a category to set, a line to edit…). */
export const PRECHECK_CODES = [
  'no_items',
  'too_many_skus',
  'prep_unreadable',
  'not_listed',
  'merchant_fulfilled',
  'no_fnsku',
  'listing_issue',
  'hazmat',
  'prep_category_unknown',
  'prep_pending',
  'owner_constraint',
  'no_dimensions',
  'no_weight',
  'expiration_missing',
  'expiration_passed',
  'no_units',
  'short_stock',
] as const;
export type PrecheckCode = (typeof PRECHECK_CODES)[number];

export const precheckProblemSchema = z.object({
  /** The line it is about; null for the plan as a whole (too many SKUs, no lines). */
  planItemId: z.number().int().nullable(),
  productId: z.number().int().nullable(),
  sku: z.string().nullable(),
  title: z.string().nullable(),
  severity: z.enum(PROBLEM_SEVERITIES),
  message: z.string(),
  code: z.enum(PRECHECK_CODES),
});
export type PrecheckProblem = z.infer<typeof precheckProblemSchema>;
export const precheckSchema = z.object({
  ok: z.boolean(),
  skus: z.number().int(),
  units: z.number().int(),
  errors: z.number().int(),
  warnings: z.number().int(),
  problems: z.array(precheckProblemSchema),
});
export type Precheck = z.infer<typeof precheckSchema>;

/** Amazon took the plan: follow the operation; the plan moves to packing when it succeeds. */
export const planSubmittedSchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  inboundPlanId: z.string(),
  operationId: z.string(),
});

// ---- across plans ----

/** One line of a plan in the list of every item across plans (/apps/outbound/outbound-shipping/batch-items). */
export const planItemRowSchema = z.object({
  planId: z.number().int(),
  planName: z.string(),
  status: z.enum(PLAN_STATUSES),
  step: z.enum(PLAN_STEPS),
  companyId: z.number().int(),
  companyName: z.string(),
  accountNo: z.string(),
  storeId: z.number().int(),
  storeName: z.string(),
  itemId: z.number().int(),
  productId: z.number().int(),
  title: z.string(),
  msku: z.string().nullable(),
  fnsku: z.string().nullable(),
  asin: z.string().nullable(),
  quantity: z.number().int(),
  /** Units of the line packed into boxes so far. */
  boxed: z.number().int(),
  createdAt: z.string(),
});
export type PlanItemRow = z.infer<typeof planItemRowSchema>;
export const planItemPageSchema = pageSchema(planItemRowSchema);
export const planItemListQuerySchema = planListQuerySchema;

/**
 * What an open plan waits for (Open Shipment Plans): Amazon at work or refusing, or the warehouse's
 * next step. The screen words each code; `detail` carries Amazon's words or the operation's name.
 */
export const PENDING_BLOCKERS = [
  'amazon_working',
  'amazon_failed',
  'not_sent',
  'choose_packing',
  'packing',
  'box_dims',
  'choose_placement',
  'choose_transport',
  'labels',
  'in_transit',
  'receiving',
  'discrepancy',
] as const;
export type PendingBlocker = (typeof PENDING_BLOCKERS)[number];
export const pendingPlanSchema = planRowSchema.extend({
  /** When the plan reached its current step (its age there). */
  since: z.string(),
  boxes: z.number().int(),
  boxed: z.number().int(),
  blocker: z.object({ code: z.enum(PENDING_BLOCKERS), detail: z.string().nullable() }),
});
export type PendingPlan = z.infer<typeof pendingPlanSchema>;
export const pendingPlanPageSchema = pageSchema(pendingPlanSchema);
export const pendingQuerySchema = z.object({
  pageNumber: z.string().optional(),
  pageSize: z.string().optional(),
  companyId: z.coerce.number().int().positive().optional(),
});

// ---- Amazon's offers, as the plan keeps them ----

/** A fee or discount Amazon quotes, in cents. */
export const amazonChargeSchema = z.object({
  type: z.string(),
  target: z.string(),
  description: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
});
export type AmazonCharge = z.infer<typeof amazonChargeSchema>;

/** One way Amazon lets the plan be packed: its packing groups (what goes in boxes together) and fees. */
export const packingOptionViewSchema = z.object({
  packingOptionId: z.string(),
  status: z.string(),
  expiration: z.string().nullable(),
  fees: z.array(amazonChargeSchema),
  discounts: z.array(amazonChargeSchema),
  groups: z.array(
    z.object({
      packingGroupId: z.string(),
      items: z.array(z.object({ msku: z.string(), fnsku: z.string().nullable(), quantity: z.number().int() })),
    }),
  ),
  /** Ways the boxes may travel (GROUND_SMALL_PARCEL / FREIGHT_LTL, partnered or own carrier). */
  shipping: z.array(z.object({ shippingMode: z.string().nullable(), shippingSolution: z.string().nullable() })),
  /** Amazon's weight limit of a box under this option, in lb. */
  boxMaxWeightLb: z.number().nullable(),
});
export type PackingOptionView = z.infer<typeof packingOptionViewSchema>;
export const packingConfirmSchema = z.object({
  packingOptionId: z.string({ error: 'packingOptionId: choose a packing option' }).min(1).max(38),
});

/** One of Amazon's shipments of the plan, as placement made it and transport shaped it. */
export const planShipmentSchema = z.object({
  id: z.number().int(),
  shipmentId: z.string(),
  confirmationId: z.string().nullable(),
  name: z.string().nullable(),
  warehouseId: z.string().nullable(),
  destination: z.string().nullable(),
  status: z.string(),
  boxes: z.number().int(),
  shippingMode: z.string().nullable(),
  shippingSolution: z.string().nullable(),
  transportationOptionId: z.string().nullable(),
  carrierName: z.string().nullable(),
  costCents: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** A partnered carrier's charge can be voided (by cancelling the plan) until then. */
  voidableUntil: z.string().nullable(),
  deliveryWindow: z.object({ start: z.string(), end: z.string() }).nullable(),
  tracking: z
    .object({
      boxes: z.array(z.object({ boxId: z.string(), trackingId: z.string() })),
      proNumber: z.string().nullable(),
      billOfLadingNumber: z.string().nullable(),
    })
    .nullable(),
  shippedAt: z.string().nullable(),
  received: z.array(z.object({ msku: z.string(), shipped: z.number().int(), received: z.number().int() })),
  discrepancy: z.boolean(),
});
export type PlanShipment = z.infer<typeof planShipmentSchema>;

export const placementConfirmSchema = z.object({
  placementOptionId: z.string({ error: 'placementOptionId: choose a placement option' }).min(1).max(38),
});
export const transportQuoteSchema = placementConfirmSchema;

/** Where Amazon would send the boxes: one or several shipments, with its placement fee. */
export const placementOptionViewSchema = z.object({
  placementOptionId: z.string(),
  status: z.string(),
  expiration: z.string().nullable(),
  fees: z.array(amazonChargeSchema),
  discounts: z.array(amazonChargeSchema),
  /** Fees less discounts, in cents. */
  feeCents: z.number().int(),
  shipments: z.array(
    z.object({
      shipmentId: z.string(),
      name: z.string().nullable(),
      confirmationId: z.string().nullable(),
      warehouseId: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      postalCode: z.string().nullable(),
    }),
  ),
});
export type PlacementOptionView = z.infer<typeof placementOptionViewSchema>;

/** One way a shipment may travel, with Amazon's quote (none for the seller's own carrier). */
export const transportOptionViewSchema = z.object({
  transportationOptionId: z.string(),
  shipmentId: z.string(),
  shippingMode: z.string(),
  shippingSolution: z.string(),
  carrierName: z.string().nullable(),
  carrierCode: z.string().nullable(),
  costCents: z.number().int().nullable(),
  currency: z.string().nullable(),
  expiration: z.string().nullable(),
  voidableUntil: z.string().nullable(),
  preconditions: z.array(z.string()),
});
export type TransportOptionView = z.infer<typeof transportOptionViewSchema>;

export const deliveryWindowViewSchema = z.object({
  deliveryWindowOptionId: z.string(),
  availabilityType: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  validUntil: z.string(),
});
export type DeliveryWindowView = z.infer<typeof deliveryWindowViewSchema>;

/** What the plan keeps of transport: options per placement option, delivery windows per shipment. */
export interface TransportStore {
  byPlacement: Record<string, TransportOptionView[]>;
  windows: Record<string, DeliveryWindowView[]>;
}

export const TRANSPORT_MODES = ['partnered_spd', 'partnered_ltl', 'own_spd', 'own_ltl'] as const;
export type TransportMode = (typeof TRANSPORT_MODES)[number];

/** A placement option side by side: its fee plus each way of transport, for every shipment. */
export const landedCostSchema = z.object({
  placementOptionId: z.string(),
  /** Transport options have been asked for this placement option. */
  quoted: z.boolean(),
  feeCents: z.number().int(),
  modes: z.array(
    z.object({
      mode: z.enum(TRANSPORT_MODES),
      /** Every shipment can travel this way. */
      available: z.boolean(),
      /** Amazon's quotes summed (null: the seller's own carrier, priced by the carrier). */
      transportCents: z.number().int().nullable(),
      totalCents: z.number().int().nullable(),
    }),
  ),
  /** The cheapest quoted total of this option. */
  bestCents: z.number().int().nullable(),
  recommended: z.boolean(),
});
export type LandedCost = z.infer<typeof landedCostSchema>;

export const planDetailSchema = planRowSchema.extend({
  shipFrom: shipFromSchema,
  /** The client's labelling preference: the label owner of lines that name none. */
  labelingPreference: z.enum(LABELING_PREFERENCES),
  packingOptionId: z.string().nullable(),
  placementOptionId: z.string().nullable(),
  items: z.array(planItemSchema),
  reservations: z.array(reservationSchema),
  events: z.array(planEventSchema),
  /** What Amazon offered for packing (empty until offered). */
  packingOptions: z.array(packingOptionViewSchema),
  placementOptions: z.array(placementOptionViewSchema),
  transportOptions: z.object({
    byPlacement: z.record(z.string(), z.array(transportOptionViewSchema)),
    windows: z.record(z.string(), z.array(deliveryWindowViewSchema)),
  }),
  /** Each placement option's fee and transport side by side (placement step). */
  landedCosts: z.array(landedCostSchema),
  shipments: z.array(planShipmentSchema),
});
export type PlanDetail = z.infer<typeof planDetailSchema>;

export const transportConfirmSchema = z.object({
  /** One transportation option for every shipment of the confirmed placement. */
  selections: z
    .array(
      z.object({
        shipmentId: z.string({ error: 'shipmentId: the shipment' }).min(1).max(38),
        transportationOptionId: z.string({ error: 'transportationOptionId: choose how it travels' }).min(1).max(38),
      }),
      { error: 'selections: how each shipment travels' },
    )
    .min(1, 'selections: how each shipment travels'),
});
export type TransportConfirm = z.infer<typeof transportConfirmSchema>;
export const deliveryWindowConfirmSchema = z.object({
  deliveryWindowOptionId: z.string({ error: 'deliveryWindowOptionId: choose a delivery window' }).min(1).max(38),
});

export const labelsQuerySchema = z.object({
  /** One shipment's labels; all of the plan's when absent. */
  shipmentId: z.string().max(38).optional(),
  kind: z.enum(['box', 'pallet'], { error: 'kind: box or pallet' }).default('box'),
  format: z.enum(['pdf', 'zpl'], { error: 'format: pdf or zpl' }).default('pdf'),
  /** Amazon's own labels (getLabels, PDF), or Dockside's 4×6 labels (ZPL or PDF). */
  source: z.enum(['amazon', 'dockside'], { error: 'source: amazon or dockside' }).default('amazon'),
});
export type LabelsQuery = z.infer<typeof labelsQuerySchema>;

const trackingId = z
  .string({ error: 'trackingId: the carrier’s tracking number' })
  .trim()
  .min(6, 'trackingId: the carrier’s tracking number (6 characters or more)')
  .max(64, 'trackingId: at most 64 characters')
  .regex(/^[A-Za-z0-9-]+$/, 'trackingId: letters, digits and dashes only');
/** An own carrier's tracking: a number per box (small parcel) or the PRO number (LTL). */
export const trackingInputSchema = z
  .object({
    boxes: z
      .array(z.object({ boxId: z.string().min(1).max(40), trackingId }))
      .min(1)
      .optional(),
    proNumber: z
      .string()
      .trim()
      .min(3, 'proNumber: the carrier’s PRO number')
      .max(64)
      .regex(/^[a-zA-Z0-9-._ ]*$/, 'proNumber: letters, digits, dashes, dots and spaces only')
      .optional(),
    billOfLadingNumber: z.string().trim().min(1).max(64).optional(),
  })
  .refine((t) => !!t.boxes !== !!t.proNumber, {
    message: 'Give the tracking number of each box (small parcel) or the PRO number (LTL freight)',
  });
export type TrackingInput = z.infer<typeof trackingInputSchema>;

/** What shapes a client's new plan before it exists. */
export const planPreferencesSchema = z.object({
  companyId: z.number().int(),
  labelingPreference: z.enum(LABELING_PREFERENCES),
});
export const planPreferencesQuerySchema = z.object({ companyId: z.coerce.number().int().positive().optional() });

// ---- bills of lading (spec §7 /api/outbound/outbound-shipping/batch/bill-of-lading) ----

/** An LTL shipment of a plan with its bill of lading and PRO number (/apps/outbound/fba-bol). */
export const bolRowSchema = z.object({
  planId: z.number().int(),
  planName: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  accountNo: z.string(),
  shipmentId: z.string(),
  confirmationId: z.string().nullable(),
  warehouseId: z.string().nullable(),
  shippingSolution: z.string().nullable(),
  carrierName: z.string().nullable(),
  proNumber: z.string().nullable(),
  billOfLadingNumber: z.string().nullable(),
  /** Amazon's quote for a partnered carrier, in cents, and its currency. */
  costCents: z.number().int().nullable(),
  currency: z.string().nullable(),
  boxes: z.number().int(),
  status: z.string(),
  shippedAt: z.string().nullable(),
  /** The freight has been passed on to the client (pro-number/charge). */
  chargedCents: z.number().int().nullable(),
});
export type BolRow = z.infer<typeof bolRowSchema>;
export const bolPageSchema = pageSchema(bolRowSchema);
export const bolQuerySchema = z.object({
  pageNumber: z.string().optional(),
  pageSize: z.string().optional(),
  companyId: z.coerce.number().int().positive().optional(),
  q: z.string().trim().max(100).optional(),
});
/** Passes an LTL shipment's freight on to the client: Amazon's quote for a partnered carrier, else the amount given. */
export const proChargeSchema = z.object({
  proNumber: z.string({ error: 'proNumber: the shipment’s PRO number' }).trim().min(1).max(64),
  amountCents: z
    .number({ error: 'amountCents: the freight in cents' })
    .int('amountCents: whole cents')
    .min(1, 'amountCents: more than 0')
    .max(10_000_000)
    .optional(),
});

// ---- reshaping plans (spec: split, consolidate, revert to working, close) ----

export const planSplitSchema = z.object({
  /** The lines (and how many of each) that move to the new plan. */
  items: z
    .array(
      z.object({
        planItemId: z.number().int().positive(),
        quantity: z.number().int('quantity: whole units').min(1, 'quantity: at least 1'),
      }),
      { error: 'items: the lines to move and how many' },
    )
    .min(1, 'items: choose what moves to the new plan'),
  name: z
    .string()
    .trim()
    .min(1)
    .max(MAX_PLAN_NAME, `name: at most ${MAX_PLAN_NAME} characters (Amazon’s limit)`)
    .optional(),
});
export type PlanSplit = z.infer<typeof planSplitSchema>;
export const planConsolidateSchema = z.object({
  /** Plans merged into this one (then cancelled, their units held by this one). */
  planIds: z
    .array(z.number().int().positive(), { error: 'planIds: the plans to merge into this one' })
    .min(1, 'planIds: choose at least one plan to merge')
    .max(50),
});
export const planSplitResultSchema = z.object({ from: z.number().int(), to: z.number().int() });
