/**
 * What happens to an outbox entry once the server answered (protocol step 3), and the
 * needs-attention actions. Each runs in one transaction with the replica changes it causes.
 *
 * Conflict rule (with pull.ts): a replica row written by a pending mutation keeps the device's
 * version; a server row arriving for it meanwhile is parked in `deferred`. When the last pending
 * mutation touching the row leaves the outbox, the parked server row is applied — it is the
 * server's truth and replaces both a confirmed and an undone optimistic version.
 */
import type { MutationName } from '../domain/mutations.js';
import { parseMutationArgs, parseMutationResult } from '../domain/mutations.js';
import { REPLICA_TABLES } from '../domain/sync-protocol.js';
import { applierFor } from './mutations/index.js';
import { applyAndAppend } from './mutate.js';
import { applyServerRow } from './pull.js';
import type { NeedsAttentionEntry, OutboxEntry, ReplicaDb, StoreName } from './replica.js';
import { ENGINE_STORES } from './replica.js';

export const ALL_STORES: StoreName[] = [...ENGINE_STORES, ...REPLICA_TABLES];

export type Outcome =
  | { entry: OutboxEntry; status: 'applied'; result: unknown }
  | { entry: OutboxEntry; status: 'rejected'; code: NeedsAttentionEntry['code']; message: string };

/** Apply the parked server row of `ref` once no pending mutation touches it any more. */
async function releaseRef(db: ReplicaDb, ref: string): Promise<void> {
  if ((await db.pendingRefs([ref])).size > 0) return;
  const parked = await db.deferred.get(ref);
  if (!parked) return;
  await applyServerRow(db, parked.table, parked.key, parked.row);
  await db.deferred.delete(ref);
}

async function confirm<N extends MutationName>(
  db: ReplicaDb,
  name: N,
  entry: OutboxEntry,
  result: unknown,
): Promise<void> {
  const applier = applierFor(name);
  if (!applier.confirm) return;
  let args;
  try {
    args = parseMutationArgs(name, entry.args);
  } catch {
    return; // an entry written by an older app version: the pull will bring the server's rows
  }
  await applier.confirm(db, args, parseMutationResult(name, result), entry);
}

async function settleApplied(db: ReplicaDb, entry: OutboxEntry, result: unknown): Promise<void> {
  await db.removeOutbox([entry.id]);
  await confirm(db, entry.name, entry, result);
  for (const ref of entry.touches) await releaseRef(db, ref);
}

/**
 * Undo the optimistic change, row by row: when a later pending mutation also wrote the row, the
 * pre-image passes to it (its own pre-image contained this refused change); otherwise the parked
 * server row, else the pre-image, is written back.
 */
async function undo(db: ReplicaDb, entry: OutboxEntry): Promise<void> {
  const batchIds = new Set<string>();
  for (const image of entry.undo) {
    const ref = `${image.table}:${image.key}`;
    if (image.table === 'packageScans') {
      const current = await db.packageScans.get(image.key);
      if (current) batchIds.add(current.receiveBatchId);
    }
    const [next] = await db.laterTouching(ref, entry.seq ?? 0);
    if (next) {
      await db.replaceOutbox({
        ...next,
        undo: next.undo.map((u) => (u.table === image.table && u.key === image.key ? image : u)),
      });
      continue;
    }
    const parked = await db.deferred.get(ref);
    if (parked) {
      await applyServerRow(db, parked.table, parked.key, parked.row);
      await db.deferred.delete(ref);
    } else await db.writeImage(image);
  }
  await db.recount(batchIds);
}

async function settleRejected(
  db: ReplicaDb,
  entry: OutboxEntry,
  code: NeedsAttentionEntry['code'],
  message: string,
  now: Date,
): Promise<void> {
  await db.removeOutbox([entry.id]);
  await undo(db, entry);
  await db.needsAttention.put({
    id: entry.id,
    name: entry.name,
    args: entry.args,
    createdAt: entry.createdAt,
    deviceId: entry.deviceId,
    attempts: entry.attempts,
    code,
    message,
    rejectedAt: now.toISOString(),
  });
}

/** Settle a drained batch's outcomes, in send order, in one transaction. */
export async function settle(db: ReplicaDb, outcomes: Outcome[], now: Date): Promise<void> {
  if (outcomes.length === 0) return;
  await db.transact('rw', ALL_STORES, async () => {
    for (const o of outcomes) {
      if (o.status === 'applied') await settleApplied(db, o.entry, o.result);
      else await settleRejected(db, o.entry, o.code, o.message, now);
    }
  });
}

/**
 * Needs-attention → retry: back to the outbox tail with a fresh attempt count and the SAME id, so
 * a server that did apply it after all answers the recorded result instead of applying it twice.
 * The optimistic change is made again (the refusal undid it); a device-side refusal throws.
 */
export async function retryNeedsAttention(db: ReplicaDb, id: string): Promise<void> {
  await db.transact('rw', ALL_STORES, async () => {
    const item = await db.needsAttention.get(id);
    if (!item) throw new Error(`No needs-attention entry ${id}`);
    if (await db.outboxEntry(id)) throw new Error(`Mutation ${id} is already queued`);
    await db.needsAttention.delete(id);
    await reapply(db, item.name, item);
  });
}

async function reapply<N extends MutationName>(db: ReplicaDb, name: N, item: NeedsAttentionEntry): Promise<void> {
  const args = parseMutationArgs(name, item.args);
  await applyAndAppend(db, { id: item.id, name, args, createdAt: item.createdAt, deviceId: item.deviceId });
}

/** Needs-attention → discard. The UI asks first and says so with `confirmed: true`. */
export async function discardNeedsAttention(db: ReplicaDb, id: string, opts: { confirmed: boolean }): Promise<void> {
  if (opts.confirmed !== true) throw new Error('Discarding a mutation needs confirmed: true (ask the user first)');
  await db.needsAttention.delete(id);
}
