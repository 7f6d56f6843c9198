/**
 * Fulfillment Inbound v2024-03-20 shapes (../shared/reference/amazon/fulfillmentInbound_2024-03-20.json):
 * plans, their items, and the asynchronous operations every POST starts. Requests are built from
 * these schemas (so a bad plan is refused before it leaves), answers checked with them.
 */
import { z } from 'zod';
import { OWNER_CONSTRAINTS, PREP_CATEGORIES, PREP_TYPES } from '../../../domain/schemas/fba-prep.js';

export const OWNERS = ['AMAZON', 'SELLER', 'NONE'] as const;

export const addressInputSchema = z.object({
  name: z.string().min(1).max(50),
  companyName: z.string().max(50).optional(),
  addressLine1: z.string().min(1).max(180),
  addressLine2: z.string().max(60).optional(),
  city: z.string().min(1).max(30),
  stateOrProvinceCode: z.string().max(64).optional(),
  postalCode: z.string().min(1).max(32),
  countryCode: z.string().length(2),
  phoneNumber: z.string().min(1).max(20),
  email: z.string().max(1024).optional(),
});
export type AddressInput = z.infer<typeof addressInputSchema>;

export const itemInputSchema = z.object({
  msku: z.string().min(1).max(255),
  quantity: z.number().int().min(1).max(10_000),
  labelOwner: z.enum(OWNERS),
  prepOwner: z.enum(OWNERS),
  expiration: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'expiration: YYYY-MM-DD')
    .optional(),
  manufacturingLotCode: z.string().max(256).optional(),
});
export type ItemInput = z.infer<typeof itemInputSchema>;

export const createInboundPlanRequestSchema = z.object({
  destinationMarketplaces: z.array(z.string()).length(1),
  items: z.array(itemInputSchema).min(1).max(2000),
  name: z.string().max(40).optional(),
  sourceAddress: addressInputSchema,
});
export type CreateInboundPlanRequest = z.infer<typeof createInboundPlanRequestSchema>;

export const operationStartedSchema = z.object({ operationId: z.string().min(1).max(38) });
export const createInboundPlanResponseSchema = operationStartedSchema.extend({
  inboundPlanId: z.string().min(1).max(38),
});

export const operationProblemSchema = z.object({
  code: z.string(),
  message: z.string(),
  severity: z.string(),
  details: z.string().optional(),
});
export const operationStatusSchema = z.object({
  operation: z.string(),
  operationId: z.string(),
  operationProblems: z.array(operationProblemSchema),
  operationStatus: z.enum(['SUCCESS', 'FAILED', 'IN_PROGRESS']),
});
export type OperationStatus = z.infer<typeof operationStatusSchema>;

const addressSchema = addressInputSchema.partial({ phoneNumber: true });
export const inboundPlanSummarySchema = z.object({
  inboundPlanId: z.string(),
  name: z.string(),
  status: z.string(),
  marketplaceIds: z.array(z.string()),
  sourceAddress: addressSchema,
  createdAt: z.string(),
  lastUpdatedAt: z.string(),
});
export const inboundPlanSchema = inboundPlanSummarySchema.extend({
  packingOptions: z.array(z.looseObject({ packingOptionId: z.string(), status: z.string() })).optional(),
  placementOptions: z.array(z.looseObject({ placementOptionId: z.string(), status: z.string() })).optional(),
  shipments: z.array(z.object({ shipmentId: z.string(), status: z.string() })).optional(),
});
export type InboundPlan = z.infer<typeof inboundPlanSchema>;

const pagination = z.object({ nextToken: z.string().optional() }).optional();
export const listInboundPlansResponseSchema = z.object({
  inboundPlans: z.array(inboundPlanSummarySchema).optional(),
  pagination,
});

export const prepInstructionSchema = z.object({
  prepType: z.string().optional(),
  prepOwner: z.string().optional(),
  fee: z.object({ amount: z.number(), code: z.string() }).optional(),
});
export const planItemSchema = z.object({
  msku: z.string(),
  asin: z.string(),
  fnsku: z.string(),
  quantity: z.number().int(),
  labelOwner: z.string(),
  prepInstructions: z.array(prepInstructionSchema),
  expiration: z.string().optional(),
  manufacturingLotCode: z.string().optional(),
});
export type PlanItem = z.infer<typeof planItemSchema>;
export const listInboundPlanItemsResponseSchema = z.object({ items: z.array(planItemSchema), pagination });

// ---- packing options ----

const currency = z.object({ amount: z.number(), code: z.string() });
export const incentiveSchema = z.object({
  type: z.string(),
  target: z.string(),
  description: z.string(),
  value: currency,
});
export const packingOptionSchema = z.object({
  packingOptionId: z.string(),
  status: z.enum(['OFFERED', 'ACCEPTED', 'EXPIRED']),
  packingGroups: z.array(z.string()),
  fees: z.array(incentiveSchema),
  discounts: z.array(incentiveSchema),
  expiration: z.string().optional(),
  supportedConfigurations: z.array(
    z.looseObject({
      boxPackingMethods: z.array(z.string()).optional(),
      boxRequirements: z
        .object({ weight: z.object({ minimum: z.number(), maximum: z.number(), unit: z.enum(['LB', 'KG']) }) })
        .optional(),
      shippingRequirements: z.array(z.object({ modes: z.array(z.string()), solution: z.string() })).optional(),
    }),
  ),
  supportedShippingConfigurations: z.array(
    z.object({ shippingMode: z.string().optional(), shippingSolution: z.string().optional() }),
  ),
});
export type PackingOption = z.infer<typeof packingOptionSchema>;
export const listPackingOptionsResponseSchema = z.object({
  packingOptions: z.array(packingOptionSchema),
  pagination,
});
export const listPackingGroupItemsResponseSchema = listInboundPlanItemsResponseSchema;

