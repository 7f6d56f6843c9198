/**
 * Marketplace orders (spec "FBM order", §4 FBM order statuses, sales channels and fulfilment
 * networks) as Dockside keeps them, whatever store they came from. Each marketplace client maps
 * its own order shape into `MarketplaceOrderInput` (server/integrations/<provider>/order-source.ts);
 * the `stores.pull-orders` job upserts them by the marketplace's order id, so a pull repeated or
 * resumed after a crash changes nothing twice.
 */
import { z } from 'zod';

/** Spec: FBM order statuses. */
export const FBM_ORDER_STATUSES = ['AWAITING', 'PARTIALLY_SHIPPED', 'SHIPPED', 'CANCELED'] as const;
export type FbmOrderStatus = (typeof FBM_ORDER_STATUSES)[number];

/** Spec: sales channels (ALL is a filter, not a value). */
export const SALES_CHANNELS = ['Amazon', 'Merchant', 'WalmartFulfilled', 'SellerFulfilled', 'Ebay', 'Shopify'] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];

/** Spec: fulfilment networks (ALL is a filter). Shopify orders the seller ships are MFN. */
export const FULFILLMENT_NETWORKS = ['AFN', 'MFN', 'WFS', 'EBAY'] as const;
export type FulfillmentNetwork = (typeof FULFILLMENT_NETWORKS)[number];
/**
 * Networks on which the marketplace ships the order from its own fulfilment centres (Amazon FBA,
 * Walmart WFS): such orders are pulled with the rest but the warehouse never reserves, picks,
 * labels or ships them.
 */
export const MARKETPLACE_FULFILLED_NETWORKS = ['AFN', 'WFS'] as const satisfies readonly FulfillmentNetwork[];

/**
 * Amazon's order programs (Orders v2026-01-01 `programs`) the desk marks on an order: Prime and
 * Premium set the pace, Business buyers want invoices, pre-orders wait for their release, and an
 * in-store pickup is never shipped (it is recorded as picked up instead). Other programs Amazon
 * names are kept on the order as they come, but not marked.
 */
export const MARKED_ORDER_PROGRAMS = ['PRIME', 'PREMIUM', 'IN_STORE_PICK_UP', 'AMAZON_BUSINESS', 'PREORDER'] as const;
export type MarkedOrderProgram = (typeof MARKED_ORDER_PROGRAMS)[number];
export const IN_STORE_PICKUP: MarkedOrderProgram = 'IN_STORE_PICK_UP';

const text = (max: number) => z.string().max(max);
const cents = z.number().int();

export const orderAddressSchema = z.object({
  name: text(200).nullable(),
  line1: text(200).nullable(),
  line2: text(200).nullable(),
  city: text(100).nullable(),
  state: text(100).nullable(),
  postalCode: text(20).nullable(),
  countryCode: text(2).nullable(),
  phone: text(40).nullable(),
});
export type OrderAddress = z.infer<typeof orderAddressSchema>;

export const orderLineInputSchema = z.object({
  /** The marketplace's id of the line (Amazon orderItemId, Walmart lineNumber, eBay lineItemId, Shopify line item gid). */
  lineId: text(120).min(1),
  sku: text(120).nullable(),
  asin: text(20).nullable(),
  /** UPC/EAN/GTIN when the marketplace gives one. */
  gtin: text(20).nullable(),
  title: text(500).nullable(),
  quantityOrdered: z.number().int().min(0),
  quantityShipped: z.number().int().min(0),
  /** Per-unit price in cents of `currency` (null when the marketplace hides it). */
  unitPrice: cents.nullable(),
});
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

export const marketplaceOrderInputSchema = z.object({
  marketplaceOrderId: text(120).min(1),
  /** The number buyer and seller quote when it differs from the id (Walmart customerOrderId, Shopify "#1001"). */
  displayId: text(120).nullable().optional(),
  salesChannel: z.enum(SALES_CHANNELS),
  fulfillmentNetwork: z.enum(FULFILLMENT_NETWORKS),
  status: z.enum(FBM_ORDER_STATUSES),
  /** The marketplace's own status word, kept for support ("Unshipped", "Acknowledged", "NOT_STARTED" …). */
  marketplaceStatus: text(60),
  purchasedAt: z.string().datetime({ offset: true }),
  /** When the marketplace last changed it (the pull's high-water mark). */
  updatedAt: z.string().datetime({ offset: true }),
  /** Latest ship date promised to the buyer. */
  shipBy: z.string().datetime({ offset: true }).nullable(),
  deliverBy: z.string().datetime({ offset: true }).nullable(),
  /** The buyer's chosen service level in the marketplace's words (Standard, Expedited, NextDay …). */
  shippingService: text(80).nullable(),
  currency: text(3).nullable(),
  total: cents.nullable(),
  shipTo: orderAddressSchema.nullable(),
  /** The marketplace's programs for the order, in its words (Amazon: PRIME, IN_STORE_PICK_UP …); none when absent. */
  programs: z.array(text(40)).max(20).optional(),
  lines: z.array(orderLineInputSchema).min(1),
});
export type MarketplaceOrderInput = z.infer<typeof marketplaceOrderInputSchema>;

/**
 * The spec status from what was ordered and shipped per line: nothing shipped is AWAITING, some is
 * PARTIALLY_SHIPPED, all is SHIPPED. A marketplace cancellation wins over both.
 */
export function fbmStatusOf(
  lines: Pick<OrderLineInput, 'quantityOrdered' | 'quantityShipped'>[],
  canceled: boolean,
): FbmOrderStatus {
  if (canceled) return 'CANCELED';
  const ordered = lines.reduce((n, l) => n + l.quantityOrdered, 0);
  const shipped = lines.reduce((n, l) => n + Math.min(l.quantityShipped, l.quantityOrdered), 0);
  if (ordered > 0 && shipped >= ordered) return 'SHIPPED';
  return shipped > 0 ? 'PARTIALLY_SHIPPED' : 'AWAITING';
}

/** A page of orders from one marketplace, and where the next page starts (null: none). */
export interface OrderPage {
  orders: MarketplaceOrderInput[];
  next: string | null;
}

/** A marketplace's asynchronous operation as Dockside follows it (polled by a background job). */
export const OPERATION_STATUSES = ['IN_PROGRESS', 'SUCCESS', 'FAILED', 'GAVE_UP'] as const;
export const marketplaceOperationSchema = z.object({
  operationId: z.string(),
  kind: z.string(),
  operation: z.string().nullable(),
  subject: z.string().nullable(),
  status: z.enum(OPERATION_STATUSES),
  /** The provider's problems, per SKU or field, when it failed (or warned). */
  problems: z.array(
    z.object({ code: z.string(), message: z.string(), severity: z.string(), details: z.string().optional() }),
  ),
  checks: z.number().int(),
  startedAt: z.string(),
  lastCheckedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type MarketplaceOperation = z.infer<typeof marketplaceOperationSchema>;
