/**
 * Warehouse sites in Chromium (Settings › Warehouses): the admin opens them from the menu, edits
 * Main's address — refused beside the state while a US address has none — and its time zone, adds
 * a Canadian site that becomes the default ship-from, and finds all of it again after a reload.
 */
import { describe, expect, it } from 'vitest';
import { e2eEnv, signedIn } from './env.js';
import { apiRequest, apiSignIn } from './harness.js';

const env = e2eEnv();

describe('warehouse sites', () => {
  it('the admin edits a site’s address and time zone and adds the new default ship-from', async () => {
    const page = await signedIn(env, 'demo.admin');
    const settings = page.locator('details.menu-section', { has: page.locator('a[data-menu-key=Warehouses]') });
    await settings.locator('summary').click();
    await settings.locator('a[data-menu-key=Warehouses]').click();
    await page.waitForURL('**/apps/settings/warehouses');

    // The demo's Main: its Newark address, the default ship-from.
    const main = page.locator('[data-testid=site-MAIN]');
    await main.waitFor();
    expect(await main.textContent()).toContain('Default ship-from');
    const mainRow = page.locator('tr', { has: main });
    expect(await mainRow.textContent()).toContain('100 Harbor Way');
    expect(await mainRow.textContent()).toContain('America/New_York');

    // Edit: a US address without its state is refused at the state, nothing saved.
    await main.getByRole('button', { name: 'Main' }).click();
    const form = page.getByRole('form', { name: 'Edit Main' });
    await form.waitFor();
    expect(await form.locator('input[name=state]').inputValue()).toBe('NJ');
    await form.locator('input[name=line1]').fill('200 Harbor Way');
    await form.locator('input[name=line2]').fill('Door 12');
    await form.locator('input[name=state]').fill('');
    await form.locator('select[name=timezone]').selectOption('America/Detroit');
    expect(await form.textContent()).toContain('Required for an address in US');
    await form.getByRole('button', { name: 'Save' }).click();
    await form
      .locator('[data-testid=error-state]', { hasText: 'the state or province is required for an address in US' })
      .waitFor();
    await form.locator('input[name=state]').fill('NJ');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Site saved').first().waitFor();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => mainRow.textContent()).toContain('200 Harbor Way, Door 12');

    // Add a Canadian site: its province is required too; it takes the default ship-from.
    await page.getByRole('button', { name: 'Add site' }).click();
    const add = page.getByRole('form', { name: 'Add site' });
    await add.waitFor();
    await add.locator('input[name=name]').fill('Toronto Overflow');
    await add.locator('input[name=code]').fill('tor-1');
    await add.locator('input[name=line1]').fill('55 Lakeshore Blvd');
    await add.locator('input[name=city]').fill('Toronto');
    await add.locator('input[name=postalCode]').fill('M5V 1A1');
    await add.locator('input[name=countryCode]').fill('ca');
    await add.locator('select[name=timezone]').selectOption('America/Toronto');
    await add.getByRole('button', { name: 'Save' }).click();
    await add.locator('[data-testid=error-state]', { hasText: 'address in CA' }).waitFor();
    await add.locator('input[name=state]').fill('ON');
    await add.locator('input[name=defaultShipFrom]').check();
    await add.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Site added').first().waitFor();
    const toronto = page.locator('[data-testid=site-TOR-1]');
    await toronto.waitFor();
    await expect.poll(() => toronto.textContent()).toContain('Default ship-from');
    await expect.poll(() => main.textContent()).not.toContain('Default ship-from');

    // After a reload: the address, time zone and default are kept.
    await page.reload();
    await main.waitFor();
    expect(await page.locator('tr', { has: main }).textContent()).toContain('200 Harbor Way, Door 12');
    expect(await page.locator('tr', { has: toronto }).textContent()).toContain('M5V 1A1 Toronto, ON, CA');
    await main.getByRole('button', { name: 'Main' }).click();
    const again = page.getByRole('form', { name: 'Edit Main' });
    await again.waitFor();
    expect(await again.locator('input[name=line1]').inputValue()).toBe('200 Harbor Way');
    expect(await again.locator('input[name=state]').inputValue()).toBe('NJ');
    expect(await again.locator('select[name=timezone]').inputValue()).toBe('America/Detroit');
    expect(await again.locator('input[name=defaultShipFrom]').isChecked()).toBe(false);

    // The API agrees (read only): one default ship-from, Toronto.
    const admin = await apiSignIn(env.server.url, 'demo.admin');
    const sites = await apiRequest<{ code: string; state: string | null; defaultShipFrom: boolean }[]>(
      env.server.url,
      'GET',
      '/api/company/warehouse',
      admin.token,
    );
    expect(sites.body.filter((w) => w.defaultShipFrom).map((w) => w.code)).toEqual(['TOR-1']);
    await page.context().close();
  });
});
