/**
 * Server throughput: sign-ins per second and authenticated GET /api/users/current-user per second
 * with p99 latency, beside the same server's bare route (/api/health) as the ceiling.
 * 50 connections, autocannon, server in this process on PGlite (or DATABASE_URL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { loadConfig } from '../server/config.js';
import { start } from '../server/start.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function load(url: string, opts: Partial<autocannon.Options>): Promise<Figures> {
  // A worker thread drives the load, so the client does not steal the server's event loop.
  const result = await autocannon({ url, connections: 50, duration: DURATION, workers: 1, ...opts });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx };
}

export async function benchServer(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dockside-bench-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, SEED: 'demo', DEMO_DATA: 'off', PORT: '0' });
  const { app, database } = await start(config);
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const port = (server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;
  try {
    const signInBody = JSON.stringify({ username: 'demo.admin', password: 'dockside' });
    const res = await fetch(`${base}/api/authenticate/mfa`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: signInBody,
    });
    const token = ((await res.json()) as { body: { accessToken: string } }).body.accessToken;

    const ceiling = await load(`${base}/api/health`, {});
    const current = await load(`${base}/api/users/current-user`, { headers: { authorization: `Bearer ${token}` } });
    const signIn = await load(`${base}/api/authenticate/mfa`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: signInBody,
    });

    const line = (name: string, f: Figures) =>
      console.log(
        `  ${name.padEnd(42)} ${f.rps.toFixed(0).padStart(7)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms${f.non2xx ? `   non-2xx ${f.non2xx}` : ''}`,
      );
    console.log(`\nServer (${database.kind}, 50 connections, ${DURATION}s each)`);
    line('GET /api/health (bare route, ceiling)', ceiling);
    line('GET /api/users/current-user (auth)', current);
    line('POST /api/authenticate/mfa (scrypt sign-in)', signIn);
    console.log(`  ratio current-user / ceiling: ${(current.rps / ceiling.rps).toFixed(2)}`);
    console.log(`  ratio sign-in / ceiling:      ${(signIn.rps / ceiling.rps).toFixed(4)}  (scrypt N=16384 by design)`);
  } finally {
    server.close();
    // Let the last in-flight sign-ins (p99 of seconds under this load) finish before closing the database.
    await new Promise((r) => setTimeout(r, 5000));
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
