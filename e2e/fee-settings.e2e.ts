/**
 * Fee settings in Chromium (issue 21, spec §2 FeeSettings): the admin opens them from the menu,
 * reads each fee with its unit and value, has a bad amount refused at the fee, saves, gives one
 * client its own value, and finds all of it again after a reload.
 */
import { describe, expect, it } from 'vitest';
import { e2eEnv, signedIn } from './env.js';

const env = e2eEnv();

describe('fee settings', () => {
  it('the admin sets the warehouse’s fees and one client’s own value', async () => {
    const page = await signedIn(env, 'demo.admin');
    const settings = page.locator('details.menu-section', { has: page.locator('a[data-menu-key=FeeSettings]') });
    await settings.locator('summary').click();
    await settings.locator('a[data-menu-key=FeeSettings]').click();
    await page.waitForURL('**/apps/settings/fee');
    const form = page.locator('[data-testid=fee-form-tenant]');
    const fee = (key: string) => page.locator(`[data-fee=${key}]`);
    await form.waitFor();

    // Units, what applies and the defaults.
    await expect.poll(() => fee('DAILY_STORAGE_FEE_PER_QF').textContent()).toContain('USD per cubic foot and day');
    expect(await fee('FREE_STORAGE_DAY_COUNT').textContent()).toContain('Default: 30 days');
    expect(await fee('PER_BOX_CHARGE').textContent()).toContain('Not set: the default applies');
    expect(await page.locator('fieldset[data-group=storage] legend').textContent()).toBe('Storage');

    // Seven decimals: refused at the fee, nothing sent.
    await fee('PER_BOX_CHARGE').locator('input').fill('1.2345678');
    await fee('DAILY_STORAGE_FEE_PER_QF').locator('input').fill('0.0333');
    await form.getByRole('button', { name: 'Save fees' }).click();
    await fee('PER_BOX_CHARGE').locator('.form-error', { hasText: 'at most 6 decimals' }).waitFor();
    expect(await fee('PER_BOX_CHARGE').locator('input').getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Correct the marked values; nothing was saved.').waitFor();

    await fee('PER_BOX_CHARGE').locator('input').fill('0.75');
    await fee('FREE_STORAGE_DAY_COUNT').locator('input').fill('45');
    await form.getByRole('button', { name: 'Save fees' }).click();
    await page.getByText('Fee settings saved').first().waitFor();
    await expect.poll(() => fee('PER_BOX_CHARGE').textContent()).toContain('Now: $0.75 per box');
    expect(await fee('DAILY_STORAGE_FEE_PER_QF').textContent()).toContain('Now: $0.0333 per cubic foot and day');
    expect(await fee('PER_BOX_CHARGE').locator('.form-error').count()).toBe(0);

    // Acme Sellers pays 0.50 a box; the rest follows the warehouse.
    const acme = await page.locator('select[name=feeScope] option', { hasText: 'Acme Sellers' }).getAttribute('value');
    await page.locator('select[name=feeScope]').selectOption(acme!);
    const client = page.locator('[data-testid=fee-form-client]');
    await client.waitFor();
    expect(await fee('PER_BOX_CHARGE').textContent()).toContain('Warehouse: $0.75 per box');
    expect(await fee('PER_BOX_CHARGE').textContent()).toContain("follows the warehouse's value");
    expect(await fee('PER_BOX_CHARGE').locator('input').inputValue()).toBe('0.75');
    await fee('PER_BOX_CHARGE').locator('input').fill('0.5');
    await client.getByRole('button', { name: "Save this client's fees" }).click();
    await page.getByText('Fee settings saved').first().waitFor();
    await expect.poll(() => fee('PER_BOX_CHARGE').textContent()).toContain("this client's own value");

    // After a reload: the warehouse's values, then Acme's own.
    await page.reload();
    await form.waitFor();
    expect(await fee('PER_BOX_CHARGE').locator('input').inputValue()).toBe('0.75');
    expect(await fee('FREE_STORAGE_DAY_COUNT').locator('input').inputValue()).toBe('45');
    await page.locator('select[name=feeScope]').selectOption(acme!);
    await client.waitFor();
    expect(await fee('PER_BOX_CHARGE').locator('input').inputValue()).toBe('0.50');
    expect(await fee('FREE_STORAGE_DAY_COUNT').locator('input').inputValue()).toBe('45');
    expect(await fee('FREE_STORAGE_DAY_COUNT').textContent()).toContain("follows the warehouse's value");

    // Back to the warehouse's value.
    await fee('PER_BOX_CHARGE').getByRole('button', { name: "Use the warehouse's value" }).click();
    expect(await fee('PER_BOX_CHARGE').locator('input').inputValue()).toBe('0.75');
    await client.getByRole('button', { name: "Save this client's fees" }).click();
    await expect.poll(() => fee('PER_BOX_CHARGE').textContent()).toContain("follows the warehouse's value");
    await page.context().close();
  });
});
