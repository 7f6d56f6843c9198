/**
 * The floor on a phone (issue 22): at 360 px the dock's scan field has focus when the screen
 * opens, after a reload and after a click lands on the page; a wedge scan is taken whatever has
 * focus; nothing overlaps sideways.
 */
import { describe, expect, it } from 'vitest';
import { e2eEnv } from './env.js';
import { signIn, wedgeScan } from './harness.js';

const env = e2eEnv({ demoData: true });

const focused = (page: import('playwright-core').Page) =>
  page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? null);

describe('the dock on a 360 px phone', () => {
  it('keeps the scan field focused through load, reload and stray clicks, and takes wedge scans', async () => {
    const ctx = await env.browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await ctx.newPage();
    await signIn(page, env.server.url, 'demo.receiver');
    await page.waitForURL('**/dashboard');
    await page.goto(`${env.server.url}/apps/inbound/package-receive-batch`);
    await page.locator('a.account-item', { hasText: 'Acme Sellers' }).click();
    await page.waitForSelector('[data-testid=last-scan]');
    await expect.poll(() => focused(page), { timeout: 15_000 }).toBe('trackingNumber');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.reload();
    await page.waitForSelector('[data-testid=last-scan]');
    await expect.poll(() => focused(page), { timeout: 15_000 }).toBe('trackingNumber');

    // A click on the page (not a field) gives the focus back to the scan field.
    await page.mouse.click(350, 730);
    await expect.poll(() => focused(page)).toBe('trackingNumber');

    // A wedge burst with nothing focused is still taken as a scan (captured at window level).
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    await page.evaluate(() => document.body.focus());
    await wedgeScan(page, '1Z999AA19999999990');
    await expect.poll(() => page.textContent('[data-testid=last-scan] .last-scan-code')).toBe('1Z999AA19999999990');
    await ctx.close();
  });
});
