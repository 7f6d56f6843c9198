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
    await page.waitForSelector('[data-testid=scan-list] tbody tr');
    expect((await layoutFaults(page, '[data-testid=scan-list]')).faults).toEqual([]);
    await ctx.close();
  });
});

/** Cells of each row that overlap another cell of the row, or stick out of the viewport. */
const layoutFaults = (page: import('playwright-core').Page, table: string) =>
  page.evaluate((selector) => {
    const faults: string[] = [];
    const width = document.documentElement.clientWidth;
    for (const row of document.querySelectorAll(`${selector} tbody tr`)) {
      const tds = [...row.querySelectorAll('td')];
      const cells = tds.map((td) => ({ text: td.textContent, box: td.getBoundingClientRect() }));
      // Content wider than its cell spills over the next one (fixed table layout): unreadable.
      for (const td of tds) if (td.scrollWidth > td.clientWidth + 1) faults.push(`spills: ${td.textContent}`);
      for (const c of cells) if (c.box.left < -0.5 || c.box.right > width + 0.5) faults.push(`outside: ${c.text}`);
      for (let i = 0; i < cells.length; i++)
        for (let j = i + 1; j < cells.length; j++) {
          const a = cells[i].box;
          const b = cells[j].box;
          const apart =
            a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
          if (!apart) faults.push(`overlap: ${cells[i].text} / ${cells[j].text}`);
        }
    }
    return {
      faults,
      rows: document.querySelectorAll(`${selector} tbody tr`).length,
      scrollWidth: document.documentElement.scrollWidth,
      width,
    };
  }, table);

describe('floor tables on a phone are one-column cards', () => {
  for (const width of [360, 412]) {
    it(`the move history and the item count have no overlapping or clipped cells at ${width} px`, async () => {
      const ctx = await env.browser.newContext({ viewport: { width, height: 780 } });
      const page = await ctx.newPage();
      await signIn(page, env.server.url, 'demo.receiver');
      await page.waitForURL('**/dashboard');

      // A quick move of a whole tote puts a line in the move history.
      await page.goto(`${env.server.url}/apps/wms/actions/move-batch`);
      await page.waitForSelector('[data-testid=sync-online]:not([data-last-sync=""])');
      await expect.poll(() => focused(page), { timeout: 15_000 }).toBe('code');
      await wedgeScan(page, width === 360 ? 'TOTE00000001' : 'TOTE00000002');
      await page.getByRole('button', { name: 'Move the whole LPN' }).click();
      await wedgeScan(page, 'A-01-01-A-1');
      await page.waitForSelector('[data-testid=moves-table] tbody tr');
      const moves = await layoutFaults(page, '[data-testid=moves-table]');
      expect(moves.rows).toBeGreaterThan(0);
      expect(moves.faults).toEqual([]);
      expect(moves.scrollWidth).toBeLessThanOrEqual(width);

      // The item count of a demo purchase order.
      await page.goto(`${env.server.url}/apps/inbound/package-scan`);
      await page.locator('[data-testid=batch-pick-list] a').first().click();
      await page.waitForSelector('[data-testid=item-progress] tbody tr');
      const items = await layoutFaults(page, '[data-testid=item-progress]');
      expect(items.rows).toBeGreaterThan(0);
      expect(items.faults).toEqual([]);
      expect(items.scrollWidth).toBeLessThanOrEqual(width);
      await ctx.close();
    });
  }
});
