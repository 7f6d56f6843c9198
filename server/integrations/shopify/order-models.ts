/**
 * The data of Dockside's order and fulfilment documents (order-queries.ts), written against
 * Shopify's documented Admin GraphQL types: Order, LineItem, FulfillmentOrder,
 * FulfillmentOrderLineItem, Fulfillment, and fulfillmentCreate's payload with its userErrors.
 */
import { z } from 'zod';

/** MoneyBag's shop-currency amount: Decimal is a string ("28.00"). */
const shopMoneySchema = z.object({ shopMoney: z.object({ amount: z.string(), currencyCode: z.string().optional() }) });
const pageInfoSchema = z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() });

export const shopifyLineItemSchema = z.object({
  id: z.string(),
  sku: z.string().nullable(),
  title: z.string(),
  quantity: z.number().int(),
  currentQuantity: z.number().int(),
  unfulfilledQuantity: z.number().int(),
  originalUnitPriceSet: shopMoneySchema,
  variant: z.object({ barcode: z.string().nullable() }).nullable(),
});
export type ShopifyLineItem = z.infer<typeof shopifyLineItemSchema>;

const lineItemPageSchema = z.object({ pageInfo: pageInfoSchema, nodes: z.array(shopifyLineItemSchema) });

export const shopifyOrderSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  displayFulfillmentStatus: z.string(),
  currencyCode: z.string(),
  totalPriceSet: shopMoneySchema,
  shippingAddress: z
    .object({
      name: z.string().nullable(),
      address1: z.string().nullable(),
      address2: z.string().nullable(),
      city: z.string().nullable(),
      provinceCode: z.string().nullable(),
      zip: z.string().nullable(),
      countryCodeV2: z.string().nullable(),
      phone: z.string().nullable(),
    })
    .nullable(),
  shippingLine: z.object({ title: z.string() }).nullable(),
  fulfillmentOrders: z.object({
    nodes: z.array(
      z.object({
        fulfillBy: z.string().nullable(),
        deliveryMethod: z.object({ maxDeliveryDateTime: z.string().nullable() }).nullable(),
      }),
    ),
  }),
  lineItems: lineItemPageSchema,
});
export type ShopifyOrder = z.infer<typeof shopifyOrderSchema>;

export const ordersDataSchema = z.object({
  orders: z.object({ pageInfo: pageInfoSchema, nodes: z.array(shopifyOrderSchema) }),
});

export const orderLineItemsDataSchema = z.object({
  order: z.object({ lineItems: lineItemPageSchema }).nullable(),
});

export const fulfillmentOrdersDataSchema = z.object({
  order: z
    .object({
      id: z.string(),
      fulfillmentOrders: z.object({
        nodes: z.array(
          z.object({
            id: z.string(),
            status: z.string(),
            lineItems: z.object({
              nodes: z.array(
                z.object({
                  id: z.string(),
                  remainingQuantity: z.number().int(),
                  totalQuantity: z.number().int(),
                  lineItem: z.object({ id: z.string() }),
                }),
              ),
            }),
          }),
        ),
      }),
    })
    .nullable(),
});
export type ShopifyFulfillmentOrder = NonNullable<
  z.infer<typeof fulfillmentOrdersDataSchema>['order']
>['fulfillmentOrders']['nodes'][number];

/** FulfillmentInput: which fulfillment-order lines ship (all of an order's when none are named). */
export interface ShopifyFulfillmentInput {
  lineItemsByFulfillmentOrder: {
    fulfillmentOrderId: string;
    fulfillmentOrderLineItems?: { id: string; quantity: number }[];
  }[];
  notifyCustomer?: boolean;
  trackingInfo?: { company?: string; number?: string; url?: string };
}

export const fulfillmentCreateDataSchema = z.object({
  fulfillmentCreate: z.object({
    fulfillment: z
      .object({
        id: z.string(),
        name: z.string(),
        status: z.string(),
        createdAt: z.string(),
        trackingInfo: z.array(
          z.object({ company: z.string().nullable(), number: z.string().nullable(), url: z.string().nullable() }),
        ),
      })
      .nullable(),
    userErrors: z.array(z.object({ field: z.array(z.string()).nullable(), message: z.string() })),
  }),
});

/** ORDER_FULFILLMENTS_QUERY's answer (order null: the shop has no such order). */
export const orderFulfillmentsDataSchema = z.object({
  order: z
    .object({
      id: z.string(),
      fulfillments: z.array(
        z.object({
          id: z.string(),
          status: z.string(),
          trackingInfo: z.array(z.object({ company: z.string().nullable(), number: z.string().nullable() })),
        }),
      ),
    })
    .nullable(),
});
