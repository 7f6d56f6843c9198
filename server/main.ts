/** Starts Dockside: config → database → migrate → seed → listen, serving the PWA and /api on one port. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { loadConfig } from './config.js';
import { DEMO_MFA_SECRET, DEMO_PASSWORD, DEMO_USERS } from './seed/demo.js';
import { start } from './start.js';

const config = loadConfig();
const distDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const { app, database, seeded, hasWeb } = await start(config, { webDir: distDir });

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  const url = `http://localhost:${info.port}`;
  console.log(
    `Dockside is running at ${url}  (database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`,
  );
  if (!hasWeb) console.log('  (no built web app in dist/: run `npm run build` — the API works without it)');
  if (seeded) console.log(`  Seeded the demo tenant${config.demoData ? ' and its stocked warehouse' : ''}.`);
  if (config.seed === 'demo') {
    console.log(`  Demo sign-ins (password "${DEMO_PASSWORD}"):`);
    for (const u of DEMO_USERS) console.log(`    ${u.username.padEnd(14)} ${u.who}`);
    console.log(`  demo.mfa's authenticator secret: ${DEMO_MFA_SECRET}`);
  }
});

const shutdown = async () => {
  server.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
