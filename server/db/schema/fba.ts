/**
 * FBA shipment plans (domain/schemas/fba.ts, decision 0010): the plan and its lines, the units
 * the lines hold at the prep station (item reservations, beside the ledger: the units have not
 * moved), and the plan's journal of what was asked of Amazon and what came back. Boxes come with
 * the packing slice.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  PLAN_STATUSES,
  PLAN_STEPS,
  RESERVATION_STATES,
  type PrepInstruction,
  type ShipFrom,
} from '../../../domain/schemas/fba.js';
import { users } from './auth.js';
import { products } from './products.js';
import { stores } from './stores.js';
import { companies, tenants, timestamps } from './tenancy.js';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const shipmentPlans = pgTable(
  'shipment_plans',
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
      .references(() => stores.id),
    name: text('name').notNull(),
    /** Spec §4 batch status (open … closed) or cancelled. */
    status: text('status').notNull().default('open'),
    /** The workflow stage reached (items … receiving). */
    step: text('step').notNull().default('items'),
    shipFrom: jsonb('ship_from').$type<ShipFrom>().notNull(),
    /** Amazon's ids, once Amazon gave them. */
    inboundPlanId: text('inbound_plan_id'),
    packingOptionId: text('packing_option_id'),
    placementOptionId: text('placement_option_id'),
    /** The Amazon operation the plan waits for (none: nothing in flight) and its name. */
    operationId: text('operation_id'),
    operation: text('operation'),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index('shipment_plans_list_idx').on(t.tenantId, t.companyId, t.status, t.createdAt),
    index('shipment_plans_tenant_idx').on(t.tenantId, t.createdAt),
    uniqueIndex('shipment_plans_inbound_uq').on(t.storeId, t.inboundPlanId),
    check('shipment_plans_status_check', sql`${t.status} in (${inList(PLAN_STATUSES)})`),
    check('shipment_plans_step_check', sql`${t.step} in (${inList(PLAN_STEPS)})`),
  ],
);

export const shipmentPlanItems = pgTable(
  'shipment_plan_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => shipmentPlans.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The ledger's key of the product (domain/rules/product-key.ts): what the line reserves. */
    productKey: text('product_key').notNull(),
    /** The codes and title at planning time (the store's listing, else the product). */
    msku: text('msku'),
    fnsku: text('fnsku'),
    asin: text('asin'),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull(),
    labelOwner: text('label_owner').notNull().default('SELLER'),
    prepOwner: text('prep_owner').notNull().default('SELLER'),
    expiration: date('expiration', { mode: 'string' }),
    manufacturingLotCode: text('manufacturing_lot_code'),
    /** Amazon's prep instructions for the SKU (prepType, prepOwner, fee), once Amazon gave them. */
    prepInstructions: jsonb('prep_instructions').$type<PrepInstruction[]>().notNull().default([]),
    packingGroupId: text('packing_group_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('shipment_plan_items_product_uq').on(t.planId, t.productId),
    check('shipment_plan_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/**
 * Units held for a plan line (spec "item reservation"): what any other plan, an FBM order or a
 * WFS plan may take is on hand at the station minus what is held.
 */
export const itemReservations = pgTable(
  'item_reservations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    productKey: text('product_key').notNull(),
    quantity: integer('quantity').notNull(),
    /** The plan and line it holds for (the line is gone once removed; the plan stays the history). */
    planId: integer('plan_id').references(() => shipmentPlans.id, { onDelete: 'cascade' }),
    planItemId: integer('plan_item_id').references(() => shipmentPlanItems.id, { onDelete: 'set null' }),
    state: text('state').notNull().default('held'),
    ...timestamps,
  },
  (t) => [
    // "Held per client and product key": the availability query sums these.
    index('item_reservations_held_idx')
      .on(t.tenantId, t.companyId, t.productKey)
      .where(sql`${t.state} = 'held'`),
    uniqueIndex('item_reservations_line_held_uq')
      .on(t.planItemId)
      .where(sql`${t.state} = 'held'`),
    index('item_reservations_plan_idx').on(t.planId),
    check('item_reservations_quantity_check', sql`${t.quantity} > 0`),
    check('item_reservations_state_check', sql`${t.state} in (${inList(RESERVATION_STATES)})`),
  ],
);

/** The plan's journal: who (null: a job), when, what, what was asked and what came back. */
export const shipmentPlanEvents = pgTable(
  'shipment_plan_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => shipmentPlans.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    request: jsonb('request'),
    response: jsonb('response'),
  },
  (t) => [index('shipment_plan_events_plan_idx').on(t.planId, t.id)],
);
