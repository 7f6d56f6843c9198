/** Wires config → database → migrate → seed → app. `main.ts` listens; tests and benches call this. */
import { buildApp } from './app.js';
import { PrincipalCache } from './auth/principal.js';
import type { Config } from './config.js';
import type { Deps } from './context.js';
import { openDatabase, type Database } from './db/client.js';
import { keepStatistics } from './db/statistics.js';
import { createMailer } from './mail.js';
import { isEmpty, seedDemo } from './seed/demo.js';

export interface Started {
  app: ReturnType<typeof buildApp>;
  deps: Deps;
  database: Database;
  seeded: boolean;
}

export async function start(config: Config, opts: { inMemory?: boolean } = {}): Promise<Started> {
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
  return { app: buildApp(deps), deps, database, seeded };
}
