/**
 * FBA shipment plans (domain/schemas/fba.ts, decision 0010): the plan and its lines, the units
 * the lines hold at the prep station (item reservations, beside the ledger: the units have not
 * moved), and the plan's journal of what was asked of Amazon and what came back. Boxes come with
 * the packing slice.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  PLAN_CHANNELS,
  PLAN_STATUSES,
  PLAN_STEPS,
  RESERVATION_STATES,
  type PrepInstruction,
  type ShipFrom,
} from '../../../domain/schemas/fba.js';
import { users } from './auth.js';
import { marketplaceOrderLines } from './orders.js';
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
    /** Where the plan goes: Amazon FBA or Walmart WFS (decision 0013: one plan model, two channels). */
    channel: text('channel').notNull().default('fba'),
    /** Spec §4 batch status (open … closed) or cancelled. */
    status: text('status').notNull().default('open'),
    /** The workflow stage reached (items … receiving). */
    step: text('step').notNull().default('items'),
    shipFrom: jsonb('ship_from').$type<ShipFrom>().notNull(),
    /** The marketplace's id of the plan, once it gave one: Amazon's inbound plan, Walmart's inbound order. */
    inboundPlanId: text('inbound_plan_id'),
    packingOptionId: text('packing_option_id'),
    placementOptionId: text('placement_option_id'),
    /** The Amazon operation the plan waits for (none: nothing in flight) and its name. */
    operationId: text('operation_id'),
    operation: text('operation'),
    /** When the plan reached its current step (Open Shipment Plans' age at the step). */
    stepAt: timestamp('step_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** What Amazon offered, read when its operation succeeded (screens never wait on Amazon). */
    packingOptions: jsonb('packing_options').$type<unknown[]>(),
    placementOptions: jsonb('placement_options').$type<unknown[]>(),
    /** Transportation options per placement option id, and delivery windows per shipment id. */
    transportOptions: jsonb('transport_options').$type<Record<string, unknown>>(),
    /** WFS: Walmart's inbound preview (where each line would go), kept from the last ask. */
    inboundPreview: jsonb('inbound_preview').$type<unknown>(),
    /** The warehouse's or the client's own notes on the plan (free text; WFS plan/update). */
    notes: text('notes'),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index('shipment_plans_list_idx').on(t.tenantId, t.companyId, t.status, t.createdAt),
    check('shipment_plans_channel_check', sql`${t.channel} in (${inList(PLAN_CHANNELS)})`),
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
    /**
     * The prep station the units are held at (PREP-FBA, PREP-WFS): each channel plans its own station's units.
     * 'FBM' for a merchant-fulfilment order line's hold (order_line_id): those units sit in storage bins
     * and at FBM-SHELF, never at a prep station or RECEIVING (decision 0017).
     */
    station: text('station').notNull().default('PREP-FBA'),
    /** The marketplace order line an FBM hold is for (station 'FBM'); null for plan holds. */
    orderLineId: integer('order_line_id').references(() => marketplaceOrderLines.id, { onDelete: 'set null' }),
    state: text('state').notNull().default('held'),
    ...timestamps,
  },
  (t) => [
    // "Held per client and product key": the availability query sums these.
    index('item_reservations_held_idx')
      .on(t.tenantId, t.companyId, t.station, t.productKey)
      .where(sql`${t.state} = 'held'`),
    uniqueIndex('item_reservations_line_held_uq')
      .on(t.planItemId)
      .where(sql`${t.state} = 'held'`),
    index('item_reservations_plan_idx').on(t.planId),
    uniqueIndex('item_reservations_order_line_held_uq')
      .on(t.orderLineId)
      .where(sql`${t.state} = 'held'`),
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
    /** The line in English as written (older rows: the only words they have). */
    message: text('message').notNull(),
    /** The line as a code and parameters (issue 41), said in the reader's language; null on older rows. */
    words: jsonb('words'),
    request: jsonb('request'),
    response: jsonb('response'),
  },
  (t) => [index('shipment_plan_events_plan_idx').on(t.planId, t.id)],
);

export const BOX_STATES = ['open', 'closed'] as const;

