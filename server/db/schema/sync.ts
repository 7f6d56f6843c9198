import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenancy.js';

/**
 * Each floor mutation applied (or rejected) once: a repeated id answers the recorded result.
 * Written in the same transaction as the mutation's effect, so "applied" and "recorded" cannot part.
 */
export const syncMutations = pgTable(
  'sync_mutations',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull(),
    userId: integer('user_id').notNull(),
    deviceId: text('device_id').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull(),
    code: text('code'),
    message: text('message'),
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }),
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/**
 * The per-tenant change sequence. A writer bumps it with UPDATE … RETURNING, which holds the row
 * lock until commit, so sequence numbers become visible in order and a pull never skips one.
 */
export const changeSeq = pgTable('change_seq', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
});

/** The change feed pulled by devices: the latest row image per change, or a tombstone. */
export const changeLog = pgTable(
  'change_log',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** Null = every user of the tenant's warehouse; a company id = also that client's users. */
    companyId: integer('company_id'),
    tableName: text('table_name').notNull(),
    rowKey: text('row_key').notNull(),
    op: text('op').notNull(),
    row: jsonb('row'),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.seq] }),
    index('change_log_company_idx').on(t.tenantId, t.companyId, t.seq),
  ],
);
