import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
};

export const tenants = pgTable('tenants', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  status: text('status').notNull().default('Active'),
  ...timestamps,
});

export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    audience: text('audience').notNull(),
    status: text('status').notNull().default('Active'),
    accountNo: text('account_no').notNull(),
    /** The tenant's own warehouse company (exactly one per tenant). */
    isOwner: boolean('is_owner').notNull().default(false),
    email: text('email'),
    phone: text('phone'),
    website: text('website'),
    taxId: text('tax_id'),
    /** Units handled in the last 12 months; drives the client unit-size filter. */
    unitCount: integer('unit_count').notNull().default(0),
    setupComplete: boolean('setup_complete').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('companies_tenant_account_uq').on(t.tenantId, t.accountNo),
    index('companies_tenant_idx').on(t.tenantId),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    kind: text('kind').notNull().default('business'),
    name: text('name'),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    state: text('state'),
    postalCode: text('postal_code').notNull(),
    countryCode: text('country_code').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('addresses_company_idx').on(t.tenantId, t.companyId)],
);

export const warehouses = pgTable(
  'warehouses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
    /** Who parcels from this site are from; the warehouse company's name when null. */
    addressName: text('address_name'),
    line1: text('line1'),
    line2: text('line2'),
    city: text('city'),
    state: text('state'),
    postalCode: text('postal_code'),
    countryCode: text('country_code'),
    phone: text('phone'),
    email: text('email'),
    timezone: text('timezone').notNull().default('UTC'),
    active: boolean('active').notNull().default(true),
    /** Parcels leave from this site unless told otherwise: exactly one per tenant (migration 0049). */
    defaultShipFrom: boolean('default_ship_from').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('warehouses_tenant_code_uq').on(t.tenantId, t.code),
    uniqueIndex('warehouses_tenant_default_ship_from_uq')
      .on(t.tenantId)
      .where(sql`${t.defaultShipFrom}`),
  ],
);

export const departments = pgTable(
  'departments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    description: text('description'),
    ...timestamps,
  },
  (t) => [uniqueIndex('departments_company_name_uq').on(t.tenantId, t.companyId, t.name)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').references(() => tenants.id),
    companyId: integer('company_id'),
    userId: integer('user_id'),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('audit_tenant_entity_idx').on(t.tenantId, t.entity, t.entityId)],
);

export { timestamps };
