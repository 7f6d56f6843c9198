/**
 * Customs (issue 20 step 8, domain/schemas/customs.ts): a product's customs defaults — what it is
 * declared as when it leaves the country — and the customs declaration of one FBM order, prefilled
 * from its lines and those defaults, then edited and printed as CN22/CN23.
 */
import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CustomsItem } from '../../../domain/schemas/customs.js';
import { users } from './auth.js';
import { marketplaceOrders } from './orders.js';
import { products } from './products.js';
import { companies, tenants } from './tenancy.js';

export const productCustoms = pgTable(
  'product_customs',
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
    description: text('description').notNull(),
    /** HS tariff (or Schedule B) number, digits only. */
    hsCode: text('hs_code').notNull(),
    countryOfOrigin: text('country_of_origin').notNull(),
    /** Per unit, in US dollars. */
    declaredValue: doublePrecision('declared_value').notNull(),
    /** Per unit, in pounds. */
    weightLb: doublePrecision('weight_lb').notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('product_customs_company_idx').on(t.tenantId, t.companyId)],
);

export const customsDeclarations = pgTable(
  'customs_declarations',
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
    incoterm: text('incoterm').notNull(),
    purpose: text('purpose').notNull(),
    taxIdType: text('tax_id_type'),
    taxId: text('tax_id'),
    returnHandling: text('return_handling').notNull(),
    exportFiling: text('export_filing').notNull(),
    itn: text('itn'),
    items: jsonb('items').$type<CustomsItem[]>().notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customs_declarations_order_uq').on(t.orderId),
    index('customs_declarations_company_idx').on(t.tenantId, t.companyId),
  ],
);
