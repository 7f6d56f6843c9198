/**
 * The receive batch a dock screen scans into: the newest open batch of that client on this
 * device's replica, else a new one opened through the outbox (works offline). One attempt per
 * client at a time, so a double render never opens two batches.
 */
import type { SyncEngine } from '../../../../sync/engine';
import { newestOpenBatch } from './queries';

const opening = new Map<number, Promise<string>>();

export const currentOpenBatch = newestOpenBatch;

export function openBatchFor(engine: SyncEngine, companyId: number): Promise<string> {
  const running = opening.get(companyId);
  if (running) return running;
  const run = (async () => {
    const existing = await currentOpenBatch(engine, companyId);
    if (existing) return existing;
    const id = crypto.randomUUID();
    await engine.mutate('packageReceiveBatch.open', { id, companyId });
    return id;
  })().finally(() => opening.delete(companyId));
  opening.set(companyId, run);
  return run;
}
