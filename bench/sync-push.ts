/**
 * Issue 4 (a): 10,000 package.scan mutations drained through POST /api/sync/push (batches of 100,
 * over HTTP on loopback), beside the same database's rate of bare single-row INSERT transactions
 * measured in the same run. Target ratio ≥ 0.5.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { startBenchServer } from './http-server.js';

const N = Number(process.env.BENCH_SCANS ?? 10_000);
const BATCH = 100;

export async function benchSyncPush(): Promise<void> {
  const { call, deps, database, close } = await startBenchServer('push');
  try {
    const client = await call('POST', '/api/authenticate/mfa', { username: 'demo.client', password: 'dockside' });
    const receiver = (await call('POST', '/api/authenticate/mfa', { username: 'demo.receiver', password: 'dockside' }))
      .accessToken;
    const numbers = Array.from({ length: N }, (_, i) => `BENCH${String(i).padStart(10, '0')}`);
    // A batch holds at most 5,000 tracking numbers: announce them in as many batches as needed.
    for (let i = 0; i < numbers.length; i += 5000) {
      await call(
        'POST',
        '/api/ship/batch',
        { batchName: `BENCH-${i / 5000 + 1}`, trackingNumbers: numbers.slice(i, i + 5000) },
        client.accessToken,
      );
    }
    const batchId = randomUUID();
    await call(
      'POST',
      '/api/sync/push',
      {
        deviceId: 'bench',
        mutations: [
          {
            id: randomUUID(),
            name: 'packageReceiveBatch.open',
            args: { id: batchId, companyId: client.userData.companyId },
          },
        ],
      },
      receiver,
    );

    // Bare single-row INSERT transactions on the same database, same run.
    await deps.db.execute(
      sql`create table if not exists bench_bare (id uuid primary key, tracking text not null, at timestamptz not null)`,
    );
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
        return {
          id,
          name: 'package.scan',
          args: { id, batchId, trackingNumber: n, scannedAt: new Date().toISOString() },
        };
      });
      const res = await call('POST', '/api/sync/push', { deviceId: 'bench', mutations }, receiver);
      applied += res.results.filter(
        (r: { status: string; result?: { matchStatus: string } }) =>
          r.status === 'applied' && r.result?.matchStatus === 'matched',
      ).length;
    }
    const pushRate = N / ((performance.now() - t0) / 1000);
    console.log(`\nSync push (${database.kind}, ${N} package.scan mutations in pushes of ${BATCH})`);
    console.log(`  applied and matched:                 ${applied} / ${N}`);
    console.log(`  push throughput:                     ${pushRate.toFixed(0)} mutations/s`);
    console.log(`  bare single-row INSERT transactions: ${bareRate.toFixed(0)} tx/s (${bareN} rows)`);
    console.log(`  ratio push / bare insert:            ${(pushRate / bareRate).toFixed(2)}  (target ≥ 0.5)`);
  } finally {
    await close();
  }
}
