/** The refused actions waiting on this device, each with the words the floor knows it by. */
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncEngine } from '../sync';
import { describeAction } from './describe-action';

export function useAttentionEntries(open: boolean, count: number) {
  const engine = useSyncEngine();
  return useLiveQuery(async () => {
    if (!open || !engine) return [];
    const entries = await engine.needsAttention();
    return Promise.all(entries.map(async (e) => ({ ...e, summary: await describeAction(engine.db, e.name, e.args) })));
  }, [open, engine, count]);
}

/**
 * The refusal of the action whose args carry this id (a move's, a scan's own uuid), as soon as the
 * server's answer reaches the device. The list is a handful of entries: a scan, not an index.
 */
export function useRefusal(argsId: string | undefined) {
  const engine = useSyncEngine();
  return useLiveQuery(async () => {
    if (!engine || !argsId) return null;
    const hit = await engine.db.needsAttention
      .filter((e) => (e.args as { id?: unknown } | null)?.id === argsId)
      .first();
    return hit ?? null;
  }, [engine, argsId]);
}
