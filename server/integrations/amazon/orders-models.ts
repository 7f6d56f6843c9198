/**
 * Orders shapes, typed from ../shared/reference/amazon: Orders v2026-01-01 (searchOrders, getOrder —
 * the reads that replace v0's deprecated getOrders/getOrder/getOrderItems) and Orders v0's two
 * writes that have no successor (confirmShipment, updateShipmentStatus). The client checks answers
 * with these; the sandbox builds its answers and checks requests with the same schemas.
 */
import { z } from 'zod';

/** Amazon's `FulfillmentStatus`. */
export const FULFILLMENT_STATUSES = [
  'PENDING_AVAILABILITY',
  'PENDING',
  'UNSHIPPED',
  'PARTIALLY_SHIPPED',
  'SHIPPED',
  'CANCELLED',
  'UNFULFILLABLE',
] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

/** searchOrders `fulfilledBy`: AMAZON is FBA (AFN), MERCHANT is the seller (MFN). */
export const FULFILLED_BY = ['MERCHANT', 'AMAZON'] as const;
export type FulfilledBy = (typeof FULFILLED_BY)[number];

/** The datasets `includedData` may ask for; without them an order carries only its core fields. */
export const INCLUDED_DATA = [
  'BUYER',
  'RECIPIENT',
  'PROCEEDS',
  'EXPENSE',
  'PROMOTION',
  'CANCELLATION',
  'FULFILLMENT',
  'PACKAGES',
  'TAX',
  'PAYMENT',
  'FULFILLMENT_ORDERS',
] as const;
export type IncludedData = (typeof INCLUDED_DATA)[number];

/** Money: `amount` is a decimal string ("49.99"), never a float. */
export const moneySchema = z.object({ amount: z.string().regex(/^-?\d+(\.\d+)?$/), currencyCode: z.string() });
export type Money = z.infer<typeof moneySchema>;

export const dateTimeRangeSchema = z.object({
  earliestDateTime: z.string().optional(),
  latestDateTime: z.string().optional(),
});

export const customerAddressSchema = z.object({
  name: z.string().optional(),
  companyName: z.string().optional(),
  addressLine1: z.string().optional(),
  addressLine2: z.string().optional(),
  addressLine3: z.string().optional(),
  city: z.string().optional(),
  districtOrCounty: z.string().optional(),
  stateOrRegion: z.string().optional(),
  municipality: z.string().optional(),
  postalCode: z.string().optional(),
  countryCode: z.string().optional(),
  phone: z.string().optional(),
  addressType: z.string().optional(),
});
export type CustomerAddress = z.infer<typeof customerAddressSchema>;

const merchantAddressSchema = customerAddressSchema.omit({ companyName: true, phone: true, addressType: true });

const proceedsBreakdownSchema = z.object({ type: z.string(), status: z.string().optional(), subtotal: moneySchema });

