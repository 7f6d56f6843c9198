/**
 * Verifications of the batch-verify tool (issue 20, Tools): every unit of a pick batch or an FBM
 * order scanned before it ships. One row per verification: who, when, what it verified, the
 * result and the mismatches said in words, so the ship step can see the order was verified.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import {
  VERIFY_RESULTS,
  VERIFY_SUBJECTS,
  type VerifyLineCount,
  type VerifyMismatch,
} from '../../../domain/schemas/fbm-pick.js';
import { users } from './auth.js';
import { companies, tenants, timestamps } from './tenancy.js';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const batchVerifications = pgTable(
  'batch_verifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** The client whose units these are; null for a pick batch of several clients' orders. */
    companyId: integer('company_id').references(() => companies.id),
    /** pick_batch or fbm_order. */
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id').notNull(),
    /** What was scanned to open it: PB-000123 or the marketplace order id. */
    subjectRef: text('subject_ref').notNull(),
    result: text('result').notNull(),
    expected: integer('expected').notNull(),
    scanned: integer('scanned').notNull(),
    lines: jsonb('lines').$type<VerifyLineCount[]>().notNull().default([]),
    mismatches: jsonb('mismatches').$type<VerifyMismatch[]>().notNull().default([]),
    userId: integer('user_id').references(() => users.id),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'string' }).notNull(),
    ...timestamps,
  },
  (t) => [
    index('batch_verifications_subject_idx').on(t.tenantId, t.subjectType, t.subjectId, t.id),
    check('batch_verifications_subject_check', sql`${t.subjectType} in (${inList(VERIFY_SUBJECTS)})`),
    check('batch_verifications_result_check', sql`${t.result} in (${inList(VERIFY_RESULTS)})`),
  ],
);
