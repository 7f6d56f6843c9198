import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants, timestamps } from './tenancy.js';

/** Setting record of spec §3: value is JSON text. */
export const settings = pgTable(
  'settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id').notNull(),
    referenceId: integer('reference_id').notNull(),
    referenceType: text('reference_type').notNull(),
    settingType: text('setting_type').notNull().default('JSON'),
    settingKey: text('setting_key').notNull(),
    settingName: text('setting_name'),
    description: text('description'),
    value: text('value').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('settings_ref_key_uq').on(t.tenantId, t.referenceType, t.referenceId, t.settingKey),
    index('settings_company_idx').on(t.tenantId, t.companyId),
  ],
);

export const tenantSettings = pgTable(
  'tenant_settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    settingKey: text('setting_key').notNull(),
    settingType: text('setting_type').notNull().default('STRING'),
    scope: text('scope').notNull().default('backend'),
    value: text('value').notNull(),
    description: text('description'),
    ...timestamps,
  },
  (t) => [uniqueIndex('tenant_settings_key_uq').on(t.tenantId, t.settingKey)],
);

export const mailLog = pgTable(
  'mail_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').references(() => tenants.id),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    template: text('template').notNull(),
    status: text('status').notNull().default('logged'),
    error: text('error'),
    ...timestamps,
  },
  (t) => [index('mail_log_to_idx').on(t.toAddress)],
);
