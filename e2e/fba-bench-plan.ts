/**
 * A plan at the packer's bench, set up through the API against a running server with the Amazon
 * sandbox (the way tests/helpers/fba.ts and tests/integration/fba-bench.test.ts do in-process):
 * Acme's Amazon store connected through the sandbox's consent page, three FBA listings imported
 * and measured, their units (10 at least) counted into PREP-FBA, a plan of 3 SKUs submitted, Amazon's
 * operations followed by the server's poll job, the packing option with the fewest groups
 * confirmed — until the plan is at the bench. Shared by e2e/fba-bench.e2e.ts and bench/bench-scan.ts.
 */
import { apiRequest, apiSignIn } from './harness.js';
import { plannable } from '../tests/helpers/plannable.js';

const B = '/api/outbound/outbound-shipping/batch';
const SHIP_FROM = {
  name: 'Dockside Prep',
  companyName: 'Dockside Prep LLC',
  addressLine1: '100 Harbor Way',
  city: 'Newark',
  stateOrProvinceCode: 'NJ',
  postalCode: '07114',
  countryCode: 'US',
  phoneNumber: '555-0100',
};

export interface BenchItem {
  id: number;
  productId: number;
  title: string;
  fnsku: string;
  msku: string;
  quantity: number;
  packingGroupId: string | null;
  labelOwner: string;
}
export interface PlanAtBench {
  planId: number;
  name: string;
  items: BenchItem[];
}

interface PlanDetail {
  step: string;
  status: string;
  operationId: string | null;
  items: BenchItem[];
  packingOptions: { packingOptionId: string; groups: { packingGroupId: string }[] }[];
}

function must<T>(res: { status: number; body: T }, ok: number[], what: string): T {
  if (!ok.includes(res.status)) throw new Error(`${what}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, what: string, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** A seller authorises Dockside on the sandbox's consent page, as the browser would. */
async function connectThroughConsent(url: string, storeId: number, token: string): Promise<void> {
  const started = must(
    await apiRequest<{ url: string }>(url, 'POST', `/api/common/stores/${storeId}/authorize`, token, {}),
    [200],
    'authorize',
  );
  const consent = new URL(started.url);
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
  if (store.body.connection !== 'connected') throw new Error(`store not connected: ${store.body.connection}`);
}

export async function planAtBench(
  url: string,
  quantities: number[] = [3, 2, 2],
  name = 'Acme bench',
): Promise<PlanAtBench> {
  const admin = await apiSignIn(url, 'demo.admin');
  const acme = await apiSignIn(url, 'demo.client');
  const store = must(
    await apiRequest<{ id: number }>(url, 'POST', '/api/common/stores', admin.token, {
      companyId: acme.companyId,
      marketplace: 'amazon_us',
      name: 'Acme FBA',
      environment: 'sandbox',
    }),
    [201],
    'store',
  );
  await connectThroughConsent(url, store.id, admin.token);

  const listings = `/api/external/amazon/stores/${store.id}/listings`;
  const pull = must(
    await apiRequest<{ jobId: string }>(url, 'POST', `${listings}/pull`, admin.token, {}),
    [200, 201, 202],
    'pull',
  );
  await until(
    async () =>
      (await apiRequest<{ state: string }>(url, 'GET', `/api/jobs/batch-process/${pull.jobId}`, admin.token)).body
        .state,
    (s) => s === 'completed',
    'the listings pull',
  );
  const rows = (
    await apiRequest<{
      content: { sku: string; fnsku: string | null; channel: string; issues: { severity: string }[] }[];
    }>(url, 'GET', `${listings}?pageSize=100`, admin.token)
  ).body.content;
  const clean = rows.filter(plannable);
  if (clean.length < quantities.length) throw new Error(`only ${clean.length} clean FBA listings`);
  const imported = must(
    await apiRequest<{ created: { productId: number }[] }>(url, 'POST', `${listings}/import`, acme.token, {
      skus: clean.slice(0, quantities.length).map((r) => r.sku),
    }),
    [200],
    'import',
  );
  const expiration = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
  const lines: { productId: number; quantity: number; expiration: string }[] = [];
  for (const [i, { productId }] of imported.created.entries()) {
    const p = must(
      await apiRequest<{ id: number; title: string; msku: string; fnsku: string }>(
        url,
        'GET',
        `/api/product/products/${productId}`,
        acme.token,
      ),
      [200],
      'product',
    );
    // Amazon places a product by its dimensions and weight: the pre-check asks for them.
    must(
      await apiRequest(url, 'PUT', `/api/product/products/${p.id}`, acme.token, {
        title: p.title,
        msku: p.msku,
        fnsku: p.fnsku,
        lengthIn: 8,
        widthIn: 6,
        heightIn: 4,
        weightLb: 1.2,
      }),
      [200],
      'measure',
    );
    must(
      await apiRequest(url, 'POST', '/api/inventory/adjust', admin.token, {
        companyId: acme.companyId,
        productCode: p.fnsku,
        location: 'PREP-FBA',
        quantity: Math.max(10, quantities[i]),
        reason: 'found',
      }),
      [200],
      'stock',
    );
    lines.push({ productId: p.id, quantity: quantities[i], expiration });
  }

  const created = must(
    await apiRequest<{ id: number }>(url, 'POST', B, admin.token, {
      companyId: acme.companyId,
      storeId: store.id,
      name,
      shipFrom: SHIP_FROM,
      items: lines,
    }),
    [201],
    'plan',
  );
  const planId = created.id;
  const detail = () => apiRequest<PlanDetail>(url, 'GET', `${B}/${planId}`, admin.token).then((r) => r.body);
  must(await apiRequest(url, 'POST', `${B}/${planId}/submit`, admin.token, {}), [200, 202], 'submit');
  // The server's poll job follows Amazon until the packing options are there.
  const packing = await until(
    detail,
    (p) => p.operationId === null && p.packingOptions.length > 0,
    'Amazon’s packing options',
  );
  const fewest = [...packing.packingOptions].sort((a, b) => a.groups.length - b.groups.length)[0];
  must(
    await apiRequest(url, 'POST', `${B}/${planId}/packing-options/confirm`, admin.token, {
      packingOptionId: fewest.packingOptionId,
    }),
    [200, 202],
    'confirm packing',
  );
  const atBench = await until(detail, (p) => p.operationId === null && p.step === 'boxes', 'the plan at the bench');
  return { planId, name, items: atBench.items };
}
