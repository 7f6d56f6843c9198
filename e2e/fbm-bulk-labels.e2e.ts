/**
 * Bulk labels in Chromium (issue 20 step 6): three picked orders of a pick batch (made through the
 * API: stock, orders file with addresses, reserve, batch, picks, default boxes); the desk user
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
import { apiRequest, apiSignIn } from './harness.js';

const env = e2eEnv();
vi.setConfig({ testTimeout: 180_000 });

const STORE = 'E2E Labels eBay';
const HEADER =
  'store,order_id,purchase_date,sku,title,quantity,quantity_shipped,unit_price,ship_to_name,ship_to_address1,ship_to_city,ship_to_state,ship_to_postal_code,ship_to_country';

async function seed(url: string): Promise<string> {
  const admin = await apiSignIn(url, 'demo.admin');
  const client = await apiSignIn(url, 'demo.client');
  const ok = (res: { status: number; body: unknown }, what: string, codes = [200, 201]) =>
    expect(codes, `${what}: ${JSON.stringify(res.body)}`).toContain(res.status);
  const [warehouse] = (
    await apiRequest<{ id: number; name: string; code: string }[]>(url, 'GET', '/api/company/warehouse', admin.token)
  ).body;
  ok(
    await apiRequest(url, 'PUT', `/api/company/warehouse/${warehouse.id}`, admin.token, {
      name: warehouse.name,
      code: warehouse.code,
      line1: '100 Harbor Way',
      city: 'Newark',
      state: 'NJ',
      postalCode: '07114',
      countryCode: 'US',
    }),
    'warehouse address',
  );
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
  const store = await apiRequest<{ id: number }>(url, 'POST', '/api/common/stores', admin.token, {
    companyId: client.companyId,
    marketplace: 'ebay',
    name: STORE,
    environment: 'sandbox',
  });
  ok(store, 'store');
  const rows = [
    ['E2E-L1', 'E2E-LBL-MUG', 2],
    ['E2E-L2', 'E2E-LBL-LAMP', 1],
    ['E2E-L3', 'E2E-LBL-MUG', 1],
  ].map(
    ([id, sku, q], i) =>
      `${STORE},${id},2026-11-2${i}T10:00:00Z,${sku},${sku} item,${q},0,9.99,Ada Buyer,5 Elm St,Springfield,IL,62701,US`,
  );
  const form = new FormData();
  form.set('file', new Blob([[HEADER, ...rows].join('\n')], { type: 'text/csv' }), 'orders.csv');
  const upload = await fetch(`${url}/api/fbm/orders/file-upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
    body: form,
  });
  expect(upload.status, await upload.clone().text()).toBe(201);
  ok(
    await apiRequest(url, 'POST', `/api/fbm/web/reserve/awaiting/items/store/${store.body.id}`, admin.token, {}),
    'reserve',
  );
  const batch = await apiRequest<{
    id: number;
    number: string;
    lines: { id: number; quantity: number; orderId: number }[];
  }>(url, 'POST', '/api/fbm/web/pick/batch', admin.token, { storeId: store.body.id });
  ok(batch, 'batch');
  for (const l of batch.body.lines)
    ok(
      await apiRequest(url, 'POST', `/api/fbm/web/pick/batch/${batch.body.id}/pick`, admin.token, {
        batchLineId: l.id,
        quantity: l.quantity,
      }),
      'pick',
    );
  return batch.body.number;
}

describe('buy bulk shipping', () => {
  it('shops and buys labels for a pick batch in bulk, then downloads the merged PDF', async () => {
    const batchNumber = await seed(env.server.url);
    const page = await signedIn(env, 'demo.admin');
    page.setDefaultTimeout(60_000);
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
