/**
 * Planner statistics on the embedded database (no autovacuum there): ANALYZE after start and after
 * bulk writes, so pg_class knows the tables' sizes; nothing runs on a PostgreSQL server.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.js';
import { analyzeAfterStart, analyzeTables, vacuumDatabase } from '../../server/db/statistics.js';

let database: Database;
const reltuples = async (table: string) =>
  Number(
    (
      (await database.db.execute(sql`select reltuples from pg_class where relname = ${table}`)) as unknown as {
        rows: { reltuples: number }[];
      }
    ).rows[0].reltuples,
  );

beforeAll(async () => {
  database = await openDatabase({});
  await database.db.execute(sql`create table stats_probe (id int primary key, note text)`);
  await database.db.execute(sql`insert into stats_probe select i, 'row ' || i from generate_series(1, 3000) i`);
});
afterAll(async () => database?.close());

describe('planner statistics on PGlite', () => {
  it('a table written in bulk is unknown to the planner until analyzed; analyzeTables tells it the size', async () => {
    expect(await reltuples('stats_probe')).toBe(-1);
    await analyzeTables(database.db, ['stats_probe']);
    expect(await reltuples('stats_probe')).toBe(3000);
  });

  it('analyzeAfterStart analyzes the whole database', async () => {
    await database.db.execute(sql`create table stats_probe_2 (id int)`);
    await database.db.execute(sql`insert into stats_probe_2 select generate_series(1, 1200)`);
    await analyzeAfterStart(database);
    expect(await reltuples('stats_probe_2')).toBe(1200);
  });

  it('the hourly round vacuums (PGlite has no autovacuum to reclaim updated rows); it runs as the db.upkeep job', async () => {
    await database.db.execute(sql`update stats_probe set note = note || '!'`);
    const lastVacuum = async () =>
      (
        (await database.db.execute(
          sql`select last_vacuum from pg_stat_user_tables where relname = 'stats_probe'`,
        )) as unknown as { rows: { last_vacuum: unknown }[] }
      ).rows[0].last_vacuum;
    expect(await lastVacuum()).toBeNull();
    await vacuumDatabase(database);
    expect(await lastVacuum()).not.toBeNull();
  });

  it('a failing table is reported, not thrown: the write it follows has already committed', async () => {
    await expect(analyzeTables(database.db, ['no_such_table', 'stats_probe'])).resolves.toBeUndefined();
  });

  it('does nothing on a PostgreSQL server, whose autovacuum keeps statistics', async () => {
    const calls: unknown[] = [];
    const server = {
      kind: 'postgres',
      db: { execute: (q: unknown) => calls.push(q) },
      close: async () => undefined,
    } as unknown as Database;
    await analyzeAfterStart(server);
    await vacuumDatabase(server);
    expect(calls).toEqual([]);
  });
});
