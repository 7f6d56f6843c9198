/**
 * Reshaping FBA plans at the desk in Chromium (issue 18): with Acme's Amazon store connected through
 * the sandbox's consent and two products at PREP-FBA (set up through the API, as e2e/fba-plans.e2e.ts
 * does), the warehouse splits a 2-line plan (refused in place first: nothing moving, everything
 * moving), lands on the new plan with both plans' totals, merges it back into the first (the new one
 * is cancelled, its units held by the first), then — once Amazon has the plan at packing — reverts it
 * to working: Amazon's plan is cancelled, the plan is back at items with its units.
 */
import { describe, expect, it } from 'vitest';
import { e2eEnv, signedIn } from './env.js';
import { apiRequest, apiSignIn } from './harness.js';
import { plannable } from '../tests/helpers/plannable.js';

const env = e2eEnv();
const B = '/api/outbound/outbound-shipping/batch';
const SHIP_FROM = {
  name: 'Dockside Prep',
  addressLine1: '100 Harbor Way',
  city: 'Newark',
  stateOrProvinceCode: 'NJ',
  postalCode: '07114',
  countryCode: 'US',
  phoneNumber: '555-0100',
};

interface Product {
  id: number;
  title: string;
  msku: string;
  fnsku: string;
}
interface Acme {
  token: string;
  companyId: number;
  storeId: number;
  accountNo: string;
  products: Product[];
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
  await fetch(`${url}${callback.pathname}${callback.search}`, { redirect: 'manual' });
  const store = await apiRequest<{ connection: string }>(url, 'GET', `/api/common/stores/${storeId}`, token);
  expect(store.body.connection).toBe('connected');
}

/** Acme's Amazon store connected, two FBA listings imported as measured products, 10 units of each at PREP-FBA. */
async function setUp(url: string): Promise<Acme> {
  const admin = await apiSignIn(url, 'demo.admin');
  const acme = await apiSignIn(url, 'demo.client');
  const store = await apiRequest<{ id: number; accountNo: string }>(url, 'POST', '/api/common/stores', admin.token, {
    companyId: acme.companyId,
    marketplace: 'amazon_us',
    name: 'Acme FBA',
    environment: 'sandbox',
  });
  expect(store.status).toBe(201);
  await connectThroughConsent(url, store.body.id, admin.token);
  const listings = `/api/external/amazon/stores/${store.body.id}/listings`;
  const pull = await apiRequest<{ jobId: string }>(url, 'POST', `${listings}/pull`, admin.token, {});
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
  return {
    token: admin.token,
    companyId: acme.companyId,
    storeId: store.body.id,
    accountNo: store.body.accountNo,
    products,
  };
}

interface PlanState {
  step: string;
  status: string;
  operationId: string | null;
  inboundPlanId: string | null;
  packingOptions: unknown[];
  items: { productId: number; quantity: number }[];
}

