// End-to-end pass in Debian's Chromium. Under CI a missing browser is a failure; on a developer
// machine without it the pass is skipped with a warning (apt-get install -y chromium).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const msg = `End-to-end pass: no Chromium at ${chromium} (apt-get install -y chromium)`;
  if (process.env.CI) {
    console.error(msg);
    process.exit(1);
  }
  console.warn(`${msg} — SKIPPED`);
  process.exit(0);
}
const run = spawnSync('npx', ['vitest', 'run', '-c', 'e2e/vitest.config.ts'], { stdio: 'inherit' });
process.exit(run.status ?? 1);
