/**
 * WFS item setup (issue 19, domain/schemas/wfs-items.ts): the product's compliance answers as last
 * given — kept with the product, one row per product, since they describe the product whatever the
 * store — and each setup sent to Walmart with its feed and Walmart's per-field errors.
 */
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { WfsFieldError, WfsItemSetup } from '../../../domain/schemas/wfs-items.js';
import { users } from './auth.js';
import { products } from './products.js';
import { stores } from './stores.js';
import { companies, tenants } from './tenancy.js';

export const productWfsCompliance = pgTable(
  'product_wfs_compliance',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    containsBatteries: text('contains_batteries').notNull(),
    batteryTechnologyType: text('battery_technology_type'),
    electronicsIndicator: text('electronics_indicator').notNull(),
    chemicalAerosolPesticide: text('chemical_aerosol_pesticide').notNull(),
    /** Walmart's lithiumIonBatteries answers, for an item with lithium-ion batteries. */
    lithiumIonBatteries: jsonb('lithium_ion_batteries').$type<{
      ionNumberOfBatteries: number;
      batteryWattHour: number;
      ionIncludedBatteryPackaging: string;
    }>(),
    safetyDataSheetUrl: text('safety_data_sheet_url'),
    numberOfHazardousComponents: integer('number_of_hazardous_components'),
    countryOfOriginAssembly: text('country_of_origin_assembly'),
    isPerishable: text('is_perishable').notNull(),
    shelfLifeDays: integer('shelf_life_days'),
    /** Every unit received carries its lot. */
    lotControlled: boolean('lot_controlled').notNull().default(false),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('product_wfs_compliance_company_idx').on(t.tenantId, t.companyId)],
);

export const wfsItemSetups = pgTable(
  'wfs_item_setups',
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
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    feedId: text('feed_id').notNull(),
    /** IN_PROGRESS until Walmart has processed the feed, then SUCCESS or FAILED. */
    status: text('status').notNull().default('IN_PROGRESS'),
    answers: jsonb('answers').$type<WfsItemSetup>().notNull(),
    errors: jsonb('errors').$type<WfsFieldError[]>().notNull().default([]),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('wfs_item_setups_store_idx').on(t.tenantId, t.companyId, t.storeId, t.createdAt)],
);
