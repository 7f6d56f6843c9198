import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, tenants, timestamps } from './tenancy.js';

/** A client's product (domain/schemas/products.ts). Its codes are also rows of product_codes. */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    title: text('title').notNull(),
    productType: text('product_type').notNull().default('individual'),
    packing: text('packing').notNull().default('individual'),
    packSize: integer('pack_size').notNull().default(1),
    asin: text('asin'),
    fnsku: text('fnsku'),
    msku: text('msku'),
    upc: text('upc'),
    category: text('category'),
    manufacturer: text('manufacturer'),
    lengthIn: doublePrecision('length_in'),
    widthIn: doublePrecision('width_in'),
    heightIn: doublePrecision('height_in'),
    weightLb: doublePrecision('weight_lb'),
    imageUrls: jsonb('image_urls').$type<string[]>().notNull().default([]),
    /** Amazon wants an expiration date with every unit sent to FBA (issue 18's pre-check asks for one). */
    requiresExpiration: boolean('requires_expiration').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('products_company_idx').on(t.tenantId, t.companyId, t.title)],
);

/**
 * Every code a product is known by (its ASIN, FNSKU, MSKU, UPC and any other): one product per
 * code and client, and the floor resolves a scan through this table.
 */
export const productCodes = pgTable(
  'product_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    codeType: text('code_type').notNull(),
    /** true for the codes held in the product's own columns (kept in step with them). */
    primary: integer('is_primary').notNull().default(0),
  },
  (t) => [
    uniqueIndex('product_codes_company_code_uq').on(t.tenantId, t.companyId, t.code),
    index('product_codes_code_idx').on(t.tenantId, t.code),
    index('product_codes_product_idx').on(t.productId),
  ],
);

/** The items of a bundle or multi-pack. */
export const productComponents = pgTable(
  'product_components',
  {
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    componentId: integer('component_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bundleId, t.componentId] }),
    index('product_components_component_idx').on(t.componentId),
  ],
);
