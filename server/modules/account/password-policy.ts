/** The minimum password length is 4 (spec §5); a tenant may raise it with PASSWORD_MIN_LENGTH. */
import { MIN_PASSWORD_LENGTH } from '../../../domain/schemas/auth.js';
import type { DbOrTx } from '../../db/client.js';
import { readTenantSetting } from '../../db/tenant-settings.js';
import { badRequest, refusal } from '../../http/errors.js';

export async function assertPasswordPolicy(
  db: DbOrTx,
  tenantId: number,
  password: string,
  field = 'password',
): Promise<void> {
  const min = Math.max(MIN_PASSWORD_LENGTH, await readTenantSetting(db, tenantId, 'PASSWORD_MIN_LENGTH'));
  if (password.length < min) throw badRequest(refusal('refusals.passwordTooShort', { field, min }));
}
