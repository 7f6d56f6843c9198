/**
 * eBay Sell Fulfillment v1 shapes (../shared/reference/ebay/sell_fulfillment_v1_oas3.json): orders
 * as getOrders/getOrder return them and shipping fulfillments. The model marks no field required;
 * these schemas require what eBay documents as "always returned" and what fulfilment cannot do
 * without, and let every other field pass through.
 */
import { z } from 'zod';

/** Amount: a decimal string in `currency` (ISO 4217). */
export const ebayAmountSchema = z.looseObject({ value: z.string(), currency: z.string() });

export const ebayAddressSchema = z.looseObject({
  addressLine1: z.string().optional(),
  addressLine2: z.string().optional(),
  city: z.string().optional(),
  stateOrProvince: z.string().optional(),
  postalCode: z.string().optional(),
  countryCode: z.string().optional(),
  county: z.string().optional(),
});

export const ebayContactSchema = z.looseObject({
  fullName: z.string().optional(),
  companyName: z.string().optional(),
  email: z.string().optional(),
  contactAddress: ebayAddressSchema.optional(),
  primaryPhone: z.looseObject({ phoneNumber: z.string().optional() }).optional(),
});

export const ebayFulfillmentStartInstructionSchema = z.looseObject({
  fulfillmentInstructionsType: z.string().optional(),
  ebaySupportedFulfillment: z.boolean().optional(),
  minEstimatedDeliveryDate: z.string().optional(),
  maxEstimatedDeliveryDate: z.string().optional(),
  shippingStep: z
    .looseObject({
      shippingCarrierCode: z.string().optional(),
      shippingServiceCode: z.string().optional(),
      shipTo: ebayContactSchema.optional(),
    })
    .optional(),
});

/** CancelStatus: always returned; `cancelState` is NONE_REQUESTED, IN_PROGRESS or CANCELED. */
export const ebayCancelStatusSchema = z.looseObject({
  cancelState: z.string(),
  cancelledDate: z.string().optional(),
  cancelRequests: z.array(z.looseObject({ cancelRequestId: z.string().optional() })).optional(),
});

export const ebayLineItemSchema = z.looseObject({
  lineItemId: z.string(),
  legacyItemId: z.string().optional(),
  sku: z.string().optional(),
  title: z.string().optional(),
  quantity: z.number().int(),
  lineItemCost: ebayAmountSchema.optional(),
  total: ebayAmountSchema.optional(),
  /** FULFILLED, IN_PROGRESS or NOT_STARTED. */
  lineItemFulfillmentStatus: z.string().optional(),
  lineItemFulfillmentInstructions: z
    .looseObject({
      shipByDate: z.string().optional(),
      minEstimatedDeliveryDate: z.string().optional(),
      maxEstimatedDeliveryDate: z.string().optional(),
    })
    .optional(),
});
export type EbayLineItem = z.infer<typeof ebayLineItemSchema>;

export const ebayOrderSchema = z.looseObject({
  orderId: z.string(),
  creationDate: z.string(),
  lastModifiedDate: z.string().optional(),
  orderFulfillmentStatus: z.enum(['FULFILLED', 'IN_PROGRESS', 'NOT_STARTED']),
  orderPaymentStatus: z.string().optional(),
  sellerId: z.string().optional(),
  buyer: z.looseObject({ username: z.string().optional() }).optional(),
  pricingSummary: z.looseObject({ total: ebayAmountSchema.optional() }).optional(),
  cancelStatus: ebayCancelStatusSchema.optional(),
  fulfillmentHrefs: z.array(z.string()).optional(),
  fulfillmentStartInstructions: z.array(ebayFulfillmentStartInstructionSchema).optional(),
  lineItems: z.array(ebayLineItemSchema),
});
export type EbayOrder = z.infer<typeof ebayOrderSchema>;

/** GET /sell/fulfillment/v1/order (getOrders). */
export const orderSearchPageSchema = z.object({
  href: z.string().optional(),
  limit: z.number().int().optional(),
  offset: z.number().int().optional(),
  next: z.string().optional(),
  prev: z.string().optional(),
  total: z.number().int().optional(),
  orders: z.array(ebayOrderSchema).optional(),
});
export type EbayOrderPage = z.infer<typeof orderSearchPageSchema>;

/** LineItemReference: which line and how many of its units (a whole number above zero). */
export const ebayLineItemReferenceSchema = z.object({ lineItemId: z.string(), quantity: z.number().int() });

/** POST …/shipping_fulfillment (createShippingFulfillment): one package. */
export const shippingFulfillmentDetailsSchema = z.object({
  lineItems: z.array(ebayLineItemReferenceSchema).min(1),
  /** When the package was shipped (ISO 8601 UTC); eBay uses "now" when it is left out. */
  shippedDate: z.string().optional(),
  shippingCarrierCode: z.string().optional(),
  trackingNumber: z.string().optional(),
});
export type ShippingFulfillmentDetails = z.infer<typeof shippingFulfillmentDetailsSchema>;

export const shippingFulfillmentSchema = z.looseObject({
  fulfillmentId: z.string(),
  lineItems: z.array(ebayLineItemReferenceSchema),
  shipmentTrackingNumber: z.string().optional(),
  shippedDate: z.string().optional(),
  shippingCarrierCode: z.string().optional(),
});
export type ShippingFulfillment = z.infer<typeof shippingFulfillmentSchema>;

/** GET …/shipping_fulfillment (getShippingFulfillments). */
export const shippingFulfillmentPageSchema = z.looseObject({
  fulfillments: z.array(shippingFulfillmentSchema).optional(),
  total: z.number().int().optional(),
});

/** createShippingFulfillment answers 201 with the Location of the new fulfillment; the body is `{}` or empty. */
export const createdAnswerSchema = z.union([z.looseObject({}), z.null()]);