export const orderItemSchema = z.object({
  orderItemId: z.string(),
  quantityOrdered: z.number().int(),
  programs: z.array(z.string()).optional(),
  product: z.object({
    asin: z.string().optional(),
    title: z.string().optional(),
    sellerSku: z.string().optional(),
    condition: z
      .object({
        conditionType: z.string().optional(),
        conditionSubtype: z.string().optional(),
        conditionNote: z.string().optional(),
      })
      .optional(),
    price: z.object({ unitPrice: moneySchema.optional(), priceDesignation: z.string().optional() }).optional(),
  }),
  proceeds: z
    .object({ proceedsTotal: moneySchema.optional(), breakdowns: z.array(proceedsBreakdownSchema).optional() })
    .optional(),
  cancellation: z
    .object({
      cancellationRequest: z
        .object({ requester: z.string().optional(), cancelReason: z.string().optional() })
        .optional(),
      cancellationExecution: z
        .object({ cancelledBy: z.string().optional(), cancelReason: z.string().optional() })
        .optional(),
    })
    .optional(),
  fulfillment: z
    .object({
      quantityFulfilled: z.number().int().optional(),
      quantityUnfulfilled: z.number().int().optional(),
      shipping: z.object({ scheduledDeliveryWindow: dateTimeRangeSchema.optional() }).optional(),
    })
    .optional(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const PACKAGE_STATUSES = [
  'PENDING',
  'IN_TRANSIT',
  'SHIPPED',
  'DELIVERED',
  'CANCELLED',
  'UNDELIVERABLE',
] as const;

export const orderPackageSchema = z.object({
  packageReferenceId: z.string(),
  createdTime: z.string().optional(),
  packageStatus: z.object({ status: z.enum(PACKAGE_STATUSES), detailedStatus: z.string().optional() }).optional(),
  carrier: z.string().optional(),
  shipTime: z.string().optional(),
  shippingService: z.string().optional(),
  trackingNumber: z.string().optional(),
  shipFromAddress: merchantAddressSchema.optional(),
  packageItems: z.array(z.object({ orderItemId: z.string(), quantity: z.number().int() })).optional(),
});
export type OrderPackage = z.infer<typeof orderPackageSchema>;

export const orderSchema = z.object({
  orderId: z.string(),
  orderAliases: z.array(z.object({ aliasId: z.string(), aliasType: z.string() })).optional(),
  createdTime: z.string(),
  lastUpdatedTime: z.string(),
  programs: z.array(z.string()).optional(),
  salesChannel: z.object({
    channelName: z.string(),
    marketplaceId: z.string().optional(),
    marketplaceName: z.string().optional(),
  }),
  buyer: z
    .object({
      buyerName: z.string().optional(),
      buyerEmail: z.string().optional(),
      buyerCompanyName: z.string().optional(),
      buyerPurchaseOrderNumber: z.string().optional(),
    })
    .optional(),
  recipient: z
    .object({
      deliveryAddress: customerAddressSchema.optional(),
      deliveryPreference: z.object({ addressInstruction: z.string().optional() }).optional(),
    })
    .optional(),
  proceeds: z
    .object({ grandTotal: moneySchema.optional(), breakdowns: z.array(proceedsBreakdownSchema).optional() })
    .optional(),
  fulfillment: z
    .object({
      fulfillmentStatus: z.enum(FULFILLMENT_STATUSES),
      fulfilledBy: z.string().optional(),
      fulfillmentServiceLevel: z.string().optional(),
      shipByWindow: dateTimeRangeSchema.optional(),
      deliverByWindow: dateTimeRangeSchema.optional(),
      labelPrintingWindow: dateTimeRangeSchema.optional(),
    })
    .optional(),
  orderItems: z.array(orderItemSchema),
  packages: z.array(orderPackageSchema).optional(),
});
export type Order = z.infer<typeof orderSchema>;

export const searchOrdersResponseSchema = z.object({
  orders: z.array(orderSchema),
  pagination: z.object({ nextToken: z.string().optional() }).optional(),
  lastUpdatedBefore: z.string().optional(),
  createdBefore: z.string().optional(),
});
export type SearchOrdersResponse = z.infer<typeof searchOrdersResponseSchema>;

export const getOrderResponseSchema = z.object({ order: orderSchema });

/**
 * searchOrders' query. Exactly one of `createdAfter` and `lastUpdatedAfter` (Amazon refuses both
 * or neither); a `…Before` bound goes only with its own `…After`; `paginationToken` is the previous
 * page's `pagination.nextToken`, sent with otherwise the same parameters.
 */
export interface SearchOrdersQuery {
  createdAfter?: string;
  createdBefore?: string;
  lastUpdatedAfter?: string;
  lastUpdatedBefore?: string;
  fulfillmentStatuses?: FulfillmentStatus[];
  marketplaceIds?: string[];
  fulfilledBy?: FulfilledBy[];
  /** 1–100; Amazon's default is 100. */
  maxResultsPerPage?: number;
  paginationToken?: string;
  includedData?: IncludedData[];
}

// ---- Orders v0 writes ----

/** Amazon: "Only positive numeric values are supported." */
const packageReferenceIdSchema = z.string().regex(/^[1-9]\d*$/, 'packageReferenceId: a positive number');

export const confirmShipmentRequestSchema = z.object({
  marketplaceId: z.string().min(1),
  codCollectionMethod: z.enum(['DirectPayment']).optional(),
  packageDetail: z.object({
    packageReferenceId: packageReferenceIdSchema,
    carrierCode: z.string().min(1),
    carrierName: z.string().optional(),
    shippingMethod: z.string().optional(),
    trackingNumber: z.string().min(1),
    shipDate: z.string().datetime({ offset: true }),
    shipFromSupplySourceId: z.string().optional(),
    orderItems: z
      .array(
        z.object({
          orderItemId: z.string().min(1),
          quantity: z.number().int(),
          transparencyCodes: z.array(z.string()).optional(),
        }),
      )
      .min(1),
  }),
});
export type ConfirmShipmentRequest = z.infer<typeof confirmShipmentRequestSchema>;

export const SHIPMENT_STATUSES = ['ReadyForPickup', 'PickedUp', 'RefusedPickup'] as const;
export const updateShipmentStatusRequestSchema = z.object({
  marketplaceId: z.string().min(1),
  shipmentStatus: z.enum(SHIPMENT_STATUSES),
  orderItems: z
    .array(z.object({ orderItemId: z.string().optional(), quantity: z.number().int().optional() }))
    .optional(),
});
export type UpdateShipmentStatusRequest = z.infer<typeof updateShipmentStatusRequestSchema>;

/** Both v0 writes answer 204 with no body (ProviderHttp reads an empty body as null). */
export const noContentSchema = z.null();
