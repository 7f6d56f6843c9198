/**
 * The device's half of a floor mutation (one file per mutation in this folder, registered in
 * index.ts, keyed by the names of domain/mutations.ts):
 *  - `apply` makes the optimistic change in the replica (inside mutate's transaction) and returns
 *    the result the screen shows at once;
 *  - `confirm` reconciles the replica with the server's result once the mutation is applied;
 *  - where a screen answers in the scan's frame, the mutation's file also exports its synchronous
 *    `predict` (e.g. package-scan.ts's DockVerdictPredictor).
 * The server's half is server/sync/registry.ts; both judge with the same domain rules.
 */
import type { MutationName, MutationResult, ParsedMutationArgs } from '../../domain/mutations.js';
import type { ReplicaTable } from '../../domain/sync-protocol.js';
import type { LocalRows, OutboxEntry, ReplicaDb, RowImage } from '../replica.js';
import { rowRef } from '../replica.js';

/** A refusal the device can give by itself (nothing is queued). */
export class LocalRejection extends Error {
  constructor(
    readonly code: 'not_found' | 'business_rule',
    message: string,
  ) {
    super(message);
    this.name = 'LocalRejection';
  }
}

/**
 * Writes of an optimistic apply go through here, so every row a mutation changes is recorded
 * with its pre-image (to undo a refusal) and its ref (so the pull does not overwrite it).
 */
export class TrackedWrites {
  readonly images = new Map<string, RowImage>();
  constructor(readonly db: ReplicaDb) {}

  private async remember(table: ReplicaTable, key: string): Promise<void> {
    const ref = rowRef(table, key);
    if (!this.images.has(ref)) this.images.set(ref, { table, key, row: (await this.db.getRow(table, key)) ?? null });
  }

  async put<T extends ReplicaTable>(table: T, key: string, row: LocalRows[T]): Promise<void> {
    await this.remember(table, key);
    await this.db.putRow(table, row);
  }

  async delete(table: ReplicaTable, key: string): Promise<void> {
    await this.remember(table, key);
    await this.db.deleteRow(table, key);
  }

  get touches(): string[] {
    return [...this.images.keys()];
  }
}

export interface ApplyMeta {
  id: string;
  createdAt: string;
}

export interface LocalApplier<N extends MutationName> {
  /** The replica tables the apply and confirm transactions open read-write. */
  stores: ReplicaTable[];
  apply(db: ReplicaDb, writes: TrackedWrites, args: ParsedMutationArgs<N>, meta: ApplyMeta): Promise<MutationResult<N>>;
  /** Runs after the generic settle step removed the entry from the outbox (settle.ts). */
  confirm?(
    db: ReplicaDb,
    args: ParsedMutationArgs<N>,
    server: MutationResult<N> | undefined,
    entry: OutboxEntry,
  ): Promise<void>;
}

export type LocalAppliers = { [N in MutationName]: LocalApplier<N> };
