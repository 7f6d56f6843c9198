/**
 * A database the job-queue tests can close and open again, as across a server restart: PGlite in
 * a temporary data directory, or a fresh database on the server named by DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/client.js';

export interface ReopenableDb {
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

export async function reopenableDb(): Promise<ReopenableDb> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dockside-jobs-'));
    return {
      open: () => openDatabase({ dataDir }),
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `dockside_j_${randomBytes(6).toString('hex')}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: base });
    c.on('error', () => undefined);
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    open: () => openDatabase({ databaseUrl: url.toString(), poolSize: 4 }),
    dispose: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
