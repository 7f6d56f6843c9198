/** A server on a fresh embedded database, listening on loopback, for the push benchmarks. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { loadConfig } from '../server/config.js';
import { start } from '../server/start.js';

export async function startBenchServer(name: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `dockside-bench-${name}-`));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, SEED: 'demo', DEMO_DATA: 'off', PORT: '0' });
  const { app, database, deps } = await start(config);
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  // The bare-insert phase idles the client's keep-alive socket longer than Node's 5 s default;
  // a reused socket the server just closed would reset the next push.
  (server as unknown as { keepAliveTimeout: number }).keepAliveTimeout = 120_000;
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bench glue reads loose JSON bodies
  const call = async (method: string, p: string, body: unknown, token?: string): Promise<any> => {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return ((await res.json()) as { body: unknown }).body;
  };
  const close = async () => {
    server.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { call, base, deps, database, close };
}
