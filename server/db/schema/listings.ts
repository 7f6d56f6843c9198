import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, tenants } from './tenancy.js';
import { stores } from './stores.js';

/**
 * A store's marketplace listings as last pulled (domain/schemas/listings.ts): one row per store and
 * seller SKU. A pull replaces the store's rows whole, so the list is always one moment's picture.
 */
export const storeListings = pgTable(
  'store_listings',
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
    sku: text('sku').notNull(),
    asin: text('asin'),
    fnsku: text('fnsku'),
    /** Walmart: the item's GTIN (or UPC) and Walmart's item id. */
    gtin: text('gtin'),
    itemId: text('item_id'),
    title: text('title'),
    status: jsonb('status').$type<string[]>().notNull().default([]),
    price: doublePrecision('price'),
    currency: text('currency'),
    channel: text('channel').notNull(),
    quantity: integer('quantity'),
    issues: jsonb('issues')
      .$type<{ severity: string; message: string; attribute: string | null }[]>()
      .notNull()
      .default([]),
    imageUrl: text('image_url'),
    /** Amazon's lastUpdatedDate of the listing. */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }),
    pulledAt: timestamp('pulled_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [
    uniqueIndex('store_listings_sku_uq').on(t.storeId, t.sku),
    index('store_listings_company_idx').on(t.tenantId, t.companyId),
  ],
);
