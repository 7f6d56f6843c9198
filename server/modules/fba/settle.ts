/**
 * How a plan takes in the end of one of its Amazon operations (decision 0010): the operation's
 * handler reads what Amazon made first (outside any transaction), then `settle` writes it in one
 * transaction that holds the plan only while it still waits for that very operation — so a poll
 * retried after a crash, or two checks racing, change the plan once.
 */
import { and, eq } from 'drizzle-orm';
import type { PlanStatus, PlanStep } from '../../../domain/schemas/fba.js';
import type { Deps } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { shipmentPlans } from '../../db/schema/index.js';
import type { FinishedOperation } from '../operations/kinds.js';
import { lockChangeFeed } from '../../feed/changes.js';
import { publishPlan } from '../bench/feed.js';
import { journal } from './journal.js';
import type { PlanRecord } from './plan-record.js';

export interface Outcome {
  message: string;
  response?: unknown;
  step?: PlanStep;
  status?: PlanStatus;
  /** Further columns of the plan. */
  set?: Partial<typeof shipmentPlans.$inferInsert>;
  /** Writes beside the plan's (lines, boxes, shipments), in the same transaction. */
  write?: (tx: Tx, at: string, locked: PlanRecord) => Promise<void>;
}

/** Answers whether the plan took the outcome (false: it no longer waited for the operation). */
export async function settle(deps: Deps, done: FinishedOperation, planId: number, outcome: Outcome): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    // The feed's lock before the plan's, in the order a bench push takes them (no deadlock).
    await lockChangeFeed(tx, done.tenantId);
    const [locked] = await tx
      .select()
      .from(shipmentPlans)
      .where(and(eq(shipmentPlans.id, planId), eq(shipmentPlans.operationId, done.operationId)))
      .for('update');
    if (!locked) return false;
    const at = deps.now().toISOString();
    await outcome.write?.(tx, at, locked);
    const [updated] = await tx
      .update(shipmentPlans)
      .set({
        ...outcome.set,
        operation: null,
        operationId: null,
        ...(outcome.step && outcome.step !== locked.step ? { step: outcome.step, stepAt: at } : {}),
        ...(outcome.status ? { status: outcome.status } : {}),
        updatedAt: at,
      })
      .where(eq(shipmentPlans.id, planId))
      .returning();
    // The bench's devices learn of a plan reaching the bench (with its lines), and of every change after.
    if (updated.step === 'boxes' && locked.step !== 'boxes') await publishPlan(tx, updated, true);
    else if (updated.packingOptionId) await publishPlan(tx, updated, false);
    await journal(tx, locked, null, at, {
      kind: 'amazon.done',
      message: outcome.message,
      response: { operationId: done.operationId, ...(outcome.response ? { answer: outcome.response } : {}) },
    });
    return true;
  });
}

/** The plan as it is now (after a settle, for a step that follows at once). */
export async function freshPlan(deps: Deps, id: number): Promise<PlanRecord | undefined> {
  const [row] = await deps.db.select().from(shipmentPlans).where(eq(shipmentPlans.id, id));
  return row;
}
