/** The built app is served with build-time compression and the caching a PWA needs. */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../server/context.js';
import { serveWebApp } from '../../server/static.js';

const script = `export const greeting = ${JSON.stringify('hello dock '.repeat(400))};\n`;
let app: Hono<AppEnv>;

beforeAll(() => {
  const dist = mkdtempSync(path.join(tmpdir(), 'dockside-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Dockside</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
  app = new Hono<AppEnv>();
  app.get('/api/ping', (c) => c.json({ ok: true }));
  expect(serveWebApp(app, dist)).toBe(true);
});

describe('static web app', () => {
  it('sends the brotli file to a browser that accepts it, immutable for hashed assets', async () => {
    const res = await app.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toContain('immutable');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await app.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);
    const plain = await app.request('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('answers client-side routes with index.html that revalidates, and leaves /api alone', async () => {
    const page = await app.request('/apps/inbound/package-receive-batch');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<div id="root">');
    expect((await app.request('/api/ping')).status).toBe(200);
    expect((await app.request('/api/nothing-here')).status).toBe(404);
  });
});
