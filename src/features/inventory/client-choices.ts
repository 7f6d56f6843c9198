/**
 * The clients a warehouse user may pick on inventory screens, from the device's replica (the same
 * list the dock's account picker reads): floor staff see every client's stock without needing
 * the Clients administration right, and the list works offline.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { CompanyRow } from '../../../domain/sync-protocol';
import { useSyncEngine } from '../../app/sync';

export function useClientChoices(): CompanyRow[] | undefined {
  const engine = useSyncEngine();
  return useLiveQuery(async () => {
    if (!engine) return undefined;
    const rows = await engine.db.companies.toArray();
    return rows
      .filter((c) => !c.isOwner && c.audience !== 'Warehouse')
      .sort((a, b) => (a.accountNo ?? a.name).localeCompare(b.accountNo ?? b.name));
  }, [engine]);
}

export const clientLabel = (c: Pick<CompanyRow, 'accountNo' | 'name'>): string =>
  c.accountNo ? `${c.accountNo} · ${c.name}` : c.name;
