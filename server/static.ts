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
  // Hashed assets never change; everything else (the service worker, the manifest, icons) must
  // revalidate so updates reach devices. Set after the file is found: serveStatic's own onFound
  // hook runs once the response is built, too late for headers.
  app.use('*', async (c, next) => {
    await next();
    if (c.req.path.startsWith('/api/') || c.res.status !== 200 || c.res.headers.has('Cache-Control')) return;
    c.res.headers.set(
      'Cache-Control',
      c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
  });
  // Build-time .br/.gz files (scripts/vite-precompress.ts) go to browsers that accept them.
  app.use('*', serveStatic({ root, precompressed: true }));
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/')) return c.notFound();
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
  return true;
}
