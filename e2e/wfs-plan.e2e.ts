/**
 * A WFS plan end to end in Chromium (issue 19: "one Chromium e2e packing a WFS plan by wedge scans
 * with a PDF label out"). Set up through the API against the Walmart sandbox (as
 * tests/integration/wfs-flow.test.ts does in-process): demo.client2's Walmart store connected, two
 * products with UPCs counted into PREP-WFS, its default WFS shipping template. Then demo.admin, in the
 * WFS workspace: the client chosen, a new plan (its ship-from from the template) refused until it has a line, created from what is available at PREP-WFS, Walmart's
 * preview asked (its fulfilment centres shown) and submitted; demo.receiver packs it at the bench by
 * wedge scans (one by SKU, one by UPC; a box per Walmart shipment) and closes the boxes; the desk
 * sees every unit boxed, says "Packing done", accepts Walmart's carrier quote per shipment (its price
 * and void deadline shown), voids one within Walmart's window (the own carrier's form refused in place
 * when empty) and accepts it again, downloads a shipment's receiving labels (a PDF), and ships — the server
 * has the plan shipped. The plan is listed under Outbound shipments' WFS tab.
 */
import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eEnv, signedIn } from './env.js';
import { apiRequest, apiSignIn, pending, wedgeScan } from './harness.js';

const env = e2eEnv();
const P = '/api/outbound/wfs/plan';

