/** Tools → Freight in Chromium: from the menu, shop LTL rates, book the cheapest, see its PRO in the list. */
import { describe, expect, it, vi } from 'vitest';
import { e2eEnv, signedIn } from './env.js';

const env = e2eEnv();
vi.setConfig({ testTimeout: 180_000 });

describe('freight tool', () => {
  it('an admin shops the carriers’ rates, books the cheapest and finds its PRO number in the list', async () => {
    const page = await signedIn(env, 'demo.admin');
    page.setDefaultTimeout(60_000);
    const tools = page.locator('details.menu-section', { has: page.locator('a[data-menu-key=FreightShipments]') });
    await tools.locator('summary').click();
    await tools.locator('a[data-menu-key=FreightShipments]').click();
    await page.waitForURL('**/apps/tools/freight');
    await page.getByRole('heading', { name: 'Freight shipments' }).waitFor();
    await page.getByTestId('freight-empty').waitFor();

    await page.getByTestId('freight-empty').getByRole('link', { name: 'Create shipment' }).click();
    await page.waitForURL('**/apps/tools/freight/create-shipment');
    await page.getByRole('heading', { name: 'Create freight shipment' }).waitFor();

    // Nothing filled in: each field says what it needs.
    await page.getByRole('button', { name: 'Shop rates' }).click();
    await page.locator('.form-error', { hasText: 'postalCode: a 5-digit ZIP code' }).first().waitFor();
    await page.locator('.form-error', { hasText: 'heightIn: more than 0' }).first().waitFor();

    const party = async (who: string, v: Record<string, string>) => {
      for (const [k, value] of Object.entries(v)) await page.fill(`input[name="${who}.${k}"]`, value);
    };
    await party('shipper', {
      name: 'Dana Dock',
      company: 'Demo Prep Co',
      phone: '555-0100',
      addressLine1: '100 Harbor Way',
      city: 'Newark',
      state: 'NJ',
      postalCode: '07114',
    });
    await party('consignee', {
      name: 'Receiving',
      company: 'Amazon DFW6',
      phone: '555-0199',
      addressLine1: '940 W Bethel Rd',
      city: 'Coppell',
      state: 'TX',
      postalCode: '75019',
    });
    await page.selectOption('select[name=companyId]', { label: 'Acme Sellers' });
    await page.fill('input[name="units.0.count"]', '2');
    await page.fill('input[name="units.0.heightIn"]', '50');
    await page.fill('input[name="units.0.weightLb"]', '650');
    // 650 lb in 48×40×50 in: class 92.5 from density.
    await expect
      .poll(() => page.locator('select[name="units.0.freightClass"] option').first().textContent())
      .toBe('From density: 92.5');
    await page.getByRole('button', { name: 'Shop rates' }).click();

    const rates = page.getByTestId('freight-rate');
    await rates.first().waitFor();
    expect(await rates.count()).toBeGreaterThanOrEqual(4);
    const cheapest = rates.filter({ hasText: 'Cheapest' });
    expect(await cheapest.count()).toBe(1);
    expect(await rates.filter({ hasText: 'Fastest' }).count()).toBe(1);
    await cheapest.getByRole('button', { name: 'Book' }).dblclick();

    const pro = page.getByTestId('freight-pro');
    await pro.waitFor();
    await expect.poll(() => pro.textContent()).toMatch(/^\d{10}$/);
    const proNumber = (await pro.textContent())!;
    expect(await page.getByTestId('freight-bol').textContent()).toMatch(/^BOL[A-Z0-9]{8}$/);
    await page.getByTestId('freight-detail').getByText('Booked', { exact: true }).first().waitFor();

    await page.locator('.page-head').getByRole('link', { name: 'Freight shipments' }).click();
    await page.waitForURL('**/apps/tools/freight');
    await page.locator('td', { hasText: proNumber }).waitFor();
    await page.locator('td', { hasText: 'Acme Sellers' }).waitFor();
    // The double click booked once.
    expect(await page.locator('tbody tr').count()).toBe(1);
    await page.context().close();
  });
});
