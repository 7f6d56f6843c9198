/**
 * Buy Shipping Labels in Chromium: the warehouse opens the tool from the Tools menu, is told in
 * place what an address lacks, shops the sandbox carriers' rates (cheapest and fastest marked),
 * buys the cheapest for a client, sees it listed with its cost and upcharge, prints it again and
 * voids it. An international label: the customs section appears once the ship-to country differs,
 * is told in place what it lacks, and the label is bought with its declaration (the PDF: the label
 * then its CN22).
 */
import { describe, expect, it, vi } from 'vitest';
import { e2eEnv, signedIn } from './env.js';

const env = e2eEnv();
vi.setConfig({ testTimeout: 180_000 });

describe('buy shipping labels', () => {
  it('shops rates, buys the cheapest for a client, prints it again and voids it', async () => {
    const page = await signedIn(env, 'demo.admin');
    page.setDefaultTimeout(60_000);
    const tools = page.locator('details.menu-section', { has: page.locator('a[data-menu-key=BuyShippingLabels]') });
    await tools.locator('summary').click();
    await tools.locator('a[data-menu-key=BuyShippingLabels]').click();
    await page.waitForURL('**/apps/tools/shipping-label');
    await page.getByRole('heading', { name: 'Buy shipping labels' }).waitFor();
    await page.locator('[data-grid^=shipping-labels] .grid-state.empty').waitFor();

    const form = page.getByRole('form', { name: 'New label' });
    await form.getByRole('button', { name: 'Shop rates' }).click();
    await form.locator('.form-error', { hasText: 'line1: the street address' }).first().waitFor();
    await form.locator('.form-error', { hasText: 'weightLb: more than 0' }).waitFor();

    const address = async (prefix: string, a: Record<string, string>) => {
      for (const [k, v] of Object.entries(a)) await form.locator(`input[name="${prefix}.${k}"]`).fill(v);
    };
    await address('shipFrom', {
      name: 'Dockside Prep',
      phone: '555-0100',
      line1: '100 Harbor Way',
      city: 'Newark',
      state: 'NJ',
      postalCode: '07114',
    });
    await address('shipTo', {
      name: 'Jane Buyer',
      line1: '5 Elm St',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
    });
    await form.locator('input[name=weightLb]').fill('3');
    await form.locator('input[name=reference]').fill('E2E-1');
    const acme = form.locator('select[name=companyId] option', { hasText: 'Acme Sellers' });
    await acme.waitFor({ state: 'attached' });
    await form.locator('select[name=companyId]').selectOption((await acme.getAttribute('value'))!);
    await form.getByRole('button', { name: 'Shop rates' }).click();

    const rates = page.getByTestId('rates');
    await rates.locator('tbody tr').first().waitFor();
    expect(await rates.locator('tbody tr').count()).toBeGreaterThan(3);
    const first = rates.locator('tbody tr').first();
    expect(await first.textContent()).toContain('Cheapest');
    expect(await rates.locator('.badge', { hasText: 'Fastest' }).count()).toBeGreaterThan(0);
    const download = page.waitForEvent('download');
    await first.getByRole('button', { name: 'Buy' }).click();
    expect((await download).suggestedFilename()).toMatch(/^label-.+\.pdf$/);

    const row = page.locator('[data-grid^=shipping-labels] tbody tr').first();
    await expect.poll(() => row.textContent()).toContain('E2E-1');
    expect(await row.textContent()).toContain('Acme Sellers');
    expect(await row.textContent()).toContain('Bought');
    expect(await row.textContent()).toMatch(/\$\d+\.\d\d \+ \$\d+\.\d\d/);

    const again = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Print' }).click();
    expect((await again).suggestedFilename()).toMatch(/\.pdf$/);

    page.once('dialog', (d) => void d.accept());
    await row.getByRole('button', { name: 'Void' }).click();
    await expect.poll(() => row.textContent()).toContain('Voided');
    expect(await row.getByRole('button', { name: 'Void' }).count()).toBe(0);
  });

  it('buys an international label with its customs declaration', async () => {
    const page = await signedIn(env, 'demo.admin');
    page.setDefaultTimeout(60_000);
    await page.goto(`${env.server.url}/apps/tools/shipping-label`);
    const form = page.getByRole('form', { name: 'New label' });
    const fill = async (fields: Record<string, string>) => {
      for (const [k, v] of Object.entries(fields)) await form.locator(`[name="${k}"]`).fill(v);
    };
    await fill({
      'shipFrom.name': 'Dockside Prep',
      'shipFrom.phone': '555-0100',
      'shipFrom.line1': '100 Harbor Way',
      'shipFrom.city': 'Newark',
      'shipFrom.state': 'NJ',
      'shipFrom.postalCode': '07114',
      'shipTo.name': 'Ada Buyer',
      'shipTo.phone': '+44 20 7946 0000',
      'shipTo.line1': '10 Downing St',
      'shipTo.city': 'London',
      'shipTo.state': 'LDN',
      'shipTo.postalCode': 'SW1A 2AA',
      'shipTo.countryCode': 'GB',
      weightLb: '2',
      reference: 'E2E-INTL',
    });
    const customs = page.getByTestId('label-customs');
    await customs.waitFor();
    await form.getByRole('button', { name: 'Shop rates' }).click();
    await customs.locator('.form-error', { hasText: 'An HS tariff number of 6 to 10 digits' }).waitFor();
    await fill({
      'items.0.description': 'Ceramic coffee mug',
      'items.0.quantity': '2',
      'items.0.unitValue': '12.50',
      'items.0.hsCode': '6912.00',
      'items.0.countryOfOrigin': 'CN',
      'items.0.unitWeightLb': '0.8',
    });
    await form.getByRole('button', { name: 'Shop rates' }).click();
    const rates = page.getByTestId('rates');
    await rates.locator('tbody tr').first().waitFor();
    const download = page.waitForEvent('download');
    await rates.locator('tbody tr').first().getByRole('button', { name: 'Buy' }).click();
    const file = await (await download).path();
    const { PDFDocument } = await import('pdf-lib');
    const { readFile } = await import('node:fs/promises');
    expect((await PDFDocument.load(await readFile(file))).getPageCount()).toBe(2);
    const row = page.locator('[data-grid^=shipping-labels] tbody tr', { hasText: 'E2E-INTL' });
    await expect.poll(() => row.count()).toBe(1);
  });
});
