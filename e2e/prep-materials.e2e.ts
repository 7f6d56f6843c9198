/** Prep materials in Chromium: from the menu, a cost group, a box with exact prices, a purchase, the stock. */
import { describe, expect, it, vi } from 'vitest';
import { e2eEnv, signedIn } from './env.js';

const env = e2eEnv();
vi.setConfig({ testTimeout: 180_000 });

describe('prep materials', () => {
  it('an admin creates a cost group and a box from the menu, records a purchase and sees the stock', async () => {
    const page = await signedIn(env, 'demo.admin');
    page.setDefaultTimeout(60_000);
    const account = page.locator('details.menu-section', { has: page.locator('a[data-menu-key=PrepMaterials]') });
    await account.locator('summary').click();
    await account.locator('a[data-menu-key=PrepMaterials]').click();
    await page.waitForURL('**/apps/prep-materials/items');
    await page.getByRole('heading', { name: 'Prep materials' }).waitFor();
    await page.locator('.grid-state.empty').waitFor();

    // A cost group.
    await page.getByRole('link', { name: 'Cost groups' }).click();
    await page.waitForURL('**/apps/finance/cost-group');
    await page.getByRole('button', { name: 'Add cost group' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.form-error', { hasText: 'name: required' }).waitFor();
    await page.fill('input[name=name]', 'Shipping boxes');
    await page.fill('input[name=description]', 'Cartons for FBA boxes');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForSelector('text=Cost group saved');
    await page.locator('td', { hasText: 'Cartons for FBA boxes' }).waitFor();

    // A box in that group: a bad price is refused in place, then saved.
    await page.getByRole('link', { name: 'Prep materials' }).first().click();
    await page.waitForURL('**/apps/prep-materials/items');
    await page.getByRole('button', { name: 'Add material' }).click();
    const form = page.getByRole('form', { name: 'Add material' });
    await form.locator('input[name=code]').fill('box-16128');
    await form.locator('input[name=name]').fill('Box 16x12x8');
    await form.locator('select[name=costGroupId]').selectOption({ label: 'Shipping boxes' });
    await form.locator('input[name=costPrice]').fill('0.9');
    await form.locator('input[name=clientPrice]').fill('1.2345678');
    await form.locator('input[name=reorderLevel]').fill('10');
    await form.locator('input[name=lengthIn]').fill('16');
    await form.locator('input[name=widthIn]').fill('12');
    await form.locator('input[name=heightIn]').fill('8');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.locator('.form-error', { hasText: 'clientPrice: at most 6 decimals' }).waitFor();
    await form.locator('input[name=clientPrice]').fill('1.234567');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.waitForSelector('text=Material saved');
    const onHand = page.locator('[data-testid=on-hand-BOX-16128]');
    await expect.poll(() => onHand.textContent()).toContain('Low stock');
    expect(await page.locator('td', { hasText: '1.234567' }).count()).toBe(1);

    // A purchase, preselected from the row.
    await page.getByRole('link', { name: 'Record purchase' }).click();
    await page.waitForURL('**/apps/prep-materials/purchase?qPrepMaterialId=*');
    await expect.poll(() => page.locator('select[name=materialId]').inputValue()).not.toBe('');
    await page.fill('input[name=quantity]', '25');
    await page.fill('input[name=unitCost]', '0.8125');
    await page.fill('input[name=supplier]', 'Uline');
    await page.fill('input[name=reference]', 'INV-77');
    await page.getByRole('button', { name: 'Record purchase' }).click();
    await page.waitForSelector('text=Purchase of BOX-16128 recorded: 25 on hand');
    await page.locator('td', { hasText: 'INV-77' }).waitFor();

    // The stock.
    await page.getByRole('link', { name: 'Prep materials' }).first().click();
    await page.waitForURL('**/apps/prep-materials/items');
    await expect.poll(() => onHand.textContent()).toContain('25 each');
    expect(await onHand.textContent()).not.toContain('Low stock');
    // A shelf count of 9: the difference is booked and the box is now low on stock.
    await page.getByTestId('prep-material-count-open').first().click();
    const count = page.getByTestId('prep-material-count');
    expect(await count.locator('input[name=counted]').inputValue()).toBe('25');
    await count.locator('input[name=counted]').fill('-3');
    await count.getByRole('button', { name: 'Save count' }).click();
    await count.locator('.form-error', { hasText: 'Enter a whole number' }).waitFor();
    await count.locator('input[name=counted]').fill('9');
    await count.getByRole('button', { name: 'Save count' }).click();
    await page.waitForSelector('text=BOX-16128: adjustment of -16 booked, 9 on hand');
    await expect.poll(() => onHand.textContent()).toContain('9 each');
    expect(await onHand.textContent()).toContain('Low stock');
    // Only low stock: the box, at 9, is at or below its reorder level of 10.
    await page.selectOption('select[name=lowStock]', 'true');
    await page.locator('td', { hasText: 'BOX-16128' }).waitFor();
    await page.context().close();
  });
});
