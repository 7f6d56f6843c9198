/**
 * eBay shapes Dockside reads, typed from ../shared/reference/ebay (Sell Fulfillment v1) and eBay's
 * OAuth documentation. Orders are read for what fulfilment needs; other fields pass through.
 */
import { z } from 'zod';

export const EBAY_SCOPES = [
  'https://api.ebay.com/oauth/api_scope',
  'https://api.ebay.com/oauth/api_scope/sell.fulfillment',
  'https://api.ebay.com/oauth/api_scope/sell.inventory',
];

/** eBay's refusals: `{errors: [{errorId, domain, category, message, longMessage, parameters}]}`. */
export const ebayErrorSchema = z.object({
  errors: z.array(
    z.object({
      errorId: z.number().int(),
      domain: z.string().optional(),
      category: z.string().optional(),
      message: z.string().optional(),
      longMessage: z.string().optional(),
      parameters: z.array(z.object({ name: z.string(), value: z.string().optional() })).optional(),
    }),
  ),
});

const amount = z.object({ value: z.string(), currency: z.string() });

export const ebayLineItemSchema = z.looseObject({
  lineItemId: z.string(),
  legacyItemId: z.string().optional(),
  sku: z.string().optional(),
  title: z.string().optional(),
  quantity: z.number().int(),
  lineItemCost: amount.optional(),
  lineItemFulfillmentStatus: z.string().optional(),
});

export const ebayOrderSchema = z.looseObject({
  orderId: z.string(),
  creationDate: z.string(),
  lastModifiedDate: z.string().optional(),
  orderFulfillmentStatus: z.enum(['FULFILLED', 'IN_PROGRESS', 'NOT_STARTED']),
  orderPaymentStatus: z.string().optional(),
  sellerId: z.string().optional(),
  buyer: z.looseObject({ username: z.string().optional() }).optional(),
  pricingSummary: z.looseObject({ total: amount.optional() }).optional(),
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
