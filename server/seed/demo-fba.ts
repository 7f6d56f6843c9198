/**
 * Amazon FBA in the demo (SEED=demo, DEMO_DATA on, the sandbox on): Acme's Amazon store connected
 * to this server's own Amazon sandbox, its listings pulled, a few FBA listings imported as Acme's
 * products (measured and weighed), units at PREP-FBA, and two shipment plans — one open at its
 * items, ready to submit, and one Amazon has taken with its packing option confirmed, waiting at
 * the packer's bench.
 *
 * Done as the people would (the store connected through the sandbox's consent page and
 * Dockside's callback, everything else through the REST routes), except the two things a running
 * server leaves to its job queue: the listings pull and the checks of Amazon's operations run
 * here, through the jobs' own functions, so the plans are at their steps before the server
 * listens. The server is not listening yet either: while the seed runs, the Amazon client's calls
 * to this server's sandbox are answered in-process.
 *
 * With SANDBOX=off there is no sandbox, and no demo store.
 */
import type { Deps } from '../context.js';
import { pullListings } from '../modules/listings/pull.js';
import { checkOperation } from '../modules/operations/service.js';
import { clientOverrides, sandboxBase } from '../modules/stores/connection.js';
import { OPERATION_MS } from '../sandboxes/amazon/inbound-state.js';
import { UNCATEGORISED_PRODUCTS } from '../sandboxes/amazon/inbound-prep.js';
import type { DemoUser, InProcessApp } from './demo-user.js';
import { presetDemoStoreOrders } from './demo-store-orders.js';

const PLANS = '/api/outbound/outbound-shipping/batch';

/** Where the demo's boxes ship from: the demo warehouse. */
export const DEMO_SHIP_FROM = {
  name: 'Demo Prep Co – Main',
  companyName: 'Demo Prep Co',
  addressLine1: '100 Harbor Way',
  city: 'Newark',
  stateOrProvinceCode: 'NJ',
  postalCode: '07114',
  countryCode: 'US',
  phoneNumber: '555-0100',
};

export const DEMO_STORE_NAME = 'Acme Sellers · Amazon.com';

/** How many of the store's FBA listings become products, with their units at PREP-FBA and size. */
const STOCK: { units: number; lengthIn: number; widthIn: number; heightIn: number; weightLb: number }[] = [
  { units: 48, lengthIn: 10, widthIn: 4, heightIn: 4, weightLb: 0.9 },
  { units: 36, lengthIn: 15, widthIn: 11, heightIn: 1.5, weightLb: 3.2 },
  { units: 60, lengthIn: 17, widthIn: 3, heightIn: 3, weightLb: 0.6 },
  { units: 24, lengthIn: 12, widthIn: 9, heightIn: 7, weightLb: 6.1 },
];

export interface DemoFbaSummary {
  storeId: number;
  connected: boolean;
  /** Products imported from the store's FBA listings, with units at PREP-FBA. */
  products: number;
  plans: { id: number; name: string; step: string }[];
}

interface ListingRow {
  sku: string;
  title: string | null;
  fnsku: string | null;
  channel: string;
  issues: { severity: string }[];
}

/**
 * Listings a plan can take as they are: fulfilled by Amazon, with an FNSKU, no listing error (so
 * not the product under hazmat review) and a prep category Amazon knows (tests/helpers/plannable.ts).
 */
const plannable = (r: ListingRow): boolean =>
  r.channel === 'FBA' &&
  !!r.fnsku &&
  !r.issues.some((i) => i.severity === 'ERROR') &&
  !UNCATEGORISED_PRODUCTS.test(r.title ?? '');

interface PlanBody {
  id: number;
  name: string;
  step: string;
  operationId: string | null;
  packingOptions: { packingOptionId: string; status: string }[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Routes the Amazon client's calls to this server's sandbox into the app until `restore()`. */
export function sandboxInProcess(app: InProcessApp, deps: Deps): () => void {
  const had = 'fetch' in clientOverrides;
  const previous = clientOverrides.fetch;
  const base = `${sandboxBase(deps)}/sandbox/`;
  clientOverrides.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(base)) return (previous ?? fetch)(input, init);
    return app.request(input instanceof Request ? input : url, init);
  };
  return () => {
    if (had) clientOverrides.fetch = previous;
    else delete clientOverrides.fetch;
  };
}

/** The seller's side of "Connect with Amazon": the sandbox's consent page, confirmed, and Dockside's callback. */
async function connect(app: InProcessApp, admin: DemoUser, storeId: number): Promise<void> {
  const { url } = await admin.call<{ url: string }>('POST', `/api/common/stores/${storeId}/authorize`, {});
  const consent = new URL(url);
  const page = await app.request(consent.href);
  const html = await page.text();
  const field = (name: string) => {
    const value = html.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1];
    if (value === undefined) throw new Error(`demo data: the sandbox's consent page has no ${name} (${page.status})`);
    return value.replace(/&amp;/g, '&');
  };
  const confirmed = await app.request(consent.origin + consent.pathname, {
    method: 'POST',
    body: new URLSearchParams({
      redirect_uri: field('redirect_uri'),
      state: field('state'),
      selling_partner_id: field('selling_partner_id'),
      decision: 'confirm',
    }),
  });
  const callback = new URL(confirmed.headers.get('location') ?? '', 'http://localhost');
  // The callback is the browser coming back: no Dockside token, the state names the store.
  const back = await app.request(callback.pathname + callback.search);
  const screen = new URL(back.headers.get('location') ?? '', 'http://localhost');
  if (screen.searchParams.get('connected') !== 'amazon')
    throw new Error(
      `demo data: Acme's Amazon store did not connect (${screen.searchParams.get('error') ?? back.status})`,
    );
}

