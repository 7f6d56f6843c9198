/**
 * Issue 6: scan-to-feedback on the floor's package-scan screen, measured like the dock (bench/
 * dock-browser.ts): a purchase order of 5,000 expected items in the device's replica, CPU
 * throttled 4×, time from the Enter of a wedge burst to the frame that paints the verdict.
 */
import type { Page } from 'playwright-core';
import { launchBrowser, signIn } from '../e2e/harness.js';
import { pct, replicaCount, scanToPaint, serveApp, signInApi, until } from './dock-browser.js';

const ITEMS = 5_000;
const SCANS = 100;

export async function benchItemScanBrowser(): Promise<void> {
  const server = await serveApp();
  const browser = await launchBrowser();
  try {
    const client = await signInApi(server.app, 'demo.client');
    const skus = Array.from({ length: ITEMS }, (_, i) => `PS-${String(i).padStart(6, '0')}`);
    const res = await server.app.request('/api/ship/batch', {
      method: 'POST',
      headers: { authorization: `Bearer ${client.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        batchName: 'BENCH-PS',
        items: skus.map((msku) => ({ title: `Item ${msku}`, msku, expectedQty: 500 })),
      }),
    });
    if (res.status !== 201) throw new Error(`announce failed: ${res.status}`);
    const accountNo = ((await res.json()) as { body: { accountNo: string } }).body.accountNo;

    const ctx = await browser.newContext({ viewport: { width: 800, height: 900 } });
    const page: Page = await ctx.newPage();
    await signIn(page, server.url, 'demo.receiver');
    await page.waitForURL('**/dashboard');
    await page.goto(
      `${server.url}/apps/inbound/package-scan?batchName=BENCH-PS&accountNo=${encodeURIComponent(accountNo)}`,
    );
    await until(
      async () => (await replicaCount(page, 'inboundItems')) >= ITEMS,
      120_000,
      'the replica to hold the items',
    );
    await page.waitForSelector('[data-testid=item-progress] tbody tr');
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const panel = '[data-testid=last-item-scan]';
    for (let i = 0; i < 5; i++) await scanToPaint(page, skus[ITEMS - 1 - i], panel); // warm-up
    const times: number[] = [];
    for (let i = 0; i < SCANS; i++) {
      times.push(await scanToPaint(page, skus[(i * 37) % ITEMS], panel));
      await page.waitForTimeout(300);
    }
    const burst: number[] = [];
    for (let i = 0; i < 50; i++) burst.push(await scanToPaint(page, skus[(i * 41 + 7) % ITEMS], panel));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    console.log(
      `\nPackage scan of items in Chromium (server in-process on PGlite; PO of ${ITEMS} items in the replica; CPU 4× throttled)`,
    );
    console.log(
      `  scan → painted verdict, paced (300 ms apart): median ${pct(times, 50).toFixed(1)} ms (target ≤ 16) · p95 ${pct(times, 95).toFixed(1)} ms (target ≤ 50) · max ${Math.max(...times).toFixed(1)} ms`,
    );
    console.log(
      `  back to back (50):                           median ${pct(burst, 50).toFixed(1)} ms · p95 ${pct(burst, 95).toFixed(1)} ms · max ${Math.max(...burst).toFixed(1)} ms`,
    );
    await ctx.close();
  } finally {
    await browser.close();
    await server.close();
  }
}
