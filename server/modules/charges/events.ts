/**
 * Appends billable events where the work happens (never priced here). Idempotent per (kind,
 * source): a retried mutation or a re-closed box records nothing twice.
 */
import type { ChargeEventKind } from '../../../domain/schemas/charges.js';
import type { DbOrTx } from '../../db/client.js';
import { chargeEvents } from '../../db/schema/index.js';

export interface ChargeEvent {
  tenantId: number;
  companyId: number;
  kind: ChargeEventKind;
  quantity: number;
  sourceType: string;
  sourceId: string;
  details?: Record<string, unknown>;
  userId: number | null;
  at: string;
}

export async function recordChargeEvents(tx: DbOrTx, events: ChargeEvent[]): Promise<void> {
  const real = events.filter((e) => e.quantity > 0);
  if (!real.length) return;
  await tx
    .insert(chargeEvents)
    .values(real.map((e) => ({ ...e, details: e.details ?? {} })))
    .onConflictDoNothing();
}
