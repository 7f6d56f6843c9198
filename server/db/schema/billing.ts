/**
 * Billing (issue 21; decision 0014). The charges ledger is append-only: a line is never edited or
 * deleted — a correction is another line (`adjustsChargeId`) — except `invoiceId`, which invoicing
 * sets and voiding an invoice clears, so a charge is on at most one live invoice. Money is integer
 * cents (`amountCents`, rounded once per line); unit prices and quantities are exact decimals.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PriceRule } from '../../../domain/billing/charge-codes.js';
import { users } from './auth.js';
import { companies, tenants } from './tenancy.js';

const price = (name: string) => numeric(name, { precision: 18, scale: 6 });
const qty = (name: string) => numeric(name, { precision: 18, scale: 4 });
const cents = (name: string) => bigint(name, { mode: 'number' });
const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });
const tenantRef = () =>
  integer('tenant_id')
    .notNull()
    .references(() => tenants.id);

/** Plan types (spec: plan type): a name the warehouse groups its plans under. */
export const planTypes = pgTable(
  'plan_types',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('plan_types_name_uq').on(t.tenantId, t.name)],
);

/** Service charge plans: tier, category, a recurring fee on a schedule, price lines per code. */
export const servicePlans = pgTable(
  'service_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    planTypeId: integer('plan_type_id').references(() => planTypes.id),
    name: text('name').notNull(),
    description: text('description'),
    /** basic | standard | professional | enterprise (spec plan tiers). */
    tier: text('tier').notNull(),
    /** fba | fbm | wfs | storage (spec plan category). */
    category: text('category').notNull(),
    /** The recurring fee (decimal, major unit) and its schedule (spec charge schedule). */
    recurringFee: price('recurring_fee').notNull().default('0'),
    schedule: text('schedule').notNull().default('Monthly'),
    /** active | archived (archived: no new enrolments; existing ones keep pricing). */
    status: text('status').notNull().default('active'),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('service_plans_name_uq').on(t.tenantId, t.name)],
);

export const servicePlanPrices = pgTable(
  'service_plan_prices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    planId: integer('plan_id')
      .notNull()
      .references(() => servicePlans.id, { onDelete: 'cascade' }),
    /** A code of domain/billing/charge-codes.ts. */
    code: text('code').notNull(),
    unitPrice: price('unit_price').notNull(),
  },
  (t) => [uniqueIndex('service_plan_prices_code_uq').on(t.planId, t.code)],
);

/** A client enrolled in a plan from a day (to a day). One live enrolment per client and category. */
export const planEnrollments = pgTable(
  'plan_enrollments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => servicePlans.id),
    /** The plan's category, copied so "one live enrolment per category" is an index. */
    category: text('category').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    /** Inclusive last day; null while enrolled. */
    endsOn: date('ends_on', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('plan_enrollments_company_idx').on(t.tenantId, t.companyId),
    uniqueIndex('plan_enrollments_live_uq')
      .on(t.tenantId, t.companyId, t.category)
      .where(sql`${t.endsOn} is null`),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** Gapless per tenant (invoice_counters), given when the invoice is issued. */
    number: integer('number').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    /** issued | paid | void (partly paid: issued with paidCents > 0). */
    status: text('status').notNull().default('issued'),
    currency: text('currency').notNull(),
    subtotalCents: cents('subtotal_cents').notNull(),
    taxName: text('tax_name'),
    taxPercent: numeric('tax_percent', { precision: 9, scale: 4 }).notNull().default('0'),
    taxCents: cents('tax_cents').notNull().default(0),
    totalCents: cents('total_cents').notNull(),
    paidCents: cents('paid_cents').notNull().default(0),
    issuedAt: stamp('issued_at').notNull().defaultNow(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    emailedAt: stamp('emailed_at'),
    voidedAt: stamp('voided_at'),
    voidReason: text('void_reason'),
    createdBy: integer('created_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.tenantId, t.number),
    uniqueIndex('invoices_period_uq')
      .on(t.tenantId, t.companyId, t.periodStart, t.periodEnd)
      .where(sql`${t.status} <> 'void'`),
    index('invoices_company_idx').on(t.tenantId, t.companyId, t.periodStart),
  ],
);

/** The last invoice number given per tenant; taken under a row lock so numbers have no gaps. */
export const invoiceCounters = pgTable('invoice_counters', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  lastNumber: integer('last_number').notNull().default(0),
});

/** An invoice's lines: its charges summed per code and unit price (the charges keep the detail). */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    position: integer('position').notNull(),
    category: text('category').notNull(),
    code: text('code').notNull(),
    description: text('description').notNull(),
    quantity: qty('quantity').notNull(),
    unitPrice: price('unit_price').notNull(),
    amountCents: cents('amount_cents').notNull(),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId)],
);

