/**
 * The warehouse's carriers (domain/schemas/carriers.ts): per tenant, each name and code once
 * regardless of case — unique indexes, so two saves at once cannot make a twin (the loser gets 409).
 * Deactivated carriers stay for the record and leave the lists screens choose from.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { tenants } from './tenancy.js';

export const carriers = pgTable(
  'carriers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    /** SCAC or the carrier's short code, upper case. */
    code: text('code').notNull(),
    /** parcel | ltl. */
    kind: text('kind').notNull().default('parcel'),
    accountNumber: text('account_number'),
    services: jsonb('services').$type<string[]>().notNull().default([]),
    /** The tracking page with {tracking} where the number goes. */
    trackingUrl: text('tracking_url'),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carriers_name_uq').on(t.tenantId, sql`lower(name)`),
    uniqueIndex('carriers_code_uq').on(t.tenantId, sql`upper(code)`),
    index('carriers_tenant_active_idx').on(t.tenantId, t.active),
    check('carriers_kind_ck', sql`${t.kind} in ('parcel', 'ltl')`),
  ],
);
