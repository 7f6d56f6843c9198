/**
 * The dock's reads of the device's replica (Dexie), as hooks and loaders: the screens never touch
 * `engine.db` themselves, so what the dock reads — and which index it reads it by — is here.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalPackageScan } from '../../../../sync/replica';
import type { SyncEngine } from '../../../../sync/engine';
import { useSyncEngine } from '../../../app/sync';

/** The client companies on this device (the account pickers). */
export function useReplicaCompanies() {
  const engine = useSyncEngine();
  return useLiveQuery(async () => (engine ? engine.db.companies.toArray() : undefined), [engine]);
}

const ofClient = (engine: SyncEngine, companyId: number) =>
  engine.db.expectedPackages.where('[companyId+trackingNumber]').between([companyId, ''], [companyId, '\uffff']);

/** How many packages the client announced (the verdict cache reloads when it changes). */
export function useAnnouncedCount(companyId: number) {
  const engine = useSyncEngine();
  return useLiveQuery(async () => (engine ? ofClient(engine, companyId).count() : 0), [engine, companyId]);
}

/** The facts the instant dock verdict needs: the client's announced numbers and this batch's scans. */
export async function loadDockFacts(engine: SyncEngine, companyId: number, batchId: string) {
  const [expected, scanned] = await Promise.all([
    ofClient(engine, companyId).toArray(),
    engine.db.packageScans.where('receiveBatchId').equals(batchId).toArray(),
  ]);
  return { expected, scannedNumbers: scanned.map((s) => s.trackingNumber) };
}

export function useReceiveBatch(batchId: string | null) {
  const engine = useSyncEngine();
  return useLiveQuery(() => (engine && batchId ? engine.db.receiveBatches.get(batchId) : undefined), [engine, batchId]);
}

/** The batch's newest scans first. */
export function useRecentScans(batchId: string | null, limit: number): LocalPackageScan[] | undefined {
  const engine = useSyncEngine();
  return useLiveQuery(
    async () =>
      engine && batchId
        ? (await engine.db.packageScans.where('receiveBatchId').equals(batchId).sortBy('scannedAt'))
            .reverse()
            .slice(0, limit)
        : [],
    [engine, batchId],
  );
}

/** One stored scan (provisional or confirmed by the server). */
export function useStoredScan(id: string | null) {
  const engine = useSyncEngine();
  return useLiveQuery(() => (engine && id ? engine.db.packageScans.get(id) : undefined), [engine, id]);
}

/** The newest open receive batch of a client on this device. */
export async function newestOpenBatch(engine: SyncEngine, companyId: number): Promise<string | null> {
  const open = await engine.db.receiveBatches
    .where('companyId')
    .equals(companyId)
    .filter((b) => b.status === 'open')
    .toArray();
  open.sort((a, b) => b.openedAt.localeCompare(a.openedAt));
  return open[0]?.id ?? null;
}
