/**
 * Issue 4 (a): 10,000 package.scan mutations drained through POST /api/sync/push (batches of 100,
 * over HTTP on loopback), beside the same database's rate of bare single-row INSERT transactions
 * measured in the same run. Target ratio ≥ 0.5.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config.js';
import { start } from '../server/start.js';

const N = Number(process.env.BENCH_SCANS ?? 10_000);
const BATCH = 100;

export async function benchSyncPush(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dockside-bench-push-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, SEED: 'demo', PORT: '0' });
  const { app, database, deps } = await start(config);
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  // The bare-insert phase idles the client's keep-alive socket longer than Node's 5 s default;
  // a reused socket the server just closed would reset the next push.
  (server as unknown as { keepAliveTimeout: number }).keepAliveTimeout = 120_000;
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const call = async (method: string, p: string, body: unknown, token?: string) => {
    const res = await fetch(`${base}${p}`, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    return ((await res.json()) as { body: any }).body;
  };
  try {
    const client = await call('POST', '/api/authenticate/mfa', { username: 'demo.client', password: 'dockside' });
    const receiver = (await call('POST', '/api/authenticate/mfa', { username: 'demo.receiver', password: 'dockside' })).accessToken;
    const numbers = Array.from({ length: N }, (_, i) => `BENCH${String(i).padStart(10, '0')}`);
    // A batch holds at most 5,000 tracking numbers: announce them in as many batches as needed.
    for (let i = 0; i < numbers.length; i += 5000) {
      await call('POST', '/api/ship/batch', { batchName: `BENCH-${i / 5000 + 1}`, trackingNumbers: numbers.slice(i, i + 5000) }, client.accessToken);
    }
    const batchId = randomUUID();
    await call('POST', '/api/sync/push', { deviceId: 'bench', mutations: [{ id: randomUUID(), name: 'packageReceiveBatch.open', args: { id: batchId, companyId: client.userData.companyId } }] }, receiver);

    // Bare single-row INSERT transactions on the same database, same run.
    await deps.db.execute(sql`create table if not exists bench_bare (id uuid primary key, tracking text not null, at timestamptz not null)`);
    const bareN = Math.min(N, 5000);
    let t0 = performance.now();
    for (let i = 0; i < bareN; i++) {
      await deps.db.transaction(async (tx) => {
        await tx.execute(sql`insert into bench_bare (id, tracking, at) values (${randomUUID()}, ${numbers[i]}, now())`);
      });
    }
    const bareRate = bareN / ((performance.now() - t0) / 1000);

    t0 = performance.now();
    let applied = 0;
    for (let i = 0; i < N; i += BATCH) {
      const mutations = numbers.slice(i, i + BATCH).map((n) => {
        const id = randomUUID();
        return { id, name: 'package.scan', args: { id, batchId, trackingNumber: n, scannedAt: new Date().toISOString() } };
      });
      const res = await call('POST', '/api/sync/push', { deviceId: 'bench', mutations }, receiver);
      applied += res.results.filter((r: { status: string; result?: { matchStatus: string } }) => r.status === 'applied' && r.result?.matchStatus === 'matched').length;
    }
    const pushRate = N / ((performance.now() - t0) / 1000);
    console.log(`\nSync push (${database.kind}, ${N} package.scan mutations in pushes of ${BATCH})`);
    console.log(`  applied and matched:                 ${applied} / ${N}`);
    console.log(`  push throughput:                     ${pushRate.toFixed(0)} mutations/s`);
    console.log(`  bare single-row INSERT transactions: ${bareRate.toFixed(0)} tx/s (${bareN} rows)`);
    console.log(`  ratio push / bare insert:            ${(pushRate / bareRate).toFixed(2)}  (target ≥ 0.5)`);
  } finally {
    server.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
