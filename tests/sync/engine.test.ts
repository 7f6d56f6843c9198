import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createSyncEngine, SW_WAKE_MESSAGE, type EventSourceLike } from '../../sync/engine.js';
import { MAX_PUSH_BODY_BYTES } from '../../domain/sync-protocol.js';
import { replicaDbName } from '../../sync/replica.js';
import type { SyncStatus } from '../../sync/status.js';
import { FakeServer } from './fake-server.js';
import { CLIENT, iso, makeEngine, openBatch, uuid, type TestEngine } from './helpers.js';

let t: TestEngine;
afterEach(async () => t?.engine.close());

/** A stand-in for `window` / `navigator.serviceWorker` that the test can fire events on. */
class Events implements EventSourceLike {
  private listeners = new Map<string, Set<(e: Event) => void>>();
  addEventListener(type: string, l: (e: Event) => void): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(l);
  }
  removeEventListener(type: string, l: (e: Event) => void): void {
    this.listeners.get(type)?.delete(l);
  }
  fire(type: string, data?: unknown): void {
    const event = Object.assign(new Event(type), { data });
    for (const l of this.listeners.get(type) ?? []) l(event);
  }
  count(): number {
    return [...this.listeners.values()].reduce((n, s) => n + s.size, 0);
  }
}

