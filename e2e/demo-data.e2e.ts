/**
 * What a new user meets on `npm start` (issue 22): the demo tenant is a stocked prep centre, not
 * blank screens — purchase orders in every stage, a catalogue, bins with stock, problems — and a
 * client sees only its own.
 */
import { describe, expect, it } from 'vitest';
import { e2eEnv, signedIn } from './env.js';

const env = e2eEnv({ demoData: true });

describe('the stocked demo warehouse', () => {
  it('the dashboard draws receipts, problems and stock, and each tile opens the screen behind its figure', async () => {
    const page = await signedIn(env, 'demo.receiver');
    await page.waitForSelector('[data-testid=chart-flow] svg .recharts-bar-rectangle');
    await page.waitForSelector('[data-testid=chart-problems] svg .recharts-bar-rectangle');
    await page.waitForSelector('[data-testid=chart-stock] svg .recharts-bar-rectangle');
    // Floor staff cannot open the Clients list, so they get no client counts.
    expect(await page.locator('[data-tile="dashboard.clients"]').count()).toBe(0);
    const units = await page.textContent('[data-tile="dashboard.unitsOnHand"] .tile-value');
    await page.click('[data-tile="dashboard.unitsOnHand"]');
    await page.waitForURL('**/apps/inventory/inventory-snapshot');
    await expect.poll(() => page.textContent('body')).toContain(`${units} units`);
    await page.context().close();
  });

  it('the manager sees purchase orders, products, locations and stock', async () => {
    const page = await signedIn(env, 'demo.admin');
    await page.goto(`${env.server.url}/apps/inbound/uploaded-batches/po/all`);
    for (const name of ['ACME-PO-1041', 'ACME-PO-1042', 'ACME-PO-1043', 'BFX-0417'])
      await page.locator('tr', { hasText: name }).waitFor();

    await page.goto(`${env.server.url}/apps/product/products`);
    await page.locator('tr', { hasText: 'Bamboo Cutting Board Set, 3 Pieces – Natural' }).waitFor();

    await page.goto(`${env.server.url}/apps/wms/locations`);
    await page.locator('tr', { hasText: 'A-01-01-A-1' }).first().waitFor();
    await page.fill('input[type=search]', 'PREP-FBA');
    await page.locator('tr', { hasText: 'Amazon FBA prep station' }).waitFor();

    await page.goto(`${env.server.url}/apps/inventory/inventory-snapshot`);
    await page.locator('tr', { hasText: 'Sellable' }).first().waitFor();
    await page.getByLabel('Location (starts with)').fill('PREP-FBA');
    // The FBA demo's products are at PREP-FBA too: the board is searched for, not paged to.
    await page.fill('input[type=search]', 'Bamboo Cutting Board Set, 3');
    await page.locator('tr', { hasText: 'Bamboo Cutting Board Set, 3 Pieces – Natural' }).waitFor();
    await page.context().close();
  });

  it('the manager opens the leader board from the menu: the floor’s work this week, ranked by person', async () => {
    const page = await signedIn(env, 'demo.admin');
    await page.locator('summary', { hasText: 'Dashboards' }).click();
    await page.locator('a[data-menu-key=LeaderBoard]').click();
    await page.waitForURL('**/dashboard/worker-performance');
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    const riley = page.getByTestId('leader-demo.receiver');
    await riley.waitFor();
    // The demo's receiver scanned the dock's packages and received the purchase orders.
    expect(
      Number((await riley.locator('[data-metric=packagesScanned]').textContent())!.replace(/\D/g, '')),
    ).toBeGreaterThan(0);
    await page.getByTestId('leader-rank-by').selectOption('packagesScanned');
    expect(await page.getByTestId('leader-table').locator('tbody tr').first().getAttribute('data-testid')).toBe(
      'leader-demo.receiver',
    );
    // A period the server would refuse is said before anything is asked.
    await page.getByRole('button', { name: 'Custom' }).click();
    await page.getByTestId('period-from').fill('2026-03-10');
    await page.getByTestId('period-to').fill('2026-03-01');
    await page.getByRole('alert').filter({ hasText: 'Choose a “to” day on or after the “from” day.' }).waitFor();
    await page.context().close();
  });

  it('business metrics: the manager sees the month’s work and clients; a client only its own', async () => {
    const page = await signedIn(env, 'demo.admin');
    await page.locator('summary', { hasText: 'Dashboards' }).click();
    await page.locator('a[data-menu-key=BusinessMetrics]').click();
    await page.waitForURL('**/dashboard/basic-reporting');
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    const work = page.getByTestId('metrics-volume');
    await work.locator('tr', { hasText: 'Units received' }).waitFor();
    await page.getByTestId('metrics-tiles').locator('[data-tile=clients]').waitFor();
    await page.context().close();

    const client = await signedIn(env, 'demo.client2');
    await client.goto(`${env.server.url}/dashboard/basic-reporting`);
    await client.getByRole('heading', { name: 'Business metrics' }).waitFor();
    await client.getByRole('button', { name: 'Last 30 days' }).click();
    await expect
      .poll(
        async () =>
          (await client.getByTestId('metrics-empty').count()) + (await client.getByTestId('metrics-tiles').count()),
      )
      .toBe(1);
    expect(await client.getByTestId('metrics-clients').count()).toBe(0);
    await client.context().close();
  });

  it('a client sees its own orders and problems, never the other client’s', async () => {
    const page = await signedIn(env, 'demo.client2');
    await page.goto(`${env.server.url}/apps/inbound/uploaded-batches/po/all`);
    await page.locator('tr', { hasText: 'BFX-0417' }).waitFor();
    expect(await page.locator('tr', { hasText: 'ACME-PO' }).count()).toBe(0);
    await page.context().close();

    const acme = await signedIn(env, 'demo.client');
    await acme.goto(`${env.server.url}/apps/problem/management`);
    await acme.locator('tr', { hasText: 'Acme Sellers' }).first().waitFor();
    await acme.context().close();
  });
});
