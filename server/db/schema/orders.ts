import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OrderAddress } from '../../../domain/schemas/orders.js';
import { products } from './products.js';
import { stores } from './stores.js';
import { companies, tenants, timestamps } from './tenancy.js';

/**
 * Orders pulled from clients' stores (domain/schemas/orders.ts), one row per store and marketplace
 * order id: a pull upserts, so pulling the same order twice changes nothing. `status` and the
 * quantities are the marketplace's picture as of `marketplaceUpdatedAt`; an older picture never
 * overwrites a newer one.
 */
export const marketplaceOrders = pgTable(
  'marketplace_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    marketplaceOrderId: text('marketplace_order_id').notNull(),
    /** The number buyer and seller quote, when it is not the id (Walmart's customer order id, Shopify's #1001). */
    displayId: text('display_id'),
    salesChannel: text('sales_channel').notNull(),
    fulfillmentNetwork: text('fulfillment_network').notNull(),
    status: text('status').notNull(),
    marketplaceStatus: text('marketplace_status').notNull(),
    purchasedAt: timestamp('purchased_at', { withTimezone: true, mode: 'string' }).notNull(),
    marketplaceUpdatedAt: timestamp('marketplace_updated_at', { withTimezone: true, mode: 'string' }).notNull(),
    shipBy: timestamp('ship_by', { withTimezone: true, mode: 'string' }),
    deliverBy: timestamp('deliver_by', { withTimezone: true, mode: 'string' }),
    shippingService: text('shipping_service'),
    currency: text('currency'),
    /** Integer cents of `currency`. */
    total: integer('total'),
    shipTo: jsonb('ship_to').$type<OrderAddress>(),
    /** The marketplace's programs for the order (Amazon's PRIME, IN_STORE_PICK_UP …), as it names them. */
    programs: jsonb('programs').$type<string[]>().notNull().default([]),
    pulledAt: timestamp('pulled_at', { withTimezone: true, mode: 'string' }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('marketplace_orders_uq').on(t.storeId, t.marketplaceOrderId),
    index('marketplace_orders_company_idx').on(t.tenantId, t.companyId, t.status, t.purchasedAt),
  ],
);

/** An order's lines, each linked (when it can be) to the client's product by SKU, ASIN or GTIN. */
export const marketplaceOrderLines = pgTable(
  'marketplace_order_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => marketplaceOrders.id, { onDelete: 'cascade' }),
    lineId: text('line_id').notNull(),
    sku: text('sku'),
    asin: text('asin'),
    gtin: text('gtin'),
    title: text('title'),
    quantityOrdered: integer('quantity_ordered').notNull(),
    quantityShipped: integer('quantity_shipped').notNull(),
    unitPrice: integer('unit_price'),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('marketplace_order_lines_uq').on(t.orderId, t.lineId),
    index('marketplace_order_lines_product_idx').on(t.tenantId, t.productId),
  ],
);

/**
 * Where each kind of incremental pull of a store stands: everything the marketplace changed before
 * `highWater` has been read. A pull starts a little before it (marketplaces index changes late) and
 * moves it only once every page is stored, so a pull cut short is simply done again.
 */
export const storePulls = pgTable(
  'store_pulls',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    highWater: timestamp('high_water', { withTimezone: true, mode: 'string' }).notNull(),
    lastPulledAt: timestamp('last_pulled_at', { withTimezone: true, mode: 'string' }).notNull(),
    /** Orders (or records) the last pull read. */
    lastCount: integer('last_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.kind] })],
);

/**
 * A marketplace's asynchronous operation Dockside waits on (Amazon inbound's operationId …):
 * polled by the `marketplace.poll-operation` job, never by a request that waits. Screens read its
 * state here; the workflow that started it reacts when it is done (server/modules/operations).
 */
export const marketplaceOperations = pgTable(
  'marketplace_operations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** What kind of operation, which says how to ask about it (e.g. amazon.inbound). */
    kind: text('kind').notNull(),
    operationId: text('operation_id').notNull(),
    /** The provider's name of the operation once known (createInboundPlan …). */
    operation: text('operation'),
    /** What it works on, for the workflow that waits (an inbound plan id …). */
    subject: text('subject'),
    /** IN_PROGRESS, SUCCESS, FAILED; GAVE_UP when the provider never finished it. */
    status: text('status').notNull(),
    problems: jsonb('problems')
      .$type<{ code: string; message: string; severity: string; details?: string }[]>()
      .notNull()
      .default([]),
    checks: integer('checks').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'string' }).notNull(),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true, mode: 'string' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    uniqueIndex('marketplace_operations_uq').on(t.storeId, t.operationId),
    index('marketplace_operations_company_idx').on(t.tenantId, t.companyId, t.status),
  ],
);
