/**
 * Clients' marketplace stores and the log of calls made to providers on their behalf. Secrets are
 * kept sealed (server/crypto/secret-box.ts) in `sealedCredentials`; only a hint is ever shown.
 */
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, tenants, timestamps } from './tenancy.js';

export const stores = pgTable(
  'stores',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    marketplace: text('marketplace').notNull(),
    name: text('name').notNull(),
    sellerId: text('seller_id'),
    environment: text('environment').notNull().default('sandbox'),
    connection: text('connection').notNull().default('not_connected'),
    /** JSON {clientId?, clientSecret?, refreshToken?} sealed with the server secret. */
    sealedCredentials: text('sealed_credentials'),
    credentialHint: text('credential_hint'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true, mode: 'string' }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'string' }),
    lastError: text('last_error'),
    /** The OAuth `state` of an authorisation under way (one use, checked on the callback). */
    oauthState: text('oauth_state'),
    /**
     * eBay stores: the warehouse's keyset is approved for eBay Logistics (Limited Release), so the
     * seller is asked for sell.logistics and the store's orders get eBay Logistics rates. Opt-in.
     */
    ebayLogistics: boolean('ebay_logistics').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('stores_company_idx').on(t.tenantId, t.companyId)],
);

export const integrationCalls = pgTable(
  'integration_calls',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id').references(() => companies.id),
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    operation: text('operation').notNull(),
    method: text('method').notNull(),
    url: text('url').notNull(),
    status: integer('status'),
    durationMs: integer('duration_ms').notNull(),
    attempt: integer('attempt').notNull().default(1),
    error: text('error'),
    requestExcerpt: text('request_excerpt'),
    responseExcerpt: text('response_excerpt'),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('integration_calls_store_idx').on(t.tenantId, t.storeId, t.at)],
);

/**
 * The local sandboxes' own state (server/sandboxes/): what a provider would hold for a seller
 * account — FBA inventory, listings, operations — keyed by provider, account and record. It
 * survives restarts, and each account's records can be reset.
 */
export const sandboxRecords = pgTable(
  'sandbox_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    account: text('account').notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    data: jsonb('data').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('sandbox_records_uq').on(t.provider, t.account, t.kind, t.key)],
);

/** The warehouse's own provider accounts (Company Credentials): one per kind, sealed. */
export const providerAccounts = pgTable(
  'provider_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    kind: text('kind').notNull(),
    sealedValues: text('sealed_values').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('provider_accounts_kind_uq').on(t.tenantId, t.kind)],
);
