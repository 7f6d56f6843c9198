/**
 * The sync engine of one signed-in user on one device: the replica, `mutate`, the drainer, the
 * pull and the status store, wired to their wake triggers. No React: screens reach it through
 * `status.subscribe/getSnapshot` (useSyncExternalStore) and `mutate`.
 *
 * Data is kept per tenant and user; signing out deletes nothing (`signOutCheck` tells the UI how
 * many mutations are still unsent, so it can ask first), and signing in again finds them.
 */
import type { NeedsAttentionEntry, ReplicaDb } from './replica.js';
import { openReplica } from './replica.js';
import { randomId } from './ids.js';
import { createMutate, type Mutate } from './mutate.js';
import { Drainer, type BackoffPolicy, type PushTransport, type Timers, type WakeReason, realTimers } from './outbox.js';
import { Puller, type ChangeFetcher, type PullReport } from './pull.js';
import { discardNeedsAttention, retryNeedsAttention } from './settle.js';
import { createStatusStore, initialStatus, type StatusStore } from './status.js';

/** The part of `window` (and `navigator.serviceWorker`) the engine listens to. */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
}

/** A service worker message `{type: SW_WAKE_MESSAGE}` wakes the drainer (e.g. from a sync event). */
export const SW_WAKE_MESSAGE = 'dockside-sync-wake';
/**
 * The Background Sync tag a page registers when it queues a mutation offline. The browser fires
 * `sync` in the service worker once the network is back — also for a tab in the background, whose
 * `online` event and timers may be throttled — and public/sw-sync.js posts SW_WAKE_MESSAGE back.
 */
export const SW_SYNC_TAG = 'dockside-outbox';

export interface SyncEngineOptions {
  tenantKey: string;
  userId: string | number;
  /** Defaults to the id stored in the replica, else a new uuid (kept for the next start). */
  deviceId?: string;
  transport: PushTransport;
  fetchChanges: ChangeFetcher;
  batchSize?: number;
  backoff?: BackoffPolicy;
  random?: () => number;
  now?: () => Date;
  timers?: Timers;
  /** Periodic drain + pull; 0 turns it off. Default 30 s. */
  intervalMs?: number;
  /** `window` in the browser; null in tests and workers. */
  windowEvents?: EventSourceLike | null;
  /** `navigator.serviceWorker`; null when absent. */
  serviceWorker?: EventSourceLike | null;
  /** Asks the service worker for a `sync` event when the network returns; null turns it off. */
  requestBackgroundSync?: (() => void) | null;
  /** Pull after a push applied something (the server has new rows for us). Default true. */
  pullAfterPush?: boolean;
  /**
   * One sender per user and device across tabs: a named exclusive lock. Defaults to the Web Locks
   * API where the platform has it; null runs without one.
   */
  lock?: NamedLock | null;
}

function exclusiveDrain(opts: SyncEngineOptions): ((run: () => Promise<void>) => Promise<void>) | undefined {
  const lock = opts.lock === undefined ? webLock() : opts.lock;
  if (!lock) return undefined;
  const name = `dockside-drain:${opts.tenantKey}:${opts.userId}`;
  return (run) => lock(name, run);
}

export type NamedLock = (name: string, run: () => Promise<void>) => Promise<void>;

interface LockManagerLike {
  request(name: string, callback: () => Promise<void>): Promise<void>;
}
const webLock = (): NamedLock | null => {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  return locks ? (name, run) => locks.request(name, run) : null;
};

export interface SyncEngine {
  readonly db: ReplicaDb;
  readonly status: StatusStore;
  readonly deviceId: string;
  mutate: Mutate;
  drain(): Promise<void>;
  pull(): Promise<PullReport>;
  wake(reason: WakeReason): void;
  /** Call after a successful sign-in following a 401: sending resumes. */
  resumeAfterAuth(): void;
  /** The server poked (SSE): pull, and send anything waiting. */
  poke(): void;
  needsAttention(): Promise<NeedsAttentionEntry[]>;
  retry(id: string): Promise<void>;
  discard(id: string, opts: { confirmed: boolean }): Promise<void>;
  /** Recount pending and needs-attention into the status (resolves when it is up to date). */
  refresh(): Promise<void>;
  /** The number of unsent mutations; the UI warns before signing out when it is not 0. */
  signOutCheck(): Promise<number>;
  /** Stop timers and listeners, let a running drain or pull finish, close the database (nothing is deleted). */
  close(): Promise<void>;
}

const browserWindow = (): EventSourceLike | null =>
  typeof window !== 'undefined' && typeof window.addEventListener === 'function' ? window : null;
const browserServiceWorker = (): EventSourceLike | null =>
  typeof navigator !== 'undefined' && navigator.serviceWorker ? navigator.serviceWorker : null;
type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };
const browserBackgroundSync = (): void => {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  // Where Background Sync is missing (Firefox, Safari) the online event and the timer still wake.
  void navigator.serviceWorker.ready
    .then((r: SyncRegistration) => r.sync?.register(SW_SYNC_TAG))
    .catch(() => undefined);
};
const browserOnline = (): boolean =>
  typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean' ? navigator.onLine : true;

