/**
 * The drainer — protocol steps 2, 3 and 5. It sends the oldest outbox entries, in order, in
 * batches, and classifies every answer:
 *  2. `POST /api/sync/push {deviceId, mutations[]}` with the oldest `batchSize` entries (their
 *     attempt counts are raised first, so a crash mid-send still counts the attempt);
 *  3. per result, in send order: applied → leaves the outbox, the server's result reconciles the
 *     replica; rejected → needs-attention with the server's code and message. Results stop early
 *     when the server stopped the batch (a fault): the rest stays queued and is retried;
 *  5. network / 5xx → exponential backoff with full jitter; 401 → paused until re-auth; a 4xx for
 *     the whole request → the batch goes to needs-attention (resending it cannot succeed).
 * Only one drain runs at a time; a wake during a drain makes it look again when it finishes.
 */
import type { PushRequest, PushResponse, PushResult } from '../domain/sync-protocol.js';
import { MAX_PUSH_BODY_BYTES, MAX_PUSH_MUTATIONS, pushResponseSchema } from '../domain/sync-protocol.js';
import type { OutboxEntry, ReplicaDb } from './replica.js';
import { settle, type Outcome } from './settle.js';
import type { StatusStore } from './status.js';
import { classify, SyncTransportError } from './transport-error.js';

export type PushTransport = (req: PushRequest) => Promise<PushResponse>;

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof globalThis.setTimeout>),
};

export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}
export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1_000, capMs: 60_000 };

/** Full jitter: uniform in [0, min(cap, base·2^(failures−1))) — spreads a dock's devices apart. */
export function backoffDelay(failures: number, policy: BackoffPolicy, random: () => number): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, failures - 1));
  return Math.floor(random() * ceiling);
}

/** Urgent wakes (the network came back, the user is looking, the server poked) skip a backoff wait. */
export type WakeReason = 'start' | 'mutate' | 'timer' | 'online' | 'focus' | 'service-worker' | 'poke' | 'auth';
const URGENT: ReadonlySet<WakeReason> = new Set(['start', 'online', 'focus', 'service-worker', 'poke', 'auth']);

export interface DrainerDeps {
  db: ReplicaDb;
  transport: PushTransport;
  deviceId: () => string;
  status: StatusStore;
  batchSize?: number;
  /** Largest push body (JSON bytes) the drainer builds; default MAX_PUSH_BODY_BYTES. */
  maxBodyBytes?: number;
  backoff?: BackoffPolicy;
  random?: () => number;
  now?: () => Date;
  timers?: Timers;
  /** After each settle: refresh the counts shown in the status. */
  onSettled?: () => Promise<void>;
  /** After mutations were applied: the server has news (e.g. start a pull). */
  onApplied?: () => void;
  /**
   * Runs a drain while holding a lock shared by every tab of this user on this device (a Web Lock
   * in the browser): two tabs share one outbox, and without it both would send the same entries.
   */
  exclusive?: (run: () => Promise<void>) => Promise<void>;
}

export class Drainer {
  private running: Promise<void> | null = null;
  private again = false;
  /** An urgent wake arrived during a run: run once more even if the run ended in a backoff. */
  private urgent = false;
  private retryHandle: unknown = null;
  private paused = false;
  private stopped = false;
  /** Consecutive failed pushes; sets the next backoff ceiling. */
  failures = 0;
  /** The delay of the retry currently scheduled, for the status line and tests. */
  nextRetryMs: number | null = null;

  private readonly batchSize: number;
  private readonly maxBodyBytes: number;
  private readonly backoff: BackoffPolicy;
  private readonly random: () => number;
  private readonly now: () => Date;
  private readonly timers: Timers;

  constructor(private readonly deps: DrainerDeps) {
    this.batchSize = Math.min(deps.batchSize ?? 100, MAX_PUSH_MUTATIONS);
    this.maxBodyBytes = deps.maxBodyBytes ?? MAX_PUSH_BODY_BYTES;
    this.backoff = deps.backoff ?? DEFAULT_BACKOFF;
    this.random = deps.random ?? Math.random;
    this.now = deps.now ?? (() => new Date());
    this.timers = deps.timers ?? realTimers;
  }

  get backingOff(): boolean {
    return this.retryHandle !== null;
  }

  wake(reason: WakeReason): void {
    if (this.stopped) return;
    if (reason === 'online') this.failures = 0;
    if (reason === 'auth') this.resume();
    if (URGENT.has(reason)) {
      if (this.running) this.urgent = true;
      this.cancelRetry();
    } else if (this.backingOff) return;
    this.drain().catch((err: unknown) =>
      this.deps.status.update({ lastError: err instanceof Error ? err.message : String(err) }),
    );
  }

  /** The app signed in again after a 401. */
  resume(): void {
    this.paused = false;
    this.deps.status.update({ authPaused: false });
  }