describe('engine', () => {
  it('keeps pending mutations across a closed and re-opened database, then drains them', async () => {
    const server = new FakeServer();
    t = await makeEngine(server);
    const batchId = await openBatch(t);
    server.online = false;
    for (const n of ['REOPEN001', 'REOPEN002', 'REOPEN003'])
      await t.engine.mutate('package.scan', { id: uuid(), batchId, trackingNumber: n, scannedAt: iso() });
    await t.engine.drain();
    const before = await t.engine.db.outbox.orderBy('seq').toArray();
    expect(await t.engine.signOutCheck()).toBe(3);
    await t.engine.close(); // a reload, a crash or a sign-out: the database stays

    server.online = true;
    t = await makeEngine(server, { tenantKey: t.options.tenantKey, userId: t.options.userId, deviceId: undefined });
    expect(t.engine.db.name).toBe(replicaDbName(t.options.tenantKey, 7));
    expect(t.engine.deviceId).toBe('dock-1'); // kept in the replica
    expect(t.engine.status.getSnapshot().pendingCount).toBe(3);
    expect((await t.engine.db.outbox.orderBy('seq').toArray()).map((e) => e.id)).toEqual(before.map((e) => e.id));
    await t.engine.drain();
    expect(await t.engine.signOutCheck()).toBe(0);
    expect([...server.scans.values()].map((s) => s.trackingNumber)).toEqual(['REOPEN001', 'REOPEN002', 'REOPEN003']);
  });

  it('keeps each user’s data apart on a shared device', async () => {
    const server = new FakeServer();
    server.online = false;
    t = await makeEngine(server, { tenantKey: 'acme', userId: 1 });
    await t.engine.mutate('packageReceiveBatch.open', { id: uuid(), companyId: CLIENT.id });
    await t.engine.drain();
    await t.engine.close();
    t = await makeEngine(server, { tenantKey: 'acme', userId: 2 });
    expect(await t.engine.signOutCheck()).toBe(0);
    await t.engine.close();
    t = await makeEngine(server, { tenantKey: 'acme', userId: 1 });
    expect(await t.engine.signOutCheck()).toBe(1);
  });

  it('status store: counts, draining, errors; stable snapshots for useSyncExternalStore', async () => {
    t = await makeEngine();
    const seen: SyncStatus[] = [];
    const unsubscribe = t.engine.status.subscribe(() => seen.push(t.engine.status.getSnapshot()));
    expect(t.engine.status.getSnapshot()).toBe(t.engine.status.getSnapshot());

    const batchId = await openBatch(t);
    t.server.online = false;
    await t.engine.mutate('package.scan', { id: uuid(), batchId, trackingNumber: 'STATUS001', scannedAt: iso() });
    await t.engine.mutate('package.scan', { id: uuid(), batchId, trackingNumber: 'STATUS002', scannedAt: iso() });
    await t.engine.drain();
    await t.engine.refresh();
    expect(t.engine.status.getSnapshot()).toMatchObject({
      pendingCount: 2,
      needsAttentionCount: 0,
      online: false,
      lastError: 'Failed to fetch',
      draining: false,
    });
    expect(seen.some((s) => s.draining)).toBe(true);

    t.server.online = true;
    const [first] = await t.engine.db.outbox.orderBy('seq').toArray();
    t.server.rejectIds.add(first.id);
    t.engine.wake('online');
    await t.engine.drain();
    await t.engine.refresh();
    const snap = t.engine.status.getSnapshot();
    expect(snap).toMatchObject({
      pendingCount: 0,
      needsAttentionCount: 1,
      online: true,
      lastError: null,
      draining: false,
    });
    expect(snap.lastSyncAt).not.toBeNull();
    // No change, no new snapshot and no notification.
    const count = seen.length;
    await t.engine.refresh();
    expect(t.engine.status.getSnapshot()).toBe(snap);
    expect(seen.length).toBe(count);
    unsubscribe();
  });

  it('an engine that starts with entries in the outbox sends them at once, without waiting for an event', async () => {
    const server = new FakeServer();
    server.online = false;
    const first = await makeEngine(server);
    await first.engine.mutate('packageReceiveBatch.open', { id: uuid(), companyId: CLIENT.id });
    await first.engine.drain();
    await first.engine.close();
    server.online = true;
    // The page reloads: a new engine on the same database, no online/focus event, no timer.
    t = await makeEngine(server, { tenantKey: first.options.tenantKey });
    await expect.poll(() => t.engine.signOutCheck()).toBe(0);
    expect(server.effects.size).toBe(1);
  });

  it('photos in the outbox make smaller pushes under the body limit instead of one the server refuses', async () => {
    t = await makeEngine(new FakeServer());
    t.server.online = false;
    const photo = `data:image/jpeg;base64,${'A'.repeat(300_000)}`;
    for (let i = 0; i < 5; i++) await t.engine.mutate('problem.photo', { id: uuid(), scanId: uuid(), dataUrl: photo });
    for (let i = 0; i < 10; i++)
      await t.engine.mutate('packageReceiveBatch.open', { id: uuid(), companyId: CLIENT.id });
    // A photo too large for any push is refused before it is queued.
    await expect(
      t.engine.mutate('problem.photo', {
        id: uuid(),
        scanId: uuid(),
        dataUrl: `data:image/jpeg;base64,${'A'.repeat(800_000)}`,
      }),
    ).rejects.toThrow(/at most about 500 KB/);
    t.server.online = true;
    t.engine.wake('online');
    await t.engine.drain();
    expect(await t.engine.signOutCheck()).toBe(0);
    expect(t.server.pushSizes.reduce((a, b) => a + b, 0)).toBe(15);
    expect(Math.max(...t.server.pushBytes)).toBeLessThanOrEqual(MAX_PUSH_BODY_BYTES);
    expect(t.server.pushSizes.length).toBeGreaterThanOrEqual(3);
  });

  it('a mutation queued offline asks the service worker for a sync event; online it does not', async () => {
    const win = new Events();
    let requests = 0;
    t = await makeEngine(new FakeServer(), { windowEvents: win, requestBackgroundSync: () => requests++ });
    await t.engine.mutate('packageReceiveBatch.open', { id: uuid(), companyId: CLIENT.id });
    expect(requests).toBe(0);
    win.fire('offline');
    t.server.online = false;
    await t.engine.mutate('packageReceiveBatch.open', { id: uuid(), companyId: CLIENT.id });
    await t.engine.mutate('packageReceiveBatch.open', { id: uuid(), companyId: CLIENT.id });
    expect(requests).toBe(2);
  });

  it('wakes on online, focus and a service worker message; offline shows in the status', async () => {
    const win = new Events();
    const sw = new Events();
    t = await makeEngine(new FakeServer(), { windowEvents: win, serviceWorker: sw });
    t.server.online = false;
    await t.engine.mutate('packageReceiveBatch.open', { id: uuid(), companyId: CLIENT.id });
    await t.engine.drain();
    win.fire('offline');
    expect(t.engine.status.getSnapshot().online).toBe(false);
    expect(t.timers.pending.size).toBe(1); // backing off

    t.server.online = true;
    sw.fire('message', { type: 'something-else' });
    expect(t.timers.pending.size).toBe(1); // ignored
    sw.fire('message', { type: SW_WAKE_MESSAGE });
    await t.engine.drain();
    expect(await t.engine.signOutCheck()).toBe(0);

    t.server.online = false;
    await t.engine.mutate('packageReceiveBatch.open', { id: uuid(), companyId: CLIENT.id });
    await t.engine.drain();
    t.server.online = true;
    win.fire('focus');
    await t.engine.drain();
    expect(await t.engine.signOutCheck()).toBe(0);

    t.server.online = false;
    await t.engine.mutate('packageReceiveBatch.open', { id: uuid(), companyId: CLIENT.id });
    await t.engine.drain();
    t.server.online = true;
    win.fire('online');
    await t.engine.drain();
    expect(await t.engine.signOutCheck()).toBe(0);
    expect(t.engine.status.getSnapshot().online).toBe(true);

    await t.engine.close();
    expect(win.count() + sw.count()).toBe(0);
  });

  it('a periodic timer drains and pulls', async () => {
    t = await makeEngine(new FakeServer(), { intervalMs: 30_000 });
    t.server.announce(CLIENT.id, ['TIMER0001']);
    expect(t.timers.delays).toEqual([30_000]);
    t.timers.fireAll();
    await t.engine.pull(); // joins the pull the timer started
    expect(await t.engine.db.expectedPackages.count()).toBe(1);
    expect(t.timers.pending.size).toBe(1); // re-armed
  });

  it('a poke pulls; pullAfterPush pulls after applied mutations', async () => {
    const server = new FakeServer();
    t = await makeEngine(server, { pullAfterPush: true });
    server.announce(CLIENT.id, ['POKE00001']);
    t.engine.poke();
    await t.engine.pull();
    expect(await t.engine.db.expectedPackages.count()).toBe(1);
    const batchId = await openBatch(t);
    await t.engine.pull();
    expect(await t.engine.db.receiveBatches.get(batchId)).toMatchObject({ openedAt: '2025-11-22 10:00:00+00' }); // the server's row
  });

  it('createSyncEngine works with no browser globals at all', async () => {
    const server = new FakeServer();
    const engine = await createSyncEngine({
      tenantKey: `bare-${uuid()}`,
      userId: 'u1',
      transport: server.push,
      fetchChanges: (c) => server.pull(c),
      intervalMs: 0,
    });
    expect(engine.deviceId).toMatch(/^[0-9a-f-]{36}$/);
    await engine.close();
  });
});
