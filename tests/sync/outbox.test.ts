import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_BACKOFF } from '../../sync/outbox.js';
import { FakeServer } from './fake-server.js';
import { CLIENT, iso, makeEngine, openBatch, uuid, type TestEngine } from './helpers.js';

let t: TestEngine;
afterEach(async () => t?.engine.close());

/** Queue `n` scans while the server is unreachable; returns their mutation-args ids in order. */
async function queueScans(n: number, batchId: string): Promise<string[]> {
  t.server.online = false;
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = uuid();
    ids.push(id);
    await t.engine.mutate('package.scan', {
      id,
      batchId,
      trackingNumber: `PKG${String(i).padStart(8, '0')}`,
      scannedAt: iso(),
    });
  }
  await t.engine.drain(); // let a drain woken by the last mutate fail before the network returns
  return ids;
}

async function goOnline(): Promise<void> {
  t.server.online = true;
  t.engine.wake('online');
  await t.engine.drain();
}

describe('drain: order and batching', () => {
  it('sends the oldest first, in order, across batches of the configured size', async () => {
    t = await makeEngine(new FakeServer(), { batchSize: 100 });
    const batchId = await openBatch(t);
    const scanIds = await queueScans(250, batchId);
    t.server.received = [];
    t.server.pushSizes = [];
    await goOnline();
    expect(t.server.pushSizes).toEqual([100, 100, 50]);
    // Arrival order at the server = creation order on the device (the outbox's `seq`).
    expect(new Set(t.server.received).size).toBe(250); // each sent once
    expect([...t.server.scans.keys()]).toEqual(scanIds);
    expect(await t.engine.signOutCheck()).toBe(0);
  });

  it('honours another batch size, and never more than the protocol’s 500', async () => {
    t = await makeEngine(new FakeServer(), { batchSize: 7 });
    const batchId = await openBatch(t);
    await queueScans(20, batchId);
    t.server.pushSizes = [];
    await goOnline();
    expect(t.server.pushSizes).toEqual([7, 7, 6]);
  });

  it('caps a batch at the protocol’s 500 mutations', async () => {
    t = await makeEngine(new FakeServer(), { batchSize: 10_000 });
    const batchId = await openBatch(t);
    await queueScans(501, batchId);
    t.server.pushSizes = [];
    await goOnline();
    expect(t.server.pushSizes).toEqual([500, 1]);
  });
});

describe('drain: exactly once through retries', () => {
  it('a lost response is resent with the same ids; the server dedupes, one effect each', async () => {
    t = await makeEngine();
    const batchId = await openBatch(t);
    const scans = await queueScans(5, batchId);
    t.server.faults = ['network-after']; // applied on the server, answer lost
    t.server.online = true;
    t.engine.wake('online');
    await t.engine.drain();
    expect(await t.engine.signOutCheck()).toBe(5); // still pending on the device
    expect(t.timers.pending.size).toBe(1); // a backoff retry is scheduled
    t.timers.fireAll();
    await t.engine.drain();
    expect(await t.engine.signOutCheck()).toBe(0);
    const outboxIds = t.server.received.slice(-5);
    expect(t.server.received.slice(-10, -5)).toEqual(outboxIds); // the same ids, resent
    for (const id of outboxIds) expect(t.server.effects.get(id)).toBe(1);
    expect(t.server.scans.size).toBe(5);
    expect([...t.server.scans.keys()]).toEqual(scans);
  });

  it('5xx and network errors keep everything queued and retry later', async () => {
    t = await makeEngine();
    const batchId = await openBatch(t);
    await queueScans(3, batchId);
    t.server.online = true;
    t.server.faults = ['http-500', 'network-before'];
    t.engine.wake('focus');
    await t.engine.drain();
    expect(await t.engine.signOutCheck()).toBe(3);
    expect(t.engine.status.getSnapshot().lastError).toBe('HTTP 500');
    t.timers.fireAll();
    await t.engine.drain();
    expect(await t.engine.signOutCheck()).toBe(3);
    const entry = await t.engine.db.outbox.orderBy('seq').first();
    expect(entry?.attempts).toBeGreaterThanOrEqual(2);
    t.timers.fireAll();
    await t.engine.drain();
    expect(await t.engine.signOutCheck()).toBe(0);
    expect(t.server.scans.size).toBe(3);
  });

  it('a push the server stopped part-way settles the answered prefix and retries the rest', async () => {
    t = await makeEngine();
    const batchId = await openBatch(t);
    await queueScans(5, batchId);
    t.server.online = true;
    t.server.faults = ['stop-after-2'];
    t.engine.wake('online');
    await t.engine.drain();
    expect(await t.engine.signOutCheck()).toBe(3);
    t.timers.fireAll();
    await t.engine.drain();
    expect(await t.engine.signOutCheck()).toBe(0);
    expect(t.server.scans.size).toBe(5);
  });
});

