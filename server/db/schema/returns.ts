/**
 * FBM return orders and FBA removal shipments (issue 20): what Amazon (or an uploaded file) says is
 * coming back to the prep centre. Each one is received through the ordinary inbound flow — it owns
 * an inbound batch whose tracking numbers the dock scans and whose items the floor counts — so
 * these tables only remember what the marketplace said and where it came from.
 */
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, tenants, timestamps } from './tenancy.js';
import { users } from './auth.js';
import { inboundBatches } from './inbound.js';
import { batchItems } from './items.js';
import { stores } from './stores.js';

export const returnOrders = pgTable(
  'return_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'set null' }),
    /** fbm_return (a buyer's return of a merchant-fulfilled order) or fba_removal (a removal parcel). */
    kind: text('kind').notNull(),
    /** amazon (pulled from a report) or upload (a file). */
    source: text('source').notNull(),
    /** What makes it one: the Amazon RMA id, or removal order id / tracking number. */
    externalKey: text('external_key').notNull(),
    /** Amazon order id (returns) or removal order id (removals). */
    orderId: text('order_id').notNull(),
    rma: text('rma'),
    trackingNumber: text('tracking_number'),
    carrier: text('carrier'),
    /** Amazon's status of the return request or removal order, as it last said. */
    marketplaceStatus: text('marketplace_status'),
    reason: text('reason'),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'string' }),
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'string' }),
    // The desk may withdraw the batch before anything arrives (inbound deleteBatch): the return goes with it.
    batchId: integer('batch_id')
      .notNull()
      .references(() => inboundBatches.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('return_orders_key_uq').on(t.tenantId, t.companyId, t.kind, t.externalKey),
    uniqueIndex('return_orders_batch_uq').on(t.batchId),
    index('return_orders_list_idx').on(t.tenantId, t.kind, t.companyId, t.createdAt),
  ],
);

/** One expected line: the marketplace's words about it beside the inbound item that counts it. */
export const returnOrderLines = pgTable(
  'return_order_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    returnOrderId: integer('return_order_id')
      .notNull()
      .references(() => returnOrders.id, { onDelete: 'cascade' }),
    batchItemId: integer('batch_item_id')
      .notNull()
      .references(() => batchItems.id, { onDelete: 'cascade' }),
    sku: text('sku'),
    asin: text('asin'),
    fnsku: text('fnsku'),
    quantity: integer('quantity').notNull(),
    reason: text('reason'),
    /** Amazon's disposition of the units (removals: Sellable / Unsellable). */
    disposition: text('disposition'),
  },
  (t) => [index('return_order_lines_order_idx').on(t.returnOrderId)],
);

/**
 * Where each store's returns or removals pull stands: the window already read and a report
 * requested but not yet read (an outage or a restart resumes it instead of asking again).
 */
export const returnPulls = pgTable(
  'return_pulls',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    highWater: timestamp('high_water', { withTimezone: true, mode: 'string' }),
    pendingReportId: text('pending_report_id'),
    pendingUntil: timestamp('pending_until', { withTimezone: true, mode: 'string' }),
    lastPulledAt: timestamp('last_pulled_at', { withTimezone: true, mode: 'string' }),
    lastCount: integer('last_count').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.kind] })],
);
