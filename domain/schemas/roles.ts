import { z } from 'zod';
import { ACTIONS } from '../permissions.js';
import { pageSchema } from '../paging.js';

export const roleCreateSchema = z.object({
  name: z.string().trim().min(2, 'name is required').max(80),
  description: z.string().trim().max(500).optional(),
  companyId: z.number().int().positive().optional(),
});
export const roleUpdateSchema = z.object({
  name: z.string().trim().min(2).max(80).optional(),
  description: z.string().trim().max(500).optional(),
});
export const grantSchema = z.object({
  roleId: z.number().int().positive(),
  resource: z.string().min(1).max(60),
  action: z.enum(ACTIONS),
});

// ---- Response bodies ----

export const roleRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  companyId: z.number().int(),
  companyName: z.string(),
  companyType: z.string(),
  isSystem: z.boolean(),
  userCount: z.number().int(),
});
export const rolePageSchema = pageSchema(roleRowSchema);

export const grantRowSchema = z.object({ id: z.number().int(), resource: z.string(), action: z.enum(ACTIONS) });
export const roleDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  companyId: z.number().int(),
  companyType: z.string(),
  isSystem: z.boolean(),
  grants: z.array(grantRowSchema),
});
export const grantResultSchema = grantRowSchema.extend({ roleId: z.number().int() });
/** The resources a role of a company type may hold, each with the actions that can be granted. */
export const grantableResourceSchema = z.object({ resource: z.string(), actions: z.array(z.enum(ACTIONS)) });
export const revokedSchema = z.object({ revoked: z.literal(true) });
