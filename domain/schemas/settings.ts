import { z } from 'zod';
import { ENTITY_SCOPES, SETTING_VALUE_TYPES } from '../enums.js';
import { SETTING_KEYS, TENANT_SETTING_KEYS } from '../settings-keys.js';

/** Setting values are JSON text (spec §3): the text must parse. */
export const jsonText = z
  .string()
  .max(512 * 1024, 'value is larger than 512 KiB')
  .refine((s) => {
    try {
      JSON.parse(s);
      return true;
    } catch {
      return false;
    }
  }, 'value must be valid JSON text');

export const settingWriteSchema = z.object({
  companyId: z.number().int().positive().optional(),
  referenceId: z.number().int().positive(),
  referenceType: z.enum(ENTITY_SCOPES),
  settingType: z.enum(SETTING_VALUE_TYPES).default('JSON'),
  settingKey: z.enum(SETTING_KEYS),
  settingName: z.string().max(200).optional(),
  description: z.string().max(1000).optional(),
  value: jsonText,
});
export type SettingWrite = z.infer<typeof settingWriteSchema>;

export const settingUpdateSchema = z.object({
  id: z.number().int().positive(),
  value: jsonText,
  settingName: z.string().max(200).optional(),
  description: z.string().max(1000).optional(),
});

export const settingReferenceQuerySchema = z.object({
  referenceId: z.coerce.number().int().positive(),
  referenceType: z.enum(ENTITY_SCOPES),
  settingKey: z.enum(SETTING_KEYS),
});

export const tenantSettingWriteSchema = z.object({
  settingKey: z.enum(TENANT_SETTING_KEYS),
  settingType: z.enum(SETTING_VALUE_TYPES).default('STRING'),
  scope: z.enum(['frontend', 'backend']).default('backend'),
  value: jsonText,
  description: z.string().max(1000).optional(),
});

// ---- Response bodies ----

/** A stored setting (company or user reference); `value` is JSON text. */
export const settingRowSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  companyId: z.number().int(),
  referenceId: z.number().int(),
  referenceType: z.string(),
  settingType: z.string(),
  settingKey: z.string(),
  settingName: z.string().nullable(),
  description: z.string().nullable(),
  value: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** A tenant setting as stored; its value (JSON text) reads with parseTenantSetting. */
export const tenantSettingRowSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  settingKey: z.string(),
  settingType: z.string(),
  scope: z.string(),
  value: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
