/** WFS shipping templates in Chromium: from the menu, a template with a box preset, refused in place, then listed. */
import { describe, expect, it, vi } from 'vitest';
import { e2eEnv, signedIn } from './env.js';

const env = e2eEnv();
vi.setConfig({ testTimeout: 180_000 });

describe('WFS shipping templates', () => {
  it('an admin creates a template with a box preset from the menu and sees it listed', async () => {
    const page = await signedIn(env, 'demo.admin');
    page.setDefaultTimeout(60_000);
    const outbound = page.locator('details.menu-section', {
      has: page.locator('a[data-menu-key=WfsShippingTemplates]'),
    });
    await outbound.locator('summary').click();
    await outbound.locator('a[data-menu-key=WfsShippingTemplates]').click();
    await page.waitForURL('**/apps/outbound/wfs/shipping/templates');
    await page.getByRole('heading', { name: 'WFS shipping templates' }).waitFor();
    await page.locator('.grid-state.empty').waitFor();

    await page.getByRole('button', { name: 'Add template' }).click();
    const form = page.getByRole('form', { name: 'Add template' });
    await form.getByText('No box sizes yet').waitFor();
    // Nothing filled: each field says what it needs.
    await form.getByRole('button', { name: 'Save' }).click();
    await form.locator('.form-error', { hasText: 'name: required' }).waitFor();
    await form.locator('.form-error', { hasText: 'addressLine1: the street address' }).waitFor();

    await form.locator('input[name=name]').fill('Main dock parcels');
    await form.locator('select[name=companyId]').selectOption({ label: 'Acme Sellers' });
    await form.locator('input[name="shipFrom.name"]').fill('Demo Prep Co');
    await form.locator('input[name="shipFrom.addressLine1"]').fill('100 Dock Street');
    await form.locator('input[name="shipFrom.city"]').fill('Bentonville');
    await form.locator('input[name="shipFrom.stateCode"]').fill('ar');
    await form.locator('input[name="shipFrom.postalCode"]').fill('7271');
    await form.locator('input[name="shipFrom.phone"]').fill('479 555 0100');
    await form.locator('select[name=carrierPreference]').selectOption('OWN_CARRIER');
    await form.locator('select[name=carrierName]').selectOption('UPS');
    await form.getByRole('button', { name: 'Add box' }).click();
    await form.locator('input[name="boxPresets.0.name"]').fill('Small');
    await form.locator('input[name="boxPresets.0.lengthIn"]').fill('12');
    await form.locator('input[name="boxPresets.0.widthIn"]').fill('10');
    await form.locator('input[name="boxPresets.0.heightIn"]').fill('0');
    await form.locator('input[name="boxPresets.0.maxWeightLb"]').fill('40');
    await form.locator('input[name=isDefault]').check();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.locator('.form-error', { hasText: 'postalCode: a US postal code such as 72716' }).waitFor();
    await form.locator('.form-error', { hasText: 'heightIn: more than 0' }).waitFor();

    await form.locator('input[name="shipFrom.postalCode"]').fill('72716');
    await form.locator('input[name="boxPresets.0.heightIn"]').fill('8.5');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.waitForSelector('text=Shipping template saved');
    await expect.poll(() => form.count()).toBe(0);

    const row = page.locator('tr', { has: page.getByTestId('wfs-template-Main dock parcels') });
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain('Default');
    expect(text).toContain('Acme Sellers');
    expect(text).toContain('Own carrier: UPS');
    expect(text).toContain('Small parcel (SP)');
    expect(text).toContain('Small 12×10×8.5 in');
    expect(text).toContain('Bentonville, AR 72716 US');

    // The client sees it as its own; it opens for editing with the box kept.
    const client = await signedIn(env, 'demo.client');
    await client.goto(`${env.server.url}/apps/outbound/wfs/shipping/templates`);
    await client.getByRole('button', { name: 'Main dock parcels' }).click();
    const edit = client.getByRole('form', { name: 'Edit template' });
    expect(await edit.locator('input[name="boxPresets.0.name"]').inputValue()).toBe('Small');
    expect(await edit.locator('select[name=companyId]').count()).toBe(0);
    await page.context().close();
    await client.context().close();
  });
});
