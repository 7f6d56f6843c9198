/**
 * Walmart Marketplace (US) Orders API v3, the shapes Dockside reads and sends, as zod. Read from
 * Walmart's published "Order Management" OpenAPI 3.0.1 (developer.walmart.com; the unedited copy in
 * api-evangelist/walmart@8b35f5a1, `walmart-marketplace-orders-openapi-original.yml`): getAllOrders
 * (GET /v3/orders), getAnOrder, acknowledgeOrders, shippingUpdates and cancelOrderLines. The JSON
 * Schema excerpts the contract tests hold the sandbox to are in tests/reference/walmart/.
 *
 * Walmart's own oddities, kept as published: dates are epoch milliseconds (int64), quantities are
 * strings ("1"), a line's state is a list of statuses each with its quantity (a line of 2 can be 1
 * Acknowledged and 1 Shipped), and the list is `list.elements.order[]` with `list.meta.nextCursor`,
 * a query string ("?limit=…&hasMoreElements=true&…") to append to /v3/orders for the next page.
 * The client accepts strings where Walmart publishes enums, so a new carrier or status is not a
 * broken answer; the sandbox is held to the enums by the contract tests.
 */
import { z } from 'zod';

/** The order statuses of a line (OrderLineStatusType.status). */
export const WALMART_LINE_STATUSES = [
  'Created',
  'Acknowledged',
  'Shipped',
  'Delivered',
  'Cancelled',
  'Refund',
] as const;
export type WalmartLineStatus = (typeof WALMART_LINE_STATUSES)[number];

/** getAllOrders' shipNodeType: who fulfils the order. SellerFulfilled is Walmart's default. */
export const SHIP_NODE_TYPES = ['SellerFulfilled', 'WFSFulfilled', '3PLFulfilled'] as const;
export type ShipNodeType = (typeof SHIP_NODE_TYPES)[number];

/** The shipping methods of shippingInfo and trackingInfo. */
export const METHOD_CODES = ['Standard', 'Express', 'OneDay', 'Freight', 'WhiteGlove', 'Value'] as const;

