/**
 * Merchant-fulfilment shipments (issue 20 step 7): one row per mark-shipped of an order — its
 * packages (carrier, tracking, the lines and units each carries), whether it still stands or was
 * cancelled (its units put back at FBM-PACK), and where telling the marketplace stands. The
 * ledger rows it posted carry ref (fbm_shipment, id), so a shipment moves its units exactly once.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { CONFIRMATION_STATES, FBM_SHIPMENT_SOURCES, FBM_SHIPMENT_STATUSES } from '../../../domain/schemas/fbm-ship.js';
import { users } from './auth.js';
import { marketplaceOrders } from './orders.js';
import { shippingLabels } from './shipping-labels.js';
import { stores } from './stores.js';
import { companies, tenants, timestamps } from './tenancy.js';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/** A package as stored: the lines name the product key moved out of FBM-PACK. */
export interface StoredShipPackage {
  sequence: number;
  carrier: string;
  service: string | null;
  trackingNumber: string;
  trackingUrl: string | null;
  lines: { orderLineId: number; lineId: string; productKey: string; quantity: number }[];
  confirmedAt: string | null;
  providerRef: string | null;
}

export const fbmShipments = pgTable(
  'fbm_shipments',
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
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('shipped'),
    source: text('source').notNull().default('desk'),
    /** The label bought for it, when it came from a label purchase (auto-close, bulk purchase). */
    labelId: integer('label_id').references(() => shippingLabels.id, { onDelete: 'set null' }),
    shipDate: stamp('ship_date').notNull(),
    units: integer('units').notNull(),
    packages: jsonb('packages').$type<StoredShipPackage[]>().notNull(),
    confirmation: text('confirmation').notNull().default('pending'),
    confirmationMessage: text('confirmation_message'),
    confirmationAttempts: integer('confirmation_attempts').notNull().default(0),
    confirmedAt: stamp('confirmed_at'),
    cancelledAt: stamp('cancelled_at'),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index('fbm_shipments_order_idx').on(t.orderId, t.status),
    // The confirmation job and the desk's "not told yet" list read these.
    index('fbm_shipments_pending_idx')
      .on(t.tenantId, t.confirmation)
      .where(sql`${t.status} = 'shipped' and ${t.confirmation} in ('pending', 'failed')`),
    check('fbm_shipments_status_check', sql`${t.status} in (${inList(FBM_SHIPMENT_STATUSES)})`),
    check('fbm_shipments_source_check', sql`${t.source} in (${inList(FBM_SHIPMENT_SOURCES)})`),
    check('fbm_shipments_confirmation_check', sql`${t.confirmation} in (${inList(CONFIRMATION_STATES)})`),
    check('fbm_shipments_units_check', sql`${t.units} > 0`),
  ],
);
