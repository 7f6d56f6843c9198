/**
 * Receiving's reads of the device's replica (Dexie): the item-count and sort screens call these
 * hooks and loaders, never `engine.db` directly.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { unitsToSort } from '../../../../domain/rules/sorting';
import type { SyncEngine } from '../../../../sync/engine';
import { useSyncEngine } from '../../../app/sync';
import { matchingClients } from '../client-search';
import { pickableBatches } from './batch-picker';

/** Clients with the units waiting to be sorted for each, most waiting first (`q` filters). */
export function useClientsToSort(q: string) {
  const engine = useSyncEngine();
  return useLiveQuery(async () => {
    if (!engine) return undefined;
    const [companies, items] = await Promise.all([engine.db.companies.toArray(), engine.db.inboundItems.toArray()]);
    const waiting = new Map<number, number>();
    for (const i of items) waiting.set(i.companyId, (waiting.get(i.companyId) ?? 0) + unitsToSort(i));
    return matchingClients(companies, q)
      .map((c) => ({ ...c, waiting: waiting.get(c.id) ?? 0 }))
      .sort((a, b) => b.waiting - a.waiting || a.name.localeCompare(b.name));
  }, [engine, q]);
}

export function useCompany(companyId: number) {
  const engine = useSyncEngine();
  return useLiveQuery(async () => (engine ? await engine.db.companies.get(companyId) : undefined), [engine, companyId]);
}

export function useCompanyByAccount(accountNo: string) {
  const engine = useSyncEngine();
  return useLiveQuery(
    async () =>
      engine ? ((await engine.db.companies.where('accountNo').equals(accountNo).first()) ?? null) : undefined,
    [engine, accountNo],
  );
}

/** Every purchase-order item of a client on this device. */
export function useClientItems(companyId: number) {
  const engine = useSyncEngine();
  return useLiveQuery(
    async () =>
      engine
        ? engine.db.inboundItems
            .where('[companyId+batchName]')
            .between([companyId, ''], [companyId, '\uffff'])
            .toArray()
        : undefined,
    [engine, companyId],
  );
}

/** Purchase orders on this device to count items into (`q` filters). */
export function usePickableBatches(q: string) {
  const engine = useSyncEngine();
  return useLiveQuery(
    async () =>
      engine
        ? pickableBatches(await engine.db.inboundItems.toArray(), await engine.db.companies.toArray(), q)
        : undefined,
    [engine, q],
  );
}

/**
 * A cheap signal that a purchase order's rows changed: a count over its index range, with the
 * time it fired (the screen re-reads the rows at most every so often on a burst of scans).
 */
export function useBatchChanged(companyId: number | undefined, batchName: string) {
  const engine = useSyncEngine();
  return useLiveQuery(
    async () =>
      engine && companyId !== undefined
        ? {
            n: await engine.db.inboundItems.where('[companyId+batchName]').equals([companyId, batchName]).count(),
            at: performance.now(),
          }
        : undefined,
    [engine, companyId, batchName],
  );
}

/** A purchase order's items in id order. */
export async function loadBatchItems(engine: SyncEngine, companyId: number, batchName: string) {
  const rows = await engine.db.inboundItems.where('[companyId+batchName]').equals([companyId, batchName]).toArray();
  return rows.sort((a, b) => Number(a.id) - Number(b.id));
}
