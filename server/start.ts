/** Wires config → database → migrate → seed → app. `main.ts` listens; tests and benches call this. */
import { buildApp } from './app.js';
import { PrincipalCache } from './auth/principal.js';
import type { Config } from './config.js';
import type { Deps } from './context.js';
import { openDatabase, type Database } from './db/client.js';
import { keepStatistics } from './db/statistics.js';
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
}

export async function start(config: Config, opts: StartOptions = {}): Promise<Started> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: opts.inMemory ? undefined : `${config.dataDir}/pglite`,
  });
  let seeded = false;
  if (config.seed === 'demo' && (await isEmpty(database.db))) {
    await seedDemo(database.db);
    seeded = true;
  }
  const deps: Deps = {
    db: database.db,
    config,
    mailer: createMailer(database.db, config.smtpUrl, config.mailFrom),
    principals: new PrincipalCache(database.db),
    now: () => new Date(),
  };
  // The embedded database has no autovacuum: statistics are kept here (server/db/statistics.ts).
  const statistics = keepStatistics(database);
  const close = database.close;
  database.close = async () => {
    statistics.stop();
    await close();
  };
  const app = buildApp(deps);
  const hasWeb = opts.webDir ? serveWebApp(app, opts.webDir) : false;
  // The stocked warehouse goes through the API itself (as its users), so it needs the whole app.
  if (seeded && config.demoData) await seedDemoWarehouse(app);
  return { app, deps, database, seeded, hasWeb };
}
