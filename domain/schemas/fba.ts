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

/** The workflow stage a plan has reached (what the workspace route's `:workflow?` opens). */
export const PLAN_STEPS = [
  'items',
  'packing',
  'boxes',
  'placement',
  'transport',
  'labels',
  'shipped',
  'receiving',
] as const;
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

export const RESERVATION_STATES = ['held', 'released', 'consumed'] as const;
export type ReservationState = (typeof RESERVATION_STATES)[number];

/** What a journal entry records. */
export const PLAN_EVENT_KINDS = [
  'created',
  'items',
  'renamed',
  'amazon.asked',
  'amazon.answered',
  'amazon.refused',
  'amazon.done',
  'amazon.failed',
  'cancelled',
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
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'expiration: not a real date')
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
});
export type AvailabilityRow = z.infer<typeof availabilityRowSchema>;
export const availabilityPageSchema = pageSchema(availabilityRowSchema);

export const PROBLEM_SEVERITIES = ['error', 'warning'] as const;
export const precheckProblemSchema = z.object({
  /** The line it is about; null for the plan as a whole (too many SKUs, no lines). */
  planItemId: z.number().int().nullable(),
  productId: z.number().int().nullable(),
  sku: z.string().nullable(),
  title: z.string().nullable(),
  severity: z.enum(PROBLEM_SEVERITIES),
  message: z.string(),
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
});
export type PlanDetail = z.infer<typeof planDetailSchema>;
