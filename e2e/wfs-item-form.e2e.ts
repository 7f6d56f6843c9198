/**
 * WFS item setup form in Chromium: from the menu, the client picks its Walmart store and product,
 * the form is filled from the product, the battery / hazmat / expiry sections open from the
 * answers, a missing answer is refused in place, and the item sent is accepted by Walmart.
 */
import { describe, expect, it, vi } from 'vitest';
import { apiRequest, apiSignIn } from './harness.js';
import { e2eEnv, signedIn } from './env.js';

const env = e2eEnv();
vi.setConfig({ testTimeout: 180_000 });

describe('WFS item setup form', () => {
  it('a client sets a lithium-battery item up: sections open from answers, a refusal in place, Walmart accepts it', async () => {
    const admin = await apiSignIn(env.server.url, 'demo.admin');
    const fox = await apiSignIn(env.server.url, 'demo.client2');
    const created = await apiRequest<{ id: number }>(env.server.url, 'POST', '/api/common/stores', admin.token, {
      companyId: fox.companyId,
      marketplace: 'walmart',
      name: 'Blue Fox Walmart items',
    });
    const storeId = created.body.id;
    await apiRequest(env.server.url, 'PUT', `/api/common/stores/${storeId}/credentials`, admin.token, {
      clientId: '5e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f5a6c9',
      clientSecret: 'wm-e2e-secret-1234509876',
    });
    await apiRequest(env.server.url, 'POST', `/api/common/stores/${storeId}/test`, admin.token);
    const product = await apiRequest(env.server.url, 'POST', '/api/product/products', fox.token, {
      title: 'Fox rechargeable lantern',
      msku: 'FOX-E2E-LANTERN',
      upc: '042100005264',
      manufacturer: 'Blue Fox',
      weightLb: 1.2,
      lengthIn: 6,
      widthIn: 4,
      heightIn: 4,
    });
    expect(product.status).toBe(201);

    const page = await signedIn(env, 'demo.client2');
    page.setDefaultTimeout(60_000);
    const outbound = page.locator('details.menu-section', { has: page.locator('a[data-menu-key=WfsItemSetup]') });
    await outbound.locator('summary').click();
    await outbound.locator('a[data-menu-key=WfsItemSetup]').click();
    await page.waitForURL('**/apps/outbound/wfs-dynamic-form');
    const form = page.locator('[data-testid=wfs-item-form]');
    const store = form.locator('select[name=storeId]');
    await store.locator('option', { hasText: 'Blue Fox Walmart items' }).waitFor({ state: 'attached' });
    await store.selectOption({ label: 'Blue Fox Walmart items' });
    await form.locator('input[name=productSearch]').fill('FOX-E2E-LANTERN');
    const option = form.locator('select[name=productId] option', { hasText: 'FOX-E2E-LANTERN' });
    await option.waitFor({ state: 'attached' });
    await form.locator('select[name=productId]').selectOption((await option.getAttribute('value'))!);

    // Filled from the product.
    await expect.poll(() => form.locator('input[name=productName]').inputValue()).toBe('Fox rechargeable lantern');
    expect(await form.locator('input[name=gtin]').inputValue()).toBe('042100005264');
    expect(await form.locator('input[name=lengthIn]').inputValue()).toBe('6');
    expect(await form.locator('[data-testid=wfs-item-batteries]').count()).toBe(0);

    // Batteries: the section opens; lithium-ion asks Walmart's lithium questions and opens hazmat.
    await form.locator('input[name=price]').fill('34.9');
    await form.locator('select[name=hasBatteries]').selectOption('Yes');
    await form.locator('[data-testid=wfs-item-batteries]').waitFor();
    await form.locator('select[name=batteryTechnologyType]').selectOption('Lithium Ion');
    await form.locator('input[name=ionNumberOfBatteries]').waitFor();
    await form.locator('[data-testid=wfs-item-hazmat]').waitFor();
    await form.locator('select[name=electronicsIndicator]').selectOption('Yes');
    await form.locator('select[name=chemicalAerosolPesticide]').selectOption('No');
    await form.locator('select[name=isPerishable]').selectOption('No');
    expect(await form.locator('[data-testid=wfs-item-expiry]').count()).toBe(0);

    // Refused in place before anything is sent.
    await form.getByRole('button', { name: 'Send to Walmart' }).click();
    await form.locator('.form-error', { hasText: 'Give the watt-hour rating of each battery' }).waitFor();
    await form.locator('.form-error', { hasText: 'safety data sheet' }).waitFor();

    await form.locator('input[name=ionNumberOfBatteries]').fill('1');
    await form.locator('input[name=batteryWattHour]').fill('7.4');
    await form.locator('select[name=ionIncludedBatteryPackaging]').selectOption('Contained In');
    await form.locator('input[name=safetyDataSheet]').fill('https://sds.example.com/lantern.pdf');
    await form.getByRole('button', { name: 'Send to Walmart' }).click();
    await page.getByText('Walmart accepted the item FOX-E2E-LANTERN').waitFor({ timeout: 45_000 });
    await page.context().close();
  });
});
