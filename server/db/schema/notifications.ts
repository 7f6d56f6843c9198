/**
 * In-app notifications (spec /apps/account/notifications): what the warehouse told a company —
 * a plan shipped, checked in or closed at Amazon, a WFS shipment shipped, an invoice issued — kept
 * for the company's users to read in the app, whether or not they take it by e-mail too. Read
 * state is each user's own.
 */
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { companies, tenants } from './tenancy.js';

export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** domain/schemas/notifications.ts NOTIFICATION_KINDS */
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /**
     * The subject and body as codes and parameters (`{ subject: Words, body: Words }`, issue 41),
     * said in each reader's language; subject/body hold the English. Older rows: null.
     */
    words: jsonb('words'),
    /** The screen it is about, inside the app. */
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('notifications_company_idx').on(t.tenantId, t.companyId, t.createdAt)],
);

export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.userId] })],
);

/** The kinds a user does not want by e-mail (they still see them in the app). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  emailOff: jsonb('email_off').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});
