/**
 * The job queue (pg-boss over the app's database): retries with backoff, dead letter, singleton
 * keys, cron, restart with queued jobs kept, and a worker killed mid-run whose job runs again with
 * its effect applied once. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client.js';
import { jobRuns } from '../../server/db/schema/index.js';
import { JobQueue } from '../../server/jobs/queue.js';
import { registerUpkeep } from '../../server/jobs/upkeep.js';
import { reopenableDb, type ReopenableDb } from '../helpers/job-db.js';

let store: ReopenableDb;
let database: Database;
const queues: JobQueue[] = [];
const fast = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 };
const newQueue = (db = database, opts = {}) => {
  const q = new JobQueue(db, { ...fast, ...opts });
  queues.push(q);
  return q;
};
const rows = async <T>(q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  store = await reopenableDb();
  database = await store.open();
});
afterEach(async () => {
  for (const q of queues.splice(0)) await q.stop({ graceful: false }).catch(() => undefined);
  await database.db.execute(sql`create table if not exists effect_probe (k text, n int)`);
  await database.db.execute(sql`delete from effect_probe`);
});
afterAll(async () => {
  await database?.close();
  await store?.dispose();
});

describe('job queue', () => {
  it('registers the catalogue: queues with their policies and the hourly upkeep schedule', async () => {
    const q = newQueue();
    await q.start();
    const schedules = await q.schedules();
    expect(schedules.find((s) => s.name === 'db.upkeep')?.cron).toBe('0 * * * *');
    const [pull] = await rows<{ policy: string; dead_letter: string; retry_backoff: boolean }>(
      sql`select policy, dead_letter, retry_backoff from pgboss.queue where name = 'stores.pull-orders'`,
    );
    expect(pull).toEqual({ policy: 'stately', dead_letter: 'jobs.dead-letter', retry_backoff: true });
  });

  it('refuses data that does not match the catalogue', async () => {
    const q = newQueue();
    await q.start();
    await expect(q.enqueue('billing.run', { tenantId: 1, period: 'May' } as never)).rejects.toThrow();
  });

  it('a singleton key keeps one job per store queued: the duplicate is dropped, another store queues', async () => {
    const q = newQueue();
    await q.start();
    const a = await q.enqueue('stores.pull-orders', { tenantId: 1, storeId: 7 }, { singletonKey: 'store:7' });
    const dup = await q.enqueue('stores.pull-orders', { tenantId: 1, storeId: 7 }, { singletonKey: 'store:7' });
    const b = await q.enqueue('stores.pull-orders', { tenantId: 1, storeId: 8 }, { singletonKey: 'store:8' });
    expect(a).toBeTruthy();
    expect(dup).toBeNull();
    expect(b).toBeTruthy();
    // The dropped duplicate leaves no owner row behind.
    const owners = await database.db.select().from(jobRuns);
    expect(owners.filter((r) => r.jobId === a || r.jobId === b)).toHaveLength(2);
    await q.cancel('stores.pull-orders', a!);
    await q.cancel('stores.pull-orders', b!);
  });

  it('retries a failing job with growing delays, then fails it into the dead-letter queue', async () => {
    const q = newQueue();
    const attempts: number[] = [];
    q.work('billing.run', async () => {
      attempts.push(Date.now());
      throw new Error('Carrier rates unavailable');
    });
    await q.start();
    const id = await q.enqueue(
      'billing.run',
      { tenantId: 1, period: '2026-05' },
      { retryLimit: 2, retryDelay: 1, retryBackoff: true },
    );
    await expect
      .poll(async () => (await q.getJob('billing.run', id!))?.state, { timeout: 30_000, interval: 200 })
      .toBe('failed');
    const job = await q.getJob('billing.run', id!);
    expect(job?.retryCount).toBe(2);
    expect((job?.output as { message: string }).message).toBe('Carrier rates unavailable');
    expect(attempts).toHaveLength(3);
    // Backoff: the first retry waits at least retryDelay, the second at least twice that.
    expect(attempts[1] - attempts[0]).toBeGreaterThanOrEqual(1000);
    expect(attempts[2] - attempts[1]).toBeGreaterThanOrEqual(2000);
    const dead = await rows<{ data: unknown }>(sql`select data from pgboss.job where name = 'jobs.dead-letter'`);
    expect(dead.map((d) => d.data)).toContainEqual({ tenantId: 1, period: '2026-05' });
  });

  it('queued jobs survive a restart and each runs once after it', async () => {
    const before = newQueue();
    await before.start();
    const ids = [];
    for (const storeId of [1, 2, 3])
      ids.push(await before.enqueue('stores.pull-listings', { tenantId: 1, storeId }, { singletonKey: `s${storeId}` }));
    await before.stop();
    queues.splice(queues.indexOf(before), 1);
    await database.close();

    database = await store.open();
    const after = newQueue();
    const seen: number[] = [];
    after.work('stores.pull-listings', async (data) => {
      seen.push(data.storeId);
    });
    await after.start();
    for (const id of ids)
      await expect
        .poll(async () => (await after.getJob('stores.pull-listings', id!))?.state, { timeout: 15_000, interval: 200 })
        .toBe('completed');
    expect(seen.sort()).toEqual([1, 2, 3]);
  });

  it.each([
    ['the worker is killed after its effect committed', 'kill'],
    ['the handler crashes after its effect committed', 'crash'],
  ])('exactly once: %s — the job runs again and the effect happens once', async (_label, mode) => {
    // The first worker's database handle dies with it: after the kill it can no longer mark anything.
    let killed = false;
    const mortal: Database = {
      ...database,
      executeSql: (text, values) =>
        killed ? Promise.reject(new Error('process killed')) : database.executeSql(text, values),
    };
    const first = newQueue(mortal, { soleWorker: false });
    let release!: () => void;
    const running = new Promise<void>((r) => (release = r));
    first.work('billing.run', async (data, job) => {
      await job.once(`bill:${data.tenantId}:${data.period}`, (tx) =>
        tx.execute(sql`insert into effect_probe values (${data.period}, 1)`),
      );
      release();
      if (mode === 'crash') throw new Error('crashed after the effect');
      await new Promise(() => undefined); // killed here: never returns
    });
    await first.start();
    const id = await first.enqueue(
      'billing.run',
      { tenantId: 1, period: `2026-0${mode === 'kill' ? 1 : 2}` },
      {
        retryLimit: 3,
        retryDelay: 1,
      },
    );
    await running;

    if (mode === 'kill') {
      killed = true;
      await first.stop({ graceful: false }).catch(() => undefined);
      const [stuck] = await rows<{ state: string }>(sql`select state::text from pgboss.job where id = ${id}::uuid`);
      expect(stuck.state).toBe('active');
    }

    // The restarted server (one process: the job still active is a dead worker's).
    const second = newQueue(database, { soleWorker: true });
    const retries: number[] = [];
    second.work('billing.run', async (data, job) => {
      retries.push(job.retryCount);
      const applied = await job.once(`bill:${data.tenantId}:${data.period}`, (tx) =>
        tx.execute(sql`insert into effect_probe values (${data.period}, 1)`),
      );
      expect(applied.done).toBe(false);
    });
    if (mode === 'crash') await first.stop();
    await second.start();
    await expect
      .poll(async () => (await second.getJob('billing.run', id!))?.state, { timeout: 20_000, interval: 200 })
      .toBe('completed');
    expect(retries).toEqual([1]);
    const effects = await rows<{ n: number }>(sql`select count(*)::int as n from effect_probe`);
    expect(effects[0].n).toBe(1);
  });

  it('a handler that outlives stop(): its job is failed for a retry, and its late end sends nothing to a closed database', async () => {
    // The owner closes the pool once stop() returns; pg-boss then settles the handler without
    // awaiting, so SQL sent after that would be an unhandled rejection (a CI failure once).
    let closed = false;
    let lateCalls = 0;
    const owned: Database = {
      ...database,
      executeSql: (text, values) => {
        if (!closed) return database.executeSql(text, values);
        lateCalls += 1;
        return Promise.reject(new Error('Cannot use a pool after calling end on the pool'));
      },
    };
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const q = newQueue(owned, { soleWorker: false });
      let started!: () => void;
      const running = new Promise<void>((r) => (started = r));
      let finish!: (err: Error) => void;
      q.work('billing.run', async () => {
        started();
        await new Promise<void>((_resolve, reject) => (finish = reject));
      });
      await q.start();
      const id = await q.enqueue('billing.run', { tenantId: 1, period: '2026-03' }, { retryLimit: 2, retryDelay: 60 });
      await running;
      await q.stop({ timeoutMs: 1000 });
      const [after] = await rows<{ state: string }>(sql`select state::text from pgboss.job where id = ${id}::uuid`);
      expect(after.state).toBe('retry');
      closed = true;
      finish(new Error('the handler ends after the pool closed'));
      await new Promise((r) => setTimeout(r, 300));
      expect(lateCalls).toBe(0);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it.runIf(!process.env.DATABASE_URL)('the hourly upkeep runs as a job: it vacuums the embedded database', async () => {
    await database.db.execute(sql`create table if not exists upkeep_probe (id int primary key, note text)`);
    await database.db.execute(sql`insert into upkeep_probe select i, 'x' from generate_series(1, 500) i`);
    await database.db.execute(sql`update upkeep_probe set note = 'y'`);
    const q = newQueue();
    registerUpkeep(q, database);
    await q.start();
    const id = await q.enqueue('db.upkeep', {});
    await expect
      .poll(async () => (await q.getJob('db.upkeep', id!))?.state, { timeout: 15_000, interval: 200 })
      .toBe('completed');
    const [stat] = await rows<{ last_vacuum: unknown }>(
      sql`select last_vacuum from pg_stat_user_tables where relname = 'upkeep_probe'`,
    );
    expect(stat.last_vacuum).not.toBeNull();
  });
});
