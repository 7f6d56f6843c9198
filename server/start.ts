/** Wires config → database → migrate → seed → app. `main.ts` listens; tests and benches call this. */
import { buildApp } from './app.js';
import { PrincipalCache } from './auth/principal.js';
import type { Config } from './config.js';
import type { Deps } from './context.js';
import { openDatabase, type Database } from './db/client.js';
import { analyzeAfterStart } from './db/statistics.js';
import { registerJobs } from './jobs/index.js';
import { JobQueue } from './jobs/queue.js';
import { createMailer } from './mail.js';
import { isEmpty, seedDemo } from './seed/demo.js';
import { seedDemoWarehouse } from './seed/demo-warehouse.js';
import { serveWebApp } from './static.js';

export interface Started {
  app: ReturnType<typeof buildApp>;
  deps: Deps;
  database: Database;
  seeded: boolean;
  /** Whether the built PWA is served (opts.webDir held an index.html). */
  hasWeb: boolean;
}

export interface StartOptions {
  inMemory?: boolean;
  /** The built PWA to serve beside /api (dist/); its routes must exist before the first request. */
  webDir?: string;
  /** Run the job queue's workers and schedules (default true; the queue is always there to enqueue). */
  jobWorkers?: boolean;
  /** In memory: start from this PGlite dump (already migrated and seeded) rather than from nothing. */
  template?: Blob;
}

export async function start(config: Config, opts: StartOptions = {}): Promise<Started> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: opts.inMemory ? undefined : `${config.dataDir}/pglite`,
    loadDataDir: opts.inMemory ? opts.template : undefined,
  });
  let seeded = false;
  if (config.seed === 'demo' && (await isEmpty(database.db))) {
    await seedDemo(database.db);
    seeded = true;
  }
  const jobs = new JobQueue(database, { schedule: opts.jobWorkers ?? true });
  const deps: Deps = {
    db: database.db,
    config,
    mailer: createMailer(database.db, config.smtpUrl, config.mailFrom),
    principals: new PrincipalCache(database.db),
    now: () => new Date(),
    jobs,
  };
  // The embedded database has no autovacuum: ANALYZE now, VACUUM hourly as the db.upkeep job.
  void analyzeAfterStart(database);
  if (opts.jobWorkers ?? true) registerJobs(jobs, database, deps);
  await jobs.start();
  const close = database.close;
  database.close = async () => {
    // Running jobs get a moment to finish; what does not is failed and retried after the restart.
    await jobs.stop({ graceful: true, timeoutMs: 5_000 }).catch((err: Error) => console.warn(`jobs: ${err.message}`));
    await close();
  };
  const app = buildApp(deps);
  const hasWeb = opts.webDir ? serveWebApp(app, opts.webDir) : false;
  // The stocked warehouse goes through the API itself (as its users), so it needs the whole app.
  if (seeded && config.demoData) await seedDemoWarehouse(app, deps);
  return { app, deps, database, seeded, hasWeb };
}
