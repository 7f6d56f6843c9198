import { z } from 'zod';
import { USER_STATUSES } from '../enums.js';
import { ACTIONS } from '../permissions.js';
import { LOCALES, passwordSchema, usernameSchema } from './auth.js';
import { pageSchema } from '../paging.js';

export const userCreateSchema = z.object({
  companyId: z.number().int().positive().optional(),
  username: usernameSchema.pipe(
    z.string().regex(/^[a-z0-9._@-]{3,100}$/, 'username: 3–100 letters, digits, dots, dashes, @'),
  ),
  fullname: z.string().trim().min(1, 'fullname is required').max(200),
  email: z.email('email is not valid').max(200),
  password: passwordSchema,
  roleId: z.number().int().positive(),
  /** Omitted: the tenant's DEFAULT_LOCALE. */
  langKey: z.enum(LOCALES).optional(),
});

export const userUpdateSchema = z.object({
  fullname: z.string().trim().min(1).max(200).optional(),
  email: z.email().max(200).optional(),
  roleId: z.number().int().positive().optional(),
  status: z.enum(USER_STATUSES).optional(),
  langKey: z.enum(LOCALES).optional(),
});

export const userPermissionsSchema = z.object({
  permissions: z.array(z.object({ resource: z.string().min(1).max(60), action: z.enum(ACTIONS) })).max(200),
});

export const userListQuerySchema = z.object({
  pageNumber: z.string().optional(),
  pageSize: z.string().optional(),
  companyId: z.coerce.number().int().positive().optional(),
  q: z.string().max(100).optional(),
  status: z.enum(USER_STATUSES).optional(),
});

// ---- Response bodies (the routes' OpenAPI declarations and the web client read these) ----

/** A user as the users list and user screens show them. */
export const userRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullname: z.string(),
  email: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  /** Null: the user has not chosen a language (the tenant's DEFAULT_LOCALE applies). */
  langKey: z.string().nullable(),
  companyId: z.number().int(),
  companyName: z.string(),
  accountNo: z.string().nullable(),
  audience: z.string(),
  roleId: z.number().int(),
  roleName: z.string(),
  mfaEnabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type UserRow = z.infer<typeof userRowSchema>;
export const userPageSchema = pageSchema(userRowSchema);

/** A role the caller may give to users (the "authorities"). */
export const authoritySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  companyId: z.number().int().nullable(),
  companyType: z.string(),
});
/**
 * Someone of the caller's own company who may change its roles (roles-management update, or the
 * admin's everything): whom the not-authorised page names to ask for a missing right.
 */
export const roleManagerSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullname: z.string(),
});
export type RoleManager = z.infer<typeof roleManagerSchema>;
export const userPermissionSchema = z.object({ resource: z.string(), action: z.enum(ACTIONS) });
