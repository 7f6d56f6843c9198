/**
 * The merchant-fulfilment day, through the screens alone (issue 38), on the stocked demo: the
 * manager checks Acme's Amazon store on Merchant Connect and pulls its orders (Amazon's FBA orders
 * among them, which the warehouse never reserves nor ships); on the force console reserves them
 * (each order's answer in words), books the units the reserve found missing as found on the
 * inventory screen and reserves again; makes a pick batch on the pick list; the floor user picks
 * it on a 390 px phone by wedge scans; the console's next step of each stage leads on: one box on
 * every order of the batch at once, the labels shopped and bought in bulk, the merged PDF; each order is
 * marked shipped from its panel with the bought label's carrier and tracking already filled in;
 * Amazon (the sandbox) then holds each package's tracking number, and the orders leave the
 * console's "labelled, to mark shipped" and the bulk labels list.
 * After the server starts no step calls the API: sign-in, clicks, typing and wedge scans only;
 * the API and the sandbox are read only to check what they hold.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { signToken } from '../server/sandboxes/tokens.js';
import { e2eEnv, signedIn } from './env.js';
import { apiRequest, apiSignIn, pending, signIn, wedgeScan } from './harness.js';

const env = e2eEnv({ demoData: true });
vi.setConfig({ testTimeout: 600_000 });

const STORE = 'Acme Sellers · Amazon.com';
/** The orders the day follows: at most this many of those the reserve could not hold at first. */
const TARGETS = 2;

async function openMenu(page: Page, key: string) {
  const section = page.locator('details.menu-section', { has: page.locator(`a[data-menu-key=${key}]`) });
  if ((await section.getAttribute('open')) === null) await section.locator('summary').click();
  await section.locator(`a[data-menu-key=${key}]`).click();
}

const count = (page: Page, stage: string) => page.getByTestId(`force-${stage}`).getAttribute('data-count').then(Number);

/** What Amazon (the sandbox) holds for the order: its packages' tracking numbers. */
async function amazonTracking(sellerId: string, orderId: string): Promise<string[]> {
  // Read as Dockside would, with an access token of the store's seller account (the sandbox's own form).
  // The server's secret: JWT_SECRET when the environment gives one, else the one it keeps in its data directory.
  const secret = process.env.JWT_SECRET || (await readFile(path.join(env.server.dataDir, 'jwt-secret'), 'utf8')).trim();
  const token = signToken(secret, 'Atza|sbx.', { account: sellerId, use: 'access', exp: Date.now() + 600_000 });
  const res = await fetch(
    `${env.server.url}/sandbox/amazon/orders/2026-01-01/orders/${orderId}?includedData=PACKAGES,FULFILLMENT`,
    { headers: { 'x-amz-access-token': token } },
  );
  expect(res.status, await res.clone().text()).toBe(200);
  const { order } = (await res.json()) as { order: { packages?: { trackingNumber?: string }[] } };
  return (order.packages ?? []).map((p) => p.trackingNumber ?? '');
}