function upc(n: number) {
  const body = String(n).padStart(11, '0');
  const sum = body.split('').reduce((t, d, i) => t + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return body + ((10 - (sum % 10)) % 10);
}

function must<T>(res: { status: number; body: T }, ok: number[], what: string): T {
  if (!ok.includes(res.status)) throw new Error(`${what}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

interface WfsPlan {
  id: number;
  step: string;
  status: string;
  items: { id: number; productId: number; msku: string; title: string; quantity: number; packingGroupId: string }[];
  shipments: { shipmentId: string; boxes: number; carrier: { status: string } | null }[];
}

const workspace = (page: Page) => page.locator('[data-testid=wfs-plan]');
async function waitForStep(page: Page, step: string) {
  await expect.poll(() => workspace(page).getAttribute('data-step'), { timeout: 60_000 }).toBe(step);
  await expect
    .poll(() => page.locator('[data-testid=fba-step]').getAttribute('data-step'), { timeout: 15_000 })
    .toBe(step);
}

describe('a WFS plan in the workspace', () => {
  it('is created, previewed, submitted, packed by wedge scans at the bench, given Walmart’s carrier, labelled (PDF) and shipped', async () => {
    const url = env.server.url;
    const admin = await apiSignIn(url, 'demo.admin');
    const fox = await apiSignIn(url, 'demo.client2');
    const store = must(
      await apiRequest<{ id: number }>(url, 'POST', '/api/common/stores', admin.token, {
        companyId: fox.companyId,
        marketplace: 'walmart',
        name: 'Fox WM e2e',
      }),
      [201],
      'store',
    );
    must(
      await apiRequest(url, 'PUT', `/api/common/stores/${store.id}/credentials`, admin.token, {
        clientId: '8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
        clientSecret: 'wm-secret-fedcba9876543210',
      }),
      [200],
      'credentials',
    );
    expect(
      must(
        await apiRequest<{ ok: boolean }>(url, 'POST', `/api/common/stores/${store.id}/test`, admin.token, {}),
        [200],
        'test',
      ).ok,
    ).toBe(true);
    const products: { title: string; msku: string; upc: string }[] = [];
    for (let i = 1; i <= 2; i++) {
      const p = { title: `Fox e2e item ${i}`, msku: `FOX-E2E-${i}`, upc: upc(81_234_700_000 + i) };
      must(
        await apiRequest(url, 'POST', '/api/product/products', fox.token, {
          ...p,
          weightLb: 1,
          lengthIn: 8,
          widthIn: 6,
          heightIn: 4,
        }),
        [201],
        'product',
      );
      must(
        await apiRequest(url, 'POST', '/api/inventory/adjust', admin.token, {
          companyId: fox.companyId,
          productCode: p.msku,
          location: 'PREP-WFS',
          quantity: 10,
          reason: 'found',
        }),
        [200],
        'stock',
      );
      products.push(p);
    }
    // The client's default WFS shipping template: the new plan's ship-from comes from it.
    const shipFrom = {
      name: 'Fox Prep Dock',
      addressLine1: '100 Harbor Way',
      city: 'Newark',
      stateOrProvinceCode: 'NJ',
      postalCode: '07114',
      countryCode: 'US',
      phoneNumber: '555-0100',
    };
    must(
      await apiRequest(url, 'POST', '/api/outbound/wfs/shipping-templates', admin.token, {
        name: 'Fox default e2e',
        companyId: fox.companyId,
        shipFrom: {
          name: shipFrom.name,
          addressLine1: shipFrom.addressLine1,
          city: shipFrom.city,
          stateCode: shipFrom.stateOrProvinceCode,
          postalCode: shipFrom.postalCode,
          countryCode: shipFrom.countryCode,
          phone: shipFrom.phoneNumber,
        },
        carrierPreference: 'WALMART_PREFERRED',
        shippingMode: 'PARCEL',
        isDefault: true,
      }),
      [200, 201],
      'template',
    );
    const companies = must(
      await apiRequest<{ content: { id: number; accountNo: string | null }[] }>(
        url,
        'GET',
        '/api/company?pageSize=200',
        admin.token,
      ),
      [200],
      'companies',
    );
    const accountNo = companies.content.find((c) => c.id === fox.companyId)?.accountNo ?? '-';

    // ---- The desk: the client, its plans, a new plan. ----
    const desk = await signedIn(env, 'demo.admin');
    await desk.goto(`${url}/apps/outbound/wfs`);
    await desk.locator(`[data-testid=fba-accounts] a[data-account="${accountNo === '-' ? '' : accountNo}"]`).click();
    await desk.waitForURL(`**/apps/outbound/wfs/plans/${encodeURIComponent(accountNo)}`);
    await desk.getByTestId('wfs-new-plan').click();
    await desk.waitForURL(`**/apps/outbound/wfs/items/${encodeURIComponent(accountNo)}`);
    const form = desk.getByTestId('wfs-new-plan-form');
    await form.locator('select[name=storeId]').selectOption(String(store.id));
    // Refused in place: no name, no lines.
    await desk.getByTestId('wfs-create').click();
    await form.getByText('Enter a name for the plan').waitFor();
    await form.getByText('Add at least one product').waitFor();
    await form.locator('input[name=planName]').fill('Fox e2e WFS');
    await desk.getByTestId('wfs-template-used').getByText('Fox default e2e').waitFor();
    for (const [f, v] of Object.entries(shipFrom))
      if (f !== 'phoneNumber') expect(await form.locator(`input[name="shipFrom.${f}"]`).inputValue(), f).toBe(v);
    // The phone as the template keeps it (normalised by the server).
    expect(await form.locator('input[name="shipFrom.phoneNumber"]').inputValue()).toMatch(/555/);
    // Lines from what is available at PREP-WFS, each within its ceiling.
    const available = desk.getByTestId('fba-available');
    for (const p of products) {
      const row = available.locator('tr', { hasText: p.title });
      await row.waitFor();
      expect(await row.locator('[data-testid=available]').textContent()).toBe('10');
      await row.getByRole('button', { name: 'Add to plan' }).click();
    }
    const quantities = form.locator('[data-testid=wfs-lines] input[type=number]');
    await expect.poll(() => quantities.count()).toBe(2);
    await quantities.nth(0).fill('11');
    await desk.getByTestId('wfs-create').click();
    await form.getByText('At most 10 available').waitFor();
    await quantities.nth(0).fill('2');
    await quantities.nth(1).fill('1');
    await desk.getByTestId('wfs-create').click();
    await workspace(desk).waitFor();
    const planId = Number(await workspace(desk).getAttribute('data-plan'));
    expect(desk.url()).toContain(
      `/apps/outbound/wfs/items/${encodeURIComponent(accountNo)}/${fox.companyId}/${store.id}/${planId}`,
    );
    await desk.locator('[data-testid=wfs-items] tbody tr').nth(1).waitFor();

    // ---- Preview and submit. ----
    await desk.getByTestId('wfs-preview').click();
    await waitForStep(desk, 'preview');
    await expect.poll(() => desk.locator('[data-testid=wfs-preview-node]').count()).toBeGreaterThan(0);
    await desk.getByTestId('wfs-submit').click();
    await waitForStep(desk, 'boxes');
    expect(await desk.getByTestId('wfs-inbound-order').textContent()).toBeTruthy();
    await desk.getByTestId('wfs-can-transmit').waitFor();

    const plan = must(await apiRequest<WfsPlan>(url, 'GET', `${P}/${planId}`, admin.token), [200], 'plan');
    expect(plan.shipments.length).toBeGreaterThan(0);

    // ---- The bench: packed by wedge scans, a box per Walmart shipment. ----
    const bench = await signedIn(env, 'demo.receiver');
    await bench.goto(`${url}/apps/outbound/bench`);
    await bench.locator(`[data-testid=bench-plans] a[data-plan="${planId}"]`).click();
    await bench.waitForURL(`**/apps/outbound/bench/${planId}`);
    await bench.locator('[data-testid=bench]').waitFor();
    // The desk's view of the plan is one link away: the WFS workspace, which completes the address.
    expect(await bench.getAttribute('[data-testid=bench-open-plan]', 'href')).toBe(
      `/apps/outbound/wfs/boxes/-/${fox.companyId}/-/${planId}`,
    );
    await expect.poll(() => bench.locator('[data-testid=bench-lines] tbody tr').count()).toBe(2);
    const total = plan.items.reduce((n, i) => n + i.quantity, 0);
    let packed = 0;
    const groups = [...new Set(plan.items.map((i) => i.packingGroupId))];
    for (const g of groups) {
      for (const item of plan.items.filter((i) => i.packingGroupId === g)) {
        const p = products.find((x) => x.msku === item.msku)!;
        for (let k = 0; k < item.quantity; k++) {
          // One unit by its SKU, the next by its UPC.
          await wedgeScan(bench, k % 2 === 0 ? p.msku : p.upc);
          packed++;
          await expect
            .poll(() => bench.textContent('[data-testid=bench-packed] .tile-value'))
            .toBe(`${packed}/${total}`);
        }
      }
    }
    // Each box closed with its size and weight.
    for (let k = 0; k < groups.length; k++) {
      // The box last packed into is in front; the others are shown from the list.
      if (k > 0)
        await bench
          .locator('[data-testid=bench-boxes] tr[data-state=open]')
          .first()
          .getByRole('button', { name: 'Show' })
          .click();
      await expect.poll(() => bench.locator('[data-testid=bench-box]').getAttribute('data-state')).toBe('open');
      const close = bench.locator('[data-testid=bench-close]');
      await close.locator('input[name=lengthIn]').fill('12');
      await close.locator('input[name=widthIn]').fill('10');
      await close.locator('input[name=heightIn]').fill('8');
      await close.locator('input[name=weight]').fill('3.5');
      await close.locator('[data-testid=bench-close-weight]').waitFor();
      await close.locator('button[type=submit]').click();
      await expect.poll(() => bench.textContent('[data-testid=bench-closed-boxes] .tile-value')).toBe(String(k + 1));
    }
    await expect.poll(() => pending(bench), { timeout: 60_000, interval: 250 }).toBe(0);
    expect(await bench.locator('[data-testid=sync-attention]').count()).toBe(0);

    // ---- The desk: every unit boxed; packing done. ----
    await desk.getByTestId('wfs-boxes-refresh').click();
    await desk.getByTestId('wfs-can-transmit-ok').waitFor({ timeout: 30_000 });
    await expect.poll(() => desk.locator('[data-testid=fba-box][data-state=closed]').count()).toBe(groups.length);
    await desk.getByTestId('wfs-packing-done').click();
    await waitForStep(desk, 'carrier');

    // ---- Walmart's carrier for every shipment: quoted (a price), accepted (the void deadline shown). ----
    const cards = desk.locator('[data-testid=wfs-shipment-carrier]');
    const n = await cards.count();
    expect(n).toBe(plan.shipments.length);
    for (let i = 0; i < n; i++) {
      const card = cards.nth(i);
      await card.getByTestId('wfs-quote').click();
      await card.locator('[data-testid=wfs-carrier-facts][data-status=ESTIMATED]').waitFor();
      expect(await card.getByTestId('wfs-quote-price').textContent()).toMatch(/^\$\d/);
      await card.getByTestId('wfs-accept').click();
      if (i < n - 1) {
        await card.locator('[data-testid=wfs-carrier-facts][data-status=ACCEPTED]').waitFor();
        expect(await card.getByTestId('wfs-void-deadline').textContent()).toMatch(/left to void/);
      }
    }
    await waitForStep(desk, 'labels');

    // ---- Back at the carrier step, within Walmart's window: the first shipment's carrier voided, the
    // own carrier's form refused in place when empty, Walmart's carrier quoted and accepted again. ----
    await desk.locator('[data-testid=fba-steps] [data-step=carrier] a').click();
    await desk.locator('[data-testid=fba-step][data-step=carrier]').waitFor();
    const first = cards.first();
    await first.getByTestId('wfs-void').click();
    await first.locator('[data-testid=wfs-carrier-facts][data-status=VOIDED]').waitFor();
    await expect.poll(() => workspace(desk).getAttribute('data-step')).toBe('carrier');
    await first.getByTestId('wfs-own-open').click();
    await first.getByTestId('wfs-own-send').click();
    await first.getByText('Choose the carrier').waitFor();
    await first.getByText('Enter at least one tracking number').waitFor();
    await first.getByRole('button', { name: 'Walmart’s carrier instead' }).click();
    await first.getByTestId('wfs-quote').click();
    await first.getByTestId('wfs-accept').click();
    await waitForStep(desk, 'labels');

    // ---- Labels: a shipment's receiving labels downloaded as a PDF. ----
    const labels = desk.locator('[data-testid=wfs-shipment-labels]').first();
    await labels.locator('[data-testid=wfs-carrier-facts][data-status=ACCEPTED]').waitFor();
    expect(await labels.getByTestId('wfs-void-deadline').textContent()).toMatch(/left to void/);
    const [download] = await Promise.all([
      desk.waitForEvent('download'),
      labels.getByTestId('wfs-labels-receiving-pdf').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThanOrEqual(1);

    // ---- Shipped, after a question. ----
    await desk.getByTestId('wfs-ship').click();
    await desk.locator('[role=alertdialog] .modal-actions button').first().click();
    await waitForStep(desk, 'shipped');
    const shipped = must(await apiRequest<WfsPlan>(url, 'GET', `${P}/${planId}`, admin.token), [200], 'shipped');
    expect([shipped.step, shipped.status]).toEqual(['shipped', 'shipping']);
    await desk.locator('[data-testid=fba-journal] [data-testid=fba-event][data-kind=shipped]').waitFor();

    // ---- Listed under Outbound shipments' WFS tab, and it opens the workspace. ----
    await desk.goto(`${url}/apps/outbound/outbound-shipping/wfs`);
    await desk.getByTestId('wfs-plans-grid').locator('[data-testid=plan-open]', { hasText: 'Fox e2e WFS' }).click();
    await desk.waitForURL(`**/shipped/${encodeURIComponent(accountNo)}/${fox.companyId}/${store.id}/${planId}`);
    await workspace(desk).waitFor();

    // ---- Open Shipment Plans, WFS tab: the plan at its step, with what it waits for in Walmart's words. ----
    await desk.goto(`${url}/dashboard/snapshot/pending-batches/wfs`);
    const open = desk.locator(`[data-testid=fba-pending-plan][data-plan="${planId}"]`);
    await open.waitFor();
    expect(await open.textContent()).toContain('In transit to Walmart');
    expect(
      await desk
        .locator('[data-testid=fba-pending-client]', { hasText: 'Fox e2e WFS' })
        .locator('h3')
        .first()
        .textContent(),
    ).toContain('Shipped');
  });
});
