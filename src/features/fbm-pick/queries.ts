/** The floor pick screen's reads of the device's replica (live: a pick, a pull or a refusal re-renders them). */
import { useLiveQuery } from 'dexie-react-hooks';
import type { PickBatchRow, PickLineRow } from '../../../domain/schemas/fbm-pick';
import type { FbmPickArgs } from '../../../domain/schemas/fbm-pick';
import type { NeedsAttentionEntry, OutboxEntry } from '../../../sync/replica';
import { pendingPicks } from '../../../sync/mutations/fbm-pick';
import { useSyncEngine } from '../../app/sync';

export interface PickView {
  batch: PickBatchRow;
  lines: PickLineRow[];
  /** Picks made on this device and not yet applied by the server, oldest first. */
  pending: OutboxEntry[];
  /** Picks the server refused (kept, never dropped), with its words. */
  refused: (NeedsAttentionEntry & { args: FbmPickArgs })[];
}

/** The batch as this device holds it: undefined while reading, null when the device does not hold it. */
export function usePickView(batchId: number): PickView | null | undefined {
  const engine = useSyncEngine();
  return useLiveQuery(async () => {
    if (!engine) return undefined;
    const db = engine.db;
    const batch = await db.pickBatches.get(batchId);
    if (!batch) return null;
    const [lines, pending, attention] = await Promise.all([
      db.pickLines.where('batchId').equals(batchId).toArray(),
      pendingPicks(db, batchId),
      db.needsAttention.toArray(),
    ]);
    const refused = attention.filter(
      (a): a is NeedsAttentionEntry & { args: FbmPickArgs } =>
        a.name === 'fbmPick.record' && (a.args as FbmPickArgs | null)?.batchId === batchId,
    );
    return { batch, lines: lines.sort((a, b) => a.sequence - b.sequence), pending, refused };
  }, [engine, batchId]);
}