/**
 * A box at the packer's bench (decision 0010, "one engine"): opened on a device (its id is the
 * device's uuid, so a box exists offline), numbered by the server in the order boxes reach it,
 * closed with its dimensions and weight. Amazon's package id and FBA box id, and the shipment it
 * goes in, are written once Amazon has placed it.
 */
export const shipmentBoxes = pgTable(
  'shipment_boxes',
  {
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => shipmentPlans.id, { onDelete: 'cascade' }),
    packingGroupId: text('packing_group_id'),
    boxNo: integer('box_no').notNull(),
    state: text('state').notNull().default('open'),
    lengthIn: doublePrecision('length_in'),
    widthIn: doublePrecision('width_in'),
    heightIn: doublePrecision('height_in'),
    weightLb: doublePrecision('weight_lb'),
    /** The DEFINED_BOX_DIMENSIONS preset chosen, if any. */
    preset: text('preset'),
    /** Heavier than one person may lift (over 50 lb): the box carries a TEAM LIFT label. */
    teamLift: boolean('team_lift').notNull().default(false),
    amazonPackageId: text('amazon_package_id'),
    amazonBoxId: text('amazon_box_id'),
    shipmentId: integer('shipment_id').references(() => planShipments.id, { onDelete: 'set null' }),
    openedBy: integer('opened_by').references(() => users.id),
    deviceId: text('device_id'),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'string' }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipment_boxes_no_uq').on(t.planId, t.boxNo),
    index('shipment_boxes_tenant_idx').on(t.tenantId, t.companyId),
    check('shipment_boxes_state_check', sql`${t.state} in (${inList(BOX_STATES)})`),
  ],
);

/** What a box holds of a plan line. */
export const shipmentBoxItems = pgTable(
  'shipment_box_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => shipmentPlans.id, { onDelete: 'cascade' }),
    boxId: text('box_id')
      .notNull()
      .references(() => shipmentBoxes.id, { onDelete: 'cascade' }),
    planItemId: integer('plan_item_id')
      .notNull()
      .references(() => shipmentPlanItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipment_box_items_uq').on(t.boxId, t.planItemId),
    index('shipment_box_items_plan_idx').on(t.planId, t.planItemId),
    check('shipment_box_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/**
 * One of Amazon's shipments of a plan (placement splits a plan over fulfilment centres): where it
 * goes, how it travels, its tracking, and what Amazon received of it.
 */
export const planShipments = pgTable(
  'plan_shipments',
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
    shipmentId: text('shipment_id').notNull(),
    confirmationId: text('confirmation_id'),
    amazonReferenceId: text('amazon_reference_id'),
    name: text('name'),
    /** Amazon's destination: warehouseId and address. */
    destination: jsonb('destination').$type<Record<string, unknown>>(),
    /** Amazon's shipment status (WORKING, READY_TO_SHIP, SHIPPED, RECEIVING, CLOSED, …). */
    status: text('status').notNull().default('WORKING'),
    shippingMode: text('shipping_mode'),
    shippingSolution: text('shipping_solution'),
    transportationOptionId: text('transportation_option_id'),
    carrier: jsonb('carrier').$type<Record<string, unknown>>(),
    deliveryWindow: jsonb('delivery_window').$type<Record<string, unknown>>(),
    /** Tracking numbers per box (small parcel), or the PRO and BOL numbers (LTL). */
    tracking: jsonb('tracking').$type<Record<string, unknown>>(),
    proNumber: text('pro_number'),
    billOfLadingNumber: text('bill_of_lading_number'),
    transportConfirmedAt: timestamp('transport_confirmed_at', { withTimezone: true, mode: 'string' }),
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'string' }),
    /** Per MSKU: shipped and received, as Amazon last reported; a discrepancy flags the plan for a claim. */
    received: jsonb('received').$type<{ msku: string; shipped: number; received: number }[]>(),
    discrepancy: boolean('discrepancy').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('plan_shipments_uq').on(t.planId, t.shipmentId),
    index('plan_shipments_tenant_idx').on(t.tenantId, t.companyId, t.proNumber),
  ],
);
