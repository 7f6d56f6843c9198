import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { companies, tenants, timestamps } from './tenancy.js';
import { inboundBatches } from './inbound.js';

/** An expected product line of an inbound batch (purchase order). */
export const batchItems = pgTable(
  'batch_items',
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
    title: text('title').notNull(),
    asin: text('asin'),
    fnsku: text('fnsku'),
    msku: text('msku'),
    upc: text('upc'),
    expectedQty: integer('expected_qty').notNull(),
    receivedQty: integer('received_qty').notNull().default(0),
    damagedQty: integer('damaged_qty').notNull().default(0),
    /** Good units moved out of RECEIVING to their workflow's place (the ledger is the authority). */
    sortedQty: integer('sorted_qty').notNull().default(0),
    packSize: integer('pack_size').notNull().default(1),
    costCents: integer('cost_cents'),
    supplier: text('supplier'),
    itemAction: text('item_action').notNull().default('fba_prep'),
    shipToCountryCode: text('ship_to_country_code'),
    status: text('status').notNull().default('intransit'),
    ...timestamps,
  },
  (t) => [
    index('batch_items_batch_idx').on(t.batchId),
    index('batch_items_company_status_idx').on(t.tenantId, t.companyId, t.status),
  ],
);
