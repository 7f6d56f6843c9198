/**
 * Billable events (ARCHITECTURE "Money"): appended where the work happens — a box packed, units
 * prepped, labels applied, a shipment shipped — with the client, the quantity and the row it came
 * from; billing prices them later. One event per (kind, source): recording again changes nothing.
 */
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { companies, tenants } from './tenancy.js';

export const chargeEvents = pgTable(
  'charge_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** What happened (domain/schemas/charges.ts CHARGE_EVENT_KINDS). */
    kind: text('kind').notNull(),
    quantity: integer('quantity').notNull(),
    sourceType: text('source_type').notNull(),
    sourceId: text('source_id').notNull(),
    /** What billing needs to price it (the prep type, the plan, the carrier …). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    userId: integer('user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [
    uniqueIndex('charge_events_source_uq').on(t.tenantId, t.kind, t.sourceType, t.sourceId),
    index('charge_events_company_idx').on(t.tenantId, t.companyId, t.at),
  ],
);
