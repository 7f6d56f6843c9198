import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies, tenants, timestamps, warehouses } from './tenancy.js';
import { users } from './auth.js';

/** An inbound batch (purchase order) a client announces; issue 6 adds its items. */
export const inboundBatches = pgTable(
  'inbound_batches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    warehouseId: integer('warehouse_id').references(() => warehouses.id),
    batchName: text('batch_name').notNull(),
    status: text('status').notNull().default('open'),
    storeName: text('store_name'),
    shipToCountryCode: text('ship_to_country_code'),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('inbound_batches_name_uq').on(t.tenantId, t.companyId, t.batchName),
    index('inbound_batches_company_idx').on(t.tenantId, t.companyId),
  ],
);

/** An expected package: a tracking number announced on a batch, delivered when the dock scans it. */
export const trackingNumbers = pgTable(
  'tracking_numbers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    batchId: integer('batch_id')
      .notNull()
      .references(() => inboundBatches.id, { onDelete: 'cascade' }),
    trackingNumber: text('tracking_number').notNull(),
    normalized: text('normalized').notNull(),
    status: text('status').notNull().default('expected'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'string' }),
    deliveredScanId: uuid('delivered_scan_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tracking_batch_normalized_uq').on(t.batchId, t.normalized),
    index('tracking_lookup_idx').on(t.tenantId, t.normalized),
    index('tracking_company_idx').on(t.tenantId, t.companyId, t.status),
    index('tracking_batch_status_idx').on(t.batchId, t.status),
  ],
);

/** A dock session receiving one client's packages; its id is made on the device (uuid). */
export const packageReceiveBatches = pgTable(
  'package_receive_batches',
  {
    id: uuid('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    warehouseId: integer('warehouse_id').references(() => warehouses.id),
    status: text('status').notNull().default('open'),
    openedBy: integer('opened_by').references(() => users.id),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'string' }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'string' }),
    ...timestamps,
  },
  (t) => [index('prb_company_idx').on(t.tenantId, t.companyId, t.status)],
);

export const packageScans = pgTable(
  'package_scans',
  {
    id: uuid('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    receiveBatchId: uuid('receive_batch_id')
      .notNull()
      .references(() => packageReceiveBatches.id),
    trackingNumber: text('tracking_number').notNull(),
    normalized: text('normalized').notNull(),
    matchStatus: text('match_status').notNull(),
    trackingId: integer('tracking_id').references(() => trackingNumbers.id),
    scannedAt: timestamp('scanned_at', { withTimezone: true, mode: 'string' }).notNull(),
    scannedBy: integer('scanned_by').references(() => users.id),
    deviceId: text('device_id'),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('package_scans_batch_idx').on(t.receiveBatchId, t.normalized),
    index('package_scans_normalized_idx').on(t.tenantId, t.normalized),
  ],
);