describe('the merchant-fulfilment day', () => {
  it('store → pull → reserve → pick batch → phone pick → box → bulk labels → PDF → shipped → Amazon told', async () => {
    const url = env.server.url;
    const page = await signedIn(env, 'demo.admin');
    page.setDefaultTimeout(60_000);

    // ---- The store: connected by the demo through the sandbox's consent page (server/seed/demo-fba.ts;
    // a reconnect would be another sandbox seller, whose buyers order SKUs the catalogue lacks),
    // answering, its orders pulled. ----
    await openMenu(page, 'MerchantConnect');
    await page.waitForURL('**/apps/account/merchant-connect');
    const card = page.locator('[data-testid=store-card]', { hasText: STORE });
    await expect.poll(() => card.getAttribute('data-connection')).toBe('connected');
    await card.getByRole('button', { name: 'Test connection' }).click();
    await page.getByText('Amazon answered: the store is connected').waitFor();
    expect(await card.locator('[data-testid=store-orders]').textContent()).toBe('Not pulled yet');
    await card.getByRole('button', { name: 'Pull orders' }).click();
    await page.getByText('Orders pull queued').waitFor();
    await expect
      .poll(
        async () => {
          await page.reload();
          return card.locator('[data-testid=store-orders]').textContent();
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toMatch(/^\d+ to ship · pulled /);

    // ---- Reserve on the force console: the answer per order, each line not held in words. ----
    await openMenu(page, 'FbmForce');
    await page.waitForURL('**/apps/outbound/fbm-force');
    await expect.poll(() => count(page, 'toReserve')).toBeGreaterThan(0);
    await page.getByTestId('force-next-reserve').click();
    const panel = page.getByTestId('reserve-panel');
    const from = panel.locator('select[name=reserveFrom]');
    await from.selectOption((await from.locator('option', { hasText: STORE }).first().getAttribute('value'))!);
    await panel.getByRole('button', { name: 'Reserve', exact: true }).click();
    const result = panel.getByTestId('reserve-result');
    await result.waitFor();
    // Orders nothing of which could be held, every line for want of stock on the shelves (none
    // unlinked; an order partly held lists only its lines not held, so its outcome says so).
    const short = new Map<string, { sku: string; needed: number }[]>();
    for (const li of await result.locator('li[data-order]').all()) {
      if ((await li.getAttribute('data-outcome')) !== 'not_reserved') continue;
      const lines = await li.locator('li[data-reason]').all();
      const reasons = await Promise.all(lines.map((l) => l.getAttribute('data-reason')));
      if (!lines.length || reasons.some((r) => r !== 'no_stock')) continue;
      const words = await Promise.all(lines.map((l) => l.textContent()));
      short.set(
        (await li.getAttribute('data-order'))!,
        words.map((w) => {
          const m = /^(\S+): (\d+) needed/.exec(w ?? '');
          expect(m, `a line not held says its SKU and what it needs: ${w}`).not.toBeNull();
          return { sku: m![1], needed: Number(m![2]) };
        }),
      );
    }
    const targets = [...short.keys()].slice(0, TARGETS);
    expect(targets.length, 'orders short of stock to follow').toBeGreaterThan(0);
    for (const order of targets)
      expect(await result.locator(`li[data-order="${order}"]`).getAttribute('data-outcome')).toBe('not_reserved');
    // Enough of each of their SKUs for every order wanting it (the reserve holds oldest first).
    const skus = new Set(targets.flatMap((o) => short.get(o)!.map((l) => l.sku)));
    const needed = new Map<string, number>();
    for (const lines of short.values())
      for (const l of lines) if (skus.has(l.sku)) needed.set(l.sku, (needed.get(l.sku) ?? 0) + l.needed);

    // ---- The units are found on the FBM shelf: booked on the inventory screen. ----
    await openMenu(page, 'InventorySnapshot');
    await page.waitForURL('**/apps/inventory/inventory-snapshot**');
    for (const [sku, quantity] of needed) {
      await page.getByRole('button', { name: 'New adjustment' }).click();
      const adjust = page.getByTestId('adjust-form');
      const acme = await adjust
        .locator('select[name=companyId] option', { hasText: 'Acme Sellers' })
        .getAttribute('value');
      await adjust.locator('select[name=companyId]').selectOption(acme!);
      await adjust.locator('input[name=productCode]').fill(sku);
      await adjust.locator('input[name=location]').fill('FBM-SHELF');
      await adjust.locator('input[name=quantity]').fill(`+${quantity}`);
      await adjust.locator('select[name=reason]').selectOption('found');
      await adjust.getByRole('button', { name: 'Apply adjustment' }).click();
      await expect.poll(() => adjust.count()).toBe(0);
    }

    // ---- Reserved again: the orders followed are held whole now. ----
    await openMenu(page, 'FbmForce');
    await page.waitForURL('**/apps/outbound/fbm-force');
    await page.getByTestId('force-next-reserve').click();
    await from.selectOption((await from.locator('option', { hasText: STORE }).first().getAttribute('value'))!);
    await panel.getByRole('button', { name: 'Reserve', exact: true }).click();
    for (const order of targets) await result.locator(`li[data-order="${order}"][data-outcome=reserved]`).waitFor();
    await expect.poll(() => count(page, 'reserved')).toBeGreaterThanOrEqual(targets.length);

    // ---- A pick batch of the store's reserved orders, from the pick list. ----
    await page.getByTestId('force-next-batch').click();
    await page.waitForURL('**/apps/outbound/fbm-force/pick-list');
    const make = page.getByRole('form', { name: 'Make pick batch' });
    const source = make.locator('select[name=source]');
    await source.locator('option', { hasText: STORE }).first().waitFor({ state: 'attached' });
    await source.selectOption((await source.locator('option', { hasText: STORE }).first().getAttribute('value'))!);
    await make.getByRole('button', { name: 'Make pick batch' }).click();
    const made = page.getByTestId('pick-made');
    await made.waitFor();
    const m = /Pick batch (\S+) made: (\d+) orders, (\d+) units\./.exec((await made.textContent()) ?? '');
    expect(m, (await made.textContent()) ?? '').not.toBeNull();
    const [, batchNumber, orderCount, unitCount] = m!;
    const orders = Number(orderCount);
    const units = Number(unitCount);
    expect(orders).toBeGreaterThanOrEqual(targets.length);

    // ---- Picked on a phone by the floor user, by wedge scans. ----
    const phoneContext = await env.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const phone = await phoneContext.newPage();
    phone.setDefaultTimeout(60_000);
    await signIn(phone, url, 'demo.receiver');
    await phone.waitForURL('**/dashboard');
    await phone.goto(`${url}/apps/outbound/fbm-force/pick-list`);
    await phone.locator(`tr[data-batch="${batchNumber}"] [data-testid=pick-open-floor]`).click();
    await phone.waitForURL('**/apps/outbound/fbm-force/pick/*');
    const stop = phone.getByTestId('pick-stop');
    await stop.waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The aisles have no signal: the batch is picked offline and sent when the phone is back. (Online,
    // a pull read before a pick was confirmed can still show the pick undone for a moment — the
    // sync engine's known race, see the issue 38 note — so the day walks the floor as it usually is.)
    await phoneContext.setOffline(true);
    const picked = () => phone.getByTestId('pick-progress').getAttribute('data-picked').then(Number);
    let stops = 0;
    while ((await phone.getByTestId('pick-done').count()) === 0) {
      expect(++stops).toBeLessThan(2 * units + 5);
      if ((await stop.getAttribute('data-here')) !== 'true') {
        await wedgeScan(phone, (await stop.getAttribute('data-location'))!);
        await expect.poll(() => stop.getAttribute('data-here')).toBe('true');
      }
      // One unit a scan, the stop read again after each.
      const said = async () =>
        `${await picked()} ${(await phone.getByTestId('pick-verdict').count()) ? await phone.getByTestId('pick-verdict').textContent() : ''}`;
      const was = await said();
      await wedgeScan(phone, (await stop.getAttribute('data-code'))!);
      await expect.poll(said).not.toBe(was);
      const verdict = phone.getByTestId('pick-verdict');
      expect(await verdict.getAttribute('data-tone'), (await verdict.textContent()) ?? '').toBe('ok');
    }
    const done = phone.getByTestId('pick-done');
    expect(await done.locator('h2').textContent()).toBe('Batch picked');
    expect(await done.locator('tbody tr').count()).toBe(orders);
    expect(await pending(phone)).toBeGreaterThan(0);
    await phoneContext.setOffline(false);
    await expect.poll(() => pending(phone), { timeout: 30_000 }).toBe(0);
    await expect.poll(picked).toBe(units);
    await phoneContext.close();

    // ---- Boxes in bulk: the console's "to pack" stage leads to one box for every order of the batch. ----
    await openMenu(page, 'FbmForce');
    await page.waitForURL('**/apps/outbound/fbm-force');
    await expect.poll(() => count(page, 'onBatches')).toBe(0);
    await expect.poll(() => count(page, 'toPack')).toBeGreaterThanOrEqual(orders);
    await page.getByTestId('force-next-box').click();
    await page.getByRole('heading', { name: 'Buy bulk shipping' }).waitFor();
    const batch = page.getByTestId('bulk-batch');
    const option = batch.locator('option', { hasText: batchNumber });
    await option.waitFor({ state: 'attached' });
    await batch.selectOption((await option.getAttribute('value'))!);
    const table = page.getByTestId('bulk-orders');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(orders);
    const rows = await table.locator('tbody tr').all();
    const batchOrders = await Promise.all(
      rows.map(async (r) => (await r.getAttribute('data-testid'))!.replace(/^bulk-order-/, '')),
    );
    expect(batchOrders).toEqual(expect.arrayContaining(targets));
    await table.getByRole('checkbox', { name: 'Select all' }).check();
    const buy = page.getByTestId('bulk-buy');
    // No box yet: nothing can be bought, each order says why.
    expect(await buy.isDisabled()).toBe(true);
    for (const id of batchOrders) expect(await page.getByTestId(`why-${id}`).textContent()).toContain('No box');
    const presetSelect = page.getByTestId('bulk-box-preset');
    await presetSelect.selectOption((await presetSelect.locator('option').nth(1).getAttribute('value'))!);
    await page.getByTestId('bulk-box-weightLb').fill('2');
    await page.getByTestId('bulk-box-apply').click();
    await page
      .getByTestId('bulk-box-note')
      .filter({ hasText: `Box set for ${orders} orders` })
      .waitFor();
    // Boxed, each order can be bought unless the page says why not (an order of the batch whose
    // other lines are held for it but not all picked waits for them): the day goes on with the rest,
    // the orders it followed among them.
    await expect.poll(() => page.getByText('No box').count()).toBe(0);
    const ready: string[] = [];
    for (const id of batchOrders) if ((await page.getByTestId(`why-${id}`).count()) === 0) ready.push(id);
    expect(ready).toEqual(expect.arrayContaining(targets));
    const buyable = ready.length;
    await expect.poll(() => buy.textContent()).toContain(`(${buyable})`);

    // ---- Labels: boxed, the console sends the desk to buy them; the page kept the batch chosen. ----
    await openMenu(page, 'FbmForce');
    await page.waitForURL('**/apps/outbound/fbm-force');
    await expect.poll(() => count(page, 'packed')).toBeGreaterThanOrEqual(buyable);
    expect(await count(page, 'toPack')).toBe(0);
    await page.getByTestId('force-next-label').click();
    await page.getByRole('heading', { name: 'Buy bulk shipping' }).waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(orders);
    expect(await batch.inputValue()).toBe(await option.getAttribute('value'));
    await expect.poll(() => buy.textContent()).toContain(`(${buyable})`);
    await page.getByRole('button', { name: 'Shop rates' }).click();
    for (const id of ready) await page.getByTestId(`rate-${id}`).waitFor();
    await buy.click();
    const run = page.getByTestId('bulk-run');
    await run
      .filter({ hasText: `${buyable} of ${buyable} orders: ${buyable} bought, 0 failed` })
      .waitFor({ timeout: 120_000 });
    const tracking = new Map<string, { carrier: string; tracking: string }>();
    for (const id of ready) {
      const label = page.getByTestId(`bulk-order-${id}`).locator('[data-testid=bulk-label][data-status=bought]');
      await label.waitFor();
      tracking.set(id, {
        carrier: (await label.getAttribute('data-carrier'))!,
        tracking: (await label.getAttribute('data-tracking'))!,
      });
      expect(tracking.get(id)!.tracking).not.toBe('');
    }

    // The merged PDF: one page per order.
    const download = page.waitForEvent('download');
    await page.getByTestId('bulk-download').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile((await file.path())!);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(buyable);

    // ---- Marked shipped from each order's panel, the label's carrier and tracking filled in. ----
    await openMenu(page, 'FbmForce');
    await page.waitForURL('**/apps/outbound/fbm-force');
    await expect.poll(() => count(page, 'labelled')).toBeGreaterThanOrEqual(buyable);
    await page.getByTestId('force-labelled').getByRole('link', { name: 'Amazon FBM orders' }).click();
    await page.waitForURL('**/apps/outbound/fbm-shipments');
    const grid = page.locator('[data-grid=fbm-orders-fbm]');
    for (const id of ready) {
      await grid.getByRole('searchbox').fill(id);
      const row = grid.locator('tbody tr', { hasText: id });
      await expect.poll(() => grid.locator('tbody tr').count()).toBe(1);
      await row.locator('button[data-testid^=order-]').click();
      const detail = page.getByTestId('order-detail');
      await detail.getByRole('heading', { name: new RegExp(`Order ${id}`) }).waitFor();
      const ship = detail.getByTestId('ship-panel');
      const form = ship.getByTestId('mark-shipped-form');
      await form.waitFor();
      await form.getByTestId('ship-from-labels').waitFor();
      const label = tracking.get(id)!;
      expect(await form.locator('input[name=tracking]').inputValue()).toBe(label.tracking);
      expect(await form.locator('select[name=carrier]').inputValue()).toBe(label.carrier);
      await form.getByTestId('mark-shipped').click();
      const shipment = ship.locator('[data-testid=shipments] tr[data-shipment]', { hasText: label.tracking });
      await shipment.waitFor();
      // Amazon is told by a background job: the row says so once it has answered.
      await expect
        .poll(
          async () => {
            const state = await shipment.getAttribute('data-confirmation');
            if (state === 'pending') {
              await detail.getByRole('button', { name: 'Close' }).click();
              await row.locator('button[data-testid^=order-]').click();
              await shipment.waitFor();
            }
            return shipment.getAttribute('data-confirmation');
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .toBe('sent');
      await detail.getByRole('button', { name: 'Close' }).click();
    }

    // ---- Amazon holds each package's tracking; the console and the bulk list are done with them. ----
    const admin = await apiSignIn(url, 'demo.admin');
    const stores = await apiRequest<{ name: string; sellerId: string }[]>(
      url,
      'GET',
      '/api/common/stores',
      admin.token,
    );
    const sellerId = stores.body.find((s) => s.name === STORE)!.sellerId;
    for (const id of ready) expect(await amazonTracking(sellerId, id)).toContain(tracking.get(id)!.tracking);
    await openMenu(page, 'FbmForce');
    await page.waitForURL('**/apps/outbound/fbm-force');
    await expect.poll(() => count(page, 'labelled')).toBe(0);
    await page.getByTestId('force-bulk-labels').click();
    await page.getByRole('heading', { name: 'Buy bulk shipping' }).waitFor();
    await batch.selectOption((await option.getAttribute('value'))!);
    // Only an order that could not be bought is still listed.
    await expect.poll(() => page.locator('[data-testid^=bulk-order-]').count()).toBe(orders - buyable);
    await page.context().close();
  });
});
