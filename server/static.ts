/** Serves the built PWA from dist/ with an SPA fallback (client-side routes get index.html). */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './context.js';

export function serveWebApp(app: Hono<AppEnv>, distDir: string): boolean {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return false;
  const html = readFileSync(index, 'utf8');
  const root = path.relative(process.cwd(), distDir) || '.';
  app.use(
    '*',
    serveStatic({
      root,
      onFound: (p, c) => {
        // Hashed assets never change; the service worker and index must revalidate so updates reach devices.
        if (/\/assets\//.test(p)) c.header('Cache-Control', 'public, max-age=31536000, immutable');
        else c.header('Cache-Control', 'no-cache');
      },
    }),
  );
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/')) return c.notFound();
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
  return true;
}
