/**
 * Bulk labels in Chromium (issue 20 step 6): three picked orders of a pick batch — the bin, the
 * products, their stock and the store made through the API; the orders file with addresses
 * uploaded, the orders reserved on the force console, the batch made on the pick list and picked
 * on a handheld by wedge scans, all through the screens (issue 38); the desk user
 * opens Buy bulk shipping, chooses the batch, shops the rates (cheapest and fastest marked), buys
 * the labels in bulk with the progress shown to the end, and downloads the merged PDF — a real
 * PDF with one page per order; a reload of the tab brings back the batch chosen and the run.
 * Issue 38: the orders come without boxes, so Buy is disabled and each order says why; a preset's
 * box with a weight is set on all three at once by clicks, and Buy counts them; the page has no
 * horizontal overflow at 1280 px nor on a 412 px phone, even with the long rate descriptions.
 */
import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { e2eEnv, signedIn } from './env.js';
import type { Page } from 'playwright-core';
import { apiRequest, apiSignIn, pending, signIn, wedgeScan } from './harness.js';

const env = e2eEnv();
vi.setConfig({ testTimeout: 180_000 });

const STORE = 'E2E Labels eBay';
const HEADER =
  'store,order_id,purchase_date,sku,title,quantity,quantity_shipped,unit_price,ship_to_name,ship_to_address1,ship_to_city,ship_to_state,ship_to_postal_code,ship_to_country';

/**
 * The world before the day (through the API): a bin, two products of Acme's with stock on it, and
 * an eBay store of Acme's whose orders come by file.
 */
async function world(url: string): Promise<void> {
  const admin = await apiSignIn(url, 'demo.admin');
  const client = await apiSignIn(url, 'demo.client');
  const ok = (res: { status: number; body: unknown }, what: string, codes = [200, 201]) =>
    expect(codes, `${what}: ${JSON.stringify(res.body)}`).toContain(res.status);
  ok(
    await apiRequest(url, 'POST', '/api/warehouse-location', admin.token, { code: 'E2E-L-1', type: 'bin' }),
    'bin',
    [201, 409],
  );
  for (const msku of ['E2E-LBL-MUG', 'E2E-LBL-LAMP'])
    ok(
      await apiRequest(url, 'POST', '/api/product/products', client.token, {
        companyId: client.companyId,
        title: `${msku} product`,
        msku,
      }),
      msku,
      [201, 409],
    );
  for (const sku of ['E2E-LBL-MUG', 'E2E-LBL-LAMP'])
    ok(
      await apiRequest(url, 'POST', '/api/inventory/adjust', admin.token, {
        companyId: client.companyId,
        productCode: sku,
        location: 'E2E-L-1',
        quantity: 5,
        reason: 'found',
      }),
      `stock ${sku}`,
    );
  ok(
    await apiRequest(url, 'POST', '/api/common/stores', admin.token, {
      companyId: client.companyId,
      marketplace: 'ebay',
      name: STORE,
      environment: 'sandbox',
    }),
    'store',
  );
}

/**
 * The day up to the labels, through the screens: the orders file uploaded (addresses included),
 * the store's orders reserved on the force console, a pick batch made on the pick list and picked
 * on a handheld by wedge scans. Returns the batch's number.
 */
async function pickedBatch(page: Page): Promise<string> {
  const url = env.server.url;
  const rows = [
    ['E2E-L1', 'E2E-LBL-MUG', 2],
    ['E2E-L2', 'E2E-LBL-LAMP', 1],
    ['E2E-L3', 'E2E-LBL-MUG', 1],
  ].map(
    ([id, sku, q], i) =>
      `${STORE},${id},2026-11-2${i}T10:00:00Z,${sku},${sku} item,${q},0,9.99,Ada Buyer,5 Elm St,Springfield,IL,62701,US`,
  );
  await page.goto(`${url}/apps/outbound/fbm-force`);
  await page.getByRole('link', { name: 'Upload orders file' }).click();
  await page.waitForURL('**/apps/outbound/fbm-force/orders-file-upload');
  const upload = page.getByRole('form', { name: 'Upload orders file' });
  await upload.locator('input[name=file]').setInputFiles({
    name: 'orders.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([HEADER, ...rows].join('\n'), 'utf8'),
  });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await page.getByTestId('orders-report').filter({ hasText: '3 orders stored: 3 new' }).waitFor();

  // Reserved on the force console: the store's three orders, each held whole.
  await page.goto(`${url}/apps/outbound/fbm-force`);
  await page.getByTestId('force-next-reserve').click();
  const reserve = page.getByTestId('reserve-panel');
  const from = reserve.locator('select[name=reserveFrom]');
  await from.locator('option', { hasText: STORE }).first().waitFor({ state: 'attached' });
  await from.selectOption((await from.locator('option', { hasText: STORE }).first().getAttribute('value'))!);
  await reserve.getByRole('button', { name: 'Reserve', exact: true }).click();
  const result = reserve.getByTestId('reserve-result');
  for (const id of ['E2E-L1', 'E2E-L2', 'E2E-L3'])
    await result.locator(`li[data-order="${id}"][data-outcome=reserved]`).waitFor();

  // A pick batch of the store's reserved orders, then picked on a handheld.
  await page.getByTestId('force-next-batch').click();
  await page.waitForURL('**/apps/outbound/fbm-force/pick-list');
  const make = page.getByRole('form', { name: 'Make pick batch' });
  const source = make.locator('select[name=source]');
  await source.locator('option', { hasText: STORE }).first().waitFor({ state: 'attached' });
  await source.selectOption((await source.locator('option', { hasText: STORE }).first().getAttribute('value'))!);
  await make.getByRole('button', { name: 'Make pick batch' }).click();
  const made = page.getByTestId('pick-made');
  await made.filter({ hasText: 'made: 3 orders, 4 units.' }).waitFor();
  const batchNumber = /Pick batch (\S+) made/.exec((await made.textContent()) ?? '')![1];

  const handheld = await (await env.browser.newContext({ viewport: { width: 412, height: 900 } })).newPage();
  handheld.setDefaultTimeout(60_000);
  await signIn(handheld, url, 'demo.admin');
  await handheld.waitForURL('**/dashboard');
  await handheld.goto(`${url}/apps/outbound/fbm-force/pick-list`);
  await handheld.locator(`tr[data-batch="${batchNumber}"] [data-testid=pick-open-floor]`).click();
  const stop = handheld.getByTestId('pick-stop');
  await stop.waitFor();
  const picked = () => handheld.getByTestId('pick-progress').getAttribute('data-picked').then(Number);
  while ((await handheld.getByTestId('pick-done').count()) === 0) {
    if ((await stop.getAttribute('data-here')) !== 'true') {
      await wedgeScan(handheld, (await stop.getAttribute('data-location'))!);
      await expect.poll(() => stop.getAttribute('data-here')).toBe('true');
    }
    const code = (await stop.getAttribute('data-code'))!;
    const left = Number(await stop.getAttribute('data-left'));
    for (let i = 0; i < left; i++) {
      const was = await picked();
      await wedgeScan(handheld, code);
      await expect.poll(picked).toBe(was + 1);
    }
  }
  expect(await picked()).toBe(4);
  await expect.poll(() => pending(handheld), { timeout: 30_000 }).toBe(0);
  await handheld.context().close();
  return batchNumber;
}

