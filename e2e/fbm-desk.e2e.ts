/**
 * The merchant-fulfilment desk's screens in Chromium, on one server and one browser (the e2e
 * phase stays short): one store with three orders, reserved by the client's reserve control on the
 * pick list, in one pick batch, picked through the API — two domestic, one to Toronto.
 *
 * 1. Batch verify: the batch number and then every unit by wedge scans; a stranger barcode refused
 *    loudly and not counted; "Verified" on screen and recorded on the server with the refusal.
 * 2. Packing on the order's detail panel: items scanned into box 1, an item of another order
 *    refused in the server's words, the box's size and weight saved and kept by the server.
 * 3. Customs on the Toronto order: its label refused in words while the declaration is only
 *    prefilled; the declaration filled (CN22 for a light parcel, CN23 once heavier) and saved;
 *    then the rates appear and the label is bought.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { e2eEnv, signedIn } from './env.js';
import { apiRequest, apiSignIn, wedgeScan } from './harness.js';

const env = e2eEnv();
vi.setConfig({ testTimeout: 120_000 });

const STORE = 'E2E Desk eBay';
const HEADER =
  'store,order_id,purchase_date,sku,title,quantity,quantity_shipped,unit_price,ship_to_name,ship_to_address1,ship_to_city,ship_to_state,ship_to_postal_code,ship_to_country';
const [MUG, LAMP, TOTE] = ['E2E-DK-MUG', 'E2E-DK-LAMP', 'E2E-DK-TOTE'];
const F = '/api/fbm/web';
const CUSTOMS = '/api/external/ship/rate/label/customs';

interface World {
  admin: { token: string; companyId: number };
  batch: { id: number; number: string };
  /** Order ids by marketplace order id. */
  orders: Record<string, number>;
}

let world: World;
let page: Page;