describe('drain: refusals', () => {
  it('a rejected mutation alone goes to needs-attention; the ones after it go through', async () => {
    t = await makeEngine();
    t.server.addCompany(CLIENT);
    t.server.announce(CLIENT.id, ['1Z999AA10123456784']);
    await t.engine.pull();
    const batchId = await openBatch(t);
    t.server.online = false;
    const bad = uuid();
    await t.engine.mutate('package.scan', { id: uuid(), batchId, trackingNumber: 'FIRST0001', scannedAt: iso() });
    await t.engine.mutate('package.scan', { id: bad, batchId, trackingNumber: '1Z999AA10123456784', scannedAt: iso() });
    await t.engine.mutate('package.scan', { id: uuid(), batchId, trackingNumber: 'THIRD0003', scannedAt: iso() });
    const badEntry = (await t.engine.db.outbox.orderBy('seq').toArray())[1];
    t.server.rejectIds.add(badEntry.id);
    await goOnline();
    await t.engine.refresh();

    expect(t.engine.status.getSnapshot()).toMatchObject({ pendingCount: 0, needsAttentionCount: 1 });
    const [attention] = await t.engine.needsAttention();
    expect(attention).toMatchObject({
      id: badEntry.id,
      name: 'package.scan',
      code: 'business_rule',
      message: 'Refused for the test',
    });
    expect(t.server.scans.size).toBe(2);
    // The optimistic change was undone: no provisional scan, the package expected again.
    expect(await t.engine.db.packageScans.get(bad)).toBeUndefined();
    expect((await t.engine.db.expectedPackages.toArray())[0]).toMatchObject({ status: 'expected', deliveredAt: null });
    expect((await t.engine.db.receiveBatches.get(batchId))?.counts).toEqual({ matched: 0, not_found: 2, duplicate: 0 });
  });

  it('retry puts it back at the tail with the same id and a fresh attempt count; discard needs confirmation', async () => {
    t = await makeEngine();
    const batchId = await openBatch(t);
    t.server.online = false;
    await t.engine.mutate('package.scan', { id: uuid(), batchId, trackingNumber: 'RETRY0001', scannedAt: iso() });
    await t.engine.mutate('package.scan', { id: uuid(), batchId, trackingNumber: 'DROP00002', scannedAt: iso() });
    const [retryEntry, dropEntry] = await t.engine.db.outbox.orderBy('seq').toArray();
    t.server.rejectIds.add(retryEntry.id).add(dropEntry.id);
    await goOnline();
    expect((await t.engine.needsAttention()).map((n) => n.id).sort()).toEqual([retryEntry.id, dropEntry.id].sort());

    t.server.rejectIds.clear(); // e.g. the client fixed their account
    t.server.online = false;
    await t.engine.retry(retryEntry.id);
    const requeued = await t.engine.db.outbox.orderBy('seq').last();
    expect(requeued).toMatchObject({ id: retryEntry.id, attempts: 0 });
    expect(requeued!.seq!).toBeGreaterThan(dropEntry.seq!);
    expect(await t.engine.db.packageScans.filter((s) => s.trackingNumber === 'RETRY0001').count()).toBe(1); // re-applied
    await goOnline();
    expect(t.server.effects.get(retryEntry.id)).toBe(1);

    await expect(t.engine.discard(dropEntry.id, { confirmed: false })).rejects.toThrow(/confirmed/);
    await t.engine.discard(dropEntry.id, { confirmed: true });
    await t.engine.refresh();
    expect(t.engine.status.getSnapshot()).toMatchObject({ pendingCount: 0, needsAttentionCount: 0 });
  });

  it('a 4xx for the whole request moves that batch to needs-attention and carries on', async () => {
    t = await makeEngine(new FakeServer(), { batchSize: 2 });
    const batchId = await openBatch(t);
    await queueScans(3, batchId);
    t.server.faults = ['http-400'];
    await goOnline();
    const attention = await t.engine.needsAttention();
    expect(attention).toHaveLength(2);
    expect(attention[0]).toMatchObject({ code: 'http_400', message: 'deviceId: required' });
    expect(await t.engine.signOutCheck()).toBe(0);
    expect(t.server.scans.size).toBe(1);
  });

  it('401 pauses sending until the app signs in again', async () => {
    t = await makeEngine();
    const batchId = await openBatch(t);
    await queueScans(2, batchId);
    t.server.faults = ['http-401'];
    await goOnline();
    expect(t.engine.status.getSnapshot().authPaused).toBe(true);
    expect(t.timers.pending.size).toBe(0); // no backoff: waiting for a sign-in, not for time
    t.engine.wake('mutate');
    await t.engine.drain();
    expect(await t.engine.signOutCheck()).toBe(2);
    t.engine.resumeAfterAuth();
    await t.engine.drain();
    expect(await t.engine.signOutCheck()).toBe(0);
    expect(t.engine.status.getSnapshot().authPaused).toBe(false);
  });
});