/** cancelOrderLines' cancellationReason values. */
export const CANCELLATION_REASONS = [
  'CUSTOMER_REQUESTED_SELLER_TO_CANCEL',
  'SELLER_CANCEL_PRICING_ERROR',
  'SELLER_CANCEL_OUT_OF_STOCK',
  'SELLER_CANCEL_FRAUD_STOP_SHIPMENT',
  'SELLER_CANCEL_ADDRESS_NOT_SERVICEABLE',
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

/** QuantityType: Walmart sends the count as a string of digits. */
export const quantitySchema = z.object({
  unitOfMeasurement: z.string(),
  amount: z.string().regex(/^\d+$/, 'a whole number'),
});

const moneySchema = z.object({ currency: z.string(), amount: z.number() });

export const chargeSchema = z.object({
  chargeType: z.string(),
  chargeName: z.string(),
  chargeAmount: moneySchema,
  tax: z.object({ taxName: z.string(), taxAmount: moneySchema }).optional(),
});
export type WalmartCharge = z.infer<typeof chargeSchema>;

export const trackingInfoSchema = z.object({
  shipDateTime: z.number().int(),
  carrierName: z.object({ otherCarrier: z.string().optional(), carrier: z.string().optional() }),
  methodCode: z.string(),
  trackingNumber: z.string(),
  trackingURL: z.string().optional(),
});
export type WalmartTrackingInfo = z.infer<typeof trackingInfoSchema>;

export const lineStatusSchema = z.object({
  status: z.string(),
  statusQuantity: quantitySchema,
  cancellationReason: z.string().optional(),
  trackingInfo: trackingInfoSchema.optional(),
});
export type WalmartLineStatusEntry = z.infer<typeof lineStatusSchema>;

export const orderLineSchema = z.object({
  lineNumber: z.string(),
  item: z.object({
    productName: z.string(),
    sku: z.string(),
    condition: z.string().optional(),
    imageUrl: z.string().optional(),
    weight: z.object({ value: z.string(), unit: z.string() }).optional(),
  }),
  charges: z.object({ charge: z.array(chargeSchema).default([]) }),
  orderLineQuantity: quantitySchema,
  /** When the line's status last changed (epoch ms). */
  statusDate: z.number().int(),
  orderLineStatuses: z.object({ orderLineStatus: z.array(lineStatusSchema).default([]) }),
  fulfillment: z
    .object({
      fulfillmentOption: z.string().optional(),
      shipMethod: z.string().optional(),
      storeId: z.string().optional(),
      pickUpDateTime: z.number().int().optional(),
      pickUpBy: z.string().optional(),
      shippingProgramType: z.string().optional(),
    })
    .optional(),
  sellerOrderId: z.string().optional(),
});
export type WalmartOrderLine = z.infer<typeof orderLineSchema>;

export const postalAddressSchema = z.object({
  name: z.string(),
  address1: z.string(),
  address2: z.string().optional(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  /** Walmart writes the country as "USA". */
  country: z.string(),
  addressType: z.string().optional(),
});

export const orderSchema = z.object({
  purchaseOrderId: z.string(),
  customerOrderId: z.string(),
  customerEmailId: z.string(),
  orderType: z.string().optional(),
  /** When the customer placed the order (epoch ms). */
  orderDate: z.number().int(),
  mart: z.string().optional(),
  shippingInfo: z.object({
    phone: z.string(),
    estimatedDeliveryDate: z.number().int(),
    estimatedShipDate: z.number().int(),
    methodCode: z.string(),
    postalAddress: postalAddressSchema,
  }),
  orderLines: z.object({ orderLine: z.array(orderLineSchema) }),
  orderSummary: z
    .object({
      totalAmount: z.object({ currencyAmount: z.number(), currencyUnit: z.string() }).optional(),
    })
    .optional(),
  /** Who fulfils it: type is a shipNodeType (SellerFulfilled, WFSFulfilled, 3PLFulfilled). */
  shipNode: z
    .object({ type: z.string().optional(), name: z.string().optional(), id: z.string().optional() })
    .optional(),
});
export type WalmartOrder = z.infer<typeof orderSchema>;

/** GET /v3/orders (getAllOrders), and each nextCursor follow-up. */
export const ordersListSchema = z.object({
  list: z.object({
    meta: z.object({
      totalCount: z.number().int().optional(),
      limit: z.number().int().optional(),
      nextCursor: z.string().nullish(),
    }),
    elements: z.object({ order: z.array(orderSchema).default([]) }),
  }),
});
export type WalmartOrdersList = z.infer<typeof ordersListSchema>;

/** acknowledgeOrders, shippingUpdates, cancelOrderLines and getAnOrder answer with the order. */
export const orderResponseSchema = z.object({ order: orderSchema });

/** trackingInfo.carrierName.carrier: the carriers Walmart knows by name (any other is otherCarrier). */
export const WALMART_CARRIERS = [
  'UPS',
  'USPS',
  'FedEx',
  'Airborne',
  'OnTrac',
  'DHL Ecommerce - US',
  'DHL',
  'LS',
  'UDS',
  'UPSMI',
  'FDX',
  'PILOT',
  'ESTES',
  'SAIA',
  'FDS Express',
  'Seko Worldwide',
  'HIT Delivery',
  'FEDEXSP',
  'RL Carriers',
  'Metropolitan Warehouse & Delivery',
  'China Post',
  'YunExpress',
  'Yellow Freight Sys',
  'AIT Worldwide Logistics',
  'Chukou1',
  'Sendle',
  'Landmark Global',
  'Sunyou',
  'Yanwen',
  '4PX',
  'GLS',
  'OSM Worldwide',
  'FIRST MILE',
  'AM Trucking',
  'CEVA',
  'India Post',
  'SF Express',
  'CNE',
  'TForce Freight',
  'AxleHire',
  'LSO',
  'Royal Mail',
  'ABF Freight System',
  'WanB',
  'Roadrunner Freight',
  'Meyer Distribution',
  'AAA Cooper',
  'Canada Post',
  'Southeastern Freight Lines',
  'Japan Post',
  'Correos de Mexico',
  'XPO Logistics',
  'JD Logistics',
  'YDH',
  'JCEX',
  'Flyt',
  'Deutsche Post',
  'Better Trucks',
  'Asendia',
  'SFC',
  'UBI',
  'ePost Global',
  'YF Logistics',
  'RXO',
  'Estes Express',
  'Shypmax',
  'WIN.IT America',
  'PITT OHIO',
  'PostNord Sweden',
  'Equick',
  'Whistl',
  'Tusou',
  'Shiprocket',
  'DTDC',
  'PTS',
] as const;

/** shippingUpdates' request (OrderShipment), as Walmart publishes it: what the sandbox accepts. */
export const shippingRequestSchema = z.object({
  orderShipment: z.object({
    processMode: z.string().optional(),
    orderLines: z.object({
      orderLine: z
        .array(
          z.object({
            lineNumber: z.string().min(1),
            intentToCancelOverride: z.boolean().optional(),
            sellerOrderId: z.string().min(1).max(30),
            orderLineStatuses: z.object({
              orderLineStatus: z
                .array(
                  z.object({
                    status: z.enum(WALMART_LINE_STATUSES),
                    statusQuantity: quantitySchema,
                    trackingInfo: trackingInfoSchema.extend({ methodCode: z.enum(METHOD_CODES) }),
                  }),
                )
                .min(1),
            }),
          }),
        )
        .min(1),
    }),
  }),
});
export type ShippingRequest = z.infer<typeof shippingRequestSchema>;

/** cancelOrderLines' request (OrderCancellation), as Walmart publishes it. */
export const cancellationRequestSchema = z.object({
  orderCancellation: z.object({
    orderLines: z.object({
      orderLine: z
        .array(
          z.object({
            lineNumber: z.string().min(1),
            orderLineStatuses: z.object({
              orderLineStatus: z
                .array(
                  z.object({
                    status: z.enum(WALMART_LINE_STATUSES),
                    cancellationReason: z.enum(CANCELLATION_REASONS),
                    statusQuantity: quantitySchema,
                  }),
                )
                .min(1),
            }),
          }),
        )
        .min(1),
    }),
  }),
});
export type CancellationRequest = z.infer<typeof cancellationRequestSchema>;

/** One line of a shipment (shippingUpdates' orderShipment.orderLines.orderLine[]). */
export interface ShipLine {
  lineNumber: string;
  /** Units of the line in this package. */
  quantity: number;
  /** Walmart's carrier list (UPS, USPS, FedEx, …); anything else goes as otherCarrier with trackingUrl. */
  carrier: string;
  otherCarrier?: boolean;
  methodCode: (typeof METHOD_CODES)[number];
  trackingNumber: string;
  trackingUrl?: string;
  shipDateTime: Date;
}

/** One line to cancel (cancelOrderLines' orderCancellation.orderLines.orderLine[]). */
export interface CancelLine {
  lineNumber: string;
  quantity: number;
  reason: CancellationReason;
}

/** getAllOrders' filters, in Walmart's names; dates as Date (sent as ISO 8601). */
export interface OrdersQuery {
  createdStartDate?: Date;
  createdEndDate?: Date;
  lastModifiedStartDate?: Date;
  lastModifiedEndDate?: Date;
  fromExpectedShipDate?: Date;
  toExpectedShipDate?: Date;
  status?: WalmartLineStatus;
  shipNodeType?: ShipNodeType;
  sku?: string;
  customerOrderId?: string;
  purchaseOrderId?: string;
  /** At most 200 (Walmart's limit); Walmart's default is 100. */
  limit?: number;
}
