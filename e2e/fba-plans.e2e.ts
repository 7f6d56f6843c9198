/**
 * FBA shipment plans at the desk in Chromium (issue 18): with Acme's Amazon store connected through
 * the sandbox's consent, its listings imported and units counted into PREP-FBA (set up through the
 * API, as tests/integration/fba-plans.test.ts does), the warehouse opens Amazon FBA, picks Acme,
 * creates a plan of two products (refused in place first: no address, no lines, more than is
 * available), sees availability drop by what the plan holds, edits a line, reads the pre-check,
 * submits to Amazon and watches the operation until the plan is at packing with Amazon's FNSKUs and
 * prep instructions, chooses the cheapest packing option and sees the plan go to the bench; then
 * finds it under Outbound shipments, its items and Open Shipment Plans, and cancels it (its units
 * come back).
 */
import { describe, expect, it } from 'vitest';
import { e2eEnv, signedIn } from './env.js';
import { apiRequest, apiSignIn } from './harness.js';
import { plannable } from '../tests/helpers/plannable.js';

const env = e2eEnv();

interface Product {
  id: number;
  title: string;
  msku: string;
  fnsku: string;
}

/** A seller authorises Dockside on the sandbox's consent page, as the browser would; back at the callback the store is connected. */
async function connectThroughConsent(url: string, storeId: number, token: string) {
  const started = await apiRequest<{ url: string }>(url, 'POST', `/api/common/stores/${storeId}/authorize`, token, {});
  expect(started.status).toBe(200);
  const consent = new URL(started.body.url);
  const html = await (await fetch(consent)).text();
  const field = (name: string) => html.match(new RegExp(`name="${name}" value="([^"]*)"`))![1];
  const confirmed = await fetch(new URL('consent', consent), {
    method: 'POST',
    body: new URLSearchParams({
      redirect_uri: field('redirect_uri'),
      state: field('state'),
      selling_partner_id: field('selling_partner_id'),
      decision: 'confirm',
    }),
    redirect: 'manual',
  });
  const callback = new URL(confirmed.headers.get('location')!, url);
  const back = await fetch(`${url}${callback.pathname}${callback.search}`, { redirect: 'manual' });
  expect(back.status).toBe(302);
  const store = await apiRequest<{ connection: string }>(url, 'GET', `/api/common/stores/${storeId}`, token);
  expect(store.body.connection).toBe('connected');
}

/** Acme's Amazon store connected, two FBA listings imported as products with dimensions, 10 units of each at PREP-FBA. */
async function setUp(url: string): Promise<{ products: Product[]; accountNo: string; storeId: number }> {
  const admin = await apiSignIn(url, 'demo.admin');
  const acme = await apiSignIn(url, 'demo.client');
  const store = await apiRequest<{ id: number; accountNo: string }>(url, 'POST', '/api/common/stores', admin.token, {
    companyId: acme.companyId,
    marketplace: 'amazon_us',
    name: 'Acme FBA',
    environment: 'sandbox',
  });
  expect(store.status).toBe(201);
  const storeId = store.body.id;
  await connectThroughConsent(url, storeId, admin.token);

  const listings = `/api/external/amazon/stores/${storeId}/listings`;
  const pull = await apiRequest<{ jobId: string }>(url, 'POST', `${listings}/pull`, admin.token, {});
  expect(pull.body.jobId).toBeTruthy();
  await expect
    .poll(
      async () =>
        (await apiRequest<{ state: string }>(url, 'GET', `/api/jobs/batch-process/${pull.body.jobId}`, admin.token))
          .body.state,
      { timeout: 45_000, interval: 300 },
    )
    .toBe('completed');
  const rows = (
    await apiRequest<{
      content: { sku: string; fnsku: string | null; channel: string; issues: { severity: string }[] }[];
    }>(url, 'GET', `${listings}?pageSize=100`, admin.token)
  ).body.content;
  const clean = rows.filter(plannable);
  expect(clean.length).toBeGreaterThanOrEqual(2);
  const imported = await apiRequest<{ created: { productId: number }[] }>(
    url,
    'POST',
    `${listings}/import`,
    acme.token,
    { skus: clean.slice(0, 2).map((r) => r.sku) },
  );
  expect(imported.status).toBe(200);

  const products: Product[] = [];
  for (const { productId } of imported.body.created) {
    const p = (await apiRequest<Product>(url, 'GET', `/api/product/products/${productId}`, acme.token)).body;
    // Amazon places a product by its dimensions and weight: the pre-check asks for them.
    const put = await apiRequest(url, 'PUT', `/api/product/products/${p.id}`, acme.token, {
      title: p.title,
      msku: p.msku,
      fnsku: p.fnsku,
      lengthIn: 8,
      widthIn: 6,
      heightIn: 4,
      weightLb: 1.2,
    });
    expect(put.status).toBe(200);
    const found = await apiRequest(url, 'POST', '/api/inventory/adjust', admin.token, {
      companyId: acme.companyId,
      productCode: p.fnsku,
      location: 'PREP-FBA',
      quantity: 10,
      reason: 'found',
    });
    expect(found.status).toBe(200);
    products.push(p);
  }
  return { products, accountNo: store.body.accountNo, storeId };
}