describe('backoff', () => {
  it('full jitter: within [0, min(60 s, 1 s·2^(n−1))) for any random value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (n, r) => {
          const d = backoffDelay(n, DEFAULT_BACKOFF, () => r);
          const ceiling = Math.min(60_000, 1_000 * 2 ** (n - 1));
          return d >= 0 && d < ceiling + 1 && d === Math.floor(r * ceiling);
        },
      ),
    );
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffDelay(n, DEFAULT_BACKOFF, () => 0.999999))).toEqual([
      999, 1999, 3999, 7999, 15999, 31999, 59999, 59999,
    ]);
  });

  it('the drainer’s scheduled delays grow with consecutive failures and are jittered', async () => {
    const randoms = [0.5, 0.25, 0.9, 0.1, 0.75, 0.5, 0.5, 0.5];
    let i = 0;
    t = await makeEngine(new FakeServer(), { random: () => randoms[i++ % randoms.length] });
    t.server.online = false;
    const batchId = uuid();
    await t.engine.mutate('packageReceiveBatch.open', { id: batchId, companyId: CLIENT.id });
    await t.engine.drain();
    for (let n = 0; n < 7; n++) {
      t.timers.fireAll();
      await t.engine.drain();
    }
    // Failure n waits random · min(60 000, 1 000 · 2^(n−1)).
    expect(t.timers.delays).toEqual([500, 500, 3600, 800, 12000, 16000, 30000, 30000]);
    // The network comes back: an `online` event skips the wait and resets the backoff.
    t.server.online = true;
    t.engine.wake('online');
    await t.engine.drain();
    expect(await t.engine.signOutCheck()).toBe(0);
    expect(t.timers.pending.size).toBe(0);
  });

  it('works with vitest fake timers as the clock too', async () => {
    const { vi } = await import('vitest');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      t = await makeEngine(new FakeServer(), { timers: undefined, random: () => 0.5 });
      t.server.online = false;
      await t.engine.mutate('packageReceiveBatch.open', { id: uuid(), companyId: CLIENT.id });
      await t.engine.drain();
      t.server.online = true;
      await vi.advanceTimersByTimeAsync(499);
      expect(await t.engine.signOutCheck()).toBe(1);
      await vi.advanceTimersByTimeAsync(2);
      await t.engine.drain();
      expect(await t.engine.signOutCheck()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('drain: one sender across tabs', () => {
  /** A named lock like the Web Locks API: holders of one name run one after another. */
  function memoryLock() {
    const tails = new Map<string, Promise<void>>();
    return (name: string, run: () => Promise<void>): Promise<void> => {
      const mine = (tails.get(name) ?? Promise.resolve()).then(run);
      tails.set(
        name,
        mine.catch(() => undefined),
      );
      return mine;
    };
  }
  let second: TestEngine | undefined;
  afterEach(async () => second?.engine.close());

  async function twoTabs(lock: ReturnType<typeof memoryLock> | null) {
    const server = new FakeServer();
    t = await makeEngine(server, { lock });
    // The second tab: same tenant, user and device, so the same database and outbox.
    second = await makeEngine(server, {
      lock,
      tenantKey: t.options.tenantKey,
      userId: t.options.userId,
      deviceId: t.options.deviceId,
    });
    const batchId = await openBatch(t);
    await queueScans(60, batchId);
    server.received = [];
    server.online = true;
    // The network comes back: both tabs hear `online` at the same moment.
    t.engine.wake('online');
    second.engine.wake('online');
    await Promise.all([t.engine.drain(), second.engine.drain()]);
    return server;
  }

  it('two tabs draining at once send each entry once when they share the lock', async () => {
    const server = await twoTabs(memoryLock());
    expect(server.received).toHaveLength(60);
    expect(new Set(server.received).size).toBe(60);
    expect(await second!.engine.signOutCheck()).toBe(0);
  });

  it('without the lock the same entries go out twice (what the lock prevents)', async () => {
    const server = await twoTabs(null);
    expect(server.received.length).toBeGreaterThan(new Set(server.received).size);
  });
});
