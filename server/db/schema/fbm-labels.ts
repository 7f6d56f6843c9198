/**
 * Packing and labels of merchant-fulfilment orders (issue 20 steps 4–6): the boxes an order's
 * items are scanned into and its default box; each package's label purchase, keyed so a package
 * is bought once (the key names order, package and attempt; the label itself is a shipping_labels
 * row, the same as the Buy Shipping Labels tool's); bulk purchase runs, one result per order.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BulkOrderResult, SellerInputValues, ServicePreset } from '../../../domain/schemas/fbm-labels.js';
import { users } from './auth.js';
import { marketplaceOrderLines, marketplaceOrders } from './orders.js';
import { shippingLabels } from './shipping-labels.js';
import { companies, tenants, timestamps } from './tenancy.js';

/** The order's default box: what a new box starts with and what a label is shopped for without boxes. */
export const fbmOrderPacks = pgTable('fbm_order_packs', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => marketplaceOrders.id, { onDelete: 'cascade' }),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  lengthIn: doublePrecision('length_in').notNull(),
  widthIn: doublePrecision('width_in').notNull(),
  heightIn: doublePrecision('height_in').notNull(),
  weightLb: doublePrecision('weight_lb').notNull(),
  ...timestamps,
});

/** The box last used for a client's SKU (issue 38): suggested for its next single-SKU order. */
export const fbmSkuBoxes = pgTable(
  'fbm_sku_boxes',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    sku: text('sku').notNull(),
    lengthIn: doublePrecision('length_in').notNull(),
    widthIn: doublePrecision('width_in').notNull(),
    heightIn: doublePrecision('height_in').notNull(),
    weightLb: doublePrecision('weight_lb').notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.companyId, t.sku] })],
);

export const fbmBoxes = pgTable(
  'fbm_boxes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => marketplaceOrders.id, { onDelete: 'cascade' }),
    /** 1, 2, …: the package number its label is bought for. */
    number: integer('number').notNull(),
    lengthIn: doublePrecision('length_in'),
    widthIn: doublePrecision('width_in'),
    heightIn: doublePrecision('height_in'),
    weightLb: doublePrecision('weight_lb'),
    ...timestamps,
  },
  (t) => [uniqueIndex('fbm_boxes_order_number_uq').on(t.orderId, t.number)],
);

export const fbmBoxItems = pgTable(
  'fbm_box_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    boxId: integer('box_id')
      .notNull()
      .references(() => fbmBoxes.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => marketplaceOrderLines.id, { onDelete: 'cascade' }),
    productKey: text('product_key').notNull(),
    quantity: integer('quantity').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('fbm_box_items_box_line_uq').on(t.boxId, t.orderLineId),
    index('fbm_box_items_line_idx').on(t.orderLineId),
    check('fbm_box_items_quantity_ck', sql`${t.quantity} > 0`),
  ],
);

/**
 * One package's label purchase: claimed by its key before the carrier is asked, so a retry, a
 * crash or a second click finds it and buys nothing more. The label is the shipping_labels row of
 * the same request key.
 */
export const fbmOrderLabels = pgTable(
  'fbm_order_labels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => marketplaceOrders.id, { onDelete: 'cascade' }),
    packageNumber: integer('package_number').notNull(),
    attempt: integer('attempt').notNull().default(0),
    requestKey: text('request_key').notNull(),
    shippingLabelId: integer('shipping_label_id').references(() => shippingLabels.id),
    runId: integer('run_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('fbm_order_labels_key_uq').on(t.tenantId, t.requestKey),
    index('fbm_order_labels_order_idx').on(t.tenantId, t.orderId),
  ],
);

/**
 * One order of a run as kept: its result (`needsInputs` absent from entries kept before it was),
 * and the Amazon Buy Shipping seller inputs given for it — kept with the order's entry, so they go
 * when it is dropped or bought; never shown in the run's view.
 */
export type LabelRunEntry = Omit<BulkOrderResult, 'needsInputs'> & {
  needsInputs?: BulkOrderResult['needsInputs'];
  sellerInputs?: SellerInputValues;
};

export const fbmLabelRuns = pgTable(
  'fbm_label_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    requestKey: text('request_key').notNull(),
    status: text('status').notNull().default('queued'),
    jobId: text('job_id'),
    format: text('format').notNull(),
    preset: jsonb('preset').$type<ServicePreset>().notNull(),
    orderIds: jsonb('order_ids').$type<number[]>().notNull(),
    rates: jsonb('rates').$type<Record<string, string>>().notNull().default({}),
    results: jsonb('results').$type<LabelRunEntry[]>().notNull(),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('fbm_label_runs_key_uq').on(t.tenantId, t.requestKey),
    check('fbm_label_runs_status_ck', sql`${t.status} in ('queued', 'running', 'done')`),
  ],
);
