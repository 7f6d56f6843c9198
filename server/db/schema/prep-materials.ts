/**
 * Prep materials (issue 21): boxes, poly bags, bubble wrap, tape, labels a warehouse buys and uses
 * at the bench; cost groups that group materials (and later charge codes). Stock on hand is the
 * sum of an append-only movement ledger (purchase in, consumption out, count adjustment): rows are
 * only ever inserted. Prices are exact decimals (numeric, 6 decimals; domain/rules/money.ts).
 */
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  boolean,
  date,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth.js';
import { companies, tenants } from './tenancy.js';

const price = (name: string) => numeric(name, { precision: 18, scale: 6 });

export const costGroups = pgTable(
  'cost_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    description: text('description'),
    /** Charge codes the group reports together (domain/billing/charge-codes.ts); a code is in one group at most. */
    chargeCodes: text('charge_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cost_groups_name_uq').on(t.tenantId, t.name)],
);

export const prepMaterials = pgTable(
  'prep_materials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    /** SKU / code, upper case, unique per tenant. */
    code: text('code').notNull(),
    /** domain/schemas/prep-materials.ts PREP_MATERIAL_KINDS. */
    kind: text('kind').notNull(),
    unitOfMeasure: text('unit_of_measure').notNull(),
    costGroupId: integer('cost_group_id').references(() => costGroups.id),
    costPrice: price('cost_price').notNull(),
    clientPrice: price('client_price').notNull(),
    /** The last purchase's unit cost. */
    lastCost: price('last_cost'),
    /** Boxes: inside dimensions in inches (decimal text); poly and bubble bags: length × width only. */
    lengthIn: numeric('length_in', { precision: 10, scale: 2 }),
    widthIn: numeric('width_in', { precision: 10, scale: 2 }),
    heightIn: numeric('height_in', { precision: 10, scale: 2 }),
    reorderLevel: integer('reorder_level').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('prep_materials_code_uq').on(t.tenantId, t.code),
    index('prep_materials_cost_group_idx').on(t.tenantId, t.costGroupId),
  ],
);

export const prepMaterialPurchases = pgTable(
  'prep_material_purchases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    materialId: integer('material_id')
      .notNull()
      .references(() => prepMaterials.id),
    quantity: integer('quantity').notNull(),
    unitCost: price('unit_cost').notNull(),
    supplier: text('supplier'),
    reference: text('reference'),
    purchasedOn: date('purchased_on', { mode: 'string' }).notNull(),
    userId: integer('user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('prep_material_purchases_material_idx').on(t.tenantId, t.materialId),
    check('prep_material_purchases_quantity_ck', sql`${t.quantity} > 0`),
  ],
);

/** Append-only: on hand = sum(quantity). kind: purchase (in), consumption (out), adjustment (±). */
export const prepMaterialMovements = pgTable(
  'prep_material_movements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    materialId: integer('material_id')
      .notNull()
      .references(() => prepMaterials.id),
    kind: text('kind').notNull(),
    /** Signed: + in, − out. */
    quantity: integer('quantity').notNull(),
    purchaseId: integer('purchase_id').references(() => prepMaterialPurchases.id),
    /** Consumption charged to a client (at the material's client price at the time). */
    companyId: integer('company_id').references(() => companies.id),
    unitPrice: price('unit_price'),
    sourceType: text('source_type'),
    sourceId: text('source_id'),
    note: text('note'),
    userId: integer('user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('prep_material_movements_material_idx').on(t.tenantId, t.materialId),
    check('prep_material_movements_quantity_ck', sql`${t.quantity} <> 0`),
  ],
);