describe('reshaping FBA plans at the desk', () => {
  it('splits a 2-line plan and sees both, merges them back, reverts the plan from packing to items', async () => {
    const url = env.server.url;
    const acme = await setUp(url);
    const [mug, board] = acme.products;
    const created = await apiRequest<{ id: number }>(url, 'POST', B, acme.token, {
      companyId: acme.companyId,
      storeId: acme.storeId,
      name: 'Acme reshape',
      shipFrom: SHIP_FROM,
      items: [
        { productId: mug.id, quantity: 6 },
        { productId: board.id, quantity: 4 },
      ],
    });
    expect(created.status).toBe(201);
    const planId = created.body.id;
    const read = async (id: number) => (await apiRequest<PlanState>(url, 'GET', `${B}/${id}`, acme.token)).body;

    const page = await signedIn(env, 'demo.admin');
    await page.goto(`${url}/apps/outbound/fba-shipments/${acme.accountNo}/items/${planId}`);
    const plan = page.locator('[data-testid=fba-plan]');
    await expect.poll(() => plan.getAttribute('data-step')).toBe('items');
    const held = (n: number) => page.locator('[data-testid=fba-reservations]', { hasText: `Units held (${n})` });
    await held(10).waitFor();

    // Split: refused in place when nothing moves and when everything would.
    await page.getByTestId('fba-split').click();
    const split = page.getByTestId('fba-split-dialog');
    expect(await split.locator('input[name=splitName]').inputValue()).toBe('Acme reshape (split)');
    await split.getByRole('button', { name: 'Split', exact: true }).click();
    await split.getByText('Choose at least one unit to move to the new plan').waitFor();
    await split.locator(`input[name=move-${mug.id}]`).fill('6');
    await split.locator(`input[name=move-${board.id}]`).fill('4');
    await split.getByRole('button', { name: 'Split', exact: true }).click();
    await split.getByText('Everything would move').waitFor();
    await split.locator(`input[name=move-${mug.id}]`).fill('2');
    expect(await split.getByTestId('fba-split-summary').textContent()).toBe(
      '6 units move to the new plan; 4 stay here.',
    );
    await split.getByRole('button', { name: 'Split', exact: true }).click();

    // The new plan opens, holding what moved; both plans' totals are said.
    await page.waitForURL((u) => /\/items\/\d+$/.test(u.pathname) && !u.pathname.endsWith(`/${planId}`));
    const newId = Number(page.url().split('/').pop());
    await expect.poll(() => plan.getAttribute('data-plan')).toBe(String(newId));
    expect(await page.getByTestId('fba-plan-name').textContent()).toBe('Acme reshape (split)');
    const outcome = page.getByTestId('fba-split-outcome');
    await outcome.waitFor();
    expect(await outcome.textContent()).toContain(
      '“Acme reshape” keeps 4 units (SKUs: 1), “Acme reshape (split)” holds 6 units (SKUs: 2) — 10 units held in all',
    );
    await held(6).waitFor();
    expect((await read(planId)).items).toEqual([expect.objectContaining({ productId: mug.id, quantity: 4 })]);

    // Back on the first plan, the new one is merged into it: cancelled, its units held here.
    await outcome.getByRole('link', { name: 'Open “Acme reshape”' }).click();
    await expect.poll(() => plan.getAttribute('data-plan')).toBe(String(planId));
    await held(4).waitFor();
    await page.getByTestId('fba-merge').click();
    const merge = page.getByTestId('fba-merge-dialog');
    const candidate = merge.locator(`[data-testid=fba-merge-candidate][data-plan="${newId}"]`);
    await candidate.waitFor();
    expect(await merge.getByTestId('fba-merge-candidate').count()).toBe(1);
    await merge.getByRole('button', { name: 'Merge plans into this one' }).click();
    await merge.getByText('Choose at least one plan to merge').waitFor();
    await candidate.getByRole('checkbox').check();
    expect(await merge.getByTestId('fba-merge-summary').textContent()).toContain('This plan will then hold 10 units');
    await merge.getByRole('button', { name: 'Merge and cancel (1)' }).click();
    await merge.waitFor({ state: 'detached' });
    await held(10).waitFor();
    // The split's totals are history once the plan has changed again.
    await expect.poll(() => page.getByTestId('fba-split-outcome').count()).toBe(0);
    const merged = await read(planId);
    expect(merged.items.map((i) => [i.productId, i.quantity]).sort()).toEqual(
      [
        [mug.id, 6],
        [board.id, 4],
      ].sort(),
    );
    expect((await read(newId)).status).toBe('cancelled');

    // Amazon gets the plan (submitted through the API) and offers packing: reverted to working from there.
    expect((await apiRequest(url, 'POST', `${B}/${planId}/submit`, acme.token, {})).status).toBe(202);
    await expect
      .poll(
        async () => {
          const p = await read(planId);
          return p.step === 'packing' && p.operationId === null && p.packingOptions.length > 0;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe(true);
    const amazonPlan = (await read(planId)).inboundPlanId;
    await page.goto(`${url}/apps/outbound/fba-shipments/${acme.accountNo}/packing/${planId}`);
    await expect.poll(() => plan.getAttribute('data-step')).toBe('packing');
    // Neither split nor merge is offered once Amazon has the plan.
    expect(await page.getByTestId('fba-split').count()).toBe(0);
    await page.getByTestId('fba-revert').click();
    const revert = page.getByRole('alertdialog');
    await revert.getByText(`Amazon’s inbound plan ${amazonPlan} is cancelled`).waitFor();
    await revert.getByText('Its boxes must be empty').waitFor();
    await revert.getByRole('button', { name: 'Revert to working' }).click();
    await expect.poll(() => plan.getAttribute('data-step')).toBe('items');
    // The workspace follows the plan back to its items and Amazon's cancellation like any operation.
    await page.waitForURL(`**/items/${planId}`);
    expect(await plan.getAttribute('data-status')).toBe('open');
    await page.locator('[data-testid=fba-journal]', { hasText: 'Reverted to working' }).waitFor();
    await held(10).waitFor();
    await expect.poll(async () => (await read(planId)).operationId, { timeout: 45_000 }).toBeNull();
    expect((await read(planId)).inboundPlanId).toBeNull();
    // Ours alone again: it may be split once more.
    await page.getByTestId('fba-split').waitFor({ timeout: 20_000 });
    await page.context().close();
  });
});