async function seed(url: string): Promise<World> {
  const [admin, client] = await Promise.all([apiSignIn(url, 'demo.admin'), apiSignIn(url, 'demo.client')]);
  const ok = (res: { status: number; body: unknown }, what: string, codes = [200, 201]) =>
    expect(codes, `${what}: ${JSON.stringify(res.body)}`).toContain(res.status);
  const [warehouse] = (
    await apiRequest<{ id: number; name: string; code: string }[]>(url, 'GET', '/api/company/warehouse', admin.token)
  ).body;
  const stock = [
    [MUG, 3],
    [LAMP, 2],
    [TOTE, 2],
  ] as const;
  // Independent of each other: the warehouse's address, the bin and the products at once.
  await Promise.all([
    // Labels leave from the warehouse's address (the US): Toronto is international.
    apiRequest(url, 'PUT', `/api/company/warehouse/${warehouse.id}`, admin.token, {
      name: warehouse.name,
      code: warehouse.code,
      line1: '100 Harbor Way',
      city: 'Newark',
      state: 'NJ',
      postalCode: '07114',
      countryCode: 'US',
    }).then((res) => ok(res, 'warehouse address')),
    apiRequest(url, 'POST', '/api/warehouse-location', admin.token, { code: 'E2E-DK-1', type: 'bin' }).then((res) =>
      ok(res, 'bin', [201, 409]),
    ),
    ...stock.map(([msku]) =>
      apiRequest(url, 'POST', '/api/product/products', client.token, {
        companyId: client.companyId,
        title: `${msku} product`,
        msku,
      }).then((res) => ok(res, msku, [201, 409])),
    ),
  ]);
  for (const [msku, quantity] of stock)
    ok(
      await apiRequest(url, 'POST', '/api/inventory/adjust', admin.token, {
        companyId: client.companyId,
        productCode: msku,
        location: 'E2E-DK-1',
        quantity,
        reason: 'found',
      }),
      `stock ${msku}`,
    );
  const store = await apiRequest<{ id: number }>(url, 'POST', '/api/common/stores', admin.token, {
    companyId: client.companyId,
    marketplace: 'ebay',
    name: STORE,
    environment: 'sandbox',
  });
  ok(store, 'store');
  const us = 'Ada Buyer,5 Elm St,Springfield,IL,62701,US';
  // Toronto rather than Berlin: an address without a state cannot be rated yet (ShipEngine's
  // contract requires state_province, and Dockside sends the empty state as it is).
  const ca = 'Bo Buyer,1 King St W,Toronto,ON,M5H 1A1,CA';
  const rows = [
    ['E2E-DK-V1', MUG, 2, us],
    ['E2E-DK-V1', LAMP, 1, us],
    ['E2E-DK-PK', LAMP, 1, us],
    ['E2E-DK-PK', TOTE, 1, us],
    ['E2E-DK-CA', MUG, 1, ca],
    ['E2E-DK-CA', TOTE, 1, ca],
  ].map(([id, sku, q, to], i) => `${STORE},${id},2026-11-2${i % 3}T10:00:00Z,${sku},${sku} item,${q},0,9.99,${to}`);
  const form = new FormData();
  form.set('file', new Blob([[HEADER, ...rows].join('\n')], { type: 'text/csv' }), 'orders.csv');
  const upload = await fetch(`${url}/api/fbm/orders/file-upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
    body: form,
  });
  expect(upload.status, await upload.clone().text()).toBe(201);
  // Reserved by a person on the pick list: all awaiting orders of the client (every store of it).
  const desk = await signedIn(env, 'demo.admin');
  desk.setDefaultTimeout(60_000);
  await desk.goto(`${url}/apps/outbound/fbm-force/pick-list`);
  const reserve = desk.getByTestId('reserve-panel');
  await reserve.locator('select[name=reserveFrom]').selectOption(`c${client.companyId}`);
  await reserve.getByRole('button', { name: 'Reserve', exact: true }).click();
  const reserved = reserve.getByTestId('reserve-result');
  for (const order of ['E2E-DK-V1', 'E2E-DK-PK', 'E2E-DK-CA'])
    await reserved.locator(`li[data-order="${order}"][data-outcome=reserved]`).waitFor();
  await desk.context().close();
  const batch = await apiRequest<{
    id: number;
    number: string;
    units: number;
    lines: { id: number; quantity: number; orderId: number }[];
  }>(url, 'POST', `${F}/pick/batch`, admin.token, { storeId: store.body.id });
  ok(batch, 'batch');
  expect(batch.body.units).toBe(7);
  for (const l of batch.body.lines)
    ok(
      await apiRequest(url, 'POST', `${F}/pick/batch/${batch.body.id}/pick`, admin.token, {
        batchLineId: l.id,
        quantity: l.quantity,
      }),
      'pick',
    );
  const orders: Record<string, number> = {};
  await Promise.all(
    [...new Set(batch.body.lines.map((l) => l.orderId))].map(async (orderId) => {
      const o = await apiRequest<{ marketplaceOrderId: string }>(
        url,
        'GET',
        `${F}/view/orders/${orderId}`,
        admin.token,
      );
      orders[o.body.marketplaceOrderId] = orderId;
    }),
  );
  expect(Object.keys(orders).sort()).toEqual(['E2E-DK-CA', 'E2E-DK-PK', 'E2E-DK-V1']);
  return { admin, batch: { id: batch.body.id, number: batch.body.number }, orders };
}

/** Opens an order's detail panel on the merchant-fulfilment desk. */
async function openOrder(marketplaceOrderId: string) {
  await page.goto(`${env.server.url}/apps/outbound/mfn-shipments`);
  const grid = page.locator('[data-grid=fbm-orders-mfn]');
  await grid.getByRole('searchbox').fill(marketplaceOrderId);
  await expect.poll(() => grid.locator('tbody tr').count()).toBe(1);
  await page.getByTestId(`order-${world.orders[marketplaceOrderId]}`).click();
  const detail = page.getByTestId('order-detail');
  await detail.getByRole('heading', { name: new RegExp(`Order ${marketplaceOrderId}`) }).waitFor();
  return detail;
}

// After e2eEnv's own beforeAll (server and browser): the world, and the desk user signed in meanwhile.
beforeAll(async () => {
  [world, page] = await Promise.all([seed(env.server.url), signedIn(env, 'demo.admin')]);
  page.setDefaultTimeout(30_000);
});

describe('the merchant-fulfilment desk', () => {
  it('verifies the picked batch by wedge scans; a stranger barcode is refused loudly; "verified" is recorded', async () => {
    const { url } = env.server;
    // The handheld's vibrations, recorded (headless Chromium has no motor to feel).
    await page.context().addInitScript(() => {
      const seen: unknown[] = [];
      Object.assign(window, { vibrations: seen });
      Object.defineProperty(navigator, 'vibrate', {
        configurable: true,
        value: (pattern: unknown) => seen.push(pattern) > 0,
      });
    });
    const lastVibration = () =>
      page.evaluate(() => (window as unknown as { vibrations: unknown[] }).vibrations.at(-1) ?? null);
    await page.goto(`${url}/apps/tools/batch-verify`);
    await page.getByRole('heading', { name: 'Batch verify' }).waitFor();
    await wedgeScan(page, world.batch.number);
    const subject = page.getByTestId('verify-subject');
    await subject.and(page.locator(`[data-ref="${world.batch.number}"]`)).waitFor();
    await subject.getByText('0 of 7 units counted').waitFor();

    const verdict = page.getByTestId('verify-verdict');
    const counted = (sku: string) =>
      page.locator(`[data-testid=verify-lines] tr[data-key$="|${sku}"] [data-testid=verify-counted]`);
    await wedgeScan(page, MUG);
    await expect.poll(() => counted(MUG).textContent()).toBe('1/3');
    expect(await verdict.getAttribute('data-tone')).toBe('ok');
    await expect.poll(lastVibration).toEqual([30]);

    // A barcode that is in no order of the batch: red, said in words, not counted.
    await wedgeScan(page, 'E2E-DK-STRANGER');
    await expect.poll(() => verdict.getAttribute('data-tone')).toBe('error');
    expect(await verdict.getAttribute('role')).toBe('alert');
    // Loudly: the screen flashes red and the handheld buzzes long (the error tone plays with them).
    expect(await page.getByTestId('scan-flash').getAttribute('data-kind')).toBe('error');
    await expect.poll(lastVibration).toEqual([300]);
    expect(await verdict.textContent()).toBe(`Refused: E2E-DK-STRANGER is not in ${world.batch.number}. Put it aside.`);
    await subject.getByText('1 of 7 units counted').waitFor();

    for (const [sku, times] of [
      [MUG, 2],
      [LAMP, 2],
      [TOTE, 2],
    ] as const)
      for (let i = 0; i < times; i++) {
        const was = (await counted(sku).textContent())!;
        await wedgeScan(page, sku);
        await expect.poll(() => counted(sku).textContent()).not.toBe(was);
      }
    expect(await counted(MUG).textContent()).toBe('3/3');
    expect(await counted(LAMP).textContent()).toBe('2/2');
    expect(await counted(TOTE).textContent()).toBe('2/2');
    const verified = page.getByTestId('verify-verified');
    await verified.waitFor();
    expect(await verified.textContent()).toBe(`Verified: ${world.batch.number}, 7 units (demo.admin).`);

    // The server holds the verification, the refused stranger with it.
    const after = await apiRequest<{
      lastVerification: {
        result: string;
        expected: number;
        userName: string;
        mismatches: { kind: string; code: string }[];
      } | null;
    }>(url, 'GET', `/api/tools/batch-verify/subject?ref=${world.batch.number}`, world.admin.token);
    expect(after.status).toBe(200);
    expect(after.body.lastVerification).toMatchObject({ result: 'verified', expected: 7, userName: 'demo.admin' });
    expect(after.body.lastVerification!.mismatches).toEqual([
      expect.objectContaining({ kind: 'unknown', code: 'E2E-DK-STRANGER' }),
    ]);
  });

  it('packs an order by scans into box 1; an item of another order is refused; the box size and weight are saved', async () => {
    const detail = await openOrder('E2E-DK-PK');
    const panel = detail.getByTestId('pack-panel');
    await panel.getByText('No boxes yet: scan the first item.').waitFor();
    const scanInto = async (code: string) => {
      await panel.getByTestId('pack-scan').click();
      await page.keyboard.type(code);
      await page.keyboard.press('Enter');
    };

    await scanInto(LAMP);
    await panel
      .getByRole('status')
      .filter({ hasText: `${LAMP} packed` })
      .waitFor();
    const box = panel.getByTestId('pack-box-1');
    await box.getByText(`1 × ${LAMP}`, { exact: false }).waitFor();

    // A mug is on another order of the batch: refused in the server's words, nothing boxed.
    await scanInto(MUG);
    const refusal = panel.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(`Wrong item: ${MUG} is not on order E2E-DK-PK`);
    expect(await box.locator('li').count()).toBe(1);

    await scanInto(TOTE);
    await panel
      .getByRole('status')
      .filter({ hasText: `${TOTE} packed` })
      .waitFor();
    await panel.getByText('Every unit is in a box.').waitFor();
    expect(await box.locator('li').count()).toBe(2);

    const dims = panel.getByTestId('pack-box-dims-1');
    for (const [name, value] of [
      ['Length (in)', '14'],
      ['Width (in)', '10'],
      ['Height (in)', '6'],
      ['Weight (lb)', '3.5'],
    ])
      await dims.getByLabel(name).fill(value);
    await dims.getByRole('button', { name: 'Save' }).click();
    await panel.getByRole('status').filter({ hasText: 'Saved' }).waitFor();

    const stored = await apiRequest<{
      complete: boolean;
      boxes: { number: number; dimensions: unknown; items: { productKey: string; quantity: number }[] }[];
    }>(env.server.url, 'GET', `${F}/box/item/reserved/remaining/items/${world.orders['E2E-DK-PK']}`, world.admin.token);
    expect(stored.body.complete).toBe(true);
    expect(stored.body.boxes).toHaveLength(1);
    expect(stored.body.boxes[0].dimensions).toEqual({ lengthIn: 14, widthIn: 10, heightIn: 6, weightLb: 3.5 });
    expect(stored.body.boxes[0].items.map((i) => [i.productKey, i.quantity]).sort()).toEqual([
      [LAMP, 1],
      [TOTE, 1],
    ]);
  });

  it('declares customs for the Toronto order: its label is refused until the declaration is saved, then rated and bought', async () => {
    const { url } = env.server;
    const orderId = world.orders['E2E-DK-CA'];
    // The parcel's size for rating (packing is the test above).
    expect(
      (
        await apiRequest(url, 'PUT', `${F}/order/${orderId}/default/box/dimensions`, world.admin.token, {
          lengthIn: 10,
          widthIn: 8,
          heightIn: 4,
          weightLb: 2,
        })
      ).status,
    ).toBe(200);

    // Before: the bulk label desk says the declaration is not complete, and the purchase fails in words.
    await page.goto(`${url}/apps/outbound/fbm-force/buy-bulk-shipping`);
    const row = page.getByTestId('bulk-order-E2E-DK-CA');
    await row.waitFor();
    expect(await row.textContent()).toContain('International');
    await row.getByRole('checkbox', { name: 'E2E-DK-CA' }).check();
    await page.getByRole('button', { name: 'Shop rates' }).click();
    // The carrier quotes, but beside them the desk is told the declaration is not complete.
    const warning = page.getByTestId('rate-warning-E2E-DK-CA');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('The customs declaration of order E2E-DK-CA is not complete');
    await page.getByTestId('bulk-buy').click();
    await page.getByTestId('bulk-run').filter({ hasText: '1 of 1 orders: 0 bought, 1 failed' }).waitFor();
    expect(await page.getByTestId('bulk-failures').textContent()).toMatch(
      /E2E-DK-CA: .*customs declaration of order E2E-DK-CA is not complete/,
    );

    // The declaration: prefilled from the lines, what is missing named per field.
    const detail = await openOrder('E2E-DK-CA');
    const panel = detail.getByTestId('customs-panel');
    await panel.getByRole('heading', { name: /Customs declaration/ }).waitFor();
    expect(await panel.getByRole('heading').textContent()).toContain('prefilled');
    expect(await panel.textContent()).toContain('US → CA');
    const prefilled = await apiRequest<{ saved: boolean; items: { sku: string }[] }>(
      url,
      'GET',
      `${CUSTOMS}/declaration/${orderId}/json`,
      world.admin.token,
    );
    expect(prefilled.body.saved).toBe(false);
    const n = (sku: string) => prefilled.body.items.findIndex((i) => i.sku === sku);
    const field = (sku: string, f: string) => panel.locator(`input[name="items.${n(sku)}.${f}"]`);
    expect(await field(MUG, 'quantity').inputValue()).toBe('1');
    expect(await field(MUG, 'unitValue').inputValue()).toBe('9.99');
    // The products have no customs defaults yet: the server names their HS codes as missing.
    expect(await field(MUG, 'hsCode').getAttribute('aria-invalid')).toBe('true');
    expect(await field(TOTE, 'hsCode').getAttribute('aria-invalid')).toBe('true');

    // Saving with the HS code not a tariff number is stopped at the field; nothing is stored.
    await field(MUG, 'hsCode').fill('mug');
    await panel.getByRole('button', { name: 'Save declaration' }).click();
    const hsError = field(MUG, 'hsCode').locator('xpath=..').locator('.form-error');
    await expect.poll(() => hsError.textContent()).toBe('An HS tariff number of 6 to 10 digits (e.g. 6109.10)');
    expect(
      (await apiRequest<{ saved: boolean }>(url, 'GET', `${CUSTOMS}/declaration/${orderId}/json`, world.admin.token))
        .body.saved,
    ).toBe(false);

    const fill = async (sku: string, values: Record<string, string>) => {
      for (const [f, v] of Object.entries(values)) await field(sku, f).fill(v);
    };
    await fill(MUG, { description: 'Ceramic mug', hsCode: '691200', countryOfOrigin: 'CN', unitWeightLb: '0.8' });
    await fill(TOTE, { description: 'Cotton tote bag', hsCode: '420292', countryOfOrigin: 'IN', unitWeightLb: '0.4' });
    await panel.locator('select[name=incoterm]').selectOption('DDU');
    await panel.locator('select[name=purpose]').selectOption('MERCHANDISE');
    const badge = panel.getByTestId('customs-document-type');
    await panel.getByRole('button', { name: 'Save declaration' }).click();
    // A light parcel of little value is a CN22.
    await page.getByText('Customs declaration saved (CN22)').waitFor();
    expect(await badge.textContent()).toBe('CN22');
    expect(await panel.getByRole('heading').textContent()).not.toContain('prefilled');
    expect(await panel.locator('[aria-invalid=true]').count()).toBe(0);

    // Heavier than a letter-post item's 2 kg: a CN23.
    await fill(MUG, { unitWeightLb: '4.8' });
    await panel.getByRole('button', { name: 'Save declaration' }).click();
    await expect.poll(() => badge.textContent()).toBe('CN23');
    // The CN23 printed: a real PDF named after the form and the order.
    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Print CN23 (PDF)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('CN23-E2E-DK-CA.pdf');
    expect((await readFile((await file.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

    const saved = await apiRequest<{
      saved: boolean;
      documentType: string;
      problems: unknown[];
      items: { sku: string; hsCode: string; countryOfOrigin: string; unitWeightLb: number }[];
    }>(url, 'GET', `${CUSTOMS}/declaration/${orderId}/json`, world.admin.token);
    expect(saved.body).toMatchObject({ saved: true, documentType: 'CN23', problems: [] });
    expect(saved.body.items[n(MUG)]).toMatchObject({ hsCode: '691200', countryOfOrigin: 'CN', unitWeightLb: 4.8 });
    expect(saved.body.items[n(TOTE)]).toMatchObject({ hsCode: '420292', countryOfOrigin: 'IN', unitWeightLb: 0.4 });

    // After: the rates appear without a customs warning, and the label is bought.
    await page.goto(`${url}/apps/outbound/fbm-force/buy-bulk-shipping`);
    await row.getByRole('checkbox', { name: 'E2E-DK-CA' }).check();
    await page.getByRole('button', { name: 'Shop rates' }).click();
    const rate = page.getByTestId('rate-E2E-DK-CA');
    await rate.waitFor();
    expect(await rate.locator('option').count()).toBeGreaterThan(1);
    expect(await page.getByTestId('rate-warning-E2E-DK-CA').count()).toBe(0);
    await page.getByTestId('bulk-buy').click();
    await page.getByTestId('bulk-run').filter({ hasText: '1 of 1 orders: 1 bought, 0 failed' }).waitFor();
    const labels = await apiRequest<{ status: string }[]>(
      url,
      'GET',
      `${F}/order/${orderId}/labels`,
      world.admin.token,
    );
    expect(labels.body.map((l) => l.status)).toContain('bought');
  });
});
