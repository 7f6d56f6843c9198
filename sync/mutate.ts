/**
 * `mutate(name, args)` — step 1 of the sync protocol. Validate with the domain schema, then in ONE
 * Dexie transaction apply the optimistic change and append `{id, name, args, createdAt, deviceId,
 * attempts}` to the outbox. The promise resolves after that commit with the local result, so the
 * screen can beep and colour in the same frame; the network is never awaited.
 */
import { randomId } from './ids.js';
import type { MutationArgs, MutationName, MutationResult, ParsedMutationArgs } from '../domain/mutations.js';
import { parseMutationArgs } from '../domain/mutations.js';
import { applierFor, TrackedWrites } from './mutations/index.js';
import type { OutboxEntry, ReplicaDb } from './replica.js';

export type Mutate = <N extends MutationName>(name: N, args: MutationArgs<N>) => Promise<MutationResult<N>>;

export interface EnqueueInput<N extends MutationName> {
  id: string;
  name: N;
  args: ParsedMutationArgs<N>;
  createdAt: string;
  deviceId: string;
}

/**
 * Apply and append in the caller's transaction. Shared by `mutate` and by needs-attention retry,
 * which runs the applier again (the refusal had undone its first optimistic change).
 */
export async function applyAndAppend<N extends MutationName>(
  db: ReplicaDb,
  input: EnqueueInput<N>,
): Promise<MutationResult<N>> {
  const applier = applierFor(input.name);
  const writes = new TrackedWrites(db);
  const result = await applier.apply(db, writes, input.args, { id: input.id, createdAt: input.createdAt });
  const entry: OutboxEntry = {
    id: input.id,
    name: input.name,
    args: input.args,
    createdAt: input.createdAt,
    deviceId: input.deviceId,
    attempts: 0,
    lastError: null,
    touches: writes.touches,
    undo: [...writes.images.values()],
    localResult: result,
  };
  await db.appendOutbox(entry);
  return result;
}

export interface MutateDeps {
  db: ReplicaDb;
  deviceId: () => string;
  now: () => Date;
  /** After the commit: refresh counts and wake the drainer. */
  afterCommit: () => void;
}

export function createMutate(deps: MutateDeps): Mutate {
  return async function mutate<N extends MutationName>(name: N, rawArgs: MutationArgs<N>): Promise<MutationResult<N>> {
    const args = parseMutationArgs(name, rawArgs); // throws a ZodError before anything is written
    const applier = applierFor(name);
    // The mutation id: a floor mutation that creates a row carries its own uuid; reusing it as
    // the mutation id would tie two identities together, so the outbox id is always fresh.
    const id = randomId();
    const result = await deps.db.transact('rw', ['outbox', ...applier.stores], () =>
      applyAndAppend(deps.db, { id, name, args, createdAt: deps.now().toISOString(), deviceId: deps.deviceId() }),
    );
    deps.afterCommit();
    return result;
  };
}