export async function createSyncEngine(opts: SyncEngineOptions): Promise<SyncEngine> {
  const db = openReplica(opts.tenantKey, opts.userId);
  const now = opts.now ?? (() => new Date());
  const timers = opts.timers ?? realTimers;
  const meta = await db.transact('rw', ['meta'], async () => {
    const current = await db.readMeta();
    const deviceId = opts.deviceId ?? (current?.deviceId || randomId());
    return db.writeMeta({ deviceId });
  });
  const deviceId = meta.deviceId;
  const status = createStatusStore({ ...initialStatus(browserOnline()), lastSyncAt: meta.lastSyncAt });

  const report = (err: unknown): void => status.update({ lastError: err instanceof Error ? err.message : String(err) });
  let closed = false;
  let pendingRefresh: Promise<void> = Promise.resolve();
  const refreshCounts = (): Promise<void> => {
    const run = async (): Promise<void> => {
      if (closed && !db.isOpen()) return;
      const [pendingCount, needsAttentionCount] = await Promise.all([db.outbox.count(), db.needsAttention.count()]);
      status.update({ pendingCount, needsAttentionCount });
    };
    pendingRefresh = pendingRefresh.then(run).catch(report);
    return pendingRefresh;
  };

  const puller = new Puller({ db, fetchChanges: opts.fetchChanges, status, now });
  const pull = async (): Promise<PullReport> => {
    const r = await puller.pull();
    await refreshCounts();
    return r;
  };
  const pullQuietly = (): void => {
    if (!closed) void pull().catch(report);
  };

  const drainer = new Drainer({
    db,
    transport: opts.transport,
    deviceId: () => deviceId,
    status,
    batchSize: opts.batchSize,
    backoff: opts.backoff,
    random: opts.random,
    now,
    timers,
    onSettled: refreshCounts,
    onApplied: opts.pullAfterPush === false ? undefined : pullQuietly,
    exclusive: exclusiveDrain(opts),
  });
  const wake = (reason: WakeReason): void => drainer.wake(reason);

  const backgroundSync = opts.requestBackgroundSync === undefined ? browserBackgroundSync : opts.requestBackgroundSync;
  const mutate = createMutate({
    db,
    deviceId: () => deviceId,
    now,
    afterCommit: () => {
      void refreshCounts();
      if (closed) return;
      wake('mutate');
      if (!status.getSnapshot().online) backgroundSync?.();
    },
  });

  // Wake triggers: online, focus, a service worker message, a timer (and every mutate, above).
  const win = opts.windowEvents === undefined ? browserWindow() : opts.windowEvents;
  const sw = opts.serviceWorker === undefined ? browserServiceWorker() : opts.serviceWorker;
  const onOnline = (): void => {
    status.update({ online: true });
    wake('online');
    pullQuietly();
  };
  const onOffline = (): void => status.update({ online: false });
  const onFocus = (): void => {
    wake('focus');
    pullQuietly();
  };
  const onSwMessage = (event: Event): void => {
    const data = (event as MessageEvent<unknown>).data;
    if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SW_WAKE_MESSAGE)
      wake('service-worker');
  };
  win?.addEventListener('online', onOnline);
  win?.addEventListener('offline', onOffline);
  win?.addEventListener('focus', onFocus);
  sw?.addEventListener('message', onSwMessage);

  const intervalMs = opts.intervalMs ?? 30_000;
  let tick: unknown = null;
  const schedule = (): void => {
    if (intervalMs <= 0) return;
    tick = timers.setTimeout(() => {
      wake('timer');
      pullQuietly();
      schedule();
    }, intervalMs);
  };
  schedule();
  await refreshCounts();
  // What an earlier page left in the outbox (a reload, a crash, a navigation mid-push) goes now,
  // not at the next timer tick: a page that just loaded gets no online or focus event.
  if (status.getSnapshot().pendingCount > 0) wake('start');

  return {
    db,
    status,
    deviceId,
    mutate,
    drain: () => drainer.drain(),
    pull,
    wake,
    resumeAfterAuth: () => wake('auth'),
    poke: () => {
      pullQuietly();
      wake('poke');
    },
    needsAttention: () => db.needsAttention.orderBy('rejectedAt').toArray(),
    async retry(id) {
      await retryNeedsAttention(db, id);
      await refreshCounts();
      wake('mutate');
    },
    async discard(id, o) {
      await discardNeedsAttention(db, id, o);
      await refreshCounts();
    },
    refresh: refreshCounts,
    signOutCheck: () => db.outbox.count(),
    async close() {
      closed = true;
      if (tick !== null) timers.clearTimeout(tick);
      win?.removeEventListener('online', onOnline);
      win?.removeEventListener('offline', onOffline);
      win?.removeEventListener('focus', onFocus);
      sw?.removeEventListener('message', onSwMessage);
      await drainer.stop();
      await puller.idle();
      await pendingRefresh;
      db.close();
    },
  };
}
