/**
 * Walmart Fulfillment Services (WFS) inbound shapes, typed from Walmart's "Fulfillment Management"
 * OpenAPI (../shared/reference/walmart): inbound preview, create inbound order (createShipment),
 * shipment items, inbound order errors, shipment quantities and tracking, cancellation and the
 * receiving label. The request schemas carry Walmart's documented limits (5,000 lines per inbound
 * order, at most 100 tracking numbers, quantities of at least 1), so the client and the sandbox
 * refuse the same requests; the answers are read for what Dockside uses.
 */
import { z } from 'zod';
import { walmartErrorItem } from './models.js';

/**
 * Walmart publishes no per-operation limit for the Fulfillment APIs; it throttles each seller with a
 * 429 and x-next-replenish-time. Dockside keeps to the pace it uses for getInboundShipments.
 */
export const WFS_RATE = { perSecond: 10, burst: 10 };

/** Lines per inbound order, per preview and per quantity update (orderItems maxItems). */
export const MAX_ORDER_LINES = 5000;
/** inboundOrderId maxLength: 100 to create an inbound order, 50 to preview one. */
export const MAX_INBOUND_ORDER_ID = 100;
export const MAX_PREVIEW_ORDER_ID = 50;
/** trackingInfo maxItems of updateShipmentTrackingDetails. */
export const MAX_TRACKING_NUMBERS = 100;
/** Walmart lets a seller raise a SKU's quantity on a shipment by at most this many units. */
export const MAX_UNITS_ADDED_PER_SKU = 6;

