/**
 * The warehouse's carriers in Chromium (Settings › Carriers): the admin opens them from the menu,
 * adds an LTL carrier — refused in place while the name, code and tracking page are wrong, and a
 * twin of UPS refused beside the name — edits FedEx's services and account, deactivates DHL, and
 * finds it all after a reload; then a WFS shipping template's own carrier is chosen from that list:
 * the new carrier offered, the deactivated one not. (Choosing a carrier in mark shipped is walked
 * in fbm-orders.e2e.ts.)
 */
import { describe, expect, it, vi } from 'vitest';
import { e2eEnv, signedIn } from './env.js';
import { apiRequest, apiSignIn } from './harness.js';

const env = e2eEnv();
vi.setConfig({ testTimeout: 180_000 });

describe('carriers', () => {
  it('the admin adds, edits and deactivates carriers, and a shipping template chooses from them', async () => {
    const page = await signedIn(env, 'demo.admin');
    page.setDefaultTimeout(60_000);
    const settings = page.locator('details.menu-section', { has: page.locator('a[data-menu-key=Carriers]') });
    await settings.locator('summary').click();
    await settings.locator('a[data-menu-key=Carriers]').click();
    await page.waitForURL('**/apps/settings/carriers');
    await page.getByRole('heading', { name: 'Carriers' }).waitFor();

    // The demo's carriers, with their account numbers.
    const grid = page.locator('[data-grid=carriers-grid]');
    const ups = page.locator('tr', { has: page.locator('[data-testid=carrier-UPSN]') });
    await ups.waitFor();
    expect(await ups.textContent()).toContain('A1B2C3');
    expect(await ups.textContent()).toContain('Ground, 3 Day Select');

    // Add: nothing filled is refused per field; a tracking page without {tracking} too.
    await page.getByTestId('carrier-add').click();
    const add = page.getByRole('form', { name: 'Add carrier' });
    await add.waitFor();
    await add.getByRole('button', { name: 'Save' }).click();
    await add.locator('[data-testid=error-name]', { hasText: 'name is required' }).waitFor();
    await add.locator('[data-testid=error-code]').waitFor();
    await add.locator('input[name=name]').fill('Estes Express');
    await add.locator('input[name=code]').fill('exla');
    expect(await add.locator('input[name=code]').inputValue()).toBe('EXLA');
    await add.locator('select[name=kind]').selectOption('ltl');
    await add.locator('input[name=accountNumber]').fill('EST-4411');
    await add.locator('textarea[name=services]').fill('Standard LTL\nGuaranteed');
    await add.locator('input[name=trackingUrl]').fill('https://www.estes-express.com/track');
    await add.getByRole('button', { name: 'Save' }).click();
    await add.locator('[data-testid=error-trackingUrl]', { hasText: '{tracking}' }).waitFor();
    await add.locator('input[name=trackingUrl]').fill('https://www.estes-express.com/track?pro={tracking}');
    await add.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Estes Express added').first().waitFor();
    await add.waitFor({ state: 'detached' });
    await grid.getByRole('searchbox').fill('estes');
    const estes = page.locator('tr', { has: page.locator('[data-testid=carrier-EXLA]') });
    await estes.waitFor();
    expect(await estes.textContent()).toContain('LTL (freight)');
    expect(await estes.textContent()).toContain('Standard LTL, Guaranteed');
    await grid.getByRole('searchbox').fill('');

    // A twin of UPS (another case) is refused beside the name; nothing is added.
    await page.getByTestId('carrier-add').click();
    const twin = page.getByRole('form', { name: 'Add carrier' });
    await twin.locator('input[name=name]').fill('ups');
    await twin.locator('input[name=code]').fill('UPS2');
    await twin.getByRole('button', { name: 'Save' }).click();
    await twin.locator('[data-testid=error-name]', { hasText: 'a carrier named UPS exists already' }).waitFor();
    await twin.getByRole('button', { name: 'Cancel' }).click();
    await twin.waitFor({ state: 'detached' });

    // Edit FedEx: its services and account number.
    await page.getByTestId('carrier-FDEG').click();
    const fedex = page.getByRole('form', { name: 'Edit FedEx' });
    await fedex.waitFor();
    expect(await fedex.locator('textarea[name=services]').inputValue()).toContain('Home Delivery');
    await fedex.locator('textarea[name=services]').fill('Ground\nHome Delivery\nFreight Priority');
    await fedex.locator('input[name=accountNumber]').fill('510099999');
    await fedex.getByRole('button', { name: 'Save' }).click();
    await page.getByText('FedEx saved').first().waitFor();
    await fedex.waitFor({ state: 'detached' });
    const fedexRow = page.locator('tr', { has: page.locator('[data-testid=carrier-FDEG]') });
    await expect.poll(() => fedexRow.textContent()).toContain('Freight Priority');

    // Deactivate DHL from its row: no longer offered, still listed.
    await page.getByTestId('carrier-toggle-DHLC').click();
    await page.getByText('DHL is no longer offered').first().waitFor();

    // After a reload: all of it kept (active first, so DHL is on the last page; searched).
    await page.reload();
    await fedexRow.waitFor();
    expect(await fedexRow.textContent()).toContain('510099999');
    await grid.getByRole('searchbox').fill('dhl');
    const dhl = page.locator('tr', { has: page.locator('[data-testid=carrier-DHLC]') });
    await expect.poll(() => dhl.locator('[data-testid=carrier-status]').getAttribute('data-active')).toBe('false');
    expect(await dhl.textContent()).toContain('Inactive');

    // A WFS shipping template's own carrier is chosen from the list: Estes offered, DHL not.
    const outbound = page.locator('details.menu-section', {
      has: page.locator('a[data-menu-key=WfsShippingTemplates]'),
    });
    await outbound.locator('summary').click();
    await outbound.locator('a[data-menu-key=WfsShippingTemplates]').click();
    await page.waitForURL('**/apps/outbound/wfs/shipping/templates');
    await page.getByRole('button', { name: 'Add template' }).click();
    const template = page.getByRole('form', { name: 'Add template' });
    await template.locator('select[name=carrierPreference]').selectOption('OWN_CARRIER');
    await template.locator('select[name=shippingMode]').selectOption('LTL');
    const carrier = template.locator('select[name=carrierName]');
    await expect.poll(() => carrier.isEnabled()).toBe(true);
    const offered = await carrier.locator('option').allTextContents();
    expect(offered).toEqual(expect.arrayContaining(['Estes Express (EXLA)', 'UPS (UPSN)', 'FedEx (FDEG)']));
    expect(offered.join('|')).not.toContain('DHL');
    // LTL work: the LTL carriers come first.
    expect(await carrier.locator('optgroup').first().getAttribute('label')).toBe('LTL (freight)');
    await carrier.selectOption('Estes Express');
    expect(await carrier.inputValue()).toBe('Estes Express');

    // The API agrees (read only).
    const admin = await apiSignIn(env.server.url, 'demo.admin');
    const list = await apiRequest<{ name: string; code: string; active: boolean; accountNumber: string | null }[]>(
      env.server.url,
      'GET',
      '/api/common/carrier',
      admin.token,
    );
    expect(list.body.find((c) => c.code === 'EXLA')).toMatchObject({ name: 'Estes Express', active: true });
    expect(list.body.find((c) => c.code === 'DHLC')?.active).toBe(false);
    expect(list.body.find((c) => c.code === 'FDEG')?.accountNumber).toBe('510099999');
    expect(list.body.filter((c) => c.name.toLowerCase() === 'ups')).toHaveLength(1);
    await page.context().close();
  });
});
