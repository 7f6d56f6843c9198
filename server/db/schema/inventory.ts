import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companies, tenants, timestamps } from './tenancy.js';
import { users } from './auth.js';

/**
 * On-hand now, per client, product, location, LPN and condition: the running sum of the ledger,
 * kept in the same transaction as every ledger row (server/modules/inventory/ledger.ts). The CHECK
 * makes "never negative" the database's rule, not only the code's.
 */
export const inventoryBalances = pgTable(
  'inventory_balances',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    productKey: text('product_key').notNull(),
    location: text('location').notNull(),
    lpn: text('lpn').notNull().default(''),
    condition: text('condition').notNull(),
    quantity: integer('quantity').notNull(),
    /** The product's title as last seen (for lists; the catalogue is the authority). */
    title: text('title'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.companyId, t.productKey, t.location, t.lpn, t.condition] }),
    check('inventory_balances_not_negative', sql`${t.quantity} >= 0`),
    index('balances_location_idx').on(t.tenantId, t.location),
    index('balances_lpn_idx').on(t.tenantId, t.lpn),
    index('balances_company_product_idx').on(t.tenantId, t.companyId, t.productKey),
    // The snapshot's two orders, over lines with stock only: a page is an index range read.
    index('balances_by_place_idx')
      .on(t.tenantId, t.location, t.lpn, t.productKey, t.companyId, t.condition)
      .where(sql`${t.quantity} > 0`),
    index('balances_by_product_idx')
      .on(t.tenantId, t.productKey, t.companyId, t.condition)
      .where(sql`${t.quantity} > 0`),
    // The snapshot's search (code prefix or words anywhere in the title): trigram indexes, so a
    // search reads the matching lines instead of every line with stock (pg_trgm, migration 0014).
    index('balances_title_trgm_idx')
      .using('gin', t.title.op('gin_trgm_ops'))
      .where(sql`${t.quantity} > 0`),
    index('balances_key_trgm_idx')
      .using('gin', t.productKey.op('gin_trgm_ops'))
      .where(sql`${t.quantity} > 0`),
  ],
);

/**
 * On-hand per client, product and condition, and in how many places (balance lines with stock):
 * the balances summed, kept by `postLedger` beside them, so the per-product snapshot is a page of
 * an index instead of a GROUP BY over every line.
 */
export const inventoryProductTotals = pgTable(
  'inventory_product_totals',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    productKey: text('product_key').notNull(),
    condition: text('condition').notNull(),
    quantity: integer('quantity').notNull(),
    places: integer('places').notNull(),
    title: text('title'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.companyId, t.productKey, t.condition] }),
    index('product_totals_by_product_idx')
      .on(t.tenantId, t.productKey, t.companyId, t.condition)
      .where(sql`${t.quantity} > 0`),
    index('product_totals_title_trgm_idx')
      .using('gin', t.title.op('gin_trgm_ops'))
      .where(sql`${t.quantity} > 0`),
    index('product_totals_key_trgm_idx')
      .using('gin', t.productKey.op('gin_trgm_ops'))
      .where(sql`${t.quantity} > 0`),
  ],
);

/** A group of moves on the floor (spec "move batch"), with a default reason. */
export const moveBatches = pgTable(
  'move_batches',
  {
    /** Chosen by the device (uuid), so a batch can be opened offline. */
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('open'),
    createdBy: integer('created_by').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'string' }),
    ...timestamps,
  },
  (t) => [index('move_batches_tenant_idx').on(t.tenantId, t.createdAt)],
);

/** One move (spec "move item"): what went from where to where; its ledger rows carry its id. */
export const inventoryMoves = pgTable(
  'inventory_moves',
  {
    /** The floor mutation's id (or a server uuid for desk moves). */
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    moveBatchId: text('move_batch_id').references(() => moveBatches.id),
    kind: text('kind').notNull(),
    fromCode: text('from_code').notNull(),
    toCode: text('to_code').notNull(),
    productKey: text('product_key'),
    quantity: integer('quantity').notNull(),
    reason: text('reason').notNull(),
    userId: integer('user_id').references(() => users.id),
    deviceId: text('device_id'),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('moves_batch_idx').on(t.moveBatchId, t.at), index('moves_tenant_at_idx').on(t.tenantId, t.at)],
);
