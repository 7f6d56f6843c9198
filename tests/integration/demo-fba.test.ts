/**
 * Amazon FBA in the stocked demo (what `npm start` seeds, through the same `start`): Acme's Amazon
 * store connected to the built-in sandbox with its listings pulled, FBA listings imported as Acme's
 * products with dimensions and weight and units at PREP-FBA, and two shipment plans — one open at
 * its items, one at the packer's bench — seen by the warehouse and Acme, by no other client or
 * tenant; and the open plan's pre-check asks the sandbox with the store's sealed credentials.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';

const B = '/api/outbound/outbound-shipping/batch';

let s: TestServer;
let admin: string;
let acme: string;
let blueFox: string;
let acmeId: number;

interface StoreRow {
  id: number;
  companyId: number;
  name: string;
  marketplace: string;
  environment: string;
  connection: string;
  sellerId: string | null;
}

interface Plan {
  id: number;
  name: string;
  status: string;
  step: string;
  storeId: number;
  companyId: number;
  inboundPlanId: string | null;
  operationId: string | null;
  operation: string | null;
  units: number;
  items: { productId: number; fnsku: string | null; quantity: number; packingGroupId: string | null }[];
  packingOptions: { status: string }[];
}

let store: StoreRow;

beforeAll(async () => {
  s = await TestServer.start({ demoData: true });
  admin = await s.token('demo.admin');
  const me = await s.signIn('demo.client');
  acme = me.accessToken;
  acmeId = me.userData.companyId;
  blueFox = await s.token('demo.client2');
  const stores = (await s.get('/api/common/stores', admin)).body as StoreRow[];
  store = stores.find((r) => r.companyId === acmeId && r.marketplace === 'amazon_us')!;
}, 180_000);
afterAll(() => s?.close());

const plans = async (token: string) =>
  ((await s.get(`${B}?pageSize=50`, token)).body?.content ?? []) as { id: number; name: string; step: string }[];

describe('Amazon FBA in the demo', () => {
  it('has Acme’s Amazon store connected to the sandbox, its listings pulled', async () => {
    expect(store, 'Acme’s Amazon store').toBeDefined();
    expect(store).toMatchObject({ name: 'Acme Sellers · Amazon.com', environment: 'sandbox', connection: 'connected' });
    expect(store.sellerId).toBeTruthy();
    const listings = (await s.get(`/api/external/amazon/stores/${store.id}/listings?pageSize=100`, admin)).body;
    expect(listings.pulledAt).toBeTruthy();
    expect(listings.content.filter((r: { channel: string }) => r.channel === 'FBA').length).toBeGreaterThan(3);
  });

  it('has FBA listings imported as Acme’s products, measured and weighed, with units at PREP-FBA', async () => {
    const listings = (await s.get(`/api/external/amazon/stores/${store.id}/listings?pageSize=100`, admin)).body
      .content as { sku: string; fnsku: string | null; product: { id: number } | null }[];
    const imported = listings.filter((r) => r.product);
    expect(imported.length).toBeGreaterThanOrEqual(2);
    const available = (await s.get(`${B}/available?pageSize=100&companyId=${acmeId}`, admin)).body.content as {
      productId: number;
      fnsku: string | null;
      onHand: number;
      held: number;
    }[];
    for (const listing of imported) {
      const p = (await s.get(`/api/product/products/${listing.product!.id}`, acme)).body;
      expect(p.companyId).toBe(acmeId);
      expect(p.fnsku).toBe(listing.fnsku);
      expect(p.msku).toBe(listing.sku);
      expect(Number(p.lengthIn) * Number(p.widthIn) * Number(p.heightIn)).toBeGreaterThan(0);
      expect(Number(p.weightLb)).toBeGreaterThan(0);
      const at = available.find((a) => a.productId === p.id);
      expect(at?.fnsku).toBe(p.fnsku);
      expect(at?.onHand, `${p.fnsku} at PREP-FBA`).toBeGreaterThan(0);
    }
    const snapshot = (await s.get(`/api/inventory?pageSize=200&location=PREP-FBA&companyId=${acmeId}`, admin)).body;
    expect(snapshot.totalUnits).toBeGreaterThan(0);
  });

  it('has one plan open at its items, ready to submit, and one Amazon took that waits at the bench', async () => {
    const rows = await plans(admin);
    expect(rows.map((r) => [r.name, r.step]).sort()).toEqual([
      ['ACME-FBA-1050', 'boxes'],
      ['ACME-FBA-1051', 'items'],
    ]);
    const open = (await s.get<Plan>(`${B}/${rows.find((r) => r.step === 'items')!.id}`, admin)).body;
    expect(open).toMatchObject({ status: 'open', storeId: store.id, inboundPlanId: null, operation: null });
    expect(open.items.length).toBeGreaterThan(0);
    expect(open.items.every((i) => i.fnsku && i.quantity > 0)).toBe(true);

    const bench = (await s.get<Plan>(`${B}/${rows.find((r) => r.step === 'boxes')!.id}`, admin)).body;
    expect(bench).toMatchObject({ status: 'boxing', storeId: store.id, operationId: null, operation: null });
    expect(bench.inboundPlanId).toBeTruthy();
    expect(bench.packingOptions.some((o) => o.status === 'ACCEPTED')).toBe(true);
    expect(bench.units).toBeGreaterThan(0);
    // Every line knows its packing group: the bench can put each unit into a box.
    expect(bench.items.every((i) => i.fnsku && i.packingGroupId)).toBe(true);
  });

  it('shows the plans to the warehouse and to Acme, to no other client or tenant', async () => {
    expect((await plans(acme)).length).toBe(2);
    expect(await plans(blueFox)).toEqual([]);
    const [first] = await plans(admin);
    expect((await s.get(`${B}/${first.id}`, blueFox)).status).toBe(404);
    expect(await plans(await s.token('north.admin'))).toEqual([]);
  });

  it('the open plan passes its pre-check with Amazon asked through the demo store’s credentials', async () => {
    await s.listen();
    // An hour on: the prep details the seed read are stale, so the pre-check asks Amazon again.
    s.started.deps.now = () => new Date(Date.now() + 3_600_000);
    const open = (await plans(admin)).find((r) => r.step === 'items')!;
    const check = await s.get(`${B}/${open.id}/precheck`, admin);
    expect(check.status).toBe(200);
    // No "could not be read" warning: the credentials sealed by the seed open on this server.
    expect(check.body.problems).toEqual([]);
    expect(check.body.ok).toBe(true);
    const prep = await s.get(`${B}/${open.id}/prep-details`, admin);
    expect(prep.body.items.length).toBe(check.body.skus);
  });
});

describe('Walmart WFS in the demo', () => {
  it('has Blue Fox’s Walmart store connected, units at PREP-WFS and two WFS plans: one at its items, one at the bench', async () => {
    const stores = (await s.get('/api/common/stores', admin)).body as StoreRow[];
    const walmart = stores.find((r) => r.marketplace === 'walmart' && r.name.includes('Blue Fox'));
    expect(walmart).toMatchObject({ environment: 'sandbox', connection: 'connected' });
    const plans = (await s.get('/api/outbound/wfs/plan/query?pageSize=50', admin)).body.content as {
      id: number;
      name: string;
      step: string;
    }[];
    expect(plans.map((p) => p.step).sort()).toEqual(['boxes', 'items']);
    const atBench = (await s.get(`/api/outbound/wfs/plan/${plans.find((p) => p.step === 'boxes')!.id}`, admin)).body;
    expect(atBench.shipments.length).toBeGreaterThan(0);
    expect(
      atBench.items.every(
        (i: { packingGroupId: string | null; walmartProductId: string | null }) =>
          i.packingGroupId && i.walmartProductId,
      ),
    ).toBe(true);
    const available = (await s.get(`/api/outbound/wfs/plan/available?companyId=${atBench.companyId}`, admin)).body
      .content as { held: number }[];
    expect(available.length).toBeGreaterThanOrEqual(2);
    expect(available.filter((r) => r.held > 0).length).toBeGreaterThanOrEqual(2);
    // Blue Fox sees them; Acme does not.
    expect(((await s.get('/api/outbound/wfs/plan/query', blueFox)).body.content as unknown[]).length).toBe(2);
    expect(((await s.get('/api/outbound/wfs/plan/query', acme)).body.content as unknown[]).length).toBe(0);
  });
});