export async function seedDemoFba(
  app: InProcessApp,
  deps: Deps | undefined,
  users: { admin: DemoUser; client: DemoUser },
  acmeId: number,
): Promise<DemoFbaSummary | null> {
  const { admin, client } = users;
  const store = await admin.call<{ id: number } | null>(
    'POST',
    '/api/common/stores',
    { companyId: acmeId, marketplace: 'amazon_us', name: DEMO_STORE_NAME, environment: 'sandbox' },
    // With SANDBOX=off there is no sandbox to connect to: no demo store then.
    [412],
  );
  if (!store?.id) return null;
  const summary: DemoFbaSummary = { storeId: store.id, connected: false, products: 0, plans: [] };
  // Without the server's dependencies nothing can pull or follow Amazon: the store waits to be connected.
  if (!deps) return summary;

  const storeId = store.id;
  const tenantId = admin.tenantId;
  const restore = sandboxInProcess(app, deps);
  try {
    await connect(app, admin, storeId);
    summary.connected = true;
    // Its buyers order Acme's own products (and two listings Acme never added), before any pull.
    const { sellerId } = await admin.call<{ sellerId: string }>('GET', `/api/common/stores/${storeId}`);
    await presetDemoStoreOrders(deps, admin, { provider: 'amazon', account: sellerId, companyId: acmeId });
    await pullListings(deps, { tenantId, storeId });

    // A few FBA listings become Acme's products (Listing info's import), measured and weighed.
    const rows = await admin.call<{ content: ListingRow[] }>(
      'GET',
      `/api/external/amazon/stores/${storeId}/listings?pageSize=100`,
    );
    const skus = rows.content
      .filter(plannable)
      .slice(0, STOCK.length)
      .map((r) => r.sku);
    const imported = await client.call<{ created: { sku: string; productId: number }[] }>(
      'POST',
      `/api/external/amazon/stores/${storeId}/listings/import`,
      { skus },
    );
    const products: { id: number; fnsku: string }[] = [];
    for (const [i, { productId }] of imported.created.entries()) {
      const p = await client.call<{ id: number; title: string; msku: string; fnsku: string }>(
        'GET',
        `/api/product/products/${productId}`,
      );
      const { units, ...size } = STOCK[i];
      await client.call('PUT', `/api/product/products/${p.id}`, {
        title: p.title,
        msku: p.msku,
        fnsku: p.fnsku,
        ...size,
      });
      // Counted at the prep station: the units the plans take.
      await admin.call('POST', '/api/inventory/adjust', {
        companyId: acmeId,
        productCode: p.fnsku,
        location: 'PREP-FBA',
        quantity: units,
        reason: 'cycle_count',
        note: 'Counted at the FBA prep station',
      });
      products.push(p);
    }
    summary.products = products.length;
    if (products.length < 2) throw new Error(`only ${products.length} of the store's listings can be planned`);

    // Some of the sandbox's products need an expiration date: every line gets one well ahead.
    const expiration = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
    const create = (name: string, lines: [{ id: number }, number][]) =>
      admin.call<PlanBody>('POST', PLANS, {
        companyId: acmeId,
        storeId,
        name,
        shipFrom: DEMO_SHIP_FROM,
        items: lines.map(([p, quantity]) => ({ productId: p.id, quantity, expiration })),
      });
    /** Runs the poll job's check of whatever the plan waits for at Amazon, until it waits for nothing. */
    const settle = async (id: number): Promise<PlanBody> => {
      for (let i = 0; i < 50; i++) {
        const plan = await admin.call<PlanBody>('GET', `${PLANS}/${id}`);
        if (!plan.operationId) return plan;
        await sleep(i === 0 ? OPERATION_MS : 100);
        const r = await checkOperation(deps, {
          tenantId,
          storeId,
          operation: plan.operationId,
          kind: 'amazon.inbound',
        });
        if (r.status === 'FAILED' || r.status === 'GAVE_UP')
          throw new Error(`Amazon's ${plan.operationId} for plan ${plan.name}: ${r.status}`);
      }
      throw new Error(`plan ${id} kept waiting for Amazon`);
    };

    // At the bench: sent to Amazon, its packing option confirmed, the boxes still to pack.
    const [p0, p1, p2, p3] = products;
    const benchLines: [{ id: number }, number][] = p3
      ? [
          [p2, 18],
          [p3, 12],
        ]
      : [[p1, 12]];
    const bench = await create('ACME-FBA-1050', benchLines);
    await admin.call('POST', `${PLANS}/${bench.id}/submit`, {});
    const offered = await settle(bench.id);
    const option = offered.packingOptions.find((o) => o.status === 'OFFERED');
    if (!option) throw new Error(`Amazon offered no packing option for ${bench.name}`);
    await admin.call('POST', `${PLANS}/${bench.id}/packing-options/confirm`, {
      packingOptionId: option.packingOptionId,
    });
    const packing = await settle(bench.id);

    // Open at its items: checked, ready to submit.
    const itemsLines: [{ id: number }, number][] = p3
      ? [
          [p0, 24],
          [p1, 12],
        ]
      : [[p0, 24]];
    const open = await create('ACME-FBA-1051', itemsLines);
    summary.plans = [
      { id: open.id, name: open.name, step: open.step },
      { id: packing.id, name: packing.name, step: packing.step },
    ];
  } catch (err) {
    // The demo is a showcase, never a reason not to start: what is there stays, the rest is said.
    console.warn(`demo data: Amazon FBA left incomplete: ${(err as Error).message}`);
  } finally {
    restore();
  }
  return summary;
}
