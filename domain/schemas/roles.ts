import { z } from 'zod';
import { ACTIONS } from '../permissions.js';

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
