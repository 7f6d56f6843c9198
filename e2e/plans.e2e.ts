/**
 * Service charge plans in Chromium: the warehouse creates a plan with price lines (a bad price
 * refused in place), enrols a client, and the client sees the plan and its prices under My plans.
 */
import { describe, expect, it, vi } from 'vitest';
import { e2eEnv, signedIn } from './env.js';

const env = e2eEnv();
vi.setConfig({ testTimeout: 180_000 });

describe('service charge plans', () => {
  it('a plan with price lines, a client enrolled in it, and the client seeing it under My plans', async () => {
    const page = await signedIn(env, 'demo.admin');
    page.setDefaultTimeout(60_000);
    const section = page.locator('details.menu-section', {
      has: page.locator('a[data-menu-key=ServiceChargePlans]'),
    });
    await section.locator('summary').click();
    await section.locator('a[data-menu-key=ServiceChargePlans]').click();
    await page.waitForURL('**/apps/plan/management');
    await page.getByRole('heading', { name: 'Service charge plans' }).waitFor();
    await page.locator('.grid-state.empty').waitFor();

    // A plan: nothing named is refused, then two price lines, one with too many decimals.
    await page.getByRole('button', { name: 'Add plan' }).click();
    const form = page.getByRole('form', { name: 'Add plan' });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.locator('.form-error', { hasText: 'name: required' }).waitFor();
    await form.locator('input[name=name]').fill('FBA Gold');
    await form.locator('select[name=tier]').selectOption('professional');
    await form.locator('input[name=recurringFee]').fill('49.99');
    await form.getByRole('button', { name: 'Add price line' }).click();
    await form.locator('select[name="prices.0.code"]').selectOption('ITEM_SORT');
    await form.locator('input[name="prices.0.unitPrice"]').fill('0.3');
    await form.getByRole('button', { name: 'Add price line' }).click();
    await form.locator('select[name="prices.1.code"]').selectOption('BOX_PACKED');
    expect(await form.locator('select[name="prices.1.code"] option[value=BOX_PACKED]').textContent()).toContain(
      'Box packed',
    );
    await form.locator('input[name="prices.1.unitPrice"]').fill('1.2345678');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.locator('.form-error', { hasText: 'unitPrice: at most 6 decimals' }).waitFor();
    await form.locator('input[name="prices.1.unitPrice"]').fill('1.234567');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.waitForSelector('text=Plan saved');
    await page.locator('td', { hasText: 'Professional' }).waitFor();
    await expect.poll(() => page.locator('[data-testid^=plan-prices-]').first().textContent()).toBe('2');

    // Enrol Acme Sellers in it.
    await page.getByRole('link', { name: 'Client plans' }).click();
    await page.waitForURL('**/apps/plan/management/customer');
    await page.locator('.grid-state.empty').waitFor();
    await page.getByRole('button', { name: 'Enrol a client' }).click();
    const enrol = page.getByRole('form', { name: 'Enrol a client' });
    await expect.poll(() => enrol.locator('select[name=companyId] option').count()).toBeGreaterThan(1);
    const acme = await enrol
      .locator('select[name=companyId] option', { hasText: 'Acme Sellers' })
      .getAttribute('value');
    await enrol.locator('select[name=companyId]').selectOption(acme!);
    await expect.poll(() => enrol.locator('select[name=planId] option').count()).toBeGreaterThan(1);
    await enrol.locator('select[name=planId]').selectOption({ index: 1 });
    await enrol.getByRole('button', { name: 'Enrol a client' }).click();
    await page.waitForSelector('text=Acme Sellers enrolled in FBA Gold');
    await page.locator('td', { hasText: 'FBA Gold' }).waitFor();
    await page.context().close();

    // The client sees its plan and prices; nothing of the warehouse's screens.
    const client = await signedIn(env, 'demo.client');
    client.setDefaultTimeout(60_000);
    const account = client.locator('details.menu-section', { has: client.locator('a[data-menu-key=MyPlans]') });
    await account.locator('summary').click();
    await account.locator('a[data-menu-key=MyPlans]').click();
    await client.waitForURL('**/apps/account/plan/my-plans');
    const card = client.locator('[data-testid=my-plan]', { hasText: 'FBA Gold' });
    await card.waitFor();
    // Prices read as money in the client's language, every decimal a price has kept.
    expect(await card.locator('[data-testid=my-price-BOX_PACKED]').textContent()).toBe('$1.234567');
    expect(await card.locator('[data-testid=my-price-ITEM_SORT]').textContent()).toBe('$0.30');
    expect(await card.textContent()).toContain('$49.99 Monthly');
    expect(await client.locator('a[data-menu-key=ServiceChargePlans]').count()).toBe(0);
    await client.getByRole('link', { name: 'Plan enrolment history' }).click();
    await client.waitForURL('**/apps/account/plan/enrollment');
    await client.locator('td', { hasText: 'FBA Gold' }).waitFor();
    await client.context().close();
  });
});
