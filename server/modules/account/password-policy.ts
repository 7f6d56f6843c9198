/** The minimum password length is 4 (spec §5); a tenant may raise it with PASSWORD_MIN_LENGTH. */
import { and, eq } from 'drizzle-orm';
import { MIN_PASSWORD_LENGTH } from '../../../domain/schemas/auth.js';
import type { DbOrTx } from '../../db/client.js';
import { tenantSettings } from '../../db/schema/index.js';
import { badRequest } from '../../http/errors.js';

export async function assertPasswordPolicy(
  db: DbOrTx,
  tenantId: number,
  password: string,
  field = 'password',
): Promise<void> {
  const [row] = await db
    .select({ value: tenantSettings.value })
    .from(tenantSettings)
    .where(and(eq(tenantSettings.tenantId, tenantId), eq(tenantSettings.settingKey, 'PASSWORD_MIN_LENGTH')));
  const parsed = row ? Number.parseInt(JSON.parse(row.value) as string, 10) : NaN;
  const min = Number.isFinite(parsed) ? Math.max(MIN_PASSWORD_LENGTH, parsed) : MIN_PASSWORD_LENGTH;
  if (password.length < min) throw badRequest(`${field}: must be at least ${min} characters`);
}