const required = (name: string) => z.string({ error: `${name} is required` }).min(1, `${name} is required`);
const count = (name: string, min = 1) =>
  z
    .number({ error: `${name} is required` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`);

/** The seller's return address (returnAddress). */
export const wfsReturnAddressSchema = z.object({
  addressLine1: required('addressLine1'),
  addressLine2: z.string().optional(),
  city: required('city'),
  stateCode: required('stateCode'),
  countryCode: required('countryCode'),
  postalCode: required('postalCode'),
});
export type WfsReturnAddress = z.infer<typeof wfsReturnAddressSchema>;

/** A line of an inbound order: itemQty sellable units in vendorPackQty cases of innerPackQty units. */
export const inboundOrderItemSchema = z.object({
  productId: required('productId'),
  productType: required('productType'),
  sku: required('sku'),
  itemDesc: required('itemDesc'),
  itemQty: count('itemQty'),
  vendorPackQty: count('vendorPackQty'),
  innerPackQty: count('innerPackQty'),
  expectedDeliveryDate: z.iso.datetime({ offset: true, error: 'expectedDeliveryDate must be a date and time' }),
  addOnServices: z.array(z.string()).optional(),
  itemNbr: z.number().int().optional(),
  /** Length, width and height in inches. */
  dimensions: z.array(z.number()).optional(),
  itemWeightQty: z.number().optional(),
  nonSortItem: z.boolean().optional(),
  shipNode: z.string().optional(),
});
export type InboundOrderItem = z.infer<typeof inboundOrderItemSchema>;

const orderItems = z
  .array(inboundOrderItemSchema, { error: 'orderItems is required' })
  .min(1, 'orderItems needs at least one line')
  .max(MAX_ORDER_LINES, `an inbound order has at most ${MAX_ORDER_LINES} lines`);

/** POST /v3/fulfillment/inbound-shipments (createShipment): one inbound order. */
export const createInboundOrderSchema = z.object({
  inboundOrderId: required('inboundOrderId').max(
    MAX_INBOUND_ORDER_ID,
    `inboundOrderId is at most ${MAX_INBOUND_ORDER_ID} characters`,
  ),
  inboundServices: z.object({ inventoryTransferService: z.string().optional() }).optional(),
  returnAddress: wfsReturnAddressSchema,
  orderItems,
});
export type CreateInboundOrder = z.infer<typeof createInboundOrderSchema>;

/** POST /v3/fulfillment/inbound-preview (inboundPreview): the same order, in Walmart's multi-tenant wrapper. */
export const inboundPreviewRequestSchema = z.object({
  header: z.object({
    headerAttributes: z.object({ buId: required('buId'), martId: required('martId') }),
  }),
  payload: z.object({
    inboundOrderId: required('inboundOrderId').max(
      MAX_PREVIEW_ORDER_ID,
      `inboundOrderId is at most ${MAX_PREVIEW_ORDER_ID} characters`,
    ),
    returnAddress: wfsReturnAddressSchema,
    orderItems,
  }),
});
export type InboundPreviewRequest = z.infer<typeof inboundPreviewRequestSchema>;

/** A fulfilment centre's address in Walmart's answers. */
export const wfsShipToAddressSchema = z.object({
  fcName: z.string().optional(),
  addressLine1: z.string().optional(),
  addressLine2: z.string().optional(),
  city: z.string().optional(),
  stateCode: z.string().optional(),
  countryCode: z.string().optional(),
  postalCode: z.string().optional(),
});

const previewShipmentItem = z.object({
  vendorSku: z.string(),
  productType: z.string().optional(),
  productId: z.string().optional(),
  itemQty: z.number().int(),
  netTransferCharge: z.number().optional(),
  currencyUnit: z.string().optional(),
});
const previewNode = z.object({
  shipNode: z.string().optional(),
  isSortable: z.boolean().optional(),
  isNonSortable: z.boolean().optional(),
  nodeType: z.string().optional(),
  shipToAddress: wfsShipToAddressSchema.optional(),
  totalNetTransferCharge: z.number().optional(),
  currencyUnit: z.string().optional(),
  shipmentItems: z.array(previewShipmentItem),
});
export const inboundPreviewResponseSchema = z.object({
  status: z.string().optional(),
  payload: z.array(
    z.object({
      inboundOrderId: z.string(),
      previews: z.array(z.object({ previewType: z.string(), preview: z.array(previewNode) })),
    }),
  ),
});
export type InboundPreview = z.infer<typeof inboundPreviewResponseSchema>['payload'][number];

/** createShipment's answer: the shipments Walmart split the order into, one per fulfilment centre. */
export const createdShipmentSchema = z.object({
  shipmentId: z.string(),
  shipToAddress: wfsShipToAddressSchema,
  shipmentItems: z.array(z.object({ vendorSku: z.string(), itemQty: z.number().int() })),
  expectedDeliveryDate: z.string().optional(),
});
export const createInboundOrderResponseSchema = z.object({
  status: z.string().optional(),
  payload: z.array(createdShipmentSchema),
});
export type CreatedShipment = z.infer<typeof createdShipmentSchema>;

const pageHeaders = z.object({ totalCount: z.number().int(), limit: z.number().int(), offset: z.number().int() });

/** GET /v3/fulfillment/inbound-shipment-items: per SKU, what was sent and what the FC received. */
export const inboundShipmentItemSchema = z.object({
  inboundOrderId: z.string().optional(),
  shipmentId: z.string(),
  gtin: z.string().optional(),
  sku: z.string(),
  itemDesc: z.string().optional(),
  itemQty: z.number().int(),
  vendorPackQty: z.number().int().optional(),
  innerPackQty: z.number().int().optional(),
  receivedQty: z.number().int(),
  damagedQty: z.number().int().optional(),
  fillRate: z.number().optional(),
  expectedDeliveryDate: z.string().optional(),
  updatedExpectedDeliveryDate: z.string().optional(),
  shipNodeName: z.string().optional(),
});
export type InboundShipmentItem = z.infer<typeof inboundShipmentItemSchema>;
export const inboundShipmentItemsResponseSchema = z.object({
  headers: pageHeaders.optional(),
  payload: z.array(inboundShipmentItemSchema).optional(),
});

/** GET /v3/fulfillment/inbound-shipment-errors: the requests Walmart refused, with their lines and errors. */
export const inboundOrderErrorSchema = z.object({
  inboundOrderId: z.string(),
  createdDate: z.string().optional(),
  returnAddress: wfsReturnAddressSchema.partial().optional(),
  orderItems: z.array(inboundOrderItemSchema.partial()).optional(),
  errors: z.array(walmartErrorItem),
});
export type InboundOrderError = z.infer<typeof inboundOrderErrorSchema>;
export const inboundOrderErrorsResponseSchema = z.object({
  headers: pageHeaders.optional(),
  payload: z.array(inboundOrderErrorSchema).optional(),
});

/** Walmart's ServiceResponse: what the update, cancel, confirm and void operations answer. */
export const serviceResponseSchema = z.object({
  status: z.string(),
  errors: z.array(walmartErrorItem).optional(),
  payload: z.unknown().optional(),
});

/** PUT /v3/fulfillment/shipment-quantities (updateShipmentQuantity). */
export const updateShipmentQuantitySchema = z.object({
  inboundOrderId: required('inboundOrderId'),
  shipmentId: required('shipmentId'),
  orderItems: z
    .array(z.object({ sku: required('sku'), updatedShipmentQty: count('updatedShipmentQty', 0) }), {
      error: 'orderItems is required',
    })
    .min(1, 'orderItems needs at least one line')
    .max(MAX_ORDER_LINES, `at most ${MAX_ORDER_LINES} lines`),
});
export type UpdateShipmentQuantity = z.infer<typeof updateShipmentQuantitySchema>;

/** POST /v3/fulfillment/shipment-tracking (updateShipmentTrackingDetails), for the seller's own carrier. */
export const shipmentTrackingSchema = z.object({
  shipmentId: required('shipmentId'),
  carrierName: required('carrierName'),
  trackingInfo: z
    .array(z.string().min(1, 'a tracking number cannot be empty'))
    .min(1, 'trackingInfo needs at least one tracking number')
    .max(MAX_TRACKING_NUMBERS, `at most ${MAX_TRACKING_NUMBERS} tracking numbers`)
    .optional(),
});
export type ShipmentTracking = z.infer<typeof shipmentTrackingSchema>;

/** The receiving label's load types, formats and sizes Walmart offers (createInboundShipmentLabelV2). */
export const LOAD_TYPES = ['SINGLE SKU', 'MIXED SKUS', 'PALLET'] as const;
export const LABEL_FORMATS = ['PDF', 'ZPL'] as const;
export const LABEL_SIZES = ['4x6', '4x3.33'] as const;

/** POST /v3/fulfillment/shipment-label: WFS receiving labels (not a carrier label). */
export const shipmentLabelRequestSchema = z.object({
  shipmentId: required('shipmentId'),
  labelSize: z.string().optional(),
  labelFormat: z.string().optional(),
  loadTypes: z.array(z.object({ count: count('count'), loadType: required('loadType') })).optional(),
});
export type ShipmentLabelRequest = z.infer<typeof shipmentLabelRequestSchema>;
