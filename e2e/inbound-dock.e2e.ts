/**
 * Dock package receiving in a real Chromium, offline: the receiver loses the network, scans 50
 * packages with simulated wedge-scanner bursts, reloads the page half-way, comes back online —
 * the server holds exactly 50 scans with the right verdicts, and the client sees the expected
 * packages delivered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  apiRequest,
  apiSignIn as harnessSignIn,
  launchBrowser,
  newContext,
  pending,
  type RunningServer,
  signIn,
  startServer,
  swState,
  wedgeScan,
} from './harness.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const apiSignIn = (username: string) => harnessSignIn(server.url, username);
const api = <T>(path: string, token: string, body?: unknown) =>
  apiRequest<T>(server.url, body === undefined ? 'GET' : 'POST', path, token, body);

const scanRows = (page: Page) => page.locator('[data-testid=scan-list] tbody tr').count();

describe('dock package receiving offline', () => {
  it('50 wedge scans offline with a reload half-way reach the server exactly once', async () => {
    const client = await apiSignIn('demo.client');
    const expected = Array.from({ length: 30 }, (_, i) => `TBA${String(700000000000 + i)}`);
    const announced = await api('/api/ship/batch', client.token, { batchName: 'E2E-DOCK', trackingNumbers: expected });
    expect(announced.status).toBe(201);
    // 30 expected, 5 of them scanned twice (duplicates), 15 nobody announced.
    const unknown = Array.from({ length: 15 }, (_, i) => `UNKNOWN${String(1000 + i)}`);
    const sequence = [...expected.slice(0, 20), ...expected.slice(0, 5), ...unknown, ...expected.slice(20)];
    expect(sequence).toHaveLength(50);

    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await signIn(page, server.url, 'demo.receiver');
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.url}/apps/inbound/package-receive-batch`);
    const account = page.locator('a.account-item', { hasText: 'Acme Sellers' });
    await account.waitFor();
    // The service worker must control the page before the network goes, or a reload has nothing to open.
    await expect.poll(() => swState(page), { timeout: 45_000, interval: 250 }).toBe('activated');
    await page.evaluate(() => location.reload());
    await account.waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await account.click();
    await page.waitForSelector('[data-testid=last-scan]');
    const receiver = await apiSignIn('demo.receiver');
    const serverBatches = () =>
      api<{ content: { id: string }[] }>(
        `/api/inbound/package-receive-batch?companyId=${client.companyId}`,
        receiver.token,
      );
    // The receive batch reaches the server while the network is still there.
    await expect.poll(async () => (await serverBatches()).body.content.length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => pending(page), { timeout: 15_000 }).toBe(0);

    await ctx.setOffline(true);
    await page.waitForSelector('[data-testid=sync-online][data-online=false]');
    const scanUrl = page.url();
    for (const [i, code] of sequence.entries()) {
      if (i === 25) {
        // Half-way: the page reloads (a handheld's browser does this when it wakes from sleep).
        await page.evaluate(() => location.reload());
        await page.waitForSelector('[data-testid=last-scan]');
        await expect.poll(() => scanRows(page)).toBe(25);
      }
      await wedgeScan(page, code);
      await expect.poll(() => scanRows(page)).toBe(i + 1);
    }
    expect(page.url()).toBe(scanUrl);
    expect(await page.textContent('[data-testid=count-matched] .tile-value')).toBe('30');
    expect(await page.textContent('[data-testid=count-duplicate] .tile-value')).toBe('5');
    expect(await page.textContent('[data-testid=count-not_found] .tile-value')).toBe('15');
    expect(await page.getAttribute('[data-testid=last-scan]', 'data-status')).toBe('matched');
    expect(await page.textContent('[data-testid=last-scan-note]')).toMatch(/waiting for the server/);
    expect(await pending(page)).toBe(50);

    await ctx.setOffline(false);
    await expect.poll(() => pending(page), { timeout: 60_000, interval: 250 }).toBe(0);
    await expect
      .poll(() => page.textContent('[data-testid=last-scan-note]'), { timeout: 30_000 })
      .toBe('Confirmed by the server');

    const batches = await serverBatches();
    expect(batches.status).toBe(200);
    expect(batches.body.content).toHaveLength(1);
    const scans = await api<unknown>(`/api/inbound/package-scan?batchId=${batches.body.content[0].id}`, receiver.token);
    const text = JSON.stringify(scans.body);
    const count = (status: string) => (text.match(new RegExp(`"matchStatus":"${status}"`, 'g')) ?? []).length;
    expect([count('matched'), count('duplicate'), count('not_found')]).toEqual([30, 5, 15]);

    // The client sees every announced package delivered.
    const delivered = await api<{ totalElements: number }>(
      '/api/inbound/delivered-packages?filter=DELIVERED&pageSize=100',
      client.token,
    );
    expect(delivered.body.totalElements).toBe(30);
    const waiting = await api<{ totalElements: number }>(
      '/api/inbound/delivered-packages?filter=NOT_DELIVERED&pageSize=100',
      client.token,
    );
    expect(waiting.body.totalElements).toBe(0);
    await ctx.close();
  });
});
