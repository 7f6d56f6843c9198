/**
 * The receiver's day, through the screens alone (issue 38), on phones: the client announces a
 * purchase order by uploading a CSV on a 412 px phone; the receiver, on a 360 px phone, takes its
 * packages at the dock, counts the units (a case barcode counts its pack, a broken unit is marked
 * and photographed), sorts them to their places (the prep station; storage units into a tote) and
 * moves the tote to a bin by its LPN. Every screen is reached from the menu or the floor home.
 * After the server starts no step calls the API: sign-in on the login page, clicks, typing and
 * wedge scans; the API is read only to check what the server holds at the end.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { e2eEnv, type E2eEnv } from './env.js';
import { apiRequest, apiSignIn, pending, signIn, wedgeScan } from './harness.js';

// The stocked demo: a racked warehouse with bins, the prep stations and totes (LPNs) at the dock.
const env = e2eEnv({ demoData: true });
vi.setConfig({ testTimeout: 300_000 });

const dir = mkdtempSync(path.join(tmpdir(), 'dockside-day-receiver-'));

/** A phone signed in through the login page. */
async function phone(e: E2eEnv, username: string, width: number): Promise<Page> {
  const ctx = await e.browser.newContext({ viewport: { width, height: 780 }, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  page.setDefaultTimeout(60_000);
  await signIn(page, e.server.url, username);
  await page.waitForURL('**/dashboard');
  return page;
}

/** The phone's folded menu: open it, open the entry's section (unless open), follow the entry. */
async function openMenu(page: Page, key: string) {
  await page.locator('[data-testid=menu-toggle]').click();
  const section = page.locator('details.menu-section', { has: page.locator(`a[data-menu-key=${key}]`) });
  if ((await section.getAttribute('open')) === null) await section.locator('summary').click();
  await section.locator(`a[data-menu-key=${key}]`).click();
}

/** Back to the floor home (the dashboard) and on to one of its floor screens. */
async function floorTile(page: Page, path: string) {
  await openMenu(page, 'Dashboard');
  await page.waitForURL('**/dashboard');
  await page.locator(`[data-testid=floor-tile][data-tile="${path}"]`).click();
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

const header = 'title,asin,fnsku,msku,upc,quantity,pack_size,cost,supplier,item_action,ship_to_country,tracking_number';

describe("a receiver's day on a phone", () => {
  it('a PO announced by CSV → dock → count (a case, a broken unit photographed) → sort into a station and a tote → the tote to a bin by its LPN', async () => {
    // The client announces the purchase order: two packages, soap in cases of 6 for storage, jars for FBA prep.
    const client = await phone(env, 'demo.client', 412);
    await openMenu(client, 'PurchaseOrders');
    await client.waitForURL('**/apps/inbound/uploaded-batches/po/all');
    await client.getByRole('link', { name: 'Upload CSV' }).click();
    await client.waitForURL('**/apps/inbound/file-upload');
    await client.fill('input[name=batch_name]', 'DAY-RECV-1');
    const csv = path.join(dir, 'po.csv');
    writeFileSync(
      csv,
      [
        header,
        'Soap bar,,,DAY-SOAP,4006381333931,12,6,,Acme,storage,,1ZDAYRECV000000001',
        'Glass jar,,X00DAYJAR1,DAY-JAR,,3,1,,Acme,fba_prep,,TBADAYRECV00002',
      ].join('\n') + '\n',
    );
    await client.setInputFiles('input[name=file]', csv);
    await client.getByRole('button', { name: 'Check file' }).click();
    await client.getByText('All 2 rows are valid').waitFor();
    await client.getByRole('button', { name: 'Upload', exact: true }).click();
    await client.waitForURL('**/apps/inbound/batch-workspace/*');
    await expect.poll(() => client.locator('[data-testid=batch-items] tbody tr').count()).toBe(2);
    expect(await client.locator('[data-testid=batch-tracking] li').count()).toBe(2);
    expect(await pageWidth(client)).toBeLessThanOrEqual(412);

    // The receiver's phone: the floor home leads to the dock.
    const page = await phone(env, 'demo.receiver', 360);
    await page.waitForSelector('[data-testid=sync-online]:not([data-last-sync=""])');
    await page.locator('[data-testid=floor-tile][data-tile="/apps/inbound/package-receive-batch"]').click();
    await page.locator('a.account-item', { hasText: 'Acme Sellers' }).click();
    await page.waitForSelector('[data-testid=last-scan]');
    // The scan field opens once the device has its receive batch (with what it already holds).
    await page.locator('input[name=trackingNumber]:not([disabled])').waitFor();
    const matched = async () => Number(await page.textContent('[data-testid=count-matched] .tile-value'));
    const before = await matched();
    await wedgeScan(page, '1ZDAYRECV000000001');
    await expect.poll(matched).toBe(before + 1);
    await wedgeScan(page, 'TBADAYRECV00002');
    await expect.poll(matched).toBe(before + 2);
    expect(await page.getAttribute('[data-testid=last-scan]', 'data-status')).toBe('matched');
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    // The truck is unloaded: the receive batch is closed (the next packages open a new one).
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Close batch' }).click();
    await page.waitForURL(/\/apps\/inbound\/package-receive-batch$/);
    await page.locator('a.account-item', { hasText: 'Acme Sellers' }).waitFor();

    // Count: the purchase order chosen from the device's list; two case barcodes make the 12 soaps.
    await floorTile(page, '/apps/inbound/package-scan');
    await page.locator('[data-testid=batch-pick-list] a', { hasText: 'DAY-RECV-1' }).click();
    await page.waitForSelector('[data-testid=item-progress] tbody tr');
    const verdict = () => page.getAttribute('[data-testid=last-item-scan]', 'data-status');
    const lastScan = () => page.textContent('[data-testid=last-item-scan]');
    await wedgeScan(page, '(01)14006381333938');
    await expect.poll(lastScan).toContain('6 of 12');
    await wedgeScan(page, '(01)14006381333938');
    await expect.poll(lastScan).toContain('12 of 12');
    await expect.poll(verdict).toBe('received');
    // Two good jars, then a broken one, marked before its scan and photographed after it.
    await wedgeScan(page, 'X00DAYJAR1');
    await wedgeScan(page, 'X00DAYJAR1');
    await expect.poll(lastScan).toContain('2 of 3');
    await page.getByRole('button', { name: 'Broken', exact: true }).click();
    await page.fill('input[name=damageNote]', 'Lid cracked');
    await wedgeScan(page, 'X00DAYJAR1');
    await expect.poll(verdict).toBe('damaged');
    await expect.poll(lastScan).toContain('3 of 3');
    const photo = path.join(dir, 'damage.png');
    writeFileSync(
      photo,
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      ),
    );
    await page.setInputFiles('input[name=damagePhoto]', photo);
    await page.locator('.toast', { hasText: 'Photo saved' }).waitFor();
    await expect.poll(() => page.locator('[data-testid=item-progress] tr[data-state=done]').count()).toBe(2);
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);

    // Sort and receive: the good jars to the FBA prep station, the soaps into a tote at the dock.
    await floorTile(page, '/apps/inbound/receive-batch/account-select');
    await page.locator('[data-testid=receive-accounts] a', { hasText: 'Acme Sellers' }).click();
    await page.waitForSelector('[data-testid=sort-waiting]');
    const sortPanel = () => page.textContent('[data-testid=sort-panel]');
    await wedgeScan(page, 'X00DAYJAR1');
    await expect.poll(() => page.textContent('[data-testid=sort-destination]')).toContain('PREP-FBA');
    await page.getByRole('button', { name: 'All 2' }).click();
    await wedgeScan(page, 'PREP-FBA');
    await expect.poll(sortPanel).toContain('2 × Glass jar put at PREP-FBA');
    await wedgeScan(page, '4006381333931');
    await expect.poll(() => page.textContent('[data-testid=sort-destination]')).toContain('storage bin');
    await page.getByRole('button', { name: 'All 12' }).click();
    // A bin this warehouse does not have is refused at once: the soaps stay picked.
    await wedgeScan(page, 'A-09-09-Z-9');
    await expect.poll(sortPanel).toContain('A-09-09-Z-9 is not a location or LPN of this warehouse');
    await wedgeScan(page, 'TOTE00000001');
    await expect.poll(sortPanel).toContain('12 × Soap bar put at TOTE00000001');
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);

    // The tote goes to its bin: a quick move of the whole LPN.
    await floorTile(page, '/apps/wms/actions/move-batch');
    await expect.poll(() => page.textContent('[data-testid=move-from]')).toContain('Scan the source');
    await wedgeScan(page, 'TOTE00000001');
    await expect.poll(() => page.textContent('[data-testid=move-from]')).toContain('From TOTE00000001');
    await page.getByRole('button', { name: 'Move the whole LPN' }).click();
    await wedgeScan(page, 'A-03-02-B-1');
    await expect
      .poll(() => page.textContent('[data-testid=move-panel]'))
      .toContain('TOTE00000001 moved to A-03-02-B-1');
    await page.locator('[data-testid=moves-table] tr[data-provisional=false]').waitFor({ timeout: 30_000 });
    await expect.poll(() => pending(page), { timeout: 30_000 }).toBe(0);
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);

    // What the server holds (read only to check): counts, the problem and its photo, the stock's places.
    const receiver = await apiSignIn(env.server.url, 'demo.receiver');
    const get = <T>(url: string, token = receiver.token) => apiRequest<T>(env.server.url, 'GET', url, token);
    const list = await get<{ content: { id: number }[] }>('/api/ship/batch?q=DAY-RECV-1');
    expect(list.body.content).toHaveLength(1);
    const batchId = list.body.content[0].id;
    const batch = await get<{
      items: { title: string; receivedQty: number; damagedQty: number; sortedQty: number; status: string }[];
    }>(`/api/ship/batch/${batchId}`);
    expect(
      Object.fromEntries(batch.body.items.map((i) => [i.title, [i.receivedQty, i.damagedQty, i.sortedQty, i.status]])),
    ).toEqual({ 'Soap bar': [12, 0, 12, 'stored'], 'Glass jar': [2, 1, 2, 'inprep'] });

    const problems = await get<{ content: { id: number; type: string; itemTitle: string | null }[] }>(
      '/api/problem-management/problem?pageSize=100',
    );
    const broken = problems.body.content.filter((p) => p.itemTitle === 'Glass jar');
    expect(broken.map((p) => p.type)).toEqual(['damaged']);
    const detail = await get<{ photos: unknown[]; notes?: string }>(`/api/problem-management/problem/${broken[0].id}`);
    expect(detail.body.photos).toHaveLength(1);

    const stock = await get<{ content: { title: string; location: string; lpn: string | null; quantity: number }[] }>(
      '/api/inventory?location=A-03-02-B-1&pageSize=50',
    );
    expect(stock.body.content.map((l) => [l.title, l.location, l.lpn, l.quantity])).toEqual([
      ['Soap bar', 'A-03-02-B-1', 'TOTE00000001', 12],
    ]);
    const atPrep = await get<{ content: { title: string; quantity: number }[] }>(
      '/api/inventory?location=PREP-FBA&pageSize=200',
    );
    expect(atPrep.body.content.filter((l) => l.title === 'Glass jar').map((l) => l.quantity)).toEqual([2]);

    // The client sees the broken jar on their phone: the receiver's note and photo.
    await openMenu(client, 'ProblemItems');
    await client.waitForURL('**/apps/problem/management**');
    await client.locator('tr', { hasText: 'Glass jar' }).getByRole('button').click();
    const problem = client.getByTestId('problem-detail');
    await problem.waitFor();
    expect(await problem.textContent()).toContain('Lid cracked');
    await expect.poll(() => problem.locator('img.problem-photo').count()).toBe(1);
    expect(await pageWidth(client)).toBeLessThanOrEqual(412);

    await client.context().close();
    await page.context().close();
  });
});
