/**
 * The FBM picker's pick (issue 20 step 3): the line in the replica takes the units at once (the
 * screen's next stop moves on offline); the server records the pick under its own id, moves the
 * units to FBM-PACK and answers. What the device can judge — a batch no longer open, a wrong
 * location or item, more than the line has left — it refuses at once with the domain's words.
 */
import { pickOfLineRefusal, pickRefusalMessage } from '../../domain/rules/fbm-pick.js';
import { applyServerRow } from '../pull.js';
import { rowRef, type OutboxEntry, type ReplicaDb } from '../replica.js';
import { LocalRejection, type LocalApplier } from './types.js';

export const fbmPickRecord: LocalApplier<'fbmPick.record'> = {
  stores: ['pickBatches', 'pickLines'],
  async apply(db, writes, args) {
    const batch = await db.pickBatches.get(args.batchId);
    if (batch && (batch.status === 'cancelled' || batch.status === 'picked'))
      throw new LocalRejection('business_rule', `Pick batch ${batch.number} is ${batch.status}: nothing more to pick`);
    const line = await db.pickLines.get(args.batchLineId);
    if (!line || line.batchId !== args.batchId)
      throw new LocalRejection('not_found', 'This pick is not on the batch (any more): open the batch again');
    const refusal = pickOfLineRefusal(line, args.location, args.productCode, args.quantity, args.short);
    if (refusal) throw new LocalRejection('business_rule', pickRefusalMessage(refusal));
    const left = line.quantity - line.picked - line.short;
    const short = args.short ? left - args.quantity : 0;
    const next = { ...line, picked: line.picked + args.quantity, short: line.short + short };
    await writes.put('pickLines', String(line.id), next);
    return {
      pickId: args.id,
      batchId: args.batchId,
      lineId: line.id,
      picked: next.picked,
      short: next.short,
      problemId: null,
      batchStatus: batch?.status === 'open' ? 'picking' : (batch?.status ?? 'picking'),
    };
  },
};

/** The picks of a batch still in the outbox (not yet applied by the server), oldest first. */
export async function pendingPicks(db: ReplicaDb, batchId: number): Promise<OutboxEntry[]> {
  const all = await db.outbox.orderBy('seq').toArray();
  return all.filter((e) => e.name === 'fbmPick.record' && (e.args as { batchId?: number }).batchId === batchId);
}

/**
 * Takes back a pick that has not left the device: its outbox entry is removed and the rows it
 * changed are put back as they were (or to the server's row parked meanwhile). Only the batch's
 * newest pending pick, so no later pick of the same line builds on it. Run it under the engine's
 * drain lock (see `withDrainLock`): a pick being sent right now cannot be taken back.
 */
export async function undoPendingPick(db: ReplicaDb, entryId: string): Promise<boolean> {
  return db.transact('rw', ['outbox', 'deferred', 'pickBatches', 'pickLines'], async () => {
    const entry = await db.outboxEntry(entryId);
    if (!entry || entry.name !== 'fbmPick.record') return false;
    for (const image of entry.undo) {
      const ref = rowRef(image.table, image.key);
      const later = await db.laterTouching(ref, entry.seq ?? 0);
      if (later.length) return false;
    }
    await db.removeOutbox([entry.id]);
    for (const image of entry.undo) {
      const ref = rowRef(image.table, image.key);
      const parked = await db.deferred.get(ref);
      if (parked && (await db.pendingRefs([ref])).size === 0) {
        await applyServerRow(db, parked.table, parked.key, parked.row);
        await db.deferred.delete(ref);
      } else await db.writeImage(image);
    }
    return true;
  });
}

interface LockManagerLike {
  request(
    name: string,
    options: { ifAvailable: boolean },
    callback: (lock: unknown) => Promise<unknown>,
  ): Promise<unknown>;
}

/**
 * Runs `fn` holding the engine's drain lock (`dockside-drain:<tenant>:<user>`, sync/engine.ts), so
 * no push is on its way while it runs; null when a push holds it right now (the caller says so
 * rather than waiting behind a slow network). Without the Web Locks API (tests) it just runs.
 */
export async function withDrainLock<T>(
  tenantKey: string,
  userId: string | number,
  fn: () => Promise<T>,
): Promise<T | null> {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  if (!locks) return fn();
  let out: T | null = null;
  await locks.request(`dockside-drain:${tenantKey}:${userId}`, { ifAvailable: true }, async (lock) => {
    if (lock) out = await fn();
  });
  return out;
}
