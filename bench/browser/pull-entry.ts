/**
 * Bundled into the bench page (bench/dock-browser.ts): a fresh device's first pull through the
 * real engine, then a bare Dexie bulkPut of the same rows into the same store and indexes.
 */
import Dexie from 'dexie';
import { createSyncEngine } from '../../sync/engine';
import { createHttpSync } from '../../sync/http';

export interface PullFigures {
  pullMs: number;
  bareMs: number;
  rows: number;
  pages: number;
}

async function benchFirstPull(token: string, userId: number): Promise<PullFigures> {
  const http = createHttpSync({ fetch: (input, init) => fetch(input, init), getToken: () => token });
  const engine = await createSyncEngine({
    tenantKey: `bench${Date.now()}`,
    userId,
    transport: http.push,
    fetchChanges: http.fetchChanges,
    intervalMs: 0,
    windowEvents: null,
    serviceWorker: null,
  });
  const t0 = performance.now();
  const report = await engine.pull();
  const pullMs = performance.now() - t0;
  const rows = await engine.db.expectedPackages.toArray();
  await engine.close();

  const bare = new Dexie(`bench-bare-${Date.now()}`);
  bare.version(1).stores({ expectedPackages: 'id, [companyId+trackingNumber], trackingNumber, batchId' });
  await bare.open();
  const t1 = performance.now();
  for (let i = 0; i < rows.length; i += 5_000) await bare.table('expectedPackages').bulkPut(rows.slice(i, i + 5_000));
  const bareMs = performance.now() - t1;
  bare.close();
  return { pullMs, bareMs, rows: rows.length, pages: report.pages };
}

(window as unknown as { benchFirstPull: typeof benchFirstPull }).benchFirstPull = benchFirstPull;
