import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { tenants, timestamps } from './tenancy.js';

/** A place in the warehouse (spec §3 location types): zone › aisle › rack › level › bin, docks, desks… */
export const warehouseLocations = pgTable(
  'warehouse_locations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    code: text('code').notNull(),
    type: text('type').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => warehouseLocations.id, { onDelete: 'restrict' }),
    description: text('description'),
    capacity: integer('capacity'),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('locations_tenant_code_idx').on(t.tenantId, t.code),
    index('locations_parent_idx').on(t.parentId),
  ],
);

/** License plates: containers that hold units or other LPNs and move as one (domain/schemas/lpn.ts). */
export const lpns = pgTable(
  'lpns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    code: text('code').notNull(),
    /** The LPN this one is inside; null for an outermost LPN. */
    parentId: integer('parent_id').references((): AnyPgColumn => lpns.id, { onDelete: 'restrict' }),
    /** Where an outermost LPN stands; null inside another LPN (it is where its outermost is). */
    locationCode: text('location_code'),
    description: text('description'),
    status: text('status').notNull().default('active'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('lpns_tenant_code_idx').on(t.tenantId, t.code),
    index('lpns_parent_idx').on(t.parentId),
    index('lpns_location_idx').on(t.tenantId, t.locationCode),
  ],
);

/** Label designs saved per tenant (domain/schemas/label-designs.ts); one default per kind. */
export const labelDesigns = pgTable(
  'label_designs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    kind: text('kind').notNull().default('location'),
    name: text('name').notNull(),
    design: jsonb('design').$type<Record<string, unknown>>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('label_designs_tenant_name_uq').on(t.tenantId, t.kind, t.name),
    index('label_designs_tenant_idx').on(t.tenantId, t.kind),
  ],
);
