/**
 * One Drizzle database over either PGlite (embedded, default) or a PostgreSQL server
 * (DATABASE_URL). Both speak the same SQL, so schema, migrations and queries are shared.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Raw SQL on the same connection(s) as `db`, for libraries that bring their own SQL (pg-boss). */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Several statements at once when there are no values (PostgreSQL's simple query protocol). */
  executeSql: ExecuteSql;
  close(): Promise<void>;
  /** PGlite only: the whole database as one file, to start another from (tests' template). */
  dump?: () => Promise<Blob>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; absent = in memory (tests). */
  dataDir?: string;
  /** PGlite: start from this dump (`Database.dump`) instead of an empty cluster. */
  loadDataDir?: Blob;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // An idle pooled connection the server drops (restart, failover, admin terminate) emits 'error';
    // unhandled, that would kill the process. The pool replaces it on the next query.
    pool.on('error', (err) => console.warn(`database: idle connection lost (${err.message})`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    const executeSql: ExecuteSql = (text, values) => pool.query(text, values as unknown[] | undefined);
    return { db, kind: 'postgres', executeSql, close: () => pool.end() };
  }
  // pg_trgm backs the inventory search's trigram indexes (migration 0014), as on a PostgreSQL server.
  const client = new PGlite({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  // PGlite is one connection and queues every query and exec behind any open transaction itself.
  // `query` takes one statement with values; `exec` runs a script (pg-boss sends BEGIN; …; COMMIT).
  const executeSql: ExecuteSql = async (text, values) => {
    if (values && values.length > 0) return client.query(text, values as unknown[]);
    const results = await client.exec(text);
    return results[results.length - 1] ?? { rows: [] };
  };
  return {
    db,
    kind: 'pglite',
    executeSql,
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

export { schema };
