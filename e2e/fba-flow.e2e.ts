/**
 * An FBA plan from the bench onward in Chromium (issue 18 steps 4–7): with a 2-SKU plan at the
 * bench whose units are packed into closed boxes (set up through the API against the Amazon
 * sandbox, as tests/helpers/fba.ts walks it in-process), the warehouse sends the boxes to Amazon,
 * watches the placement options fill in side by side with a recommendation, confirms the
 * recommended one, chooses Amazon's partnered small-parcel carrier for every shipment and confirms
 * the transport, downloads Amazon's box labels (a PDF arrives), marks the plan shipped and sees what
 * left — then opens the FBA bills of lading.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eEnv, signedIn } from './env.js';
import { apiRequest, apiSignIn } from './harness.js';
import { planAtBench } from './fba-bench-plan.js';

const env = e2eEnv();
const B = '/api/outbound/outbound-shipping/batch';
const BOX = '/api/outbound/outbound-shipping/box';

/** Every line packed at the desk's box routes (the bench's rules): one closed box per line. */
async function packEveryLine(
  url: string,
  planId: number,
  items: { fnsku: string; quantity: number; packingGroupId: string | null }[],
) {
  const { token } = await apiSignIn(url, 'demo.receiver');
  for (const item of items) {
    const box = await apiRequest<{ id: string }>(url, 'POST', BOX, token, {
      planId,
      packingGroupId: item.packingGroupId,
    });
    expect(box.status, JSON.stringify(box.body)).toBe(201);
    const scan = await apiRequest(url, 'POST', `${BOX}/${box.body.id}/scan`, token, {
      code: item.fnsku,
      quantity: item.quantity,
    });
    expect(scan.status, JSON.stringify(scan.body)).toBe(200);
    const closed = await apiRequest(url, 'PUT', `${BOX}/${box.body.id}`, token, {
      lengthIn: 12,
      widthIn: 10,
      heightIn: 8,
      weightLb: 2 + item.quantity,
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  }
}

const step = (page: Page) => page.locator('[data-testid=fba-plan]').getAttribute('data-step');
const shownStep = (page: Page) => page.locator('[data-testid=fba-step]').getAttribute('data-step');
/** Amazon's operations are followed by the server's job; the workspace follows the plan to its next step. */
const waitForStep = async (page: Page, name: string) => {
  await expect.poll(() => step(page), { timeout: 90_000, interval: 300 }).toBe(name);
  await expect.poll(() => shownStep(page), { timeout: 15_000 }).toBe(name);
  await expect.poll(() => page.locator('[data-testid=fba-operation]').count(), { timeout: 90_000 }).toBe(0);
};
const confirmDialog = (page: Page) => page.locator('[role=alertdialog] .modal-actions button').first().click();

describe('an FBA plan from the bench to shipped', () => {
  it('sends the boxes, confirms the recommended placement and partnered small parcel, downloads the labels, ships', async () => {
    const url = env.server.url;
    const plan = await planAtBench(url, [3, 2], 'Acme flow');
    await packEveryLine(url, plan.planId, plan.items);
    const admin = await apiSignIn(url, 'demo.admin');
    const detail = await apiRequest<{ accountNo: string; units: number }>(
      url,
      'GET',
      `${B}/${plan.planId}`,
      admin.token,
    );
    const { accountNo } = detail.body;

    const page = await signedIn(env, 'demo.admin');
    await page.goto(`${url}/apps/outbound/fba-shipments/${accountNo}/boxes/${plan.planId}`);

    // Boxes: the tree as the server judges it, the bench one click away, then sent to Amazon.
    await page.locator('[data-testid=fba-step][data-step=boxes]').waitFor();
    await expect.poll(() => page.locator('[data-testid=fba-box][data-state=closed]').count()).toBe(2);
    expect(await page.locator('[data-testid=fba-open-bench]').getAttribute('href')).toBe(
      `/apps/outbound/bench/${plan.planId}`,
    );
    expect(await page.locator('[data-testid=fba-boxes-summary]').textContent()).toContain('5 of 5');
    await page.locator('[data-testid=fba-send-boxes]').click();

    // Placement: options side by side, quoted one after another, the cheapest recommended.
    await waitForStep(page, 'placement');
    const options = page.locator('[data-testid=fba-placement-option]');
    await expect
      .poll(
        async () => {
          const quoted = await options.evaluateAll((els) => els.map((e) => e.getAttribute('data-quoted')));
          return quoted.length > 0 && quoted.every((q) => q === 'true');
        },
        { timeout: 90_000, interval: 300 },
      )
      .toBe(true);
    const recommended = page.locator('[data-testid=fba-placement-option][data-recommended=true]');
    await expect.poll(() => recommended.count()).toBe(1);
    await recommended.locator('[data-testid=fba-recommended]').waitFor();
    const fee = await recommended.locator('[data-testid=fba-placement-fee]').textContent();
    expect(fee).toMatch(/^\$\d/);
    expect(await recommended.locator('[data-testid=fba-landed-cost][data-mode=partnered_spd]').textContent()).toMatch(
      /\$[\d,.]+ \(placement \$[\d,.]+ \+ transport \$[\d,.]+\)/,
    );
    await recommended.locator('[data-testid=fba-placement-choose]').click();
    await page.getByRole('alertdialog').getByText('Confirm this placement?').waitFor();
    await confirmDialog(page);

    // Transport: Amazon's partnered small parcel for every shipment, confirmed at once.
    await waitForStep(page, 'transport');
    const shipments = page.locator('[data-testid=fba-shipment-transport]');
    const count = await shipments.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++)
      await shipments
        .nth(i)
        .locator('[data-testid=fba-transport-option][data-group=partnered_spd] input')
        .first()
        .check();
    await page.locator('[data-testid=fba-void-warning]').getByText('24 hours').waitFor();
    await page.locator('[data-testid=fba-transport-confirm]').click();
    await confirmDialog(page);

    // Labels: Amazon's box labels arrive as a PDF, fetched with the user's token.
    await waitForStep(page, 'labels');
    const labels = page.locator('[data-testid=fba-shipment-labels]');
    expect(await labels.count()).toBe(count);
    await labels.first().locator('[data-testid=fba-void-countdown][data-over=false]').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      labels.first().locator('[data-testid=fba-labels-amazon-pdf]').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // Shipped: asked first, then what left is shown, and cancelling stays possible within the void window.
    await page.locator('[data-testid=fba-mark-shipped]').click();
    await page.getByRole('alertdialog').getByText(`Mark Acme flow shipped?`).waitFor();
    await confirmDialog(page);
    await waitForStep(page, 'shipped');
    expect(await page.locator('[data-testid=fba-plan]').getAttribute('data-status')).toBe('shipping');
    expect(await page.locator('[data-testid=fba-shipped-units]').textContent()).toBe(String(detail.body.units));
    expect(await page.locator('[data-testid=fba-shipped-at]').textContent()).not.toBe('–');
    expect(await page.locator('[data-testid=fba-shipment]').count()).toBe(count);
    await page.locator('[data-testid=fba-void] [data-testid=fba-void-countdown][data-over=false]').waitFor();
    await page.locator('[data-testid=fba-cancel-shipped]').waitFor();
    const shipped = await apiRequest<{ step: string; status: string }>(url, 'GET', `${B}/${plan.planId}`, admin.token);
    expect(shipped.body).toMatchObject({ step: 'shipped', status: 'shipping' });

    // The bills of lading: small parcel has none, and the screen says so.
    await page.goto(`${url}/apps/outbound/outbound-shipping`);
    await page.locator('[data-testid=fba-bol-link]').click();
    await page.waitForURL('**/apps/outbound/fba-bol');
    await page.getByRole('heading', { name: 'FBA bills of lading' }).waitFor();
    await page.locator('.grid-state.empty').waitFor();
  });
});
