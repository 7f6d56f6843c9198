/**
 * Background jobs. The queue itself (state, retries, schedules) is pg-boss's, in its own `pgboss`
 * schema; these tables hold what pg-boss does not know: whose job it is (tenant, who started it),
 * its progress for the UI, and the effects already applied (exactly-once, server/jobs/once.ts).
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenancy.js';
import { users } from './auth.js';

export const jobRuns = pgTable(
  'job_runs',
  {
    /** pg-boss's job id (a uuid). */
    jobId: text('job_id').primaryKey(),
    name: text('name').notNull(),
    /** Null for the platform's own upkeep, which belongs to no tenant. */
    tenantId: integer('tenant_id').references(() => tenants.id),
    /** Null when a schedule started it. */
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    progressNote: text('progress_note'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('job_runs_tenant_idx').on(t.tenantId, t.createdAt), index('job_runs_user_idx').on(t.startedBy)],
);

/** One row per effect a job has applied, keyed by the handler's idempotency key. */
export const jobEffects = pgTable('job_effects', {
  key: text('key').primaryKey(),
  jobId: text('job_id').notNull(),
  doneAt: timestamp('done_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});