describe('buy bulk shipping', () => {
  it('shops and buys labels for a pick batch in bulk, then downloads the merged PDF', async () => {
    await world(env.server.url);
    const page = await signedIn(env, 'demo.admin');
    page.setDefaultTimeout(60_000);
    const batchNumber = await pickedBatch(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.goto(`${env.server.url}/apps/outbound/fbm-force/buy-bulk-shipping`);
    await page.getByRole('heading', { name: 'Buy bulk shipping' }).waitFor();
    const batch = page.getByTestId('bulk-batch');
    const option = batch.locator('option', { hasText: batchNumber });
    await option.waitFor({ state: 'attached' });
    await batch.selectOption((await option.getAttribute('value'))!);
    const table = page.getByTestId('bulk-orders');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(3);
    await table.getByRole('checkbox', { name: 'Select all' }).check();

    // No box yet: nothing can be bought, and each order says why.
    const buy = page.getByTestId('bulk-buy');
    expect(await buy.isDisabled()).toBe(true);
    expect(await buy.textContent()).toContain('(0)');
    for (const id of ['E2E-L1', 'E2E-L2', 'E2E-L3'])
      expect(await page.getByTestId(`why-${id}`).textContent()).toContain('No box');
    // One box for all three by clicks: a preset, a weight, Set box.
    const presetSelect = page.getByTestId('bulk-box-preset');
    const first = (await presetSelect.locator('option').nth(1).getAttribute('value'))!;
    await presetSelect.selectOption(first);
    expect(Number(await page.getByTestId('bulk-box-lengthIn').inputValue())).toBeGreaterThan(0);
    await page.getByTestId('bulk-box-weightLb').fill('2');
    await page.getByTestId('bulk-box-apply').click();
    await page.getByTestId('bulk-box-note').filter({ hasText: 'Box set for 3 orders' }).waitFor();
    await expect.poll(() => buy.textContent()).toContain('(3)');
    expect(await buy.isDisabled()).toBe(false);
    expect(await page.getByTestId('why-E2E-L1').count()).toBe(0);

    await page.getByRole('button', { name: 'Shop rates' }).click();
    const rate = page.getByTestId('rate-E2E-L1');
    await rate.waitFor();
    const options = await rate.locator('option').allTextContents();
    expect(options.some((o) => o.includes('cheapest'))).toBe(true);
    expect(options.some((o) => o.includes('fastest'))).toBe(true);
    // The warehouse sees cost + upcharge beside each total.
    expect(options[1]).toMatch(/\$\d+\.\d\d \(\$\d+\.\d\d \+ \$\d+\.\d\d\)/);
    // Long rate descriptions do not widen the page: at 1280 px and on a phone nothing scrolls sideways.
    await rate.selectOption({ index: 1 });
    expect(await rate.getAttribute('title')).toBe(options[1]);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 412, height: 900 });
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByTestId('bulk-buy').click();
    const run = page.getByTestId('bulk-run');
    await run.filter({ hasText: '3 of 3 orders: 3 bought, 0 failed' }).waitFor();
    expect(await run.locator('progress').getAttribute('value')).toBe('3');
    await expect.poll(() => table.locator('tbody tr', { hasText: 'Bought' }).count()).toBe(3);

    // A reload of the tab keeps the desk where it was: the batch chosen, the run and its results.
    await page.reload();
    await run.filter({ hasText: '3 of 3 orders: 3 bought, 0 failed' }).waitFor();
    expect(await batch.inputValue()).toBe(await option.getAttribute('value'));
    await expect.poll(() => table.locator('tbody tr', { hasText: 'Bought' }).count()).toBe(3);

    const download = page.waitForEvent('download');
    await page.getByTestId('bulk-download').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile((await file.path())!);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(3);
  });
});
