/**
 * Issue 21: the daily storage job for 100 clients × 10,000 products (1,000,000 products held) on
 * PGlite and on PostgreSQL (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; a fresh
 * database is created and dropped). Each product: one receipt 1–90 days before the day (so some
 * are still in their free days), a quarter of them partly shipped since, 1% without dimensions.
 * Figures: the first run (every line written), a re-run (nothing to write), and a re-run after a
 * late correction touching 1% of the products (adjusting lines). BENCH_STORAGE_CLIENTS and
 * BENCH_STORAGE_PRODUCTS (per client) shrink it; BENCH_STORAGE_DB=pglite|postgres picks one.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config.js';
import { start } from '../server/start.js';
import { runStorageDay, storageConcurrency } from '../server/modules/billing/storage.js';

const CLIENTS = Number(process.env.BENCH_STORAGE_CLIENTS ?? 100);
const PER_CLIENT = Number(process.env.BENCH_STORAGE_PRODUCTS ?? 10_000);
const DAY = '2026-06-30';

type Rows<T> = { rows: T[] };

async function freshPostgres(base: string) {
  const name = `dockside_bench_storage_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function benchOne(kind: 'PGlite' | 'PostgreSQL'): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dockside-bench-storage-'));
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const pgDb = kind === 'PostgreSQL' ? await freshPostgres(base) : null;
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATA_DIR: dataDir,
    SEED: 'demo',
    DEMO_DATA: 'off',
    PORT: '0',
    DATABASE_URL: pgDb?.url,
  };
  if (!pgDb) delete env.DATABASE_URL;
  const { database, deps } = await start(loadConfig(env));
  const db = deps.db;
  try {
    const [{ id: tenantId }] = (
      (await db.execute(sql`select id from tenants order by id limit 1`)) as unknown as Rows<{
        id: number;
      }>
    ).rows;
    const t0 = performance.now();
    // Clients, their products (1% without dimensions) and the ledger.
    await db.execute(sql`
      insert into companies (tenant_id, name, audience, account_no)
      select ${tenantId}, 'Bench client ' || i, 'Customer', 'BENCH-' || lpad(i::text, 4, '0')
      from generate_series(1, ${CLIENTS}) i`);
    await db.execute(sql`
      insert into products (tenant_id, company_id, title, fnsku, length_in, width_in, height_in)
      select ${tenantId}, c.id, 'Product ' || c.id || '-' || i, 'B' || c.id || 'X' || lpad(i::text, 6, '0'),
             case when i % 100 = 0 then null else 4 + i % 20 end, 3 + i % 11, 2.5 + (i % 7) * 0.75
      from companies c cross join generate_series(1, ${PER_CLIENT}) i
      where c.tenant_id = ${tenantId} and c.account_no like 'BENCH-%'`);
    await db.execute(sql`
      insert into inventory_ledger (tenant_id, company_id, product_key, location, condition, quantity, reason, ref_type, ref_id, at)
      select ${tenantId}, p.company_id, p.fnsku, 'BIN-' || (p.id % 500), 'sellable', 1 + p.id % 40, 'receive', 'bench', 'r' || p.id,
             (${DAY}::date - (1 + p.id % 90))::timestamp at time zone 'UTC' + interval '10 hours'
      from products p where p.tenant_id = ${tenantId} and p.fnsku like 'B%X%'`);
    await db.execute(sql`
      insert into inventory_ledger (tenant_id, company_id, product_key, location, condition, quantity, reason, ref_type, ref_id, at)
      select ${tenantId}, p.company_id, p.fnsku, 'BIN-' || (p.id % 500), 'sellable', -(1 + p.id % 40) / 2, 'shipped', 'bench', 's' || p.id,
             (${DAY}::date - (p.id % 3))::timestamp at time zone 'UTC' + interval '15 hours'
      from products p where p.tenant_id = ${tenantId} and p.fnsku like 'B%X%' and p.id % 4 = 0 and (1 + p.id % 40) >= 2`);
    await db.execute(sql`
      insert into tenant_settings (tenant_id, setting_key, setting_type, value)
      values (${tenantId}, 'DAILY_STORAGE_FEE_PER_QF', 'BIGDECIMAL', '"0.0333"')
      on conflict (tenant_id, setting_key) do update set value = excluded.value`);
    await db.execute(sql`analyze`);
    const [counts] = (
      (await db.execute(
        sql`select (select count(*) from products where tenant_id = ${tenantId})::int as products,
                 (select count(*) from inventory_ledger where tenant_id = ${tenantId})::int as ledger`,
      )) as unknown as Rows<{ products: number; ledger: number }>
    ).rows;
    const loadSeconds = (performance.now() - t0) / 1000;
    // As the job runs it: clients side by side on PostgreSQL, one at a time on PGlite.
    const concurrency = Number(process.env.BENCH_STORAGE_CONCURRENCY ?? storageConcurrency(deps));
    console.log(
      `\nStorage day (${kind}, ${concurrency} client(s) at a time: ${CLIENTS} clients × ${PER_CLIENT.toLocaleString('en')} products = ${counts.products.toLocaleString('en')} products, ${counts.ledger.toLocaleString('en')} ledger rows; loaded in ${loadSeconds.toFixed(1)} s)`,
    );

    const timed = async (name: string) => {
      const t = performance.now();
      const r = await runStorageDay(db, tenantId, DAY, { concurrency });
      const s = (performance.now() - t) / 1000;
      console.log(
        `  ${name.padEnd(34)} ${s.toFixed(1).padStart(6)} s   ${Math.round(counts.products / s)
          .toLocaleString('en')
          .padStart(
            9,
          )} products/s   ${r.written.toLocaleString('en').padStart(9)} lines + ${r.adjustments.toLocaleString('en')} adjustments written (${Math.round((r.written + r.adjustments) / s).toLocaleString('en')} lines/s); day: ${r.lines.toLocaleString('en')} lines, ${(r.amountCents / 100).toLocaleString('en')} USD, ${r.missingDimensions.toLocaleString('en')} missing dimensions`,
      );
    };
    await timed('first run');
    await timed('re-run (nothing changed)');
    // A late correction: 1% of the products get one more unit, received 60 days before the day.
    await db.execute(sql`
      insert into inventory_ledger (tenant_id, company_id, product_key, location, condition, quantity, reason, ref_type, ref_id, at)
      select ${tenantId}, p.company_id, p.fnsku, 'BIN-1', 'sellable', 1, 'receive', 'bench', 'late' || p.id,
             (${DAY}::date - 60)::timestamp at time zone 'UTC'
      from products p where p.tenant_id = ${tenantId} and p.fnsku like 'B%X%' and p.id % 100 = 7`);
    await timed('re-run after a late correction');
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
  }
}

export async function benchStorage(): Promise<void> {
  const only = process.env.BENCH_STORAGE_DB;
  if (!only || only === 'pglite') await benchOne('PGlite');
  if (!only || only === 'postgres') await benchOne('PostgreSQL');
}
