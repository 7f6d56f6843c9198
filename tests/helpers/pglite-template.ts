/**
 * Integration tests start from a template: a PGlite database migrated and seeded once, dumped to a
 * file, and loaded by every test server after it. Booting PGlite from nothing (initdb), applying
 * every migration and creating the job queue's schema costs seconds per test file; loading the
 * dump costs well under one. The file is named by a hash of the server and domain code, so any
 * change to migrations, seed or queue builds a fresh template; test files racing to build it each
 * write their own copy and rename it into place.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../../server/config.js';
import { start } from '../../server/start.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
// tests/helpers/server.ts: the config a template is built with (its stocked servers' secret) is there.
const SOURCES = ['server', 'domain', 'package-lock.json', 'tests/helpers/server.ts'];
const made = new Map<string, Promise<Blob>>();

/** Every file under the sources, hashed by path and content. */
function sourceHash(): string {
  const hash = createHash('sha256');
  const walk = (p: string) => {
    const full = path.join(ROOT, p);
    if (statSync(full).isDirectory()) for (const name of readdirSync(full).sort()) walk(path.join(p, name));
    else hash.update(p).update(readFileSync(full));
  };
  SOURCES.forEach(walk);
  return hash.digest('hex').slice(0, 16);
}
let hashed: string | null = null;

async function build(config: Config, file: string): Promise<Blob> {
  const started = await start(config, { inMemory: true, jobWorkers: false });
  // The job queue's own schema and queues are made at start: they are part of the template.
  await started.deps.jobs.stop();
  const dump = await started.database.dump!();
  await started.database.close();
  const partial = `${file}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

/** The template for a seed (and with or without the stocked demo warehouse), built on first use. */
export function pgliteTemplate(config: Config): Promise<Blob> {
  hashed ??= sourceHash();
  const key = `${config.seed}-${config.demoData ? 'stocked' : 'bare'}`;
  let template = made.get(key);
  if (!template) {
    // Named by the day too: seeded rows carry the time they were made, as a fresh seed would.
    const day = new Date().toISOString().slice(0, 10);
    const file = path.join(tmpdir(), `dockside-test-${key}-${hashed}-${day}.pglite`);
    template = existsSync(file) ? Promise.resolve(new Blob([readFileSync(file)])) : build(config, file);
    made.set(key, template);
  }
  return template;
}
