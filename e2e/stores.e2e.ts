/**
 * Merchant Connect in Chromium (issue 17): the warehouse adds a client's Amazon store, connects it
 * through the sandbox's consent page and comes back connected; pulls its FBA inventory and sees it
 * under Inventory by type; the client reads the store's listings (refreshed from Amazon, one opened
 * with its fees, imported into the catalogue); a seller who cancels gets plain words, once (not
 * again on a reload), and a reconnect cancelled leaves a connected store connected without an error;
 * keys typed by hand are tried with the marketplace before they replace working ones.
 */
import { describe, expect, it } from 'vitest';
import { e2eEnv, signedIn } from './env.js';
import { apiRequest, apiSignIn } from './harness.js';

const env = e2eEnv();

describe('merchant connect', () => {
  it('connects an Amazon store through the sandbox consent page and shows its FBA inventory', async () => {
    const page = await signedIn(env, 'demo.admin');
    await page.goto(`${env.server.url}/apps/account/merchant-connect`);
    await page.getByText('No stores yet').waitFor();

    // Adding without a name or client is refused in place.
    const form = page.locator('[data-testid=add-store]');
    await form.getByRole('button', { name: 'Add store' }).click();
    await form.locator('.form-error', { hasText: 'Choose the client' }).waitFor();
    const acme = await form.locator('select[name=companyId] option', { hasText: 'Acme Sellers' }).getAttribute('value');
    await form.locator('select[name=companyId]').selectOption(acme!);
    await form.locator('input[name=name]').fill('Acme on Amazon');
    await form.getByRole('button', { name: 'Add store' }).click();
    const card = page.locator('[data-testid=store-card]', { hasText: 'Acme on Amazon' });
    await expect.poll(() => card.getAttribute('data-connection')).toBe('not_connected');

    // Amazon's (sandbox) consent page, then back here connected.
    await card.getByRole('button', { name: 'Connect with Amazon' }).click();
    await page.waitForURL('**/sandbox/amazon/apps/authorize/consent?**');
    await page.getByRole('heading', { name: 'Authorise Dockside' }).waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/apps/account/merchant-connect?**');
    await expect.poll(() => page.textContent('[data-testid=connect-result]')).toContain('the store is connected');
    await expect.poll(() => card.getAttribute('data-connection')).toBe('connected');
    expect(await card.locator('[data-testid=store-credential]').textContent()).toMatch(/^•••• .{4}$/);

    await card.getByRole('button', { name: 'Test connection' }).click();
    await page.getByText('Amazon answered: the store is connected').waitFor();
    await card.getByRole('button', { name: 'Pull FBA inventory' }).click();
    await page.getByText('FBA inventory pull queued').waitFor();

    // The jobs screen follows the pull to the end (it refreshes itself while a job runs).
    await page.getByRole('link', { name: 'See background jobs' }).click();
    const job = page.locator('[data-testid=job]', { hasText: 'Pull FBA inventory' }).first();
    await expect.poll(() => job.getAttribute('data-state'), { timeout: 45_000 }).toBe('completed');
    expect(await job.textContent()).toContain('demo.admin');

    // The pull is done: its lines are on the Amazon FBA inventory screen.
    await page.goto(`${env.server.url}/apps/inventory/amazon/fba`);
    await page.locator('tr', { hasText: 'SBX-0' }).first().waitFor({ timeout: 30_000 });
    expect(await page.locator('tr', { hasText: 'Acme Sellers' }).count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('the client reads its store’s listings: refreshed from Amazon, one opened with its fees, imported', async () => {
    const page = await signedIn(env, 'demo.client');
    await page.goto(`${env.server.url}/apps/outbound/listing-info`);
    const store = await page.locator('select[name=store] option', { hasText: 'Acme on Amazon' }).getAttribute('value');
    await page.locator('select[name=store]').selectOption(store!);
    await page.waitForURL(`**/apps/outbound/listing-info/${store}`);
    await page.getByText('Listings have not been read from Amazon yet').waitFor();
    await page.getByRole('button', { name: 'Refresh from Amazon' }).click();
    await page.getByText('Listings refreshed from Amazon').waitFor({ timeout: 45_000 });
    await page.locator('tr', { hasText: 'SBX-0' }).first().waitFor();
    expect(await page.textContent('[data-testid=listings-pulled-at]')).toContain('Listings as Amazon showed them on');

    // Only the listings with errors to fix, then none missing from the catalogue once imported.
    await page.locator('select[name=filter]').selectOption('issues');
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    await expect
      .poll(async () => (await page.locator('tbody tr').allTextContents()).every((r) => /error\(s\)/.test(r)))
      .toBe(true);
    await page.locator('select[name=filter]').selectOption('unlinked');
    await page.locator('[data-testid=listing-open]').first().click();
    const detail = page.locator('[data-testid=listing-detail]');
    await detail.locator('[data-testid=listing-fees]').waitFor();
    expect(await detail.textContent()).toContain('Referral fee');
    expect(await detail.locator('[data-testid=listing-net]').textContent()).toMatch(/\$\d/);
    await detail.getByRole('button', { name: 'Import into the catalogue' }).click();
    await detail.locator('[data-testid=listing-product]', { hasText: 'matched by MSKU' }).waitFor();
    await page.context().close();
  });

  it('says what happened when the seller cancels, once: a reload does not say it again', async () => {
    const page = await signedIn(env, 'demo.admin');
    await page.goto(`${env.server.url}/apps/account/merchant-connect`);
    const form = page.locator('[data-testid=add-store]');
    const acme = await form.locator('select[name=companyId] option', { hasText: 'Acme Sellers' }).getAttribute('value');
    await form.locator('select[name=companyId]').selectOption(acme!);
    await form.locator('select[name=marketplace]').selectOption('amazon_ca');
    await form.locator('input[name=name]').fill('Acme Canada');
    await form.getByRole('button', { name: 'Add store' }).click();
    const card = page.locator('[data-testid=store-card]', { hasText: 'Acme Canada' });
    await card.getByRole('button', { name: 'Connect with Amazon' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/apps/account/merchant-connect**');
    await expect
      .poll(() => page.textContent('[data-testid=connect-result]'))
      .toContain('Amazon sign-in cancelled: nothing changed.');
    expect(await card.getAttribute('data-connection')).toBe('not_connected');
    // Said once: the address no longer carries it, and a reload shows the page without it.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.reload();
    await card.waitFor();
    expect(await page.locator('[data-testid=connect-result]').count()).toBe(0);
    await page.context().close();
  });

  it('cancelling a reconnect leaves a connected store connected, with no error; “authorised” is said once', async () => {
    const page = await signedIn(env, 'demo.admin');
    await page.goto(`${env.server.url}/apps/account/merchant-connect`);
    const card = page.locator('[data-testid=store-card]', { hasText: 'Acme on Amazon' });
    await expect.poll(() => card.getAttribute('data-connection')).toBe('connected');
    const hint = await card.locator('[data-testid=store-credential]').textContent();

    // Reconnect, then change one's mind on Amazon's page: nothing changed, nothing red.
    await card.getByRole('button', { name: 'Reconnect with Amazon' }).click();
    await page.waitForURL('**/sandbox/amazon/apps/authorize/consent?**');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/apps/account/merchant-connect**');
    await expect.poll(() => page.textContent('[data-testid=connect-result]')).toContain('Amazon sign-in cancelled');
    expect(await page.locator('[data-testid=connect-result][role=alert]').count()).toBe(0);
    expect(await card.getAttribute('data-connection')).toBe('connected');
    expect(await card.locator('[data-testid=store-error]').count()).toBe(0);
    expect(await card.locator('[data-testid=store-credential]').textContent()).toBe(hint);

    // Reconnect for real: authorised, said once — not again after a reload.
    await card.getByRole('button', { name: 'Reconnect with Amazon' }).click();
    await page.waitForURL('**/sandbox/amazon/apps/authorize/consent?**');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/apps/account/merchant-connect**');
    await expect.poll(() => page.textContent('[data-testid=connect-result]')).toContain('the store is connected');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.reload();
    await expect.poll(() => card.getAttribute('data-connection')).toBe('connected');
    expect(await page.locator('[data-testid=connect-result]').count()).toBe(0);
    await page.context().close();
  });
});

describe('other marketplaces', () => {
  it('installs Dockside on a client’s Shopify shop, and says in words when Walmart refuses the keys', async () => {
    const page = await signedIn(env, 'demo.admin');
    await page.goto(`${env.server.url}/apps/account/merchant-connect`);
    const form = page.locator('[data-testid=add-store]');
    const acme = await form.locator('select[name=companyId] option', { hasText: 'Acme Sellers' }).getAttribute('value');
    await form.locator('select[name=companyId]').selectOption(acme!);
    await form.locator('select[name=marketplace]').selectOption('shopify');
    await form.locator('input[name=name]').fill('Acme Goods (Shopify)');
    // A Shopify store is its shop domain: refused in place without one.
    await form.getByRole('button', { name: 'Add store' }).click();
    await form.getByText('Enter the shop’s myshopify.com domain').waitFor();
    await form.locator('input[name=sellerId]').fill('acme-goods.myshopify.com');
    await form.getByRole('button', { name: 'Add store' }).click();
    const shop = page.locator('[data-testid=store-card]', { hasText: 'Acme Goods (Shopify)' });
    await shop.getByRole('button', { name: 'Connect with Shopify' }).click();
    await page.waitForURL('**/sandbox/shopify/acme-goods.myshopify.com/admin/oauth/authorize?**');
    await page.getByText('acme-goods.myshopify.com').first().waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/apps/account/merchant-connect?**');
    await expect
      .poll(() => page.textContent('[data-testid=connect-result]'))
      .toContain('Shopify authorised Dockside: the store is connected');
    await expect.poll(() => shop.getAttribute('data-connection')).toBe('connected');
    await shop.getByRole('button', { name: 'Test connection' }).click();
    await page.getByText('Shopify answered: the store is connected').waitFor();
    // Its orders are pulled by a background job; the card then says how many wait to be shipped.
    expect(await shop.locator('[data-testid=store-orders]').textContent()).toBe('Not pulled yet');
    await shop.getByRole('button', { name: 'Pull orders' }).click();
    await page.getByText('Orders pull queued').waitFor();
    await expect
      .poll(
        async () => {
          await page.reload();
          return shop.locator('[data-testid=store-orders]').textContent();
        },
        { timeout: 45_000, interval: 1000 },
      )
      .toMatch(/^\d+ to ship · pulled /);

    // Walmart keys typed by hand are tried with Walmart before they are kept: a client id that is
    // not Walmart's form is refused by Walmart, in place, and nothing is stored.
    // (The page was reloaded by the sign-in round trip: the client is chosen again.)
    await form.locator('select[name=companyId]').selectOption(acme!);
    await form.locator('select[name=marketplace]').selectOption('walmart');
    await form.locator('input[name=name]').fill('Acme on Walmart');
    await form.getByRole('button', { name: 'Add store' }).click();
    const walmart = page.locator('[data-testid=store-card]', { hasText: 'Acme on Walmart' });
    const keys = walmart.locator('[data-testid=credentials-form]');
    const typeKeys = async (clientId: string, clientSecret: string) => {
      await keys.locator('input[name=clientId]').fill(clientId);
      await keys.locator('input[name=clientSecret]').fill(clientSecret);
      await keys.getByRole('button', { name: 'Save credentials' }).click();
    };
    await walmart.getByRole('button', { name: 'Enter credentials' }).click();
    await typeKeys('my-walmart-id', 'a-secret-of-sixteen-chars');
    await keys
      .locator('[role=alert]', { hasText: 'Walmart does not accept the store’s client id or secret' })
      .waitFor();
    expect(await keys.locator('[role=alert]').textContent()).toContain('Walmart refused the new credentials');
    expect(await walmart.locator('[data-testid=store-credential]').textContent()).toBe('none yet');
    expect(await walmart.getAttribute('data-connection')).toBe('not_connected');

    // Keys Walmart takes: stored, and the store is connected at once.
    await typeKeys('4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a', 'wm-e2e-secret-good-0001');
    await page.getByText('Walmart accepted the new credentials: the store is connected.').waitFor();
    await expect.poll(() => walmart.getAttribute('data-connection')).toBe('connected');
    expect(await walmart.locator('[data-testid=store-credential]').textContent()).toBe('•••• 0001');
    expect(await keys.count()).toBe(0);

    // Replacing them with keys Walmart refuses keeps the working ones; Cancel clears the refusal.
    await walmart.getByRole('button', { name: 'Enter credentials' }).click();
    await typeKeys('not-a-walmart-id', 'wm-e2e-secret-bad-0002');
    await keys.locator('[role=alert]', { hasText: 'the store keeps the credentials it had' }).waitFor();
    expect(await walmart.getAttribute('data-connection')).toBe('connected');
    expect(await walmart.locator('[data-testid=store-credential]').textContent()).toBe('•••• 0001');
    await keys.getByRole('button', { name: 'Cancel' }).click();
    expect(await keys.count()).toBe(0);
    expect(await walmart.locator('[role=alert]').count()).toBe(0);
    expect(await walmart.locator('[data-testid=store-error]').count()).toBe(0);
    expect(await walmart.getAttribute('data-connection')).toBe('connected');
    await walmart.getByRole('button', { name: 'Test connection' }).click();
    await page.getByText('Walmart answered: the store is connected').waitFor();
    await page.context().close();
  });
});

describe('WFS listing info', () => {
  it('the client reads its Walmart items: refreshed from Walmart, WFS or not, one opened, imported', async () => {
    const admin = await apiSignIn(env.server.url, 'demo.admin');
    const fox = await apiSignIn(env.server.url, 'demo.client2');
    const created = await apiRequest<{ id: number }>(env.server.url, 'POST', '/api/common/stores', admin.token, {
      companyId: fox.companyId,
      marketplace: 'walmart',
      name: 'Blue Fox on Walmart',
    });
    const storeId = created.body.id;
    await apiRequest(env.server.url, 'PUT', `/api/common/stores/${storeId}/credentials`, admin.token, {
      clientId: '7c9d1e2f-3a4b-4c5d-8e6f-0a1b2c3d4e5f',
      clientSecret: 'wm-e2e-secret-0123456789',
    });
    await apiRequest(env.server.url, 'POST', `/api/common/stores/${storeId}/test`, admin.token);

    const page = await signedIn(env, 'demo.client2');
    await page.goto(`${env.server.url}/apps/outbound/wfs-listing-info`);
    await page.locator('select[name=store]').selectOption(String(storeId));
    await page.waitForURL(`**/apps/outbound/wfs-listing-info/${storeId}`);
    await page.getByText('Items have not been read from Walmart yet').waitFor();
    await page.getByRole('button', { name: 'Refresh from Walmart' }).click();
    await page.getByText('Items refreshed from Walmart').waitFor({ timeout: 45_000 });
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(2);
    const rows = (await page.locator('tbody tr').allTextContents()).join('\n');
    expect(rows).toContain('Walmart (WFS)');
    expect(rows).toContain('Seller fulfilled');

    // Only what Walmart will not show buyers, with its reasons; then one item opened and imported.
    await page.locator('select[name=filter]').selectOption('issues');
    await expect
      .poll(async () => (await page.locator('tbody tr').allTextContents()).every((r) => /error\(s\)/.test(r)))
      .toBe(true);
    await page.locator('[data-testid=listing-open]').first().click();
    const detail = page.locator('[data-testid=listing-detail]');
    await detail.locator('[data-testid=listing-issues]').waitFor();
    expect(await detail.textContent()).toContain('Why Walmart does not show it');
    await detail.getByRole('button', { name: 'Import into the catalogue' }).click();
    await detail.locator('[data-testid=listing-product]', { hasText: 'matched by MSKU' }).waitFor();
    await page.context().close();
  });

  it('the client lists a product on Walmart: refused without a UPC, then accepted and in the list', async () => {
    const admin = await apiSignIn(env.server.url, 'demo.admin');
    const fox = await apiSignIn(env.server.url, 'demo.client2');
    const created = await apiRequest<{ id: number }>(env.server.url, 'POST', '/api/common/stores', admin.token, {
      companyId: fox.companyId,
      marketplace: 'walmart',
      name: 'Blue Fox Walmart listings',
    });
    const storeId = created.body.id;
    await apiRequest(env.server.url, 'PUT', `/api/common/stores/${storeId}/credentials`, admin.token, {
      clientId: '3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f5a6b7',
      clientSecret: 'wm-e2e-secret-9876543210',
    });
    await apiRequest(env.server.url, 'POST', `/api/common/stores/${storeId}/test`, admin.token);
    const measured = { weightLb: 1.3, lengthIn: 8, widthIn: 6, heightIn: 4 };
    for (const product of [
      { title: 'Fox enamel kettle', msku: 'FOX-E2E-KETTLE', upc: '036000291452', ...measured },
      { title: 'Fox enamel mug', msku: 'FOX-E2E-MUG', ...measured },
    ]) {
      const made = await apiRequest<{ id: number }>(
        env.server.url,
        'POST',
        '/api/product/products',
        fox.token,
        product,
      );
      expect(made.status).toBe(201);
      // Walmart requires a WFS item's compliance answers; they are kept on the product (WFS item setup).
      const answers = {
        hasBatteries: 'No',
        electronicsIndicator: 'No',
        chemicalAerosolPesticide: 'No',
        isPerishable: 'No',
      };
      const path = `/api/outbound/wfs/item-setup/products/${made.body.id}/compliance`;
      expect((await apiRequest(env.server.url, 'PUT', path, fox.token, answers)).status).toBe(200);
    }

    const page = await signedIn(env, 'demo.client2');
    await page.goto(`${env.server.url}/apps/outbound/wfs-listing-info/${storeId}`);
    await page.getByRole('button', { name: 'List a product on Walmart' }).click();
    const form = page.locator('[data-testid=create-walmart-item]');
    await form.locator('input[name=productSearch]').fill('FOX-E2E');
    const option = (msku: string) => form.locator('select[name=productId] option', { hasText: msku });
    await option('FOX-E2E-MUG').waitFor({ state: 'attached' });

    // Without a UPC Walmart cannot identify the item: refused at once, saying what to add.
    await form.locator('select[name=productId]').selectOption((await option('FOX-E2E-MUG').getAttribute('value'))!);
    await form.locator('input[name=price]').fill('12.5');
    await form.getByRole('button', { name: 'Send to Walmart' }).click();
    await form.locator('[role=alert]', { hasText: 'UPC, EAN or GTIN' }).waitFor();

    // With one, Walmart takes the feed; the form follows it until Walmart accepts the item.
    await form.locator('select[name=productId]').selectOption((await option('FOX-E2E-KETTLE').getAttribute('value'))!);
    await form.locator('select[name=channel]').selectOption('WFS');
    await form.getByRole('button', { name: 'Send to Walmart' }).click();
    await page.getByText('Walmart accepted the item FOX-E2E-KETTLE').waitFor({ timeout: 45_000 });
    const row = page.locator('tr', { hasText: 'FOX-E2E-KETTLE' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Walmart (WFS)');
    await page.context().close();
  });
});

describe('company credentials', () => {
  it('the warehouse enters its Amazon developer app; a wrong id is refused; the secret never shows again', async () => {
    const page = await signedIn(env, 'demo.admin');
    await page.goto(`${env.server.url}/apps/common/credentials/account`);
    const card = page.locator('[data-testid=account-amazon_app]');
    await card.locator('input[name=applicationId]').fill('my-app');
    await card.locator('input[name=clientId]').fill('amzn1.application-oa2-client.e2e0001');
    await card.locator('input[name=clientSecret]').fill('e2e-lwa-secret-77aa');
    await card.getByRole('button', { name: 'Save account' }).click();
    await card.getByText('applicationId: Amazon’s app id starts amzn1.sp.solution.').waitFor();
    await card.locator('input[name=applicationId]').fill('amzn1.sp.solution.e2e-0001');
    await card.getByRole('button', { name: 'Save account' }).click();
    await expect.poll(() => card.getAttribute('data-configured')).toBe('true');
    const text = await card.textContent();
    expect(text).toContain('amzn1.sp.solution.e2e-0001');
    expect(text).toContain('•••• 77aa');
    expect(text).not.toContain('e2e-lwa-secret-77aa');

    // The rate aggregator is tested with a real call: the demo has no key, so the local sandbox answers.
    const rates = page.locator('[data-testid=account-shipengine]');
    await rates.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => rates.locator('[data-testid=account-test]').textContent())
      .toContain('ShipEngine answered (local sandbox): 3 carriers connected (USPS, UPS, FedEx)');

    // The sandboxes: fault rates are the operators' to set (said in words), the practice data the warehouse's to reset.
    const sandbox = page.locator('[data-testid=sandbox-panel]');
    const walmartRate = sandbox.locator('[data-testid=fault-walmart] input');
    expect(await walmartRate.inputValue()).toBe('0');
    await walmartRate.fill('20');
    await sandbox.locator('[data-testid=fault-walmart]').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => sandbox.locator('[data-testid=sandbox-result]').textContent()).toContain('operators');
    await sandbox.getByRole('button', { name: 'Reset practice rates and labels' }).click();
    await expect
      .poll(() => sandbox.locator('[data-testid=sandbox-result]').textContent())
      .toContain('forgot the warehouse’s practice rates and labels');
    await page.context().close();
  });
});
