/**
 * Pick batches of merchant-fulfilment orders (issue 20 step 3, decision 0017): a batch is a list of
 * picks, each a held order line's units at one concrete location (and LPN), in walking order. A
 * line's units may be spread over several picks when no single bin holds them all.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PICK_BATCH_STATUSES } from '../../../domain/schemas/fbm-pick.js';
import { users } from './auth.js';
import { marketplaceOrderLines, marketplaceOrders } from './orders.js';
import { companies, tenants, timestamps } from './tenancy.js';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const pickBatches = pgTable(
  'pick_batches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** The client when every order of the batch is one client's (clients see those); null when mixed. */
    companyId: integer('company_id').references(() => companies.id),
    /** PB-000123: what the picker reads and scans. */
    number: text('number').notNull(),
    status: text('status').notNull().default('open'),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('pick_batches_number_uq').on(t.tenantId, t.number),
    index('pick_batches_list_idx').on(t.tenantId, t.status, t.id),
    check('pick_batches_status_check', sql`${t.status} in (${inList(PICK_BATCH_STATUSES)})`),
  ],
);

export const pickBatchLines = pgTable(
  'pick_batch_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    batchId: integer('batch_id')
      .notNull()
      .references(() => pickBatches.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => marketplaceOrders.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => marketplaceOrderLines.id, { onDelete: 'cascade' }),
    productKey: text('product_key').notNull(),
    location: text('location').notNull(),
    lpn: text('lpn').notNull().default(''),
    /** The zone the location is in (its nearest zone ancestor), for the pick list's grouping. */
    zone: text('zone'),
    quantity: integer('quantity').notNull(),
    picked: integer('picked').notNull().default(0),
    short: integer('short').notNull().default(0),
    /** Walking order within the batch (zone order, then location order). */
    sequence: integer('sequence').notNull(),
    ...timestamps,
  },
  (t) => [
    index('pick_batch_lines_batch_idx').on(t.batchId, t.sequence),
    index('pick_batch_lines_order_line_idx').on(t.orderLineId),
    // What open batches still have to take from a place: allocation subtracts it.
    index('pick_batch_lines_open_idx')
      .on(t.tenantId, t.companyId, t.productKey, t.location)
      .where(sql`${t.picked} + ${t.short} < ${t.quantity}`),
    check('pick_batch_lines_quantity_check', sql`${t.quantity} > 0 and ${t.picked} >= 0 and ${t.short} >= 0`),
    check('pick_batch_lines_done_check', sql`${t.picked} + ${t.short} <= ${t.quantity}`),
  ],
);

/**
 * Each pick as the picker's device made it (issue 20 step 3): its id is made on the handheld, so a
 * pick replayed by the outbox (or a REST retry naming the same pickId) is found here and never
 * moves the units twice. Also the floor's record of who picked what, where and when.
 */
export const pickBatchPicks = pgTable(
  'pick_batch_picks',
  {
    /** The device's uuid of the pick. */
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    batchId: integer('batch_id')
      .notNull()
      .references(() => pickBatches.id, { onDelete: 'cascade' }),
    batchLineId: integer('batch_line_id')
      .notNull()
      .references(() => pickBatchLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    short: integer('short').notNull().default(0),
    /** Why the picker could not find the rest (a short pick). */
    reason: text('reason'),
    problemId: integer('problem_id'),
    userId: integer('user_id').references(() => users.id),
    deviceId: text('device_id'),
    pickedAt: timestamp('picked_at', { withTimezone: true, mode: 'string' }).notNull(),
    ...timestamps,
  },
  (t) => [index('pick_batch_picks_batch_idx').on(t.batchId, t.batchLineId)],
);
