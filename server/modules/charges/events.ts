/**
 * Appends billable events where the work happens (never priced here). Idempotent per (kind,
 * source): a retried mutation or a re-closed box records nothing twice. Each new event raises
 * "work recorded" (./recorded.ts), so billing prices it within seconds of its transaction's commit.
 */
import { sql } from 'drizzle-orm';
import type { ChargeEventKind } from '../../../domain/schemas/charges.js';
import type { DbOrTx } from '../../db/client.js';
import { chargeEvents } from '../../db/schema/index.js';
import { workRecorded } from './recorded.js';

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
  const inserted = await tx
    .insert(chargeEvents)
    .values(real.map((e) => ({ ...e, details: e.details ?? {} })))
    .onConflictDoNothing()
    .returning({ tenantId: chargeEvents.tenantId, xid: sql<string>`pg_current_xact_id()::text` });
  workRecorded(tx, inserted);
}
