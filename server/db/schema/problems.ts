import { index, integer, jsonb, pgTable, text, timestamp, customType } from 'drizzle-orm/pg-core';
import { companies, tenants, timestamps } from './tenancy.js';
import { inboundBatches } from './inbound.js';
import { batchItems } from './items.js';
import { users } from './auth.js';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export interface ProblemNote {
  at: string;
  userId: number;
  author: string;
  text: string;
}

export const problems = pgTable(
  'problems',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    batchId: integer('batch_id').references(() => inboundBatches.id, { onDelete: 'set null' }),
    batchItemId: integer('batch_item_id').references(() => batchItems.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    status: text('status').notNull().default('open'),
    resolution: text('resolution').notNull().default('not_resolved_yet'),
    damageType: text('damage_type').notNull().default('none'),
    quantity: integer('quantity').notNull().default(1),
    code: text('code'),
    /** The floor mutation that raised it (an item.scan id), so a photo sent later finds it. */
    sourceRef: text('source_ref'),
    notes: jsonb('notes').$type<ProblemNote[]>().notNull().default([]),
    chargeCode: text('charge_code').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    index('problems_company_status_idx').on(t.tenantId, t.companyId, t.status),
    index('problems_source_ref_idx').on(t.tenantId, t.sourceRef),
  ],
);

export const problemPhotos = pgTable('problem_photos', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  problemId: integer('problem_id')
    .notNull()
    .references(() => problems.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamps.createdAt,
});

/** Charges waiting for the billing issue to invoice. */
export const pendingCharges = pgTable(
  'pending_charges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    code: text('code').notNull(),
    quantity: integer('quantity').notNull().default(1),
    sourceType: text('source_type').notNull(),
    sourceId: integer('source_id').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('pending_charges_company_idx').on(t.tenantId, t.companyId, t.status)],
);

/** Every quantity change of inventory is a row; on-hand is the sum and never negative. */
export const inventoryLedger = pgTable(
  'inventory_ledger',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    batchItemId: integer('batch_item_id').references(() => batchItems.id),
    productKey: text('product_key').notNull(),
    location: text('location').notNull().default('RECEIVING'),
    /** The LPN holding the units at that location ('' = loose on the location). */
    lpn: text('lpn').notNull().default(''),
    condition: text('condition').notNull().default('sellable'),
    quantity: integer('quantity').notNull(),
    reason: text('reason').notNull(),
    refType: text('ref_type'),
    refId: text('ref_id'),
    userId: integer('user_id').references(() => users.id),
    deviceId: text('device_id'),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_product_location_idx').on(t.tenantId, t.companyId, t.productKey, t.location),
    index('ledger_batch_item_idx').on(t.batchItemId, t.location),
    index('ledger_tenant_at_idx').on(t.tenantId, t.at),
  ],
);
