/**
 * WMS reads of the device's replica (Dexie): move batches, moves, and the places the device knows.
 * The screens call these hooks, never `engine.db` directly.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncEngine } from '../../app/sync';
import { knownPlaces } from './known-places';

/** The newest move batches with how many moves each holds. */
export function useMoveBatches(limit = 50) {
  const engine = useSyncEngine();
  return useLiveQuery(async () => {
    if (!engine) return undefined;
    const rows = await engine.db.moveBatches.orderBy('createdAt').reverse().limit(limit).toArray();
    return Promise.all(
      rows.map(async (b) => ({
        ...b,
        moves: await engine.db.inventoryMoves.where('moveBatchId').equals(b.id).count(),
      })),
    );
  }, [engine, limit]);
}

export function useMoveBatch(moveBatchId: string | null | undefined) {
  const engine = useSyncEngine();
  return useLiveQuery(
    async () => (engine && moveBatchId ? ((await engine.db.moveBatches.get(moveBatchId)) ?? null) : null),
    [engine, moveBatchId],
  );
}

/** A batch's moves, or the latest quick moves (outside any batch). */
export function useMoves(moveBatchId: string | null | undefined) {
  const engine = useSyncEngine();
  return useLiveQuery(async () => {
    if (!engine) return undefined;
    if (moveBatchId) return engine.db.movesOfBatch(moveBatchId);
    const recent = await engine.db.inventoryMoves.orderBy('at').reverse().limit(200).toArray();
    return recent.filter((m) => !m.moveBatchId).slice(0, 50);
  }, [engine, moveBatchId]);
}

/** The warehouse's locations and LPNs as the device holds them (known-places.ts). */
export function useKnownPlaces() {
  const engine = useSyncEngine();
  return useLiveQuery(
    async () =>
      engine
        ? knownPlaces(
            await engine.db.locations.toArray(),
            (await engine.db.lpns.toCollection().primaryKeys()) as string[],
          )
        : null,
    [engine],
  );
}
