/**
 * A real server process killed between applying a mutation and answering: the retry after the
 * restart must find the mutation applied exactly once. And killed before the commit: the retry
 * applies it once. Runs on PGlite files, or on PostgreSQL when DATABASE_URL is set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
let databaseUrl: string | undefined;
let dropDb: (() => Promise<void>) | undefined;
let port = 0;

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (srv.address() as { port: number }).port;
      srv.close(() => resolve(p));
    });
  });
}

async function startServer(fault?: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'demo',
    DEMO_DATA: 'off',
    JWT_SECRET: 'x'.repeat(40),
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  if (fault) env.DOCKSIDE_FAULT = fault;
  else delete env.DOCKSIDE_FAULT;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A loaded machine (a whole CI pass beside it) can take a minute to compile and open the database.
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return child;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  // Never leave it starting behind the next test's server on the same port.
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((r) => (child.exitCode !== null || child.signalCode ? r() : child.once('exit', () => r())));

async function api(method: string, p: string, body?: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}${p}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, ...((await res.json()) as { body: any }) };
}

beforeAll(async () => {
  port = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), 'dockside-crash-'));
  if (process.env.DATABASE_URL) {
    const name = `dockside_crash_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
}, 60_000);

afterAll(async () => {
  await dropDb?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('crash between apply and response', () => {
  it('after commit: the retry answers the recorded result; one scan exists', async () => {
    let server = await startServer('push-crash-after-commit');
    const client = (await api('POST', '/api/authenticate/mfa', { username: 'demo.client', password: 'dockside' })).body;
    expect(
      (
        await api(
          'POST',
          '/api/ship/batch',
          { batchName: 'CRASH-1', trackingNumbers: ['CRASH-000001'] },
          client.accessToken,
        )
      ).status,
    ).toBe(201);
    const receiver = (await api('POST', '/api/authenticate/mfa', { username: 'demo.receiver', password: 'dockside' }))
      .body.accessToken;
    const batchId = randomUUID();
    const scanId = randomUUID();
    const mutations = [
      {
        id: randomUUID(),
        name: 'packageReceiveBatch.open',
        args: { id: batchId, companyId: client.userData.companyId },
      },
      {
        id: scanId,
        name: 'package.scan',
        args: { id: scanId, batchId, trackingNumber: 'CRASH-000001', scannedAt: new Date().toISOString() },
      },
    ];
    // The process dies right after the first commit: the device sees no answer at all.
    await expect(api('POST', '/api/sync/push', { deviceId: 'crash-dev', mutations }, receiver)).rejects.toThrow();
    await stopped(server);

    server = await startServer();
    try {
      const retry = await api('POST', '/api/sync/push', { deviceId: 'crash-dev', mutations }, receiver);
      expect(retry.status).toBe(200);
      expect(retry.body.results.map((r: any) => r.status)).toEqual(['applied', 'applied']);
      expect(retry.body.results[1].result.matchStatus).toBe('matched');
      const scans = await api('GET', `/api/inbound/package-scan?batchId=${batchId}`, undefined, receiver);
      expect(scans.body.scans).toHaveLength(1);
      expect(scans.body.counts.matched).toBe(1);
    } finally {
      server.kill('SIGTERM');
      await stopped(server);
    }
  }, 400_000);

  it('before commit: nothing was stored, and the retry applies it once', async () => {
    let server = await startServer('push-crash-before-commit');
    const receiver = (await api('POST', '/api/authenticate/mfa', { username: 'demo.receiver', password: 'dockside' }))
      .body;
    const client = (await api('POST', '/api/authenticate/mfa', { username: 'demo.client', password: 'dockside' })).body;
    const batchId = randomUUID();
    const m = {
      id: randomUUID(),
      name: 'packageReceiveBatch.open',
      args: { id: batchId, companyId: client.userData.companyId },
    };
    await expect(
      api('POST', '/api/sync/push', { deviceId: 'crash-dev', mutations: [m] }, receiver.accessToken),
    ).rejects.toThrow();
    await stopped(server);

    server = await startServer();
    try {
      const before = await api(
        'GET',
        '/api/inbound/package-receive-batch?pageSize=200',
        undefined,
        receiver.accessToken,
      );
      expect(before.body.content.some((b: any) => b.id === batchId)).toBe(false);
      const retry = await api(
        'POST',
        '/api/sync/push',
        { deviceId: 'crash-dev', mutations: [m] },
        receiver.accessToken,
      );
      expect(retry.body.results[0].status).toBe('applied');
      const after = await api(
        'GET',
        '/api/inbound/package-receive-batch?pageSize=200',
        undefined,
        receiver.accessToken,
      );
      expect(after.body.content.filter((b: any) => b.id === batchId)).toHaveLength(1);
    } finally {
      server.kill('SIGTERM');
      await stopped(server);
    }
  }, 400_000);
});
