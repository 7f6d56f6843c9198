/**
 * An FBA day through the screens alone (issue 38), on the stocked demo (Acme's Amazon store in the
 * server's sandbox, its products at PREP-FBA): the warehouse moves Acme from Customer to Customer
 * Plus on the Clients screen (spec §6: a Customer has no Amazon FBA), and the client creates a plan
 * of two products Amazon would take (the availability grid says so) on its own screens; the warehouse submits it and chooses Amazon's packing option in the plan's
 * workspace; an administrator gives the bench's Zebra its network address (a fake raw-port
 * printer in this process) and the packer chooses it for item labels; the packer packs the plan
 * at the bench by wedge scans, each labelled unit's label printing in the same pass; the
 * warehouse sends the boxes, confirms placement and Amazon's partnered small parcel and marks the
 * plan shipped; the client's bell counts the notice, which names the plan; and the work is priced
 * on Charges within seconds, nobody pressing "price now".
 * After the server starts no step calls the API: sign-in, clicks, typing and wedge scans only; the
 * API is read only to check what the server holds.
 */
import { createServer, type AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { e2eEnv, signedIn } from './env.js';
import { apiRequest, apiSignIn, pending, wedgeScan } from './harness.js';

const env = e2eEnv({ demoData: true });
vi.setConfig({ testTimeout: 600_000 });

const PLAN_NAME = 'Acme day restock';

async function openMenu(page: Page, key: string) {
  const section = page.locator('details.menu-section', { has: page.locator(`a[data-menu-key=${key}]`) });
  await section.locator('summary').click();
  await section.locator(`a[data-menu-key=${key}]`).click();
}

/** A label printer's raw port (9100) in this test process: each connection is one job, recorded (as e2e/printing.e2e.ts). */
async function fakeNetworkPrinter() {
  const jobs: string[] = [];
  const server = createServer((socket) => {
    const parts: Buffer[] = [];
    socket.on('data', (d) => parts.push(d));
    socket.on('end', () => {
      jobs.push(Buffer.concat(parts).toString('utf8'));
      socket.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { jobs, port: (server.address() as AddressInfo).port, close: () => server.close() };
}

// ---- The workspace ----
const step = (page: Page) => page.locator('[data-testid=fba-plan]').getAttribute('data-step');
const shownStep = (page: Page) => page.locator('[data-testid=fba-step]').getAttribute('data-step');
async function waitForStep(page: Page, name: string) {
  await expect.poll(() => step(page), { timeout: 90_000, interval: 300 }).toBe(name);
  await expect.poll(() => shownStep(page), { timeout: 15_000 }).toBe(name);
  await expect.poll(() => page.locator('[data-testid=fba-operation]').count(), { timeout: 90_000 }).toBe(0);
}
const confirmDialog = (page: Page) => page.locator('[role=alertdialog] .modal-actions button').first().click();

// ---- The bench ----
const packedTile = (page: Page) => page.textContent('[data-testid=bench-packed] .tile-value');
const benchBox = (page: Page) => page.locator('[data-testid=bench-box]');
async function closeActiveBox(page: Page, typed: string) {
  const form = page.locator('[data-testid=bench-close]');
  await form.locator('select[name=preset]').selectOption({ label: 'Small 12×10×8' });
  await form.locator('input[name=weight]').fill(typed);
  await form.locator('[data-testid=bench-close-weight]').waitFor();
  await form.locator('button[type=submit]').click();
  await expect.poll(() => benchBox(page).getAttribute('data-state')).toBe('closed');
}

interface PlanDetail {
  step: string;
  status: string;
  units: number;
  companyId: number;
  createdBy?: unknown;
  items: { fnsku: string; quantity: number; labelOwner: string }[];
}

describe('an FBA day through the screens', () => {
  it('client plans → warehouse walks Amazon’s steps → packer packs by wedge scans with labels printed → shipped → client told → charges priced', async () => {
    const url = env.server.url;
    const printer = await fakeNetworkPrinter();
    const dayStarted = Date.now() - 1_000;
    try {
      // ---- The warehouse's charges before the day's work (read on the screen). ----
      const admin = await signedIn(env, 'demo.admin');
      admin.setDefaultTimeout(60_000);
      await openMenu(admin, 'Charges');
      await admin.waitForURL('**/apps/finance/customer/charges**');
      await admin.getByTestId('charges-total').waitFor();
      await expect.poll(() => admin.getByTestId('charges-waiting').count(), { timeout: 30_000 }).toBe(0);
      const totalBefore = await admin.getByTestId('charges-total').textContent();

      // ---- Acme plans its own FBA shipments from Customer Plus up (spec §6: not as Customer): the
      // warehouse moves it there on the Clients screen. ----
      await openMenu(admin, 'Clients');
      const acmeRow = admin.locator('tbody tr', { hasText: 'Acme Sellers' });
      await acmeRow.locator('select[name=audience]').selectOption('CustomerPlus');
      await expect.poll(() => acmeRow.locator('select[name=audience]').inputValue()).toBe('CustomerPlus');
      const acme = await apiRequest<{ content: { name: string; audience: string }[] }>(
        url,
        'GET',
        '/api/company?q=Acme',
        (await apiSignIn(url, 'demo.admin')).token,
      );
      expect(acme.body.content.find((c) => c.name === 'Acme Sellers')?.audience).toBe('CustomerPlus');

      // ---- The client creates the plan on its screens. ----
      const client = await signedIn(env, 'demo.client');
      client.setDefaultTimeout(60_000);
      await openMenu(client, 'AmazonFBA');
      await client.getByRole('link', { name: 'New plan' }).click();
      await client.waitForURL(/\/apps\/outbound\/fba-shipments\/[^/]+\/items$/);
      const form = client.locator('[data-testid=fba-new-plan]');
      await expect.poll(() => form.locator('select[name=storeId]').inputValue()).not.toBe('');
      await form.locator('input[name=planName]').fill(PLAN_NAME);
      for (const [field, value] of [
        ['name', 'Demo Prep Co – Main'],
        ['addressLine1', '100 Harbor Way'],
        ['city', 'Newark'],
        ['stateOrProvinceCode', 'NJ'],
        ['postalCode', '07114'],
        ['countryCode', 'US'],
        ['phoneNumber', '555-0100'],
      ])
        await form.locator(`input[name="shipFrom.${field}"]`).fill(value);
      const available = client.locator('[data-testid=fba-available]');
      // The grid says, per product, what Amazon would refuse in this store: two it would take are added.
      await expect.poll(() => available.locator('[data-testid=fba-refusal-marks]').count()).toBeGreaterThan(0);
      const clean = available
        .locator('tbody tr')
        .filter({ hasNot: client.locator('[data-testid=fba-refusal-marks]') })
        .filter({ has: client.getByRole('button', { name: 'Add to plan' }) });
      await expect.poll(() => clean.count()).toBeGreaterThanOrEqual(2);
      await clean.nth(0).getByRole('button', { name: 'Add to plan' }).click();
      await expect.poll(() => form.locator('input[name^=quantity-]').count()).toBe(1);
      await clean.nth(0).getByRole('button', { name: 'Add to plan' }).click();
      await expect.poll(() => form.locator('input[name^=quantity-]').count()).toBe(2);
      await form.locator('input[name^=quantity-]').nth(0).fill('2');
      await form.locator('input[name^=quantity-]').nth(1).fill('1');
      // Amazon asks some of these products for an expiration date: each line gets one well ahead.
      for (let i = 0; i < 2; i++) {
        await form.locator('input[name^=expiration-]').nth(i).fill('2099-12-31');
        await form.locator('input[name^=expiration-]').nth(i).press('Tab');
      }
      await form.getByRole('button', { name: 'Create plan' }).click();
      await client.waitForURL(/\/apps\/outbound\/fba-shipments\/[^/]+\/items\/\d+$/);
      const planId = Number(client.url().split('/').pop());
      await expect.poll(() => client.locator('[data-testid=fba-plan]').getAttribute('data-step')).toBe('items');
      expect(await client.locator('[data-testid=fba-plan-name]').textContent()).toBe(PLAN_NAME);

      // The server holds the client's plan (read only).
      const adminApi = await apiSignIn(url, 'demo.admin');
      const created = await apiRequest<PlanDetail>(
        url,
        'GET',
        `/api/outbound/outbound-shipping/batch/${planId}`,
        adminApi.token,
      );
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({ step: 'items', units: 3 });

      // ---- The warehouse finds it under Amazon FBA and walks Amazon's steps to the bench. ----
      await openMenu(admin, 'AmazonFBA');
      await admin.waitForURL('**/apps/outbound/fba-shipments');
      await admin.locator('[data-testid=fba-accounts] a', { hasText: 'Acme Sellers' }).click();
      await admin.locator('[data-testid=plan-open]', { hasText: PLAN_NAME }).click();
      await admin.waitForURL(new RegExp(`/${planId}$`));
      const summary = admin.locator('[data-testid=fba-precheck-summary]');
      await expect
        .poll(async () =>
          (await summary.getAttribute('data-ok')) === 'true'
            ? 'ok'
            : await admin.locator('[data-testid=fba-precheck]').innerText(),
        )
        .toBe('ok');
      await admin.getByTestId('fba-submit').click();
      await expect.poll(() => step(admin), { timeout: 90_000 }).toBe('packing');
      const options = admin.locator('[data-testid=fba-packing-option]');
      await expect.poll(() => options.count(), { timeout: 90_000 }).toBeGreaterThan(0);
      const cheapest = (await options.count()) > 1 ? options.filter({ hasText: 'Cheapest' }) : options.first();
      await cheapest.getByRole('button', { name: 'Choose this option' }).click();
      const choose = admin.getByRole('alertdialog');
      await choose.getByText('Confirm this packing option?').waitFor();
      await choose.getByRole('button', { name: 'Choose this option' }).click();
      await expect.poll(() => step(admin), { timeout: 90_000 }).toBe('boxes');

      // ---- An administrator gives the bench's Zebra its address on the warehouse's network. ----
      await admin.goto(`${url}/apps/printermanagement/printersystemdata`);
      await admin.getByRole('button', { name: 'Add', exact: true }).click();
      await admin.fill('form input[name=station]', 'Pack bench 1');
      await admin.fill('form input[name=printerName]', 'ZD421-NET-1');
      await admin.fill('form input[name=host]', '127.0.0.1');
      await admin.fill('form input[name=port]', String(printer.port));
      await admin.getByRole('button', { name: 'Save', exact: true }).click();
      await admin.waitForSelector('td:text("ZD421-NET-1")');

      // ---- The packer chooses it for item labels, then packs at the bench by wedge scans. ----
      const packer = await signedIn(env, 'demo.packer');
      packer.setDefaultTimeout(60_000);
      await packer.goto(`${url}/apps/settings/printer`);
      await packer.waitForSelector('select[name="item.transport"]');
      await packer.selectOption('select[name="item.transport"]', 'network');
      await packer.fill('input[name="item.copies"]', '1');
      await packer.selectOption('select[name="item.networkPrinterId"]', {
        label: `Pack bench 1 · ZD421-NET-1 (127.0.0.1:${printer.port})`,
      });
      await packer.getByRole('button', { name: 'Save settings' }).click();
      await packer.waitForSelector('text=Printer settings saved.');

      await packer.goto(`${url}/apps/outbound/bench`);
      await packer.locator(`[data-testid=bench-plans] a[data-plan="${planId}"]`).click();
      await packer.waitForURL(`**/apps/outbound/bench/${planId}`);
      await packer.locator('[data-testid=bench]').waitFor();
      const rows = packer.locator('[data-testid=bench-lines] tbody tr');
      await expect.poll(() => rows.count()).toBe(2);
      await expect.poll(() => pending(packer)).toBe(0);
      // What to scan, as the screen shows it: each line's FNSKU and how many, line after line.
      const lines: { fnsku: string; quantity: number }[] = [];
      for (let i = 0; i < 2; i++) {
        const codes = (await rows.nth(i).locator('td.codes').textContent())!;
        const max = Number(await rows.nth(i).locator('progress').getAttribute('max'));
        lines.push({ fnsku: codes.split(' · ')[0].trim(), quantity: max });
      }
      const total = lines.reduce((n, l) => n + l.quantity, 0);
      expect(total).toBe(3);
      const plan = (
        await apiRequest<PlanDetail>(url, 'GET', `/api/outbound/outbound-shipping/batch/${planId}`, adminApi.token)
      ).body;
      const sellerLabelled = new Set(plan.items.filter((i) => i.labelOwner === 'SELLER').map((i) => i.fnsku));
      let packed = 0;
      let labels = 0;
      for (const line of lines)
        for (let k = 0; k < line.quantity; k++) {
          await wedgeScan(packer, line.fnsku);
          await expect.poll(() => packedTile(packer)).toBe(`${++packed}/${total}`);
          if (sellerLabelled.has(line.fnsku)) {
            labels++;
            // Its label printed in the same pass, with no tap: the Zebra got the job.
            await expect.poll(() => printer.jobs.length, { timeout: 30_000 }).toBe(labels);
            await expect
              .poll(() => packer.locator('[data-testid=bench-label]').getAttribute('data-state'))
              .toBe('printed');
          }
        }
      expect(labels).toBeGreaterThan(0);
      expect(printer.jobs.every((zpl) => zpl.startsWith('^XA'))).toBe(true);
      for (const fnsku of sellerLabelled) expect(printer.jobs.some((zpl) => zpl.includes(fnsku))).toBe(true);

      // Every open box closed: the one in front, then the others from the list.
      await closeActiveBox(packer, '3.5');
      for (;;) {
        const open = packer.locator('[data-testid=bench-boxes] tr[data-state=open]');
        if ((await open.count()) === 0) break;
        await open.first().getByRole('button', { name: 'Show' }).click();
        await expect.poll(() => benchBox(packer).getAttribute('data-state')).toBe('open');
        await closeActiveBox(packer, '3.5');
      }
      await expect.poll(() => pending(packer), { timeout: 60_000 }).toBe(0);
      const boxCount = await packer.locator('[data-testid=bench-boxes] tbody tr').count();
      expect(boxCount).toBeGreaterThan(0);
      await packer.context().close();

      // ---- The warehouse sends the boxes, confirms placement and transport, marks it shipped. ----
      await openMenu(admin, 'OutboundShipments');
      await admin.waitForURL('**/apps/outbound/outbound-shipping**');
      await admin.locator('[data-testid=plan-open]', { hasText: PLAN_NAME }).click();
      await admin.waitForURL(`**/boxes/${planId}`);
      await expect
        .poll(() => admin.locator('[data-testid=fba-box][data-state=closed]').count(), { timeout: 30_000 })
        .toBe(boxCount);
      await admin.locator('[data-testid=fba-send-boxes]').click();

      await waitForStep(admin, 'placement');
      const placement = admin.locator('[data-testid=fba-placement-option]');
      await expect
        .poll(
          async () => {
            const quoted = await placement.evaluateAll((els) => els.map((e) => e.getAttribute('data-quoted')));
            return quoted.length > 0 && quoted.every((q) => q === 'true');
          },
          { timeout: 90_000, interval: 300 },
        )
        .toBe(true);
      const recommended = admin.locator('[data-testid=fba-placement-option][data-recommended=true]');
      await expect.poll(() => recommended.count()).toBe(1);
      await recommended.locator('[data-testid=fba-placement-choose]').click();
      await admin.getByRole('alertdialog').getByText('Confirm this placement?').waitFor();
      await confirmDialog(admin);

      await waitForStep(admin, 'transport');
      const transports = admin.locator('[data-testid=fba-shipment-transport]');
      const count = await transports.count();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i++)
        await transports
          .nth(i)
          .locator('[data-testid=fba-transport-option][data-group=partnered_spd] input')
          .first()
          .check();
      await admin.locator('[data-testid=fba-transport-confirm]').click();
      await confirmDialog(admin);

      await waitForStep(admin, 'labels');
      expect(await admin.locator('[data-testid=fba-shipment-labels]').count()).toBe(count);
      await admin.locator('[data-testid=fba-mark-shipped]').click();
      await admin.getByRole('alertdialog').getByText(`Mark ${PLAN_NAME} shipped?`).waitFor();
      await confirmDialog(admin);
      await waitForStep(admin, 'shipped');
      expect(await admin.locator('[data-testid=fba-shipped-units]').textContent()).toBe('3');
      const shipped = await apiRequest<PlanDetail>(
        url,
        'GET',
        `/api/outbound/outbound-shipping/batch/${planId}`,
        adminApi.token,
      );
      expect(shipped.body).toMatchObject({ step: 'shipped', status: 'shipping', units: 3 });

      // ---- The client is told: the bell counts it, the notice names the plan. ----
      await client.locator('[data-testid=notification-bell]').click();
      await client.waitForURL('**/apps/account/notifications');
      await expect
        .poll(
          async () => {
            await client.reload();
            await client.locator('[data-testid=notification-bell]').waitFor();
            return client.locator('main').getByText(PLAN_NAME).count();
          },
          { timeout: 60_000, interval: 2_000 },
        )
        .toBeGreaterThan(0);
      await client.goto(`${url}/dashboard`);
      await expect.poll(() => client.locator('[data-testid=notification-count]').count(), { timeout: 30_000 }).toBe(1);

      // ---- Priced within seconds, nobody pressing "price now": Charges has moved and nothing waits. ----
      await openMenu(admin, 'Charges');
      await admin.waitForURL('**/apps/finance/customer/charges**');
      await expect
        .poll(
          async () => {
            await admin.reload();
            await admin.getByTestId('charges-total').waitFor();
            return admin.getByTestId('charges-total').textContent();
          },
          { timeout: 30_000, interval: 1_500 },
        )
        .not.toBe(totalBefore);
      expect(await admin.getByTestId('charges-waiting').count()).toBe(0);
      // The server holds the day's work as priced charges for Acme: the boxes and the shipped plan (read only).
      const charges = await apiRequest<{
        content: { companyName: string; amountCents: number; sourceType: string; createdAt: string }[];
      }>(url, 'GET', `/api/finance/customer/charges?companyId=${created.body.companyId}&pageSize=200`, adminApi.token);
      expect(charges.status).toBe(200);
      const today = charges.body.content.filter((c) => Date.parse(c.createdAt) >= dayStarted);
      expect(today.length).toBeGreaterThan(0);
      expect(today.every((c) => c.companyName === 'Acme Sellers')).toBe(true);
      expect(today.reduce((n, c) => n + c.amountCents, 0)).toBeGreaterThan(0);
      await admin.context().close();
      await client.context().close();
    } finally {
      printer.close();
    }
  });
});
