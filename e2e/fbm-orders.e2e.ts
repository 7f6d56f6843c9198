/**
 * The orders desk in Chromium (issue 20): the warehouse uploads a small orders file for the demo
 * Amazon store (a bad file first: its row report, nothing stored), opens Amazon FBM from the menu,
 * filters by status, searches, opens an order and finds its unmatched line with the links to make
 * or find its product — and makes it in one click.
 */
import { describe, expect, it, vi } from 'vitest';
import { e2eEnv, signedIn } from './env.js';
import { apiRequest, apiSignIn } from './harness.js';

const env = e2eEnv();
vi.setConfig({ testTimeout: 180_000 });

const STORE = 'Acme Sellers · Amazon (no API)';
const HEADER =
  'store,order_id,purchase_date,sku,title,quantity,quantity_shipped,unit_price,ship_to_name,ship_to_country';
const csv = (rows: string[]) => ({
  name: 'orders.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from([HEADER, ...rows].join('\n'), 'utf8'),
});

describe('orders desk', () => {
  it('uploads orders by file, then finds, filters and opens them on the Amazon FBM screen', async () => {
    // A store of Acme's whose orders come by file.
    const admin = await apiSignIn(env.server.url, 'demo.admin');
    const acme = await apiSignIn(env.server.url, 'demo.client');
    const store = await apiRequest(env.server.url, 'POST', '/api/common/stores', admin.token, {
      companyId: acme.companyId,
      marketplace: 'amazon_us',
      name: STORE,
      environment: 'sandbox',
    });
    expect(store.status).toBe(201);
    const page = await signedIn(env, 'demo.admin');
    page.setDefaultTimeout(60_000);
    const outbound = page.locator('details.menu-section', { has: page.locator('a[data-menu-key=AmazonFBM]') });
    await outbound.locator('summary').click();
    await outbound.locator('a[data-menu-key=AmazonFBM]').click();
    await page.waitForURL('**/apps/outbound/fbm-shipments');
    await page.getByRole('heading', { name: 'Amazon FBM orders' }).waitFor();
    // Status tabs with their counts.
    await page.locator('nav.tabs button[data-status=ALL]').waitFor();

    // The orders file: a bad one is reported row by row and stores nothing.
    await page.getByRole('link', { name: 'Upload orders file' }).click();
    await page.waitForURL('**/apps/outbound/fbm-force/orders-file-upload');
    const form = page.getByRole('form', { name: 'Upload orders file' });
    await form
      .locator('input[name=file]')
      .setInputFiles(
        csv([
          `${STORE},E2E-FBM-1,2026-11-24,E2E-NEW-SKU,E2E gadget,2,0,9.99,Ada Buyer,US`,
          'No Such Store,E2E-FBM-9,2026-11-24,E2E-NEW-SKU,E2E gadget,1,0,9.99,Ada Buyer,US',
        ]),
      );
    await form.getByRole('button', { name: 'Upload' }).click();
    const report = page.getByTestId('orders-report');
    await report.locator('tr[data-code=unknown_store]', { hasText: 'No store “No Such Store” of yours' }).waitFor();
    expect(await report.textContent()).toContain('Nothing was stored');
    expect(await report.locator('tbody tr').count()).toBe(1);

    await form
      .locator('input[name=file]')
      .setInputFiles(
        csv([
          `${STORE},E2E-FBM-1,2026-11-24,E2E-NEW-SKU,E2E gadget,2,0,9.99,Ada Buyer,US`,
          `${STORE},E2E-FBM-2,2026-11-23,E2E-OTHER-SKU,E2E widget,1,1,4.50,Bo Buyer,US`,
        ]),
      );
    await form.getByRole('button', { name: 'Upload' }).click();
    await report.filter({ hasText: '2 orders stored: 2 new' }).waitFor();

    // Back on the desk: search, then filter by status.
    await page.goto(`${env.server.url}/apps/outbound/fbm-shipments`);
    const grid = page.locator('[data-grid=fbm-orders-fbm]');
    await grid.getByRole('searchbox').fill('E2E-FBM');
    await expect.poll(() => grid.locator('tbody tr').count()).toBe(2);
    await page.locator('nav.tabs button[data-status=SHIPPED]').click();
    await expect.poll(() => grid.locator('tbody tr').count()).toBe(1);
    expect(await grid.locator('tbody tr').first().textContent()).toContain('E2E-FBM-2');
    await page.locator('nav.tabs button[data-status=AWAITING]').click();
    await expect.poll(() => grid.locator('tbody tr').first().textContent()).toContain('E2E-FBM-1');
    expect(await grid.locator('tbody tr').count()).toBe(1);
    expect(await grid.locator('tbody tr').first().textContent()).toContain('1 unmatched');

    // The order: its unmatched line, with the catalog link and a one-click product.
    await grid
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: /E2E-FBM-1/ })
      .click();
    const detail = page.getByTestId('order-detail');
    await detail.getByRole('heading', { name: /Order E2E-FBM-1/ }).waitFor();
    const unmatched = detail.getByTestId('line-unmatched');
    await unmatched.getByText('Unmatched').waitFor();
    const catalog = await unmatched.getByTestId('open-catalog').getAttribute('href');
    expect(catalog).toBe('/apps/product/products?q=E2E-NEW-SKU');
    await unmatched.getByRole('button', { name: 'Create product' }).click();
    await detail.getByTestId('line-product').filter({ hasText: 'E2E gadget (E2E-NEW-SKU)' }).waitFor();
    await expect.poll(() => grid.locator('tbody tr').first().textContent()).not.toContain('unmatched');

    // Reserved from the order's panel: with nothing on the shelf it says so in words; once the
    // units are there, the order is reserved.
    const reserve = detail.getByTestId('order-reserve');
    await reserve.getByRole('button', { name: 'Reserve stock for this order' }).click();
    await reserve
      .locator('[data-testid=reserve-result] li[data-order="E2E-FBM-1"][data-outcome=not_reserved]')
      .filter({ hasText: 'E2E-NEW-SKU: 2 needed, none on hand in pickable stock.' })
      .waitFor();

    // Picked on the floor (through the API here), then marked shipped from the panel: a store without
    // an API is shipped in Dockside only.
    const storeId = (store.body as { id: number }).id;
    const call = <T = unknown>(method: string, path: string, body?: unknown) =>
      apiRequest<T>(env.server.url, method, path, admin.token, body);
    expect([201, 409]).toContain(
      (await call('POST', '/api/warehouse-location', { code: 'E2E-BIN-1', type: 'bin' })).status,
    );
    const adjusted = await call('POST', '/api/inventory/adjust', {
      companyId: acme.companyId,
      productCode: 'E2E-NEW-SKU',
      location: 'E2E-BIN-1',
      quantity: 2,
      reason: 'found',
    });
    expect(adjusted.status).toBe(200);
    await reserve.getByRole('button', { name: 'Reserve stock for this order' }).click();
    await reserve
      .locator('[data-testid=reserve-result] li[data-order="E2E-FBM-1"][data-outcome=reserved]', {
        hasText: 'Order E2E-FBM-1: reserved',
      })
      .waitFor();
    const batch = await call<{ id: number; lines: { id: number; quantity: number }[] }>(
      'POST',
      '/api/fbm/web/pick/batch',
      {
        storeId,
      },
    );
    expect(batch.status).toBe(201);
    for (const l of batch.body.lines)
      expect(
        (
          await call('POST', `/api/fbm/web/pick/batch/${batch.body.id}/pick`, {
            batchLineId: l.id,
            quantity: l.quantity,
          })
        ).status,
      ).toBe(200);
    await detail.getByRole('button', { name: 'Close', exact: true }).first().click();
    await grid
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: /E2E-FBM-1/ })
      .click();
    const shipping = detail.getByTestId('ship-panel');
    await shipping.getByText('This store has no marketplace connection').waitFor();
    const shipForm = shipping.getByTestId('mark-shipped-form');
    await shipForm.locator('input[name=tracking]').fill('E2E1Z0001');
    // No carrier is guessed: it is chosen from the warehouse's carriers (Settings › Carriers), and
    // the chosen carrier's services are offered for the service field.
    await shipForm.getByRole('button', { name: 'Mark shipped' }).click();
    await shipForm.getByText('Choose the carrier.').waitFor();
    const carrier = shipForm.locator('select[name=carrier]');
    expect(await carrier.locator('option').allTextContents()).toEqual(
      expect.arrayContaining(['UPS (UPSN)', 'USPS', 'FedEx (FDEG)', 'Old Dominion Freight Line (ODFL)']),
    );
    await carrier.selectOption('USPS');
    expect(
      await shipForm.locator('#fbm-ship-services option').evaluateAll((o) => o.map((x) => x.getAttribute('value'))),
    ).toContain('Ground Advantage');
    await shipForm.locator('input[name=service]').fill('Ground Advantage');
    await shipForm.getByRole('button', { name: 'Mark shipped' }).click();
    await shipping.locator('tr[data-confirmation=local]', { hasText: 'E2E1Z0001' }).waitFor();
    expect(await shipping.locator('tr[data-confirmation=local]', { hasText: 'E2E1Z0001' }).textContent()).toContain(
      'USPS Ground Advantage',
    );
    await detail.getByTestId('order-status').filter({ hasText: 'Shipped' }).waitFor();

    // The catalog link lands on the list searched for the line's SKU: the product just made.
    await page.goto(`${env.server.url}${catalog}`);
    const products = page.locator('[data-grid=products]');
    expect(await products.getByRole('searchbox').inputValue()).toBe('E2E-NEW-SKU');
    await expect.poll(() => products.locator('tbody tr').first().textContent()).toContain('E2E gadget');
  });

  it('merchant fulfilment: a Walmart store refreshed from the screen, its seller-fulfilled orders listed', async () => {
    const admin = await apiSignIn(env.server.url, 'demo.admin');
    const acme = await apiSignIn(env.server.url, 'demo.client');
    const store = await apiRequest<{ id: number }>(env.server.url, 'POST', '/api/common/stores', admin.token, {
      companyId: acme.companyId,
      marketplace: 'walmart',
      name: 'Acme Walmart',
      environment: 'sandbox',
    });
    await apiRequest(env.server.url, 'PUT', `/api/common/stores/${store.body.id}/credentials`, admin.token, {
      clientId: '3f1c2b7a-9d4e-4c1a-8b2f-6e5d4c3b2a19',
      clientSecret: 'wm-secret-0123456789abcdef',
    });
    const tested = await apiRequest<{ ok: boolean }>(
      env.server.url,
      'POST',
      `/api/common/stores/${store.body.id}/test`,
      admin.token,
      {},
    );
    expect(tested.body.ok).toBe(true);

    const page = await signedIn(env, 'demo.admin');
    page.setDefaultTimeout(60_000);
    const outbound = page.locator('details.menu-section', {
      has: page.locator('a[data-menu-key=MerchantFulfillment]'),
    });
    await outbound.locator('summary').click();
    await outbound.locator('a[data-menu-key=MerchantFulfillment]').click();
    await page.waitForURL('**/apps/outbound/mfn-shipments');
    await page.getByRole('heading', { name: 'Merchant fulfilment orders' }).waitFor();
    const refresh = page.getByTestId('refresh-orders');
    expect(await refresh.isDisabled()).toBe(true);
    await page.locator('select[name=storeId]').selectOption({ label: 'Acme Walmart (Acme Sellers)' });
    await refresh.click();
    await page.getByTestId('refresh-outcome').filter({ hasText: 'The store’s orders are up to date' }).waitFor();
    const grid = page.locator('[data-grid=fbm-orders-mfn]');
    await expect.poll(() => grid.locator('tbody tr').count()).toBeGreaterThan(0);
    // Only seller-fulfilled orders: the WFS ones Walmart ships itself are not the warehouse's.
    const channels = await grid.locator('tbody tr td[data-col=salesChannel]').allTextContents();
    expect(new Set(channels)).toEqual(new Set(['Walmart seller fulfilled']));
    // The route's :accountNo and :channel narrow the list.
    await page.goto(`${env.server.url}/apps/outbound/mfn-shipments/all/orders/all/Ebay`);
    await page.locator('select[name=salesChannel]').waitFor();
    expect(await page.locator('select[name=salesChannel]').inputValue()).toBe('Ebay');
    await page.locator('[data-grid=fbm-orders-mfn] .grid-state.empty').waitFor();
  });
});
