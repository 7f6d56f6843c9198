/** Connecting a Dockside eBay store in tests, through the sandbox's consent page. */
import { expect } from 'vitest';
import type { TestServer } from './server.js';

/**
 * eBay's consent page, followed as the seller's browser would: authorize, the page's hidden
 * fields posted back with "confirm", then Dockside's callback (a browser navigation, no token).
 */
export async function connectEbay(s: TestServer, token: string, storeId: number): Promise<void> {
  const started = await s.post(`/api/common/stores/${storeId}/authorize`, {}, token);
  expect(started.status, JSON.stringify(started.meta)).toBe(200);
  const page = new URL(started.body.url);
  const html = await (await fetch(page)).text();
  const fields = Object.fromEntries(
    [...html.matchAll(/type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2].replace(/&amp;/g, '&')]),
  );
  const confirmed = await fetch(page, {
    method: 'POST',
    body: new URLSearchParams({ ...fields, decision: 'confirm' }),
    redirect: 'manual',
  });
  const callback = new URL(confirmed.headers.get('location')!);
  const back = await s.started.app.request(callback.pathname + callback.search);
  expect(back.status).toBe(302);
}
