import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies, tenants, timestamps } from './tenancy.js';

export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** The company that owns the role: warehouse roles belong to the owner company. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    companyType: text('company_type').notNull(),
    description: text('description'),
    /** System roles (admin, CompanyNewUserRole) cannot be deleted or renamed. */
    isSystem: boolean('is_system').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('roles_company_name_uq').on(t.tenantId, t.companyId, t.name)],
);

export const roleResourceActions = pgTable(
  'role_resource_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    action: text('action').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex('rra_role_resource_action_uq').on(t.roleId, t.resource, t.action)],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    username: text('username').notNull().unique(),
    email: text('email'),
    fullname: text('fullname').notNull(),
    passwordHash: text('password_hash').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    status: text('status').notNull().default('active'),
    /** The language the person chose (en, de, fr, pt); null: not chosen yet, the tenant's DEFAULT_LOCALE applies. */
    langKey: text('lang_key'),
    activationKey: text('activation_key'),
    resetKeyHash: text('reset_key_hash'),
    resetKeyExpiresAt: timestamp('reset_key_expires_at', { withTimezone: true, mode: 'string' }),
    mfaSecret: text('mfa_secret'),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    mfaPendingSecret: text('mfa_pending_secret'),
    /** Last accepted TOTP time step: a code is accepted once (RFC 6238 §5.2). */
    mfaLastStep: integer('mfa_last_step'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'string' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'string' }),
    platformAdmin: boolean('platform_admin').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('users_tenant_company_idx').on(t.tenantId, t.companyId), index('users_email_idx').on(t.email)],
);

/** Permission keys granted to one user beyond the role (the "user-extended" menu entries). */
export const userPermissions = pgTable(
  'user_permissions',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    action: text('action').notNull().default('read'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.resource, t.action] })],
);

/**
 * Refresh tokens, rotated on every use. `familyId` ties a sign-in's chain together: presenting a
 * token that was already rotated means it leaked, so the whole family is revoked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'string' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'string' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('refresh_family_idx').on(t.familyId), index('refresh_user_idx').on(t.userId)],
);