  /** Drain until the outbox is empty or sending must wait; concurrent calls share one run. */
  drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Stop sending; resolves when a running drain has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.cancelRetry();
    await this.running?.catch(() => undefined);
  }

  private async loop(): Promise<void> {
    if (this.deps.exclusive) await this.deps.exclusive(() => this.loopHoldingLock());
    else await this.loopHoldingLock();
  }

  private async loopHoldingLock(): Promise<void> {
    if (this.stopped) return;
    this.deps.status.update({ draining: true });
    try {
      do {
        this.again = false;
        this.urgent = false;
        await this.sendAll();
        if (this.urgent && this.backingOff) {
          this.cancelRetry();
          this.again = true;
        }
      } while (this.again && !this.backingOff && !this.paused && !this.stopped);
    } finally {
      this.deps.status.update({ draining: false });
    }
  }

  private async sendAll(): Promise<void> {
    while (!this.paused && !this.stopped && !this.backingOff) {
      const batch = fitToBody(await this.deps.db.oldestOutbox(this.batchSize), this.maxBodyBytes);
      if (batch.length === 0) return;
      const settledAll = await this.sendBatch(batch);
      await this.deps.onSettled?.();
      if (!settledAll) return;
    }
  }

  /** One push. True when every entry of the batch was settled (the loop may continue). */
  private async sendBatch(batch: OutboxEntry[]): Promise<boolean> {
    const { db, status } = this.deps;
    const ids = batch.map((e) => e.id);
    await db.transact('rw', ['outbox'], () => db.recordAttempt(ids, null));
    const request: PushRequest = {
      deviceId: this.deps.deviceId(),
      mutations: batch.map((e) => ({ id: e.id, name: e.name, args: e.args, createdAt: e.createdAt })),
    };
    let response: PushResponse;
    try {
      const answer = await this.deps.transport(request);
      const parsed = pushResponseSchema.safeParse(answer);
      if (!parsed.success) throw new SyncTransportError('server', 'Unreadable push response');
      response = parsed.data;
    } catch (err) {
      return this.failed(batch, classify(err));
    }

    const byId = new Map<string, PushResult>(response.results.map((r) => [r.id, r]));
    const outcomes: Outcome[] = [];
    // Settle the answered prefix only: an entry is never settled before the ones sent ahead of it.
    for (const entry of batch) {
      const r = byId.get(entry.id);
      if (!r) break;
      outcomes.push(
        r.status === 'applied'
          ? { entry, status: 'applied', result: r.result }
          : {
              entry,
              status: 'rejected',
              code: r.code ?? 'business_rule',
              message: r.message ?? 'Refused by the server',
            },
      );
    }
    await settle(db, outcomes, this.now());
    status.update({ online: true, lastSyncAt: this.now().toISOString(), lastError: null });
    if (outcomes.some((o) => o.status === 'applied')) this.deps.onApplied?.();
    if (outcomes.length < batch.length) {
      this.scheduleRetry('The server stopped part-way through a push');
      return false;
    }
    this.failures = 0;
    return true;
  }

  private async failed(batch: OutboxEntry[], err: SyncTransportError): Promise<boolean> {
    const { db, status } = this.deps;
    if (err.kind === 'unauthorized') {
      this.paused = true;
      status.update({ authPaused: true, lastError: 'Signed out: sign in again to send pending work' });
      return false;
    }
    if (err.kind === 'rejected') {
      const code = `http_${err.status ?? 400}` as const;
      await settle(
        db,
        batch.map((entry) => ({ entry, status: 'rejected', code, message: err.message })),
        this.now(),
      );
      status.update({ online: true, lastError: err.message });
      return true;
    }
    await db.transact('rw', ['outbox'], () =>
      db.recordError(
        batch.map((e) => e.id),
        err.message,
      ),
    );
    status.update({ online: err.kind !== 'network' && status.getSnapshot().online, lastError: err.message });
    this.scheduleRetry(err.message);
    return false;
  }

  private scheduleRetry(reason: string): void {
    this.failures += 1;
    const delay = backoffDelay(this.failures, this.backoff, this.random);
    this.nextRetryMs = delay;
    this.deps.status.update({ lastError: reason });
    this.retryHandle = this.timers.setTimeout(() => {
      this.retryHandle = null;
      this.nextRetryMs = null;
      this.wake('timer');
    }, delay);
  }

  private cancelRetry(): void {
    if (this.retryHandle !== null) this.timers.clearTimeout(this.retryHandle);
    this.retryHandle = null;
    this.nextRetryMs = null;
  }
}

/**
 * The oldest entries whose push body stays under `maxBytes` (always at least one, in order): a
 * few photos in the outbox make smaller pushes instead of one the server refuses as too large.
 */
export function fitToBody(entries: OutboxEntry[], maxBytes: number): OutboxEntry[] {
  let bytes = 100; // the envelope: deviceId and brackets
  const out: OutboxEntry[] = [];
  for (const e of entries) {
    bytes += JSON.stringify({ id: e.id, name: e.name, args: e.args, createdAt: e.createdAt }).length + 1;
    if (out.length > 0 && bytes > maxBytes) break;
    out.push(e);
  }
  return out;
}