/** The charges ledger. */
export const charges = pgTable(
  'charges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    code: text('code').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    quantity: qty('quantity').notNull(),
    unitPrice: price('unit_price').notNull(),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** Why this price (domain/billing/charge-codes.ts PriceRule). */
    rule: jsonb('rule').$type<PriceRule>().notNull(),
    /** What it came from: a charge event, a problem, a storage day, a label, a manual entry … */
    sourceType: text('source_type').notNull(),
    sourceId: text('source_id').notNull(),
    /** The day the work happened (UTC); invoices take charges by this day. */
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    adjustsChargeId: integer('adjusts_charge_id'),
    /**
     * How the client pays this line, decided once when it is written (decision 0019): 'invoice'
     * (the next invoice claims it) or 'funds' (drawn from prepaid funds as it happened: a label
     * bought from Shipping Label Funds, its void given back to them). A funds line is never
     * invoiced: the check below makes "settled twice" impossible, not just unlikely.
     */
    settledBy: text('settled_by').notNull().default('invoice'),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('charges_source_uq').on(t.tenantId, t.code, t.sourceType, t.sourceId),
    // "Has this event a line yet?" (priceEvents) asks by source whatever the code.
    index('charges_source_idx').on(t.tenantId, t.sourceType, t.sourceId),
    index('charges_company_day_idx').on(t.tenantId, t.companyId, t.serviceDate),
    index('charges_invoice_idx').on(t.invoiceId),
    check('charges_settled_by_ck', sql`${t.settledBy} in ('invoice', 'funds')`),
    check('charges_funds_not_invoiced_ck', sql`${t.settledBy} = 'invoice' or ${t.invoiceId} is null`),
  ],
);

/** A storage day computed for a tenant: what was charged and which products lack dimensions. */
export const storageRuns = pgTable(
  'storage_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    day: date('day', { mode: 'string' }).notNull(),
    lines: integer('lines').notNull().default(0),
    amountCents: cents('amount_cents').notNull().default(0),
    /** Products held but not charged for want of dimensions: [{companyId, productId, units}]. */
    missingDimensions: jsonb('missing_dimensions').$type<unknown[]>().notNull().default([]),
    runAt: stamp('run_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('storage_runs_day_uq').on(t.tenantId, t.day)],
);

/**
 * Money moving: invoice payments (card or manual), refunds, label-fund deposits and the label
 * purchases that draw on them. Category (spec charge category): DEPOSIT and SHIPPING move the
 * client's Shipping Label Funds; null: an invoice payment. Amounts are positive; the kind says
 * the direction.
 */
export const financeTransactions = pgTable(
  'finance_transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    /** payment | refund | deposit | label_purchase | label_refund (a voided label's funds back) */
    kind: text('kind').notNull(),
    category: text('category'),
    /** card | manual | funds */
    method: text('method').notNull(),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** pending | succeeded | failed | voided */
    status: text('status').notNull(),
    /** The processor's checkout session / payment intent / refund id. */
    processorRef: text('processor_ref'),
    /** A refund: the payment it gives back. */
    refundOf: integer('refund_of'),
    /** A label purchase: the label's source (shipping label id). */
    sourceType: text('source_type'),
    sourceId: text('source_id'),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('finance_transactions_company_idx').on(t.tenantId, t.companyId, t.createdAt),
    uniqueIndex('finance_transactions_processor_uq').on(t.tenantId, t.processorRef),
    uniqueIndex('finance_transactions_source_uq').on(t.tenantId, t.kind, t.sourceType, t.sourceId),
    check('finance_transactions_amount_ck', sql`${t.amountCents} > 0`),
  ],
);

/** Who voided or refunded what, when and why (and any other change to money). */
export const financeAudit = pgTable(
  'finance_audit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantRef(),
    /** transaction | invoice | charge */
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action').notNull(),
    amountCents: cents('amount_cents'),
    reason: text('reason'),
    userId: integer('user_id').references(() => users.id),
    at: stamp('at').notNull().defaultNow(),
  },
  (t) => [index('finance_audit_entity_idx').on(t.tenantId, t.entity, t.entityId)],
);
