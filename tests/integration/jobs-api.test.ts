/**
 * /api/jobs/batch-process: admins see their tenant's jobs, a user the jobs they started, no one
 * another tenant's (404); progress, errors, retry and cancel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provideJob, withdrawJob } from '../../server/jobs/store-pulls.js';
import { TestServer } from '../helpers/server.js';
import { provideInvoiceJobs } from '../../server/modules/invoices/jobs.js';

const base = '/api/jobs/batch-process';
let s: TestServer;
const t: Record<string, string> = {};
const who: Record<string, { id: number; tenantId: number }> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  s = await TestServer.start();
  for (const u of ['demo.admin', 'demo.client', 'demo.client2', 'demo.receiver', 'north.admin']) {
    const signed = await s.signIn(u);
    t[u] = signed.accessToken;
    who[u] = { id: signed.userData.id, tenantId: signed.userData.tenantId };
  }
  // Queued for later, so they stay put while the test looks at them.
  const later = new Date(Date.now() + 3_600_000);
  const q = s.deps.jobs;
  const enqueue = async (user: string, period: string) =>
    (await q.enqueue(
      'billing.run',
      { tenantId: who[user].tenantId, period },
      { tenantId: who[user].tenantId, startedBy: who[user].id, startAfter: later, singletonKey: `${user}:${period}` },
    ))!;
  ids.client = await enqueue('demo.client', '2026-01');
  ids.admin = await enqueue('demo.admin', '2026-02');
  ids.north = await enqueue('north.admin', '2026-03');
});
afterAll(async () => s?.close());

describe('jobs API', () => {
  it('a warehouse admin sees every job of the tenant, not another tenant’s', async () => {
    const res = await s.get(`${base}?pageSize=50`, t['demo.admin']);
    expect(res.status).toBe(200);
    const seen = res.body.content.map((j: { id: string }) => j.id);
    expect(seen).toEqual(expect.arrayContaining([ids.client, ids.admin]));
    expect(seen).not.toContain(ids.north);
    const mine = res.body.content.find((j: { id: string }) => j.id === ids.client);
    expect(mine).toMatchObject({ name: 'billing.run', state: 'created', startedBy: { username: 'demo.client' } });
  });

  it('a user sees only the jobs they started; others answer 404', async () => {
    const client = await s.get(`${base}?pageSize=50`, t['demo.client']);
    expect(client.body.content.map((j: { id: string }) => j.id)).toEqual([ids.client]);
    expect((await s.get(`${base}?pageSize=50`, t['demo.client2'])).body.content).toEqual([]);
    expect((await s.get(`${base}/${ids.client}`, t['demo.client2'])).status).toBe(404);
    expect((await s.get(`${base}/${ids.admin}`, t['demo.receiver'])).status).toBe(404);
    for (const path of [`${base}/${ids.client}`]) {
      expect((await s.get(path, t['north.admin'])).status).toBe(404);
      expect((await s.post(`${path}/cancel`, {}, t['north.admin'])).status).toBe(404);
      expect((await s.post(`${path}/retry`, {}, t['north.admin'])).status).toBe(404);
    }
    expect((await s.get(`${base}/not-a-uuid`, t['demo.admin'])).status).toBe(400);
    expect((await s.get(base)).status).toBe(401);
  });

  it('cancel a queued job, refuse a second cancel (412), and retry it', async () => {
    const cancelled = await s.post(`${base}/${ids.admin}/cancel`, {}, t['demo.admin']);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.state).toBe('cancelled');
    expect((await s.post(`${base}/${ids.admin}/cancel`, {}, t['demo.admin'])).status).toBe(412);
    const retried = await s.post(`${base}/${ids.admin}/retry`, {}, t['demo.admin']);
    expect(retried.status).toBe(200);
    expect(retried.body.state).toBe('created');
    const filtered = await s.get(`${base}?state=cancelled`, t['demo.admin']);
    expect(filtered.body.content.map((j: { id: string }) => j.id)).not.toContain(ids.admin);
    expect((await s.get(`${base}?state=bogus`, t['demo.admin'])).status).toBe(400);
  });

  it('a running job shows its progress to the user who started it; a failure shows its error in words', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    provideJob('stores.pull-orders', async (_data, job) => {
      await job.progress(3, 10, 'Page 1 of 4');
      await gate;
      await job.progress(10, 10, 'Done');
    });
    try {
      const me = who['demo.client'];
      const id = await s.deps.jobs.enqueue(
        'stores.pull-orders',
        { tenantId: me.tenantId, storeId: 1 },
        { tenantId: me.tenantId, startedBy: me.id, singletonKey: 'store:1' },
      );
      await expect
        .poll(async () => (await s.get(`${base}/${id}`, t['demo.client'])).body, { timeout: 20_000, interval: 200 })
        .toMatchObject({ state: 'active', progress: { done: 3, total: 10, note: 'Page 1 of 4' } });
      release();
      await expect
        .poll(async () => (await s.get(`${base}/${id}`, t['demo.client'])).body, { timeout: 20_000, interval: 200 })
        .toMatchObject({ state: 'completed', progress: { done: 10, total: 10 } });
    } finally {
      release();
      withdrawJob('stores.pull-orders');
    }

    // A job without a runner on this server: billing.run's runner withdrawn for the test.
    withdrawJob('billing.run');
    try {
      const admin = who['demo.admin'];
      const failing = await s.deps.jobs.enqueue(
        'billing.run',
        { tenantId: admin.tenantId, period: '2026-10' },
        { tenantId: admin.tenantId, startedBy: admin.id, retryLimit: 0 },
      );
      await expect
        .poll(async () => (await s.get(`${base}/${failing}`, t['demo.admin'])).body?.state, {
          timeout: 20_000,
          interval: 200,
        })
        .toBe('failed');
      const failed = await s.get(`${base}?state=failed`, t['demo.admin']);
      const row = failed.body.content.find((j: { id: string }) => j.id === failing);
      expect(row.error).toBe('Nothing can run billing.run on this server yet');
      expect(JSON.stringify(failed.body)).not.toContain('stack');
      const again = await s.post(`${base}/${failing}/retry`, {}, t['demo.admin']);
      expect(again.body).toMatchObject({ state: 'retry', retryLimit: 1 });
    } finally {
      provideInvoiceJobs();
    }
  });
});