// ---- packing information (boxes) ----

export const dimensionsSchema = z.object({
  length: z.number().positive(),
  width: z.number().positive(),
  height: z.number().positive(),
  unitOfMeasurement: z.enum(['IN', 'CM']),
});
export const weightSchema = z.object({ value: z.number().positive(), unit: z.enum(['LB', 'KG']) });
export const boxInputSchema = z.object({
  contentInformationSource: z.enum(['BOX_CONTENT_PROVIDED', 'MANUAL_PROCESS', 'BARCODE_2D']),
  dimensions: dimensionsSchema,
  weight: weightSchema,
  /** How many identical boxes this line describes. */
  quantity: z.number().int().min(1).max(10_000),
  items: z.array(itemInputSchema.omit({ quantity: true }).extend({ quantity: z.number().int().min(1) })).optional(),
});
export const setPackingInformationRequestSchema = z.object({
  packageGroupings: z
    .array(
      z.object({
        packingGroupId: z.string().optional(),
        shipmentId: z.string().optional(),
        boxes: z.array(boxInputSchema).min(1),
      }),
    )
    .min(1),
});
export type SetPackingInformationRequest = z.infer<typeof setPackingInformationRequestSchema>;

export const boxSchema = z.object({
  packageId: z.string(),
  boxId: z.string().optional(),
  contentInformationSource: z.string().optional(),
  dimensions: dimensionsSchema.optional(),
  weight: weightSchema.optional(),
  quantity: z.number().int().optional(),
  items: z.array(planItemSchema).optional(),
});
export const listBoxesResponseSchema = z.object({ boxes: z.array(boxSchema), pagination });

// ---- placement (which fulfilment centres) and shipments ----

export const placementOptionSchema = z.object({
  placementOptionId: z.string(),
  status: z.enum(['OFFERED', 'ACCEPTED', 'EXPIRED']),
  shipmentIds: z.array(z.string()),
  fees: z.array(incentiveSchema),
  discounts: z.array(incentiveSchema),
  expiration: z.string().optional(),
});
export type PlacementOption = z.infer<typeof placementOptionSchema>;
export const listPlacementOptionsResponseSchema = z.object({
  placementOptions: z.array(placementOptionSchema),
  pagination,
});

export const shipmentSchema = z.object({
  shipmentId: z.string(),
  placementOptionId: z.string(),
  name: z.string().optional(),
  status: z.string().optional(),
  amazonReferenceId: z.string().optional(),
  shipmentConfirmationId: z.string().optional(),
  source: z.object({ sourceType: z.string(), address: addressSchema.optional() }),
  destination: z.object({
    destinationType: z.string(),
    warehouseId: z.string().optional(),
    address: addressSchema.optional(),
  }),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** Fulfillment Inbound v0 getLabels: where to download the labels (for 15 seconds). */
export const labelsResponseSchema = z.object({ payload: z.object({ DownloadURL: z.string() }) });

/** Fulfillment Inbound v0 getShipmentItemsByShipmentId: each SKU's quantities shipped and received. */
export const shipmentItemsResponseSchema = z.object({
  payload: z.object({
    ItemData: z.array(
      z.object({
        ShipmentId: z.string().optional(),
        SellerSKU: z.string(),
        FulfillmentNetworkSKU: z.string().optional(),
        QuantityShipped: z.number().int(),
        QuantityReceived: z.number().int().optional(),
        QuantityInCase: z.number().int().optional(),
      }),
    ),
    NextToken: z.string().optional(),
  }),
});
export type ShipmentItemsResponse = z.infer<typeof shipmentItemsResponseSchema>;

// ---- prep details (items/prepDetails) ----

export const mskuPrepDetailSchema = z.object({
  msku: z.string(),
  prepCategory: z.enum(PREP_CATEGORIES),
  prepTypes: z.array(z.enum(PREP_TYPES)),
  allOwnersConstraint: z.enum(['MUST_MATCH']).optional(),
  labelOwnerConstraint: z.enum(OWNER_CONSTRAINTS).optional(),
  prepOwnerConstraint: z.enum(OWNER_CONSTRAINTS).optional(),
});
export type MskuPrepDetail = z.infer<typeof mskuPrepDetailSchema>;
export const listPrepDetailsResponseSchema = z.object({ mskuPrepDetails: z.array(mskuPrepDetailSchema) });
export const setPrepDetailsRequestSchema = z.object({
  marketplaceId: z.string().min(1).max(20),
  mskuPrepDetails: z
    .array(
      z.object({
        msku: z.string().min(1).max(255),
        prepCategory: z.enum(PREP_CATEGORIES),
        prepTypes: z.array(z.enum(PREP_TYPES)),
      }),
    )
    .min(1)
    .max(100),
});
export type SetPrepDetailsRequest = z.infer<typeof setPrepDetailsRequestSchema>;
export const setPrepDetailsResponseSchema = z.object({ operationId: z.string() });
