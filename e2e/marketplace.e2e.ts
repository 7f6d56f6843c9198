/**
 * Inventory by type in Chromium: a client imports its Amazon inventory report (a bad file first:
 * refused whole, row by row), sees its FBA and FBM lines; the warehouse sees them per client.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { e2eEnv, signedIn } from './env.js';

const env = e2eEnv();

const HEADER = [
  'sku',
  'fnsku',
  'asin',
  'product-name',
  'condition',
  'your-price',
  'mfn-listing-exists',
  'mfn-fulfillable-quantity',
  'afn-listing-exists',
  'afn-warehouse-quantity',
  'afn-fulfillable-quantity',
  'afn-unsellable-quantity',
  'afn-reserved-quantity',
  'afn-total-quantity',
  'per-unit-volume',
  'afn-inbound-working-quantity',
  'afn-inbound-shipped-quantity',
  'afn-inbound-receiving-quantity',
];
/** Fulfillable 24, inbound 3 + 4 + 5, reserved 2, unsellable 1; FBA only. */
const KETTLE = [
  'E2E-KETTLE',
  'X00E2EKTL1',
  'B0E2EKTL01',
  'Glass kettle',
  'New',
  '39.99',
  'No',
  '',
  'Yes',
  '30',
  '24',
  '1',
  '2',
  '27',
  '0.1',
  '3',
  '4',
  '5',
];
/** Out of stock at Amazon, merchant-fulfilled with `fbm` units. */
const mugRow = (fbm: string) => [
  'E2E-MUG',
  'X00E2EMUG1',
  'B0E2EMUG01',
  'Stoneware mug',
  'New',
  '9.99',
  'Yes',
  fbm,
  'Yes',
  '0',
  '0',
  '0',
  '0',
  '0',
  '0.1',
  '0',
  '0',
  '0',
];
const report = (rows: string[][]) => [HEADER, ...rows].map((r) => r.join('\t')).join('\n') + '\n';
const file = (name: string, text: string) => {
  const p = path.join(mkdtempSync(path.join(tmpdir(), 'dockside-mkt-')), name);
  writeFileSync(p, text);
  return p;
};

describe('inventory by type', () => {
  it('a client imports its Amazon report: a bad row refuses the file, a good one shows FBA and FBM lines; the warehouse sees them for that client', async () => {
    const page = await signedIn(env, 'demo.client2');
    await page.goto(`${env.server.url}/apps/inventory/amazon/fba`);
    await page.getByRole('heading', { name: 'Amazon FBA inventory' }).waitFor();
    await page
      .locator('[data-testid=marketplace-summary]', { hasText: 'No Amazon inventory report has been imported yet' })
      .waitFor();

    await page.getByRole('button', { name: 'Import report' }).click();
    const form = page.locator('[data-testid=marketplace-import]');
    await form.getByRole('button', { name: 'Import' }).click();
    await form.locator('.form-error', { hasText: 'Choose the report file' }).waitFor();
    await form.locator('input[name=report]').setInputFiles(file('bad.txt', report([KETTLE, mugRow('lots')])));
    await form.getByRole('button', { name: 'Import' }).click();
    const refusal = page.locator('[data-testid=marketplace-import-report]');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('Row 2');
    await page.locator('[data-testid=marketplace-summary]', { hasText: 'No Amazon inventory report' }).waitFor();

    await form.locator('input[name=report]').setInputFiles(file('inventory.txt', report([KETTLE, mugRow('7')])));
    await form.getByRole('button', { name: 'Import' }).click();
    await page.waitForSelector('text=3 lines imported from inventory.txt');
    const kettle = page.locator('tr', { hasText: 'E2E-KETTLE' });
    await kettle.waitFor();
    // Fulfillable 24, inbound 3 + 4 + 5, reserved 2, unsellable 1.
    expect((await kettle.locator('td').allTextContents()).slice(3, 7)).toEqual(['24', '12', '2', '1']);
    expect(await kettle.textContent()).toContain('not in catalogue');
    await page
      .locator('[data-testid=marketplace-summary]', {
        hasText: 'fulfillable 24 · inbound 12 · reserved 2 · unsellable 1',
      })
      .waitFor();

    await page.selectOption('select[name=stock]', 'out_of_stock');
    await page.locator('tr', { hasText: 'E2E-MUG' }).waitFor();
    await expect.poll(() => page.locator('tr', { hasText: 'E2E-KETTLE' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Amazon FBM' }).click();
    await page.waitForURL('**/apps/inventory/amazon/fbm');
    const mug = page.locator('tr', { hasText: 'E2E-MUG' });
    await mug.waitFor();
    expect(await mug.textContent()).toContain('7');
    await expect.poll(() => page.locator('tr', { hasText: 'E2E-KETTLE' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Walmart WFS' }).click();
    await page.waitForURL('**/apps/inventory/wfs');
    await page.locator('[data-testid=marketplace-summary]', { hasText: 'No Walmart inventory report' }).waitFor();
    await page.context().close();

    // The other client sees none of it; the warehouse sees it under that client.
    const other = await signedIn(env, 'demo.client');
    await other.goto(`${env.server.url}/apps/inventory/amazon/fba`);
    await other.getByRole('heading', { name: 'Amazon FBA inventory' }).waitFor();
    await other.fill('input[type=search]', 'E2E-');
    await other.locator('.grid-state.empty').waitFor();
    expect(await other.locator('tr', { hasText: 'E2E-KETTLE' }).count()).toBe(0);
    await other.context().close();

    const desk = await signedIn(env, 'demo.admin');
    await desk.goto(`${env.server.url}/apps/inventory/amazon/fba`);
    await desk.fill('input[type=search]', 'E2E-KETTLE');
    const row = desk.locator('tr', { hasText: 'E2E-KETTLE' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Glass kettle');
    await desk.context().close();
  });
});
