import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from './tenancy.js';

/**
 * The webhook endpoint Dockside registered at the card processor for a tenant (when it uses the
 * local sandbox; a production account's endpoint and secret are entered in Company Credentials).
 * The signing secret is sealed like every other secret.
 */
export const paymentWebhooks = pgTable('payment_webhooks', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  endpointId: text('endpoint_id').notNull(),
  url: text('url').notNull(),
  sealedSecret: text('sealed_secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/**
 * Events the card processor sent (checkout completed, payment succeeded or failed, refunds), each
 * kept once by the processor's event id whatever how often it is delivered; billing consumes them.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** The id of the object the event is about (cs_…, pi_…). */
    objectId: text('object_id'),
    data: jsonb('data').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** When billing applied it (null: not yet). */
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    uniqueIndex('payment_events_uq').on(t.tenantId, t.eventId),
    index('payment_events_type_idx').on(t.tenantId, t.type),
  ],
);
