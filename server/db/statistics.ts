/**
 * Planner statistics for the embedded database. A PostgreSQL server's autovacuum daemon runs
 * ANALYZE as tables change; PGlite has no daemon, so without this its planner never learns how
 * big a table is (pg_class.reltuples stays -1) and plans every query as if tables held a few rows
 * — index probes per row where a hash join is right, sequential scans where an index is.
 * Measured (inventory by type, 50,000 report lines, PGlite): the FBA list 314 → 146 ms, a search
 * 119 → 26 ms once analyzed.
 *
 * Nor is anything vacuumed: every update (balances move with each scan) leaves a dead row version
 * behind, and a long-lived site's tables and indexes would only grow.
 *
 * So on PGlite: ANALYZE once after start; every hour VACUUM (ANALYZE) (the `db.upkeep` cron job) —
 * after the first round it reads only the pages changed since (the visibility map), so it stays
 * short, and the floor keeps scanning offline-first through it; and ANALYZE right after a bulk write
 * (`analyzeTables`, which on a PostgreSQL server also spares the wait for autovacuum).
 */
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from './client.js';

/** ANALYZE the named tables (after a bulk write); failures are logged, never thrown at the caller. */
export async function analyzeTables(db: DbOrTx, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    try {
      await db.execute(sql`analyze ${sql.identifier(table)}`);
    } catch (err) {
      console.warn(`statistics: analyze ${table} failed (${err instanceof Error ? err.message : String(err)})`);
    }
  }
}

async function run(database: Database, vacuum: boolean): Promise<void> {
  try {
    await database.db.execute(vacuum ? sql`vacuum (analyze)` : sql`analyze`);
  } catch (err) {
    // A closed database (shutdown) or a busy one: the next round tries again.
    console.warn(
      `statistics: ${vacuum ? 'vacuum' : 'analyze'} failed (${err instanceof Error ? err.message : String(err)})`,
    );
  }
}

/** On PGlite, ANALYZE the whole database once, after start (no-op on PostgreSQL). */
export function analyzeAfterStart(database: Database): Promise<void> {
  if (database.kind !== 'pglite') return Promise.resolve();
  // After start, not before: the first requests are not held up by it.
  return new Promise<void>((resolve) => setTimeout(() => void run(database, false).then(resolve), 0));
}

/**
 * The hourly round on PGlite: VACUUM (ANALYZE). It runs as the `db.upkeep` cron job
 * (server/jobs/upkeep.ts), so a missed hour is not lost to a restart. No-op on PostgreSQL.
 */
export async function vacuumDatabase(database: Database): Promise<void> {
  if (database.kind !== 'pglite') return;
  await run(database, true);
}
