/**
 * FBM return orders in Chromium (issue 20): the warehouse opens FBM return orders from the menu,
 * uploads a return for a client, opens it (expected), the dock scans its parcel, the receiver
 * counts its unit through "Count the items" (the ordinary package scan of items), and the return
 * shows received with the unit back in stock.
 */
import { describe, expect, it, vi } from 'vitest';
import { e2eEnv, signedIn } from './env.js';
import { apiRequest, apiSignIn, pending, wedgeScan } from './harness.js';

const env = e2eEnv({ demoData: true });
vi.setConfig({ testTimeout: 180_000 });

const FILE = [
  'order_id,rma,tracking_number,carrier,sku,title,quantity,reason',
  '113-E2E0000-0000001,DRE2ERET01,1ZE2ERETURN0000001,UPS,E2E-RET-MUG,E2E returned mug,1,CR-UNWANTED_ITEM',
].join('\n');

describe('FBM return orders', () => {
  it('a return uploaded, its parcel and unit received through the floor flow, shown received', async () => {
    const acme = await apiSignIn(env.server.url, 'demo.client');
    const product = await apiRequest(env.server.url, 'POST', '/api/product/products', acme.token, {
      title: 'E2E returned mug',
      msku: 'E2E-RET-MUG',
    });
    expect(product.status).toBe(201);

    const page = await signedIn(env, 'demo.admin');
    page.setDefaultTimeout(60_000);
    const section = page.locator('details.menu-section', {
      has: page.locator('a[data-menu-key=AmazonFbmReturnOrders]'),
    });
    await section.locator('summary').click();
    await section.locator('a[data-menu-key=AmazonFbmReturnOrders]').click();
    await page.waitForURL('**/apps/inbound/uploaded-batches/fbm/all');
    await page.getByRole('heading', { name: 'FBM return orders' }).waitFor();

    // Upload the return for Acme: stored whole, listed as expected.
    await page.getByRole('button', { name: 'Upload file' }).click();
    const form = page.getByRole('form', { name: 'Upload file' });
    const client = form.locator('select[name=companyId]');
    await client.locator('option', { hasText: 'Acme Sellers' }).first().waitFor({ state: 'attached' });
    const acmeValue = await client.locator('option', { hasText: 'Acme Sellers' }).first().getAttribute('value');
    await client.selectOption(acmeValue!);
    await form
      .locator('input[name=file]')
      .setInputFiles({ name: 'returns.csv', mimeType: 'text/csv', buffer: Buffer.from(FILE, 'utf8') });
    await form.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByTestId('returns-report').filter({ hasText: '1 stored: 1 new' }).waitFor();
    const grid = page.locator('[data-grid=returns-fbm]');
    await grid.getByRole('searchbox').fill('DRE2ERET01');
    await expect.poll(() => grid.locator('tbody tr').count()).toBe(1);
    expect(await grid.locator('tbody tr').first().textContent()).toContain('Expected');
    await grid.getByRole('link', { name: 'DRE2ERET01' }).click();
    await page.waitForURL(/\/apps\/inbound\/uploaded-batches\/fbm\/all\/\d+$/);
    const detailUrl = page.url();
    await expect.poll(() => page.getByTestId('return-stage').textContent()).toBe('Expected');

    // The dock scans the return's parcel (the receiver's handheld, here through the API).
    const receiver = await apiSignIn(env.server.url, 'demo.receiver');
    const rb = crypto.randomUUID();
    await apiRequest(env.server.url, 'POST', '/api/inbound/package-receive-batch', receiver.token, {
      id: rb,
      companyId: acme.companyId,
    });
    const scanned = await apiRequest<{ matchStatus: string }>(
      env.server.url,
      'POST',
      '/api/inbound/package-scan',
      receiver.token,
      {
        id: crypto.randomUUID(),
        batchId: rb,
        trackingNumber: '1ZE2ERETURN0000001',
        scannedAt: new Date().toISOString(),
      },
    );
    expect(scanned.body.matchStatus).toBe('matched');

    // "Count the items" opens the package scan of the return's batch; the unit's code counts it.
    await page.getByTestId('count-items').click();
    await page.waitForURL('**/apps/inbound/package-scan?**');
    await page.waitForSelector('[data-testid=item-progress] tbody tr');
    await wedgeScan(page, 'E2E-RET-MUG');
    await expect.poll(() => page.getAttribute('[data-testid=last-item-scan]', 'data-status')).toBe('received');

    // The scan reaches the server through the device's outbox, counted once. The outbox may be
    // empty for a moment before the scan is written to it, so the server is asked too, with the
    // scan page still open (its outbox is what delivers).
    await expect.poll(() => pending(page), { timeout: 30_000 }).toBe(0);
    const returnId = Number(detailUrl.split('/').pop());
    await expect
      .poll(
        async () =>
          (await apiRequest<{ stage: string }>(env.server.url, 'GET', `/api/returns/fbm/${returnId}`, acme.token)).body
            .stage,
        { timeout: 30_000 },
      )
      .toBe('received');
    // …and the device's count drains once the server has answered.
    await expect.poll(() => pending(page), { timeout: 30_000 }).toBe(0);

    // Back on the return: received, the unit back in stock.
    await page.goto(detailUrl);
    await expect.poll(() => page.getByTestId('return-stage').textContent(), { timeout: 30_000 }).toBe('Received');
    const line = page.getByTestId('return-lines').locator('tbody tr').first();
    expect(await line.textContent()).toContain('E2E returned mug');
    expect(await line.locator('td').nth(4).textContent()).toBe('1');
  });

  it('a client switches on the hourly pull of its store’s removals where they are listed, then pulls now', async () => {
    const acme = await apiSignIn(env.server.url, 'demo.client');
    const page = await signedIn(env, 'demo.client');
    page.setDefaultTimeout(60_000);
    const section = page.locator('details.menu-section', { has: page.locator('a[data-menu-key=AmazonFbaRemovals]') });
    await section.locator('summary').click();
    await section.locator('a[data-menu-key=AmazonFbaRemovals]').click();
    await page.waitForURL('**/apps/inbound/uploaded-batches/fba/all');
    // Off at first: "Pull now" is refused in words that say where to switch it on.
    const hourly = page.getByRole('checkbox', { name: 'Pull this store’s removals from Amazon every hour' });
    expect(await hourly.isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Pull now' }).click();
    await page.getByRole('alert').filter({ hasText: 'Turn on hourly pulling for this store' }).waitFor();

    await hourly.check();
    await expect.poll(() => hourly.isChecked()).toBe(true);
    const stores = await apiRequest<{ id: number; pullRemovals: boolean }[]>(
      env.server.url,
      'GET',
      '/api/returns/fba/stores',
      acme.token,
    );
    expect(stores.body[0]?.pullRemovals).toBe(true);
    // Kept on the store: a reload reads it back, and the pull is queued now.
    await page.reload();
    await expect.poll(() => hourly.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Pull now' }).click();
    await page.getByRole('status').filter({ hasText: 'Pull queued' }).waitFor();
  });
});
