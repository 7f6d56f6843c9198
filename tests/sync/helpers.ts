import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from '../../sync/engine.js';
import type { Timers } from '../../sync/outbox.js';
import { FakeServer } from './fake-server.js';

/** Timers the test runs by hand: nothing fires unless the test says so. */
export class ManualTimers implements Timers {
  private next = 1;
  pending = new Map<number, { fn: () => void; ms: number }>();
  delays: number[] = [];

  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.next++;
    this.pending.set(id, { fn, ms });
    this.delays.push(ms);
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }

  /** Fire every pending timer once (those they schedule wait for the next call). */
  fireAll(): void {
    const due = [...this.pending.values()];
    this.pending.clear();
    for (const t of due) t.fn();
  }
}

export interface TestEngine {
  engine: SyncEngine;
  server: FakeServer;
  timers: ManualTimers;
  options: SyncEngineOptions;
}

export async function makeEngine(
  server = new FakeServer(),
  overrides: Partial<SyncEngineOptions> = {},
): Promise<TestEngine> {
  const timers = new ManualTimers();
  const options: SyncEngineOptions = {
    tenantKey: `t-${randomUUID().slice(0, 8)}`,
    userId: 7,
    deviceId: 'dock-1',
    transport: server.push,
    fetchChanges: (cursor) => server.pull(cursor),
    timers,
    intervalMs: 0,
    windowEvents: null,
    serviceWorker: null,
    requestBackgroundSync: null,
    pullAfterPush: false,
    ...overrides,
  };
  return { engine: await createSyncEngine(options), server, timers, options };
}

export const CLIENT = { id: 42, name: 'Acme Prep Client', accountNo: 'AC-0042', audience: 'Customer' as const };
export const OTHER_CLIENT = { id: 43, name: 'Other Client', accountNo: 'AC-0043', audience: 'Customer' as const };

export const iso = (minute = 0): string => new Date(Date.UTC(2025, 10, 22, 9, minute)).toISOString();
export const uuid = (): string => randomUUID();

/** Open a receive batch on the device and wait until the server has it. */
export async function openBatch(t: TestEngine, companyId = CLIENT.id): Promise<string> {
  const id = uuid();
  await t.engine.mutate('packageReceiveBatch.open', { id, companyId });
  await t.engine.drain();
  return id;
}
