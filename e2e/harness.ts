/**
 * End-to-end harness: builds the PWA once when dist/ is missing or older than src/, starts the
 * real server (PGlite in a fresh temp DATA_DIR copied from a seeded template) as a child process,
 * and drives Debian's Chromium with playwright-core. Pages are served from http://localhost.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

export function ensureBuilt(): void {
  const index = path.join(ROOT, 'dist', 'index.html');
  const stale =
    !existsSync(index) ||
    Math.max(newestMtime(path.join(ROOT, 'src')), newestMtime(path.join(ROOT, 'domain'))) > statSync(index).mtimeMs;
  // vitest runs with NODE_ENV=test, which would make Vite build the development bundle (no
  // service worker, dev React): the product is tested as it ships.
  if (stale)
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const p = (srv.address() as { port: number }).port;
      srv.close(() => resolve(p));
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
  restart(): Promise<void>;
  /** Stops the process but keeps its data, as when the server is down. */
  halt(): Promise<void>;
  resume(): Promise<void>;
}

async function waitHealthy(url: string, child: ChildProcess) {
  // A stocked demo seeds in ~30 s on an idle machine; a loaded CI machine takes a few times that.
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start in time');
}

/** Every file under the server's sources, hashed by path and content. */
function sourceHash(): string {
  const hash = createHash('sha256');
  const walk = (p: string) => {
    const full = path.join(ROOT, p);
    if (statSync(full).isDirectory()) for (const name of readdirSync(full).sort()) walk(path.join(p, name));
    else hash.update(p).update(readFileSync(full));
  };
  ['server', 'domain', 'package-lock.json'].forEach(walk);
  return hash.digest('hex').slice(0, 16);
}

/**
 * A data directory migrated and seeded once, copied for each e2e file's server: a server on an
 * empty directory spends most of its start in initdb, the migrations and the seed (as the
 * integration tests' PGlite template avoids too). Named by a hash of the server code and by the
 * day (seeded rows carry the time they were made); racing builders each build their own copy and
 * rename it into place.
 */
async function templateDataDir(demoData: boolean): Promise<string> {
  const day = new Date().toISOString().slice(0, 10);
  const dir = path.join(tmpdir(), `dockside-e2e-data-${demoData ? 'stocked' : 'bare'}-${sourceHash()}-${day}`);
  if (existsSync(dir)) return dir;
  const building = mkdtempSync(path.join(tmpdir(), 'dockside-e2e-building-'));
  const port = await freePort();
  const child = spawnServer(port, building, demoData);
  await waitHealthy(`http://localhost:${port}`, child);
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM'); // a clean stop: the database is closed and flushed to disk
  await exited;
  try {
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true }); // another file built it first
  }
  return dir;
}

function spawnServer(port: number, dataDir: string, demoData: boolean): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'demo',
    // Most e2e files start from the bare demo tenants; e2e/demo-data.e2e.ts opens the stocked one.
    DEMO_DATA: demoData ? 'on' : 'off',
  };
  delete env.DATABASE_URL;
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function startServer(opts: { demoData?: boolean } = {}): Promise<RunningServer> {
  ensureBuilt();
  const template = await templateDataDir(opts.demoData ?? false);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dockside-e2e-'));
  cpSync(template, dataDir, { recursive: true });
  const url = `http://localhost:${port}`;
  let child: ChildProcess;
  const launch = async () => {
    child = spawnServer(port, dataDir, opts.demoData ?? false);
    await waitHealthy(url, child);
  };
  const halt = async () => {
    if (child.exitCode !== null || child.signalCode) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  await launch();
  return {
    url,
    port,
    dataDir,
    async stop() {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async restart() {
      await halt();
      await launch();
    },
    halt,
    resume: launch,
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Headless Chromium crashes the page when a PDF in a frame calls print() with print preview on
      // (labels printed through the browser's dialog, printing/browser-print.ts); without it print()
      // returns at once, as no dialog is shown headless.
      '--disable-print-preview',
    ],
  });
}

export async function signIn(page: Page, url: string, username: string, password = 'dockside') {
  await page.goto(`${url}/login`);
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', password);
  await page.click('button[type=submit]');
}

export async function menuKeys(page: Page): Promise<string[]> {
  return page.$$eval('a[data-menu-key]', (els) => els.map((e) => e.getAttribute('data-menu-key') ?? '').sort());
}

export async function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 800 } });
}

/** Sign in through the API (for set-up and for checking what the server holds). */
export async function apiSignIn(
  url: string,
  username: string,
  password = 'dockside',
): Promise<{ token: string; companyId: number }> {
  const res = await fetch(`${url}/api/authenticate/mfa`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const json = (await res.json()) as { body: { accessToken: string; userData: { companyId: number } } };
  return { token: json.body.accessToken, companyId: json.body.userData.companyId };
}

export async function apiRequest<T>(
  url: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { body: T };
  return { status: res.status, body: json.body };
}

/** A wedge scanner: the code's keys and Enter dispatched inside the page a millisecond apart at most. */
export async function wedgeScan(page: Page, code: string): Promise<void> {
  await page.evaluate((c) => {
    const target = document.activeElement ?? document.body;
    for (const key of [...c, 'Enter']) {
      target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      target.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }));
    }
  }, code);
}

/** The header's count of actions not yet sent to the server. */
export const pending = (page: Page): Promise<number> =>
  page.getAttribute('[data-testid=sync-pending]', 'data-count').then(Number);

/** The state of the page's service worker ("activated" once it has precached the app), or null. */
export const swState = (page: Page): Promise<string | null> =>
  page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null);
