/**
 * Shipping labels bought with the Buy Shipping Labels tool (spec /apps/tools/shipping-label,
 * /api/external/ship/rate/label): one row per label, bought from one rate of the warehouse's rate
 * aggregator. The label document is kept (base64) so it can be printed again after the carrier's
 * download link expires. `costCents` and `upchargeCents` are the warehouse's; a client reads only
 * `totalCents`, what its label funds paid.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ShipAddress } from '../../../domain/schemas/shipping.js';
import { users } from './auth.js';
import { companies, tenants } from './tenancy.js';

const cents = (name: string) => bigint(name, { mode: 'number' });
const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const shippingLabels = pgTable(
  'shipping_labels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** The client whose label funds paid; null: the warehouse's own label. */
    companyId: integer('company_id').references(() => companies.id),
    /** The caller's key for this purchase: a double click or a retry buys once. */
    requestKey: text('request_key').notNull(),
    provider: text('provider').notNull().default('shipengine'),
    providerLabelId: text('provider_label_id'),
    rateId: text('rate_id').notNull(),
    carrier: text('carrier').notNull(),
    service: text('service').notNull(),
    trackingNumber: text('tracking_number'),
    /**
     * buying (claimed by its request key while the carrier is asked: a second click waits for it) |
     * bought | voided (a void the carrier refused leaves it bought).
     */
    status: text('status').notNull().default('bought'),
    shipFrom: jsonb('ship_from').$type<ShipAddress>().notNull(),
    shipTo: jsonb('ship_to').$type<ShipAddress>().notNull(),
    parcels: jsonb('parcels').$type<unknown[]>().notNull(),
    reference: text('reference'),
    format: text('format').notNull(),
    document: text('document'),
    costCents: cents('cost_cents').notNull(),
    upchargeCents: cents('upcharge_cents').notNull().default(0),
    totalCents: cents('total_cents').notNull(),
    currency: text('currency').notNull(),
    financeTransactionId: integer('finance_transaction_id'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: stamp('created_at').notNull().defaultNow(),
    voidedAt: stamp('voided_at'),
  },
  (t) => [
    uniqueIndex('shipping_labels_request_uq').on(t.tenantId, t.requestKey),
    index('shipping_labels_list_idx').on(t.tenantId, t.companyId, t.createdAt),
    check('shipping_labels_status_ck', sql`${t.status} in ('buying', 'bought', 'voided')`),
  ],
);
