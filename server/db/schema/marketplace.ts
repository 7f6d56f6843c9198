import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companies, tenants } from './tenancy.js';
import { users } from './auth.js';

/** One imported marketplace inventory report (domain/schemas/marketplace-inventory.ts): who, when, what. */
export const marketplaceReports = pgTable(
  'marketplace_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    marketplace: text('marketplace').notNull(),
    fileName: text('file_name').notNull(),
    rows: integer('rows').notNull(),
    /** When the marketplace produced the figures (the import's moment unless the caller says). */
    reportedAt: timestamp('reported_at', { withTimezone: true, mode: 'string' }).notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    importedBy: integer('imported_by').references(() => users.id),
  },
  (t) => [index('marketplace_reports_company_idx').on(t.tenantId, t.companyId, t.importedAt)],
);

/**
 * A client's stock on one marketplace channel as its latest report says. A report replaces the
 * client's lines of the channels it covers, so there is one line per client, channel and SKU.
 */
export const marketplaceInventory = pgTable(
  'marketplace_inventory',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    reportId: integer('report_id')
      .notNull()
      .references(() => marketplaceReports.id),
    type: text('type').notNull(),
    sku: text('sku').notNull(),
    title: text('title'),
    asin: text('asin'),
    fnsku: text('fnsku'),
    itemId: text('item_id'),
    gtin: text('gtin'),
    fulfillable: integer('fulfillable').notNull(),
    inbound: integer('inbound').notNull(),
    reserved: integer('reserved').notNull(),
    unsellable: integer('unsellable').notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true, mode: 'string' }).notNull(),
    /** The line's codes and title in one text, for the search: every word typed must appear in it. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`coalesce(sku, '') || ' ' || coalesce(fnsku, '') || ' ' || coalesce(asin, '') || ' ' || coalesce(item_id, '') || ' ' || coalesce(gtin, '') || ' ' || coalesce(title, '')`,
    ),
  },
  (t) => [
    // The search reads the matching lines through trigrams (pg_trgm, as the snapshot's search does).
    index('marketplace_inventory_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    uniqueIndex('marketplace_inventory_sku_uq').on(t.tenantId, t.companyId, t.type, t.sku),
    // The list: one channel of the tenant, optionally one client, in SKU order.
    index('marketplace_inventory_list_idx').on(t.tenantId, t.type, t.companyId, t.sku),
    index('marketplace_inventory_report_idx').on(t.reportId),
    check('marketplace_inventory_type_check', sql`${t.type} in ('fba', 'fbm', 'wfs', 'ebay')`),
    check(
      'marketplace_inventory_not_negative',
      sql`${t.fulfillable} >= 0 and ${t.inbound} >= 0 and ${t.reserved} >= 0 and ${t.unsellable} >= 0`,
    ),
  ],
);
