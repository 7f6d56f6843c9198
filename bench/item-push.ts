/**
 * Issue 6: item.scan mutations applied per second through POST /api/sync/push, on one purchase
 * order of 5,000 expected items (pushes of 100 over HTTP on loopback), beside the same database's
 * rate of bare single-row INSERT transactions. Each scan is a unit of a different item, the way a
 * mixed carton comes off the dock.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { startBenchServer } from './http-server.js';

const ITEMS = 5000;
const N = Number(process.env.BENCH_ITEM_SCANS ?? 5000);
const BATCH = 100;

export async function benchItemPush(): Promise<void> {
  const { call, deps, database, close } = await startBenchServer('items');
  try {
    const client = await call('POST', '/api/authenticate/mfa', { username: 'demo.client', password: 'dockside' });
    const receiver = (await call('POST', '/api/authenticate/mfa', { username: 'demo.receiver', password: 'dockside' }))
      .accessToken;
    const skus = Array.from({ length: ITEMS }, (_, i) => `BENCH-SKU-${String(i).padStart(5, '0')}`);
    const batch = await call(
      'POST',
      '/api/ship/batch',
      { batchName: 'BENCH-ITEMS', items: skus.map((msku) => ({ title: `Item ${msku}`, msku, expectedQty: 3 })) },
      client.accessToken,
    );

    await deps.db.execute(
      sql`create table if not exists bench_bare (id uuid primary key, tracking text not null, at timestamptz not null)`,
    );
    const bareN = Math.min(N, 3000);
    let t0 = performance.now();
    for (let i = 0; i < bareN; i++) {
      await deps.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into bench_bare (id, tracking, at) values (${randomUUID()}, ${skus[i % ITEMS]}, now())`,
        );
      });
    }
    const bareRate = bareN / ((performance.now() - t0) / 1000);

    t0 = performance.now();
    let counted = 0;
    for (let i = 0; i < N; i += BATCH) {
      const mutations = Array.from({ length: Math.min(BATCH, N - i) }, (_, k) => {
        const id = randomUUID();
        return {
          id,
          name: 'item.scan',
          args: { id, batchId: batch.id, code: skus[(i + k) % ITEMS], scannedAt: new Date().toISOString() },
        };
      });
      const res = await call('POST', '/api/sync/push', { deviceId: 'bench', mutations }, receiver);
      counted += res.results.filter(
        (r: { status: string; result?: { verdict: string } }) =>
          r.status === 'applied' && r.result?.verdict === 'received',
      ).length;
    }
    const pushRate = N / ((performance.now() - t0) / 1000);
    console.log(
      `\nItem scans through push (${database.kind}, ${N} item.scan on a purchase order of ${ITEMS} items, pushes of ${BATCH})`,
    );
    console.log(`  applied and counted:                 ${counted} / ${N}`);
    console.log(`  push throughput:                     ${pushRate.toFixed(0)} mutations/s`);
    console.log(`  bare single-row INSERT transactions: ${bareRate.toFixed(0)} tx/s (${bareN} rows)`);
    console.log(`  ratio push / bare insert:            ${(pushRate / bareRate).toFixed(2)}`);
  } finally {
    await close();
  }
}
