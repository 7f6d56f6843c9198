/**
 * The orders desk of merchant fulfilment (issue 20; spec §2 /apps/outbound/fbm-shipments and
 * /apps/outbound/mfn-shipments, §7 /api/fbm web/view/orders): the marketplace orders Dockside
 * pulled or was given by file, as the desk lists and opens them. Reservations, picking and labels
 * build on these later.
 */
import { z } from 'zod';
import {
  FBM_ORDER_STATUSES,
  FULFILLMENT_NETWORKS,
  MARKED_ORDER_PROGRAMS,
  SALES_CHANNELS,
  type SalesChannel,
} from './orders.js';

/**
 * Which orders each desk shows: Amazon FBM is Amazon's merchant-fulfilled channel; merchant
 * fulfilment (MFN) is every other store the warehouse ships for. Orders the marketplace fulfils
 * itself (Amazon FBA, Walmart WFS) are on neither.
 */
export const ORDER_DESKS = ['fbm', 'mfn'] as const;
export type OrderDesk = (typeof ORDER_DESKS)[number];
export const DESK_CHANNELS: Record<OrderDesk, readonly SalesChannel[]> = {
  fbm: ['Merchant'],
  mfn: ['SellerFulfilled', 'Ebay', 'Shopify'],
};

const int = z.number().int();
const idQuery = z.coerce.number().int().positive().optional();

export const orderListQuerySchema = z.object({
  pageNumber: z.string().optional(),
  pageSize: z.string().optional(),
  desk: z.enum(ORDER_DESKS).optional(),
  status: z.enum(FBM_ORDER_STATUSES).optional(),
  salesChannel: z.enum(SALES_CHANNELS).optional(),
  companyId: idQuery,
  /** The client by its account number (the MFN screen's :accountNo). */
  accountNo: z.string().trim().max(40).optional(),
  storeId: idQuery,
  /** Orders of one marked program (Prime, in-store pickup …). */
  program: z.enum(MARKED_ORDER_PROGRAMS).optional(),
  /** Order id or number, buyer, SKU, ASIN, UPC or title. */
  q: z.string().trim().max(100).optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const orderRowSchema = z.object({
  id: int,
  companyId: int,
  companyName: z.string(),
  accountNo: z.string(),
  storeId: int,
  storeName: z.string(),
  marketplace: z.string(),
  marketplaceOrderId: z.string(),
  displayId: z.string().nullable(),
  salesChannel: z.enum(SALES_CHANNELS),
  fulfillmentNetwork: z.enum(FULFILLMENT_NETWORKS),
  status: z.enum(FBM_ORDER_STATUSES),
  marketplaceStatus: z.string(),
  purchasedAt: z.string(),
  shipBy: z.string().nullable(),
  shippingService: z.string().nullable(),
  currency: z.string().nullable(),
  total: int.nullable(),
  buyerName: z.string().nullable(),
  /** The marketplace's programs for the order, in its words (MARKED_ORDER_PROGRAMS are marked on screen). */
  programs: z.array(z.string()),
  lines: int,
  units: int,
  /** Lines not linked to a product of the client yet. */
  unmatchedLines: int,
});
export type OrderRow = z.infer<typeof orderRowSchema>;

export const orderPageSchema = z.object({
  content: z.array(orderRowSchema),
  pageNumber: int,
  pageSize: int,
  totalElements: int,
});

export const orderStatusCountsSchema = z.object({
  AWAITING: int,
  PARTIALLY_SHIPPED: int,
  SHIPPED: int,
  CANCELED: int,
  total: int,
});
export type OrderStatusCounts = z.infer<typeof orderStatusCountsSchema>;

export const orderLineViewSchema = z.object({
  id: int,
  lineId: z.string(),
  sku: z.string().nullable(),
  asin: z.string().nullable(),
  gtin: z.string().nullable(),
  title: z.string().nullable(),
  quantityOrdered: int,
  quantityShipped: int,
  unitPrice: int.nullable(),
  product: z
    .object({ id: int, title: z.string(), msku: z.string().nullable(), asin: z.string().nullable() })
    .nullable(),
});
export type OrderLineView = z.infer<typeof orderLineViewSchema>;

export const orderDetailSchema = orderRowSchema.extend({
  deliverBy: z.string().nullable(),
  pulledAt: z.string(),
  shipTo: z
    .object({
      name: z.string().nullable(),
      line1: z.string().nullable(),
      line2: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      postalCode: z.string().nullable(),
      countryCode: z.string().nullable(),
      phone: z.string().nullable(),
    })
    .nullable(),
  orderLines: z.array(orderLineViewSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** A store the desk can filter by and refresh (the caller's scope). */
export const orderStoreSchema = z.object({
  id: int,
  name: z.string(),
  marketplace: z.string(),
  companyId: int,
  companyName: z.string(),
  connection: z.string(),
});
export const orderStoreListSchema = z.array(orderStoreSchema);
export type OrderStoreOption = z.infer<typeof orderStoreSchema>;

export const orderRefreshInputSchema = z.object({ storeId: z.number().int().positive() });

/** Link an unmatched line: to a product by id or by one of its codes, or to a new product made from the line. */
export const lineLinkInputSchema = z.union([
  z.object({ productId: z.number().int().positive() }).strict(),
  z.object({ code: z.string().trim().min(1).max(120) }).strict(),
  z.object({ create: z.literal(true) }).strict(),
]);
export type LineLinkInput = z.infer<typeof lineLinkInputSchema>;
export const lineLinkResultSchema = z.object({
  productId: int,
  created: z.boolean(),
  /** This line and the client's other unmatched lines of the same SKU. */
  linkedLines: int,
});

export const ordersFileQuerySchema = z.object({
  validateOnly: z.enum(['true', 'false']).optional(),
});
export const ordersFileResultSchema = z.object({
  rows: int,
  orders: int,
  lines: int,
  valid: z.literal(true),
  stored: z.boolean(),
  created: int,
  changed: int,
  unchanged: int,
  /** Lines linked to a product of the client as they were stored. */
  matchedLines: int,
});
export type OrdersFileResult = z.infer<typeof ordersFileResultSchema>;