/** What the first test set up, for the tests after it (they run in order, on the same server). */
let acmeProducts: Product[] = [];
let acmeAccount = '';
let acmeStoreId = 0;

/** The new-plan form for Acme, named, with the warehouse's ship-from address filled in. */
async function newPlanForm(url: string, name: string) {
  const page = await signedIn(env, 'demo.admin');
  await page.goto(`${url}/apps/outbound/fba-shipments/${acmeAccount}/items`);
  const form = page.locator('[data-testid=fba-new-plan]');
  await form.locator('input[name=planName]').fill(name);
  for (const [field, value] of [
    ['name', 'Dockside Prep'],
    ['addressLine1', '100 Harbor Way'],
    ['city', 'Newark'],
    ['postalCode', '07114'],
    ['countryCode', 'US'],
    ['phoneNumber', '555-0100'],
  ])
    await form.locator(`input[name="shipFrom.${field}"]`).fill(value);
  return { page, form };
}

describe('FBA shipment plans at the desk', () => {
  it('plans two products for Amazon, submits, follows Amazon to packing, finds the plan in the lists, cancels it', async () => {
    const { products, accountNo, storeId } = await setUp(env.server.url);
    [acmeProducts, acmeAccount, acmeStoreId] = [products, accountNo, storeId];
    const [mug, board] = products;
    const page = await signedIn(env, 'demo.admin');

    // The account select: the menu's Amazon FBA entry, then the client.
    const outbound = page.locator('details.menu-section', { has: page.locator('a[data-menu-key=AmazonFBA]') });
    await outbound.locator('summary').click();
    await outbound.locator('a[data-menu-key=AmazonFBA]').click();
    await page.waitForURL('**/apps/outbound/fba-shipments');
    await page.getByRole('heading', { name: 'Amazon FBA shipment plans' }).waitFor();
    await page.locator('[data-testid=fba-accounts] a', { hasText: 'Acme Sellers' }).click();
    await page.waitForURL(`**/apps/outbound/fba-shipments/${accountNo}`);
    await page.locator('.grid-state.empty').waitFor();
    await page.getByRole('link', { name: 'New plan' }).click();
    await page.waitForURL(`**/apps/outbound/fba-shipments/${accountNo}/items`);

    // The ship-from starts at the warehouse's default site (Settings › Warehouses).
    const form = page.locator('[data-testid=fba-new-plan]');
    await expect.poll(() => form.locator('select[name=storeId]').inputValue()).not.toBe('');
    await expect.poll(() => form.locator('input[name="shipFrom.addressLine1"]').inputValue()).toBe('100 Harbor Way');
    // Refused in place: no street address (cleared) and no product.
    await form.locator('input[name="shipFrom.addressLine1"]').fill('');
    await form.locator('input[name=planName]').fill('Acme spring restock');
    await form.getByRole('button', { name: 'Create plan' }).click();
    await form.getByText('Add at least one product').waitFor();
    await form.getByText('Enter the street address').waitFor();
    for (const [field, value] of [
      ['name', 'Dockside Prep'],
      ['addressLine1', '100 Harbor Way'],
      ['city', 'Newark'],
      ['stateOrProvinceCode', 'NJ'],
      ['postalCode', '07114'],
      ['countryCode', 'us'],
      ['phoneNumber', '555-0100'],
    ])
      await form.locator(`input[name="shipFrom.${field}"]`).fill(value);

    // What is at PREP-FBA: 10 of each, nothing held yet; both added to the plan.
    const available = page.locator('[data-testid=fba-available]');
    const availableOf = (p: Product) =>
      available.locator('tr', { hasText: p.title }).locator('[data-testid=available]');
    await expect.poll(() => availableOf(mug).textContent()).toBe('10');
    await expect.poll(() => availableOf(board).textContent()).toBe('10');
    await available.locator('tr', { hasText: mug.title }).getByRole('button', { name: 'Add to plan' }).click();
    await available.locator('tr', { hasText: board.title }).getByRole('button', { name: 'Add to plan' }).click();
    await available.locator('tr', { hasText: mug.title }).getByText('In the plan').waitFor();

    // More than is available is said on the line before anything is sent.
    await form.locator(`input[name=quantity-${mug.id}]`).fill('11');
    await form.locator(`input[name=quantity-${board.id}]`).fill('4');
    await form.getByRole('button', { name: 'Create plan' }).click();
    await form.getByText('Only 10 available; the line asks for 11').waitFor();
    await form.locator(`input[name=quantity-${mug.id}]`).fill('6');
    await form.getByRole('button', { name: 'Create plan' }).click();

    // Created: the plan opens at its items step and holds its units.
    await page.waitForURL(new RegExp(`/apps/outbound/fba-shipments/${accountNo}/items/\\d+$`));
    const planId = Number(page.url().split('/').pop());
    const plan = page.locator('[data-testid=fba-plan]');
    await expect.poll(() => plan.getAttribute('data-step')).toBe('items');
    expect(await page.locator('[data-testid=fba-plan-name]').textContent()).toBe('Acme spring restock');
    await expect.poll(() => availableOf(mug).textContent()).toBe('4');
    await expect.poll(() => availableOf(board).textContent()).toBe('6');
    await page.locator('[data-testid=fba-reservations]', { hasText: 'Units held (10)' }).waitFor();

    // One line down by one: saved, the units it holds follow.
    await page.locator(`input[name=quantity-${mug.id}]`).fill('5');
    await page.getByRole('button', { name: 'Save items' }).click();
    await expect.poll(() => availableOf(mug).textContent()).toBe('5');
    await page.locator('[data-testid=fba-reservations]', { hasText: 'Units held (9)' }).waitFor();
    const journal = page.locator('[data-testid=fba-journal]');
    await journal.locator('[data-kind=items]').waitFor();
    await journal.locator('[data-kind=created]').waitFor();

    // The pre-check: nothing Amazon would refuse.
    const summary = page.locator('[data-testid=fba-precheck-summary]');
    await expect.poll(() => summary.getAttribute('data-ok')).toBe('true');
    expect(await summary.textContent()).toContain('2 SKUs, 9 units · 0 errors');

    // Submitted: Amazon's operation is followed live until the plan is at packing.
    await page.getByTestId('fba-submit').click();
    await page.locator('[data-testid=fba-operation]').waitFor();
    await expect.poll(() => page.locator('[data-testid=fba-operation]').textContent()).toContain('createInboundPlan');
    await expect.poll(() => plan.getAttribute('data-step'), { timeout: 45_000 }).toBe('packing');
    // The workspace followed the plan to its new step; Amazon's FNSKUs and prep instructions are there.
    await page.waitForURL(new RegExp(`/apps/outbound/fba-shipments/${accountNo}/packing/${planId}$`));
    await page.locator('[data-testid=fba-inbound-plan-id]').waitFor();
    const facts = page.locator('[data-testid=fba-line-fact]');
    await expect.poll(() => facts.count()).toBe(2);
    expect(await facts.first().locator('[data-testid=fnsku]').textContent()).toMatch(/^X00/);
    expect(await facts.first().locator('[data-testid=prep]').textContent()).toContain('Labelling');
    await journal.locator('[data-kind="amazon.done"]').first().waitFor();
    // Amazon's packing options arrive by themselves; the cheapest is chosen (asked first) and the plan goes to the bench.
    const options = page.locator('[data-testid=fba-packing-option]');
    await expect.poll(() => options.count(), { timeout: 45_000 }).toBeGreaterThan(0);
    // With two ways to pack, the cheaper is marked; Amazon's sandbox discounts single-SKU boxes.
    const cheapest = (await options.count()) > 1 ? options.filter({ hasText: 'Cheapest' }) : options.first();
    expect(await cheapest.textContent()).toContain('Amazon partnered carrier');
    await cheapest.getByRole('button', { name: 'Choose this option' }).click();
    const choose = page.getByRole('alertdialog');
    await choose.getByText('Confirm this packing option?').waitFor();
    await choose.getByRole('button', { name: 'Choose this option' }).click();
    await expect
      .poll(() => page.locator('[data-testid=fba-operation]').textContent())
      .toContain('confirmPackingOption');
    await expect.poll(() => plan.getAttribute('data-step'), { timeout: 45_000 }).toBe('boxes');
    expect(await plan.getAttribute('data-status')).toBe('boxing');
    await page.waitForURL(new RegExp(`/apps/outbound/fba-shipments/${accountNo}/boxes/${planId}$`));
    await journal.locator('[data-kind="amazon.done"]', { hasText: 'pack' }).first().waitFor();
    // The packing step keeps the option chosen.
    await page.locator('[data-testid=fba-steps] [data-step=packing] a').click();
    await page.waitForURL(`**/packing/${planId}`);
    await page.locator('[data-testid=fba-packing-option]', { hasText: 'Chosen' }).waitFor();
    expect(await page.getByRole('button', { name: 'Choose this option' }).count()).toBe(0);

    // The items step is now what Amazon has, read-only.
    await page.locator('[data-testid=fba-steps] [data-step=items] a').click();
    await page.waitForURL(`**/items/${planId}`);
    await page.locator('[data-testid=fba-lines-facts]').waitFor();
    expect(await page.locator(`input[name=quantity-${mug.id}]`).count()).toBe(0);

    // Outbound shipments: the plan among those not closed; the WFS tab lists WFS plans.
    await page.goto(`${env.server.url}/apps/outbound/outbound-shipping`);
    await page.getByRole('heading', { name: 'Shipment plans' }).waitFor();
    expect(await page.locator('select[name=status]').inputValue()).toBe('all_but_closed');
    const row = page.locator('tr', { hasText: 'Acme spring restock' });
    await row.waitFor();
    // Boxing reads as the spec's "Shipping".
    expect(await row.textContent()).toContain('Shipping');
    await page.locator('select[name=status]').selectOption('closed');
    await expect.poll(() => page.locator('tr', { hasText: 'Acme spring restock' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Walmart WFS' }).click();
    await page.getByTestId('wfs-plans-grid').waitFor();

    // Every item across plans, searched by title.
    await page.goto(`${env.server.url}/apps/outbound/outbound-shipping/batch-items`);
    const itemRows = page.locator('tbody tr', { hasText: 'Acme spring restock' });
    await expect.poll(() => itemRows.count()).toBe(2);
    await page.fill('input[type=search]', board.title);
    await expect.poll(() => itemRows.count()).toBe(1);
    expect(await itemRows.textContent()).toContain(board.title);

    // Open Shipment Plans: Acme's plan at the bench, with what it waits for; it opens the workspace.
    await page.goto(`${env.server.url}/dashboard/snapshot/pending-batches`);
    await page.getByRole('heading', { name: 'Open shipment plans' }).waitFor();
    const pending = page.locator(`[data-testid=fba-pending-plan][data-plan="${planId}"]`);
    await pending.waitFor();
    expect(await pending.textContent()).toContain('Units to pack into boxes');
    expect(await page.locator('[data-testid=fba-pending-client]', { hasText: 'Acme Sellers' }).textContent()).toContain(
      'Boxes',
    );
    await pending.getByRole('link', { name: 'Acme spring restock' }).click();
    await page.waitForURL(`**/boxes/${planId}`);

    // Cancelled (once Amazon is not at work on it): asked first, then every unit comes back.
    const cancel = page.getByRole('button', { name: 'Cancel plan' });
    await cancel.waitFor({ timeout: 45_000 });
    await cancel.click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Amazon’s inbound plan is cancelled too').waitFor();
    await dialog.getByRole('button', { name: 'Cancel plan' }).click();
    await expect.poll(() => plan.getAttribute('data-status')).toBe('cancelled');
    await page.locator('[data-testid=fba-reservations]', { hasText: 'Units held (0)' }).waitFor();
    await page.context().close();

    const admin = await apiSignIn(env.server.url, 'demo.admin');
    const acme = await apiSignIn(env.server.url, 'demo.client');
    const left = await apiRequest<{ content: { productId: number; available: number }[] }>(
      env.server.url,
      'GET',
      `/api/outbound/outbound-shipping/batch/available?companyId=${acme.companyId}&pageSize=100`,
      admin.token,
    );
    expect(left.body.content.map((r) => r.available)).toEqual([10, 10]);
  });
  it('Amazon refuses a plan whose units have expired: the refusal is said in Amazon’s words, the plan stays at its items; fixed, it goes through', async () => {
    const [, board] = acmeProducts;
    const { page, form } = await newPlanForm(env.server.url, 'Acme expired');
    const available = page.locator('[data-testid=fba-available]');
    await available.locator('tr', { hasText: board.title }).getByRole('button', { name: 'Add to plan' }).click();
    await form.locator(`input[name=quantity-${board.id}]`).fill('2');
    await form.locator(`input[name=expiration-${board.id}]`).fill('2020-01-31');
    await form.getByRole('button', { name: 'Create plan' }).click();
    await page.waitForURL(new RegExp(`/items/\\d+$`));
    const plan = page.locator('[data-testid=fba-plan]');

    // The pre-check warns (Amazon may refuse) but does not block.
    await page.locator('[data-testid=fba-precheck-problems] [data-severity=warning]').waitFor();
    await expect.poll(() => page.locator('[data-testid=fba-precheck-summary]').getAttribute('data-ok')).toBe('true');
    await page.getByTestId('fba-submit').click();
    const refusal = page.getByTestId('fba-last-refusal');
    await refusal.waitFor({ timeout: 45_000 });
    expect(await refusal.textContent()).toMatch(/FBA_INB-0135/);
    expect(await plan.getAttribute('data-step')).toBe('items');
    await page.locator('[data-testid=fba-journal] [data-kind="amazon.failed"]').waitFor();

    // A date still to come, saved and sent again: Amazon takes it.
    await page.locator(`input[name=expiration-${board.id}]`).fill('2099-12-31');
    await page.getByRole('button', { name: 'Save items' }).click();
    await expect.poll(() => page.locator('[data-testid=fba-precheck-problems]').count()).toBe(0);
    await page.getByTestId('fba-submit').click();
    await expect.poll(() => plan.getAttribute('data-step'), { timeout: 45_000 }).toBe('packing');
    expect(await page.getByTestId('fba-last-refusal').count()).toBe(0);
    await page.context().close();
  });

  it('a SKU Amazon has no prep category for is blocked by the pre-check, set from it, and the plan then goes through', async () => {
    // The sandbox's kids' smock is one Amazon has not categorised: imported, measured, counted in.
    const url = env.server.url;
    const admin = await apiSignIn(url, 'demo.admin');
    const acme = await apiSignIn(url, 'demo.client');
    const listings = `/api/external/amazon/stores/${acmeStoreId}/listings`;
    const rows = (
      await apiRequest<{ content: { sku: string; title: string }[] }>(
        url,
        'GET',
        `${listings}?pageSize=100`,
        admin.token,
      )
    ).body.content;
    const row = rows.find((r) => /Smock/.test(r.title))!;
    const imported = await apiRequest<{ created: { productId: number }[] }>(
      url,
      'POST',
      `${listings}/import`,
      acme.token,
      {
        skus: [row.sku],
      },
    );
    const smock = (
      await apiRequest<Product>(url, 'GET', `/api/product/products/${imported.body.created[0].productId}`, acme.token)
    ).body;
    const dims = { lengthIn: 10, widthIn: 8, heightIn: 1, weightLb: 0.4 };
    expect(
      (
        await apiRequest(url, 'PUT', `/api/product/products/${smock.id}`, acme.token, {
          title: smock.title,
          msku: smock.msku,
          fnsku: smock.fnsku,
          ...dims,
        })
      ).status,
    ).toBe(200);
    const counted = await apiRequest(url, 'POST', '/api/inventory/adjust', admin.token, {
      companyId: acme.companyId,
      productCode: smock.fnsku,
      location: 'PREP-FBA',
      quantity: 4,
      reason: 'found',
    });
    expect(counted.status).toBe(200);

    const { page, form } = await newPlanForm(url, 'Acme smocks');
    const available = page.locator('[data-testid=fba-available]');
    await available.locator('tr', { hasText: smock.title }).getByRole('button', { name: 'Add to plan' }).click();
    await form.locator(`input[name=quantity-${smock.id}]`).fill('3');
    await form.getByRole('button', { name: 'Create plan' }).click();
    await page.waitForURL(new RegExp(`/items/\\d+$`));

    // Blocked, with the fix in place: a category to choose, the prep it brings shown before sending.
    const summary = page.locator('[data-testid=fba-precheck-summary]');
    await expect.poll(() => summary.getAttribute('data-ok')).toBe('false');
    expect(await page.getByTestId('fba-submit').isDisabled()).toBe(true);
    const fix = page.locator(`[data-testid=fba-prep-fix][data-msku="${smock.msku}"]`);
    await fix.locator('select[name=prepCategory]').selectOption('TEXTILE');
    expect(await fix.getByTestId('fba-prep-fix-types').textContent()).toContain('Poly bag');
    await fix.getByRole('button', { name: 'Send to Amazon' }).click();
    // Amazon applies it (the server's poll job follows the operation); the pre-check clears by itself.
    await expect.poll(() => summary.getAttribute('data-ok'), { timeout: 45_000 }).toBe('true');
    await page.locator('[data-testid=fba-journal]', { hasText: 'Amazon applied the prep category' }).waitFor();
    await page.getByTestId('fba-submit').click();
    const plan = page.locator('[data-testid=fba-plan]');
    await expect.poll(() => plan.getAttribute('data-step'), { timeout: 45_000 }).toBe('packing');
    await page.context().close();
  });

  it('a client plans only for itself: Amazon FBA opens its own plans; without a connected Amazon store it is told so', async () => {
    const page = await signedIn(env, 'demo.client2');
    const outbound = page.locator('details.menu-section', { has: page.locator('a[data-menu-key=AmazonFBA]') });
    await outbound.locator('summary').click();
    await outbound.locator('a[data-menu-key=AmazonFBA]').click();
    // No account to choose: straight to Blue Fox's own plans, none yet.
    await page.getByRole('heading', { name: 'FBA shipment plans' }).waitFor();
    expect(await page.getByTestId('fba-client').textContent()).toContain('Blue Fox Goods');
    await page.locator('.grid-state.empty').waitFor();
    expect(await page.getByRole('link', { name: 'Another client' }).count()).toBe(0);
    await page.getByRole('link', { name: 'New plan' }).click();
    await page.getByTestId('fba-no-store').waitFor();
    expect(await page.getByTestId('fba-no-store').textContent()).toContain('no connected Amazon store');
    // Nothing of Acme's at the prep station is offered to it.
    await page.locator('[data-testid=fba-available] .grid-state.empty').waitFor();
    // Another client's account number in the address leads nowhere.
    await page.goto(`${env.server.url}/apps/outbound/fba-shipments/C1001`);
    await page.getByTestId('fba-no-client').waitFor();
    // Its shipment plans list has no client filter: it only ever sees its own.
    await page.goto(`${env.server.url}/apps/outbound/outbound-shipping/fba`);
    await page.locator('.grid-state.empty').waitFor();
    expect(await page.locator('select[name=companyId]').count()).toBe(0);
    await page.context().close();
  });
});
