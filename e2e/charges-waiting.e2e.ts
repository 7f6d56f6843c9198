/**
 * The Charges screen in Chromium (issue 38 defect 9, issue 39 defect 5): recorded work that has
 * no line yet shows as "N events waiting to be priced" — to the warehouse with the button, to a
 * client its own company's count without it — and goes away once priced; work done on the floor
 * appears priced without anyone pressing a button; the filters wrap without overlapping at 1280
 * and 360 px, and the table's "Price from" column stays in view at 1280 px.
 *
 * Work recorded while the server was down stands for work whose "priced within seconds" signal
 * was lost (a crash between the commit and the queueing): it is written into the stopped
 * server's database, so nothing prices it until someone does.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { e2eEnv, signedIn } from './env.js';
import { apiRequest, apiSignIn } from './harness.js';

const env = e2eEnv();
// A restart of the server (the work recorded while it is down) and two browsers, on a loaded machine.
vi.setConfig({ testTimeout: 420_000 });

const CHARGES = '/apps/finance/customer/charges';

/** Writes box_packed events straight into the stopped server's database. */
async function recordWhileDown(boxes: { companyId: number; sourceId: string }[]) {
  await env.server.halt();
  const db = new PGlite({ dataDir: path.join(env.server.dataDir, 'pglite'), extensions: { pg_trgm } });
  try {
    for (const b of boxes)
      await db.query(
        `insert into charge_events (tenant_id, company_id, kind, quantity, source_type, source_id, at)
         select tenant_id, id, 'box_packed', 1, 'e2e_box', $2, now() from companies where id = $1`,
        [b.companyId, b.sourceId],
      );
  } finally {
    await db.close();
  }
  await env.server.resume();
}

/** No two of the filter row's boxes overlap, and the page is no wider than the window. */
async function checkLayout(page: Page) {
  const boxes = await page
    .locator('.charges-filters > select, .charges-filters > label')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
  expect(boxes.length).toBeGreaterThanOrEqual(4);
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i], boxes[j]];
      const apart =
        a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
      expect(apart, `filter ${i} and ${j} overlap`).toBe(true);
    }
  // Each field inside its own box (a date field spilling out was the defect).
  const spill = await page.locator('.charges-filters > label').evaluateAll(
    (els) =>
      els.filter((l) => {
        const input = l.querySelector('input')!.getBoundingClientRect();
        const box = l.getBoundingClientRect();
        return input.right > box.right + 0.5 || input.left < box.left - 0.5;
      }).length,
  );
  expect(spill).toBe(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('charges waiting to be priced', () => {
  it('shows what waits, prices it from the hint, and prices floor work on its own', async () => {
    const url = env.server.url;
    const admin = await apiSignIn(url, 'demo.admin');
    const client = await apiSignIn(url, 'demo.client');
    const client2 = await apiSignIn(url, 'demo.client2');
    const fees = await apiRequest(url, 'PUT', '/api/settings/fees', admin.token, {
      values: { PER_BOX_CHARGE: '1.25', ITEM_SORT_FEE: '0.35' },
    });
    expect(fees.status).toBe(200);
    await recordWhileDown([
      { companyId: client.companyId, sourceId: 'box-1' },
      { companyId: client.companyId, sourceId: 'box-2' },
      { companyId: client2.companyId, sourceId: 'box-3' },
    ]);

    // The client: its own two, and no button.
    const clientPage = await signedIn(env, 'demo.client');
    clientPage.setDefaultTimeout(60_000);
    await clientPage.goto(`${url}${CHARGES}`);
    const clientHint = clientPage.getByTestId('charges-waiting');
    await clientHint.getByText('2 events waiting to be priced').waitFor();
    expect(await clientHint.getByRole('button').count()).toBe(0);

    // The warehouse: all three, priced from the hint.
    const page = await signedIn(env, 'demo.admin');
    page.setDefaultTimeout(60_000);
    await page.goto(`${url}${CHARGES}`);
    const hint = page.getByTestId('charges-waiting');
    await hint.getByText('3 events waiting to be priced').waitFor();
    await checkLayout(page);
    await hint.getByRole('button', { name: 'Price them now' }).click();
    await page.getByText('3 lines priced').waitFor();
    await hint.waitFor({ state: 'detached' });
    const boxes = page.locator('[data-grid=customer-charges] tbody tr', { hasText: 'Box packed' });
    await expect.poll(() => boxes.count()).toBe(3);
    // The client's hint goes too, on its own.
    await clientHint.waitFor({ state: 'detached' });
    await clientPage.locator('[data-grid=customer-charges] tbody tr', { hasText: 'Box packed' }).first().waitFor();
    expect(await clientPage.locator('[data-grid=customer-charges] tbody tr', { hasText: 'Box packed' }).count()).toBe(
      2,
    );

    // Work on the floor (a receiver's handheld scans and sorts; set up through its API): priced
    // without anyone pressing a button — the warehouse only looks again.
    const batch = await apiRequest<{ id: number; items: { id: number }[] }>(
      url,
      'POST',
      '/api/ship/batch',
      client.token,
      { batchName: 'PO-E2E-WAITING', items: [{ title: 'Lamp', msku: 'E2E-LAMP', expectedQty: 3 }] },
    );
    expect(batch.status).toBe(201);
    const receiver = await apiSignIn(url, 'demo.receiver');
    const at = new Date().toISOString();
    const mutation = (name: string, args: Record<string, unknown>) => {
      const id = randomUUID();
      return { id, name, args: { id, ...args } };
    };
    const pushed = await apiRequest<{ results: { status: string }[] }>(url, 'POST', '/api/sync/push', receiver.token, {
      deviceId: 'e2e-waiting',
      mutations: [
        mutation('item.scan', { batchId: batch.body.id, code: 'E2E-LAMP', count: 3, scannedAt: at }),
        mutation('item.sort', { batchItemId: batch.body.items[0].id, quantity: 3, location: 'PREP-FBA', sortedAt: at }),
      ],
    });
    expect(pushed.body.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    const sorted = page.locator('[data-grid=customer-charges] tbody tr', { hasText: 'Item sort' });
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { name: 'Charges' }).waitFor();
          await page.locator('[data-grid=customer-charges] tbody tr').first().waitFor();
          return sorted.count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(1);
    expect(await sorted.first().textContent()).toContain('$1.05');
    expect(await page.getByTestId('charges-waiting').count()).toBe(0);
    // The table's "Price from" column is within the table's view at 1280 px, not scrolled off.
    const [wrap, why] = await Promise.all([
      page.locator('[data-grid=customer-charges] .table-wrap').evaluate((e) => e.getBoundingClientRect().right),
      page.getByRole('columnheader', { name: 'Price from' }).evaluate((e) => e.getBoundingClientRect().right),
    ]);
    expect(why).toBeLessThanOrEqual(wrap);
    await checkLayout(page);

    // A phone: the filters stack, nothing wider than the screen.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('group', { name: 'Filters' }).waitFor();
    await checkLayout(page);
  });
});
