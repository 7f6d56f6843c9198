/**
 * WFS shipping templates (issue 19): the ship-from, carrier, mode and box sizes a prep centre reuses
 * for each Walmart inbound shipment (domain/schemas/wfs-templates.ts). company_id null: the
 * warehouse's template, offered to every client; otherwise one client's. Names are unique per
 * tenant and company regardless of case, and one template per tenant and company is the default —
 * both held by unique indexes, so two saves at once cannot break them.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { WfsBoxPreset, WfsShipFrom } from '../../../domain/schemas/wfs-templates.js';
import { users } from './auth.js';
import { companies, tenants } from './tenancy.js';

export const wfsShippingTemplates = pgTable(
  'wfs_shipping_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** Null: tenant-wide (the warehouse's, read-only to clients). */
    companyId: integer('company_id').references(() => companies.id),
    name: text('name').notNull(),
    shipFrom: jsonb('ship_from').$type<WfsShipFrom>().notNull(),
    /** WALMART_PREFERRED | OWN_CARRIER. */
    carrierPreference: text('carrier_preference').notNull(),
    /** The own carrier's name; null for Walmart's preferred carrier. */
    carrierName: text('carrier_name'),
    /** PARCEL | LTL (Walmart's carrier modes). */
    shippingMode: text('shipping_mode').notNull(),
    boxPresets: jsonb('box_presets').$type<WfsBoxPreset[]>().notNull().default([]),
    isDefault: boolean('is_default').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wfs_shipping_templates_name_uq').on(t.tenantId, sql`coalesce(company_id, 0)`, sql`lower(name)`),
    uniqueIndex('wfs_shipping_templates_default_uq')
      .on(t.tenantId, sql`coalesce(company_id, 0)`)
      .where(sql`${t.isDefault}`),
    index('wfs_shipping_templates_company_idx').on(t.tenantId, t.companyId),
    check('wfs_shipping_templates_carrier_ck', sql`${t.carrierPreference} in ('WALMART_PREFERRED', 'OWN_CARRIER')`),
    check('wfs_shipping_templates_mode_ck', sql`${t.shippingMode} in ('PARCEL', 'LTL')`),
  ],
);
