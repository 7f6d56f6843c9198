// Second pass: the integration tests against a real PostgreSQL server.
// Uses TEST_DATABASE_URL (set by .ci/run), else the local default; skips loudly when none answers.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.end();
} catch (err) {
  if (process.env.CI) {
    console.error(`PostgreSQL pass: cannot reach ${url}: ${err.message}`);
    process.exit(1);
  }
  console.warn(`PostgreSQL pass SKIPPED: no server at ${url} (${err.message}). Set TEST_DATABASE_URL to run it.`);
  process.exit(0);
}
console.log(`PostgreSQL pass: integration tests against ${url.replace(/:[^:@/]+@/, ':***@')}`);
const run = spawnSync('npx', ['vitest', 'run', 'tests/integration'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
});
process.exit(run.status ?? 1);
