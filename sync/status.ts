/**
 * The engine's observable state. `subscribe`/`getSnapshot` follow React's useSyncExternalStore
 * contract: the snapshot is an immutable object replaced only when something changed, so the
 * same reference comes back until then (a zustand store can mirror it the same way).
 */
export interface SyncStatus {
  online: boolean;
  pendingCount: number;
  needsAttentionCount: number;
  lastSyncAt: string | null;
  lastError: string | null;
  draining: boolean;
  /** The server answered 401: sending waits until the app signs in again. */
  authPaused: boolean;
}

export interface StatusStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): SyncStatus;
  update(patch: Partial<SyncStatus>): void;
}

export const initialStatus = (online: boolean): SyncStatus => ({
  online,
  pendingCount: 0,
  needsAttentionCount: 0,
  lastSyncAt: null,
  lastError: null,
  draining: false,
  authPaused: false,
});

export function createStatusStore(initial: SyncStatus): StatusStore {
  let snapshot = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    update(patch) {
      const keys = Object.keys(patch) as (keyof SyncStatus)[];
      if (keys.every((k) => snapshot[k] === patch[k])) return;
      snapshot = { ...snapshot, ...patch };
      for (const l of listeners) l();
    },
  };
}
