/**
 * Asynchronous marketplace operations (Amazon inbound's operationId and the like): recorded when a
 * workflow starts one, then polled by the `marketplace.poll-operation` job with a growing pause —
 * never by a request that waits — until the provider says it succeeded or failed.
 *
 * 1. `trackOperation` stores the operation IN_PROGRESS and queues its first check.
 * 2. Each check asks the provider once. Still running: the next check is queued after
 *    `checkDelayMs(checks)`, and this job ends (one waiting check per operation: the singleton key).
 * 3. Finished: the state is stored first, then the workflow's listener runs. A retried job finds
 *    the stored state and only repeats the listener, which must be idempotent.
 * 4. After GIVE_UP_AFTER_MS the operation is GAVE_UP: Amazon's operations end in minutes, and a
 *    workflow must not wait forever on one that got lost.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { marketplaceOperations, stores } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { withStore } from '../stores/connection.js';
import { announce, askOperation, type OperationKind } from './kinds.js';

export const GIVE_UP_AFTER_MS = 6 * 3600_000;
/** 2 s, 4 s, 8 s … at most a minute between checks. */
export const checkDelayMs = (checks: number): number => Math.min(60_000, 2000 * 2 ** Math.min(checks, 5));
export const operationJobKey = (storeId: number, operationId: string) => `operation:${storeId}:${operationId}`;

export interface TrackedOperation {
  storeId: number;
  kind: OperationKind;
  operationId: string;
  subject?: string | null;
}

export async function trackOperation(deps: Deps, tx: DbOrTx, op: TrackedOperation): Promise<void> {
  const [store] = await tx.select().from(stores).where(eq(stores.id, op.storeId));
  if (!store) throw notFound('Store');
  await tx
    .insert(marketplaceOperations)
    .values({
      tenantId: store.tenantId,
      companyId: store.companyId,
      storeId: store.id,
      kind: op.kind,
      operationId: op.operationId,
      subject: op.subject ?? null,
      status: 'IN_PROGRESS',
      startedAt: deps.now().toISOString(),
    })
    .onConflictDoNothing();
  await queueCheck(deps, store.tenantId, op.storeId, op.kind, op.operationId, checkDelayMs(0));
}

function queueCheck(deps: Deps, tenantId: number, storeId: number, kind: string, operationId: string, delayMs: number) {
  return deps.jobs.enqueue(
    'marketplace.poll-operation',
    { tenantId, storeId, operation: operationId, kind },
    {
      tenantId,
      singletonKey: operationJobKey(storeId, operationId),
      // Seconds from now on the queue's own clock (the database's), whatever deps.now() says.
      startAfter: Math.ceil(delayMs / 1000),
    },
  );
}

export interface CheckResult {
  operationId: string;
  status: string;
  checks: number;
  skipped?: string;
}

/** One check of one operation (the job's work). */
export async function checkOperation(
  deps: Deps,
  data: { tenantId: number; storeId: number; operation: string; kind: string },
): Promise<CheckResult> {
  const where = and(
    eq(marketplaceOperations.tenantId, data.tenantId),
    eq(marketplaceOperations.storeId, data.storeId),
    eq(marketplaceOperations.operationId, data.operation),
  );
  const [op] = await deps.db.select().from(marketplaceOperations).where(where);
  if (!op) return { operationId: data.operation, status: 'UNKNOWN', checks: 0, skipped: 'No such operation' };
  const kind = op.kind as OperationKind;
  const [store] = await deps.db.select().from(stores).where(eq(stores.id, op.storeId));
  const finished = (status: 'SUCCESS' | 'FAILED' | 'GAVE_UP') =>
    announce(deps, {
      tenantId: op.tenantId,
      storeId: op.storeId,
      kind,
      operationId: op.operationId,
      operation: op.operation,
      subject: op.subject,
      status,
      problems: op.problems,
    });
  if (op.status !== 'IN_PROGRESS') {
    // A retry after the state was stored: the listener may not have run yet.
    await finished(op.status as 'SUCCESS' | 'FAILED' | 'GAVE_UP');
    return { operationId: op.operationId, status: op.status, checks: op.checks };
  }
  const now = deps.now();
  if (now.getTime() - Date.parse(op.startedAt) > GIVE_UP_AFTER_MS) {
    await deps.db.update(marketplaceOperations).set({ status: 'GAVE_UP', finishedAt: now.toISOString() }).where(where);
    await finished('GAVE_UP');
    return { operationId: op.operationId, status: 'GAVE_UP', checks: op.checks };
  }
  if (!store || store.connection === 'reconnect_needed')
    return {
      operationId: op.operationId,
      status: op.status,
      checks: op.checks,
      skipped: 'The store needs reconnecting',
    };

  const state = await withStore(deps, store, () => askOperation(kind, deps, store, op.operationId));
  const checks = op.checks + 1;
  const done = state.status !== 'IN_PROGRESS';
  await deps.db
    .update(marketplaceOperations)
    .set({
      status: state.status,
      operation: state.operation ?? op.operation,
      problems: state.problems,
      checks: sql`${marketplaceOperations.checks} + 1`,
      lastCheckedAt: now.toISOString(),
      finishedAt: done ? now.toISOString() : null,
    })
    .where(where);
  if (done) {
    await announce(deps, {
      tenantId: op.tenantId,
      storeId: op.storeId,
      kind,
      operationId: op.operationId,
      operation: state.operation ?? op.operation,
      subject: op.subject,
      status: state.status as 'SUCCESS' | 'FAILED',
      problems: state.problems,
    });
  } else {
    await queueCheck(deps, op.tenantId, op.storeId, kind, op.operationId, checkDelayMs(checks));
  }
  return { operationId: op.operationId, status: state.status, checks };
}

/** An operation as a screen shows it, in the caller's scope. */
export async function getOperation(deps: Deps, ctx: RequestContext, storeId: number, operationId: string) {
  const [op] = await deps.db
    .select({
      operationId: marketplaceOperations.operationId,
      kind: marketplaceOperations.kind,
      operation: marketplaceOperations.operation,
      subject: marketplaceOperations.subject,
      status: marketplaceOperations.status,
      problems: marketplaceOperations.problems,
      checks: marketplaceOperations.checks,
      startedAt: marketplaceOperations.startedAt,
      lastCheckedAt: marketplaceOperations.lastCheckedAt,
      finishedAt: marketplaceOperations.finishedAt,
    })
    .from(marketplaceOperations)
    .where(
      and(
        eq(marketplaceOperations.tenantId, ctx.tenantId),
        eq(marketplaceOperations.storeId, storeId),
        eq(marketplaceOperations.operationId, operationId),
        ctx.isClient ? eq(marketplaceOperations.companyId, ctx.companyId) : undefined,
      ),
    );
  if (!op) throw notFound('Operation');
  return op;
}
