/** Connecting a Dockside eBay store in tests, through the sandbox's consent page. */
import { expect } from 'vitest';
import type { TestServer } from './server.js';

/**
 * eBay's consent page, followed as the seller's browser would: authorize, the page's hidden
 * fields posted back with the seller's decision; answers the page and Dockside's callback address.
 * When eBay sends the browser straight back (it refused the scopes asked), that is the callback.
 * `reach` says where the page really is (a production store's auth.ebay.com served by the sandbox).
 */
export async function ebayConsent(
  s: TestServer,
  token: string,
  storeId: number,
  decision: 'confirm' | 'deny' = 'confirm',
  reach: (page: URL) => URL = (page) => page,
): Promise<{ page: URL; callback: URL }> {
  const started = await s.post(`/api/common/stores/${storeId}/authorize`, {}, token);
  expect(started.status, JSON.stringify(started.meta)).toBe(200);
  const page = new URL(started.body.url);
  const shown = await fetch(reach(page), { redirect: 'manual' });
  if (shown.status === 302) return { page, callback: new URL(shown.headers.get('location')!) };
  const html = await shown.text();
  const fields = Object.fromEntries(
    [...html.matchAll(/type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2].replace(/&amp;/g, '&')]),
  );
  const confirmed = await fetch(reach(page), {
    method: 'POST',
    body: new URLSearchParams({ ...fields, decision }),
    redirect: 'manual',
  });
  expect(confirmed.status).toBe(302);
  return { page, callback: new URL(confirmed.headers.get('location')!) };
}

/** A store connected: consent given, then Dockside's callback (a browser navigation, no token). */
export async function connectEbay(s: TestServer, token: string, storeId: number): Promise<void> {
  const { callback } = await ebayConsent(s, token, storeId);
  const back = await s.started.app.request(callback.pathname + callback.search);
  expect(back.status).toBe(302);
}
