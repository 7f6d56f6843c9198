import { z } from 'zod';
import { USER_STATUSES } from '../enums.js';
import { ACTIONS } from '../permissions.js';
import { LOCALES, passwordSchema, usernameSchema } from './auth.js';

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
