/** One audit row for every write: who, what, when, before/after (secrets stripped). */
import type { DbOrTx } from './db/client.js';
import { auditLog } from './db/schema/index.js';

export interface Actor {
  tenantId: number | null;
  companyId?: number | null;
  userId: number | null;
}

const SECRET_FIELDS = new Set([
  'passwordHash',
  'mfaSecret',
  'mfaPendingSecret',
  'resetKeyHash',
  'activationKey',
  'tokenHash',
]);

function scrub(row: unknown): unknown {
  if (row === null || row === undefined || typeof row !== 'object') return row ?? null;
  return Object.fromEntries(Object.entries(row).filter(([k]) => !SECRET_FIELDS.has(k)));
}

export async function audit(
  tx: DbOrTx,
  actor: Actor,
  entity: string,
  entityId: string | number,
  action: 'create' | 'update' | 'delete' | 'status' | 'sign-in' | 'password' | 'mfa' | 'grant' | 'revoke',
  before: unknown,
  after: unknown,
): Promise<void> {
  await tx.insert(auditLog).values({
    tenantId: actor.tenantId,
    companyId: actor.companyId ?? null,
    userId: actor.userId,
    entity,
    entityId: String(entityId),
    action,
    before: scrub(before),
    after: scrub(after),
  });
}
