/**
 * Amazon's prep details of a store's SKUs (domain/schemas/fba-prep.ts) as last read, and a change
 * sent to Amazon that its operation has not yet applied. Kept apart from store_listings because a
 * listing pull replaces those rows whole.
 */
import { integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PrepType } from '../../../domain/schemas/fba-prep.js';
import { users } from './auth.js';
import { stores } from './stores.js';
import { companies, tenants } from './tenancy.js';

export const amazonPrepDetails = pgTable(
  'amazon_prep_details',
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
      .references(() => stores.id, { onDelete: 'cascade' }),
    msku: text('msku').notNull(),
    prepCategory: text('prep_category').notNull(),
    prepTypes: jsonb('prep_types').$type<PrepType[]>().notNull().default([]),
    labelOwnerConstraint: text('label_owner_constraint'),
    prepOwnerConstraint: text('prep_owner_constraint'),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'string' }).notNull(),
    /** A change sent with setPrepDetails: its operation, and what it sets once Amazon says SUCCESS. */
    pendingOperationId: text('pending_operation_id'),
    pendingCategory: text('pending_category'),
    pendingTypes: jsonb('pending_types').$type<PrepType[]>(),
    pendingBy: integer('pending_by').references(() => users.id),
    /** Why Amazon refused the last change, until the next one. */
    problem: text('problem'),
  },
  (t) => [uniqueIndex('amazon_prep_details_sku_uq').on(t.storeId, t.msku)],
);
