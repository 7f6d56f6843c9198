/**
 * eBay Logistics API (sell/logistics/v1_beta) shapes, typed from eBay's published OpenAPI
 * (sell_logistics_v1_oas3.json; the operations and fields Dockside uses are in
 * docs/reference/ebay-logistics.md): a shipping quote with its live rates (createShippingQuote,
 * getShippingQuote), a shipment bought from one rate (createFromShippingQuote, getShipment,
 * cancelShipment). eBay types every number here as a string (amounts, weights, dimensions).
 */
import { z } from 'zod';

/** Amount: `value` a decimal string, `currency` ISO 4217. */
export const ebayAmountSchema = z.object({ value: z.string(), currency: z.string() });
export type EbayAmount = z.infer<typeof ebayAmountSchema>;

export const contactAddressSchema = z.object({
  addressLine1: z.string().optional(),
  addressLine2: z.string().optional(),
  city: z.string().optional(),
  county: z.string().optional(),
  stateOrProvince: z.string().optional(),
  postalCode: z.string().optional(),
  countryCode: z.string().optional(),
});
export const contactSchema = z.object({
  fullName: z.string().optional(),
  companyName: z.string().optional(),
  contactAddress: contactAddressSchema.optional(),
  primaryPhone: z.object({ phoneNumber: z.string().optional() }).optional(),
});
export type EbayContact = z.infer<typeof contactSchema>;

/** LengthUnitOfMeasureEnum / WeightUnitOfMeasureEnum: the units Dockside sends. */
export const packageSpecificationSchema = z.object({
  dimensions: z
    .object({
      length: z.string().optional(),
      width: z.string().optional(),
      height: z.string().optional(),
      unit: z.string().optional(),
    })
    .optional(),
  weight: z.object({ value: z.string().optional(), unit: z.string().optional() }).optional(),
});
export type PackageSpecification = z.infer<typeof packageSpecificationSchema>;

/** Order: `channel` EBAY for an eBay order, `orderId` the channel's order id. */
export const logisticsOrderSchema = z.object({ channel: z.string().optional(), orderId: z.string().optional() });

/** ShippingQuoteRequest (createShippingQuote's body); at most 10 orders in one package. */
export const shippingQuoteRequestSchema = z.object({
  orders: z.array(logisticsOrderSchema).max(10).optional(),
  packageSpecification: packageSpecificationSchema,
  shipFrom: contactSchema,
  shipTo: contactSchema,
});
export type ShippingQuoteRequest = z.infer<typeof shippingQuoteRequestSchema>;

const additionalOptionSchema = z.object({
  optionType: z.string().optional(),
  additionalCost: ebayAmountSchema.optional(),
});

/** Rate: one carrier service's live quote for the package. */
export const ebayRateSchema = z.object({
  rateId: z.string(),
  shippingCarrierCode: z.string(),
  shippingCarrierName: z.string().optional(),
  shippingServiceCode: z.string(),
  shippingServiceName: z.string().optional(),
  baseShippingCost: ebayAmountSchema,
  additionalOptions: z.array(additionalOptionSchema).optional(),
  minEstimatedDeliveryDate: z.string().optional(),
  maxEstimatedDeliveryDate: z.string().optional(),
  destinationTimeZone: z.string().optional(),
  pickupType: z.string().optional(),
  rateRecommendation: z.array(z.string()).optional(),
});
export type EbayRate = z.infer<typeof ebayRateSchema>;

const ebayWarningSchema = z.object({
  errorId: z.number().int().optional(),
  message: z.string().optional(),
  longMessage: z.string().optional(),
});

/** ShippingQuote: createShippingQuote's 201 and getShippingQuote's 200. */
export const shippingQuoteSchema = z.object({
  shippingQuoteId: z.string(),
  creationDate: z.string().optional(),
  /** After this instant the quote's rates can no longer be bought. */
  expirationDate: z.string(),
  orders: z.array(logisticsOrderSchema).optional(),
  packageSpecification: packageSpecificationSchema.optional(),
  rates: z.array(ebayRateSchema).default([]),
  shipFrom: contactSchema.optional(),
  shipTo: contactSchema.optional(),
  warnings: z.array(ebayWarningSchema).optional(),
});
export type ShippingQuote = z.infer<typeof shippingQuoteSchema>;

/** CreateShipmentFromQuoteRequest: the quote and the rate chosen from it. labelSize: only 4"x6". */
export const createShipmentFromQuoteRequestSchema = z.object({
  shippingQuoteId: z.string().min(1),
  rateId: z.string().min(1),
  labelSize: z.string().optional(),
  labelCustomMessage: z.string().optional(),
  additionalOptions: z.array(additionalOptionSchema).optional(),
  returnTo: contactSchema.optional(),
});
export type CreateShipmentFromQuoteRequest = z.infer<typeof createShipmentFromQuoteRequestSchema>;

/**
 * ShipmentCancellationStatusEnum: CANCELLATION_REQUESTED (the carrier decides later),
 * CANCELLATION_ACCEPTED, CANCELLATION_REJECTED.
 */
export const CANCELLATION_STATUSES = [
  'CANCELLATION_REQUESTED',
  'CANCELLATION_ACCEPTED',
  'CANCELLATION_REJECTED',
] as const;
export const shipmentCancellationSchema = z.object({
  cancellationRequestedDate: z.string().optional(),
  cancellationStatus: z.string().optional(),
});

/** PurchasedRate: the rate bought, its total (base service plus options). */
export const purchasedRateSchema = z.object({
  rateId: z.string().optional(),
  shippingQuoteId: z.string().optional(),
  shippingCarrierCode: z.string().optional(),
  shippingCarrierName: z.string().optional(),
  shippingServiceCode: z.string().optional(),
  shippingServiceName: z.string().optional(),
  baseShippingCost: ebayAmountSchema.optional(),
  totalShippingCost: ebayAmountSchema,
  minEstimatedDeliveryDate: z.string().optional(),
  maxEstimatedDeliveryDate: z.string().optional(),
});

/** Shipment: createFromShippingQuote's 201, getShipment's and cancelShipment's 200. */
export const shipmentSchema = z.object({
  shipmentId: z.string(),
  shipmentTrackingNumber: z.string().optional(),
  creationDate: z.string().optional(),
  labelDownloadUrl: z.string().optional(),
  labelSize: z.string().optional(),
  labelCustomMessage: z.string().optional(),
  orders: z.array(logisticsOrderSchema).optional(),
  packageSpecification: packageSpecificationSchema.optional(),
  rate: purchasedRateSchema,
  returnTo: contactSchema.optional(),
  shipFrom: contactSchema.optional(),
  shipTo: contactSchema.optional(),
  cancellation: shipmentCancellationSchema.optional(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** The only label size eBay documents. */
export const EBAY_LABEL_SIZE = '4"x6"';
