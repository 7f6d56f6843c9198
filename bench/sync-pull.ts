/**
 * First pull of 100,000 expected packages through sync/pull.ts (pages of 5,000: validation, the
 * pending-mutation check, bulk writes, cursor — one transaction per page) beside bare Dexie
 * bulkPuts of the same rows into the same schema. Node + fake-indexeddb: a baseline only; the
 * figure that matters is measured in Chromium.
 */
import 'fake-indexeddb/auto';
import type { PullResponse } from '../domain/sync-protocol.js';
import type { ExpectedPackageRow } from '../domain/schemas/inbound.js';
import { Puller } from '../sync/pull.js';
import { openReplica } from '../sync/replica.js';
import { createStatusStore, initialStatus } from '../sync/status.js';

const N = Number(process.env.BENCH_PULL_ROWS ?? 100_000);
const PAGE = 5_000;

function rows(): ExpectedPackageRow[] {
  return Array.from({ length: N }, (_, i) => ({
    id: String(i + 1),
    batchId: 1 + Math.floor(i / 5_000),
    companyId: 1 + (i % 40),
    trackingNumber: `1Z${String(i).padStart(16, '0')}`,
    status: 'expected',
    deliveredAt: null,
  }));
}

const seconds = (t0: number): number => (performance.now() - t0) / 1000;

export async function benchPull(): Promise<void> {
  const data = rows();
  const pages: PullResponse[] = [];
  for (let i = 0; i < N; i += PAGE) {
    const slice = data.slice(i, i + PAGE);
    pages.push({
      cursor: i + slice.length,
      hasMore: i + PAGE < N,
      changes: slice.map((r) => ({ table: 'expectedPackages', op: 'put', key: r.id, row: { ...r } })),
    });
  }
  const run = `${Date.now()}`;

  // 1. Through the engine's pull.
  const db = openReplica(`bench-pull-${run}`, 1);
  const puller = new Puller({
    db,
    status: createStatusStore(initialStatus(true)),
    fetchChanges: async (cursor) => pages[cursor / PAGE],
  });
  let t0 = performance.now();
  const report = await puller.pull();
  const pullSeconds = seconds(t0);
  const stored = await db.expectedPackages.count();
  db.close();

  // 2. Bare bulkPut of the same rows into the same schema and indexes, page by page.
  const bare = openReplica(`bench-bare-${run}`, 1);
  t0 = performance.now();
  for (let i = 0; i < N; i += PAGE) await bare.expectedPackages.bulkPut(data.slice(i, i + PAGE));
  const bareSeconds = seconds(t0);
  bare.close();

  console.log(`\nSync pull (node + fake-indexeddb, ${N} expectedPackages rows, pages of ${PAGE})`);
  console.log(`  pull.ts first pull:      ${pullSeconds.toFixed(2)} s  (${report.pages} pages, ${stored} rows stored)`);
  console.log(`  bare Dexie bulkPut:      ${bareSeconds.toFixed(2)} s`);
  console.log(
    `  ratio pull / bare:       ${(pullSeconds / bareSeconds).toFixed(2)}  (baseline; measure again in Chromium)`,
  );
}

// Run directly: `npx tsx bench/sync-pull.ts`.
if (import.meta.url === `file://${process.argv[1]}`) await benchPull();
