/**
 * Reading a tenant setting as its typed value (domain/settings-keys.ts): the stored value, or the
 * setting's default while none is stored. A stored value that no longer parses (written before
 * the settings were typed) reads as the default, so a bad row can never break sign-in or sign-up.
 */
import { and, eq } from 'drizzle-orm';
import {
  parseTenantSetting,
  TENANT_SETTINGS,
  type TenantSettingKey,
  type TenantSettingValue,
} from '../../domain/settings-keys.js';
import type { DbOrTx } from './client.js';
import { tenantSettings } from './schema/index.js';

export async function readTenantSetting<K extends TenantSettingKey>(
  db: DbOrTx,
  tenantId: number,
  key: K,
): Promise<TenantSettingValue<K>> {
  const [row] = await db
    .select({ value: tenantSettings.value })
    .from(tenantSettings)
    .where(and(eq(tenantSettings.tenantId, tenantId), eq(tenantSettings.settingKey, key)));
  const parsed = row ? parseTenantSetting(key, row.value) : null;
  return parsed?.ok ? parsed.value : (TENANT_SETTINGS[key].default as TenantSettingValue<K>);
}
