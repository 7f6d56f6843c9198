/**
 * Tools → Freight (issue 20): LTL shipments the warehouse books with its freight broker. A row is
 * written before the broker is asked (status BOOKING, unique per tenant and request key) and
 * completed with the broker's answer, so a double click or a retry books once and a crash in
 * between resumes with the same Idempotency-Key. company_id: the client the freight is for (its
 * cost becomes a freight_charged event), null for the warehouse's own freight.
 */
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FreightBookInput, FreightRate } from '../../../domain/schemas/freight-shipments.js';
import { users } from './auth.js';
import { companies, tenants } from './tenancy.js';

export interface FreightEvent {
  at: string;
  status: string;
  description: string;
}

export const freightShipments = pgTable(
  'freight_shipments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id').references(() => companies.id),
    /** The screen's key of one booking: the broker's Idempotency-Key is derived from it. */
    requestKey: text('request_key').notNull(),
    /** What was asked: shipper, consignee, pickup date, handling units, accessorials, references. */
    request: jsonb('request').$type<FreightBookInput>().notNull(),
    /** The rate chosen from the quotes. */
    rate: jsonb('rate').$type<FreightRate | null>(),
    /** domain/schemas/freight-shipments.ts FREIGHT_SHIPMENT_STATUSES. */
    status: text('status').notNull(),
    brokerShipmentId: text('broker_shipment_id'),
    bolNumber: text('bol_number'),
    proNumber: text('pro_number'),
    carrierName: text('carrier_name'),
    carrierScac: text('carrier_scac'),
    service: text('service'),
    pickupDate: text('pickup_date').notNull(),
    estimatedDelivery: text('estimated_delivery'),
    costCents: integer('cost_cents'),
    /** The classes the broker rated the units at. */
    ratedClasses: jsonb('rated_classes').$type<number[]>().notNull().default([]),
    events: jsonb('events').$type<FreightEvent[]>().notNull().default([]),
    /** The broker's document links (BOL, handling-unit labels). */
    documents: jsonb('documents').$type<{ billOfLading: string; labels: string } | null>(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    trackedAt: timestamp('tracked_at', { withTimezone: true, mode: 'string' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    uniqueIndex('freight_shipments_request_uq').on(t.tenantId, t.requestKey),
    index('freight_shipments_tenant_idx').on(t.tenantId, t.createdAt),
    index('freight_shipments_pro_idx').on(t.tenantId, t.proNumber),
  ],
);
