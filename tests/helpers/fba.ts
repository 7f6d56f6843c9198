/**
 * A world for the FBA plan tests: the demo tenant with Acme's Amazon store connected to the
 * sandbox, three of its FBA listings imported as products, units at PREP-FBA, one clock for
 * Dockside and the sandbox moved by the tests, and the poll job's checks run by hand.
 */
import { expect } from 'vitest';
import { TestServer } from './server.js';
import { connectAmazonStore, SHIP_FROM } from './amazon-sandbox.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { pullListings } from '../../server/modules/listings/pull.js';
import { checkOperation } from '../../server/modules/operations/service.js';
import { withdrawJob } from '../../server/jobs/store-pulls.js';
import { plannable } from './plannable.js';

export const B = '/api/outbound/outbound-shipping/batch';

export interface FbaProduct {
  id: number;
  title: string;
  fnsku: string;
  msku: string;
  upc?: string | null;
  weightLb?: number;
}

export interface FbaWorld {
  s: TestServer;
  admin: string;
  receiver: string;
  client: string;
  client2: string;
  north: string;
  acmeId: number;
  tenantId: number;
  storeId: number;
  products: FbaProduct[];
  /** Moves the shared clock. */
  tick: (ms: number) => void;
  /** Sets or clears the fault every sandbox call asks for. */
  setFault: (f: 'error' | 'throttle' | null) => void;
  /** Moves the clock past the sandbox's processing time and runs the poll job's check once. */
  finish: (operationId: string) => Promise<{ status: string }>;
  /** Finishes whatever the plan waits for, until it waits for nothing. */
  settle: (planId: number) => Promise<void>;
  line: (p: FbaProduct, quantity: number, extra?: Record<string, unknown>) => Record<string, unknown>;
  create: (items: unknown[], name?: string, token?: string) => Promise<{ status: number; body: { id: number } }>;
}

export async function fbaWorld(stock: number[] = [24, 24, 24]): Promise<FbaWorld> {
  const s = await TestServer.start();
  const sandboxUrl = await s.listen();
  let clock = Date.now();
  let fault: 'error' | 'throttle' | null = null;
  clientOverrides.sleep = async () => undefined;
  clientOverrides.fetch = (input, init) =>
    fetch(
      input,
      fault ? { ...init, headers: { ...(init?.headers as Record<string, string>), 'x-sandbox-fault': fault } } : init,
    );
  s.started.deps.now = () => new Date(clock);
  withdrawJob('marketplace.poll-operation');
  const [admin, receiver, client, client2, north] = await Promise.all(
    ['demo.admin', 'demo.receiver', 'demo.client', 'demo.client2', 'north.admin'].map((u) => s.token(u)),
  );
  const me = await s.signIn('demo.client');
  const acmeId = me.userData.companyId;
  const tenantId = me.userData.tenantId;
  const store = await s.post(
    '/api/common/stores',
    { companyId: acmeId, marketplace: 'amazon_us', name: 'Acme US', environment: 'sandbox' },
    admin,
  );
  expect(store.status, JSON.stringify(store.meta)).toBe(201);
  const storeId = store.body.id as number;
  await connectAmazonStore(s, sandboxUrl, storeId, admin);
  await pullListings(s.started.deps, { tenantId, storeId });
  const rows = (await s.get(`/api/external/amazon/stores/${storeId}/listings?pageSize=100`, admin)).body.content as {
    sku: string;
    fnsku: string | null;
    channel: string;
    issues: { severity: string }[];
  }[];
  const clean = rows.filter(plannable);
  const imported = await s.post(
    `/api/external/amazon/stores/${storeId}/listings/import`,
    { skus: clean.slice(0, stock.length).map((r) => r.sku) },
    client,
  );
  expect(imported.status).toBe(200);
  const products: FbaProduct[] = [];
  for (const { productId } of imported.body.created as { productId: number }[])
    products.push((await s.get(`/api/product/products/${productId}`, client)).body);
  // Measured and weighed, as the pre-check asks (a mug, a board, a mat…: different sizes).
  const SIZES = [
    [8, 6, 4, 1.2],
    [12, 9, 2, 2.5],
    [10, 4, 4, 0.8],
    [6, 6, 6, 3],
  ];
  for (const [i, p] of products.entries()) {
    const [lengthIn, widthIn, heightIn, weightLb] = SIZES[i % SIZES.length];
    const put = await s.put(
      `/api/product/products/${p.id}`,
      { title: p.title, msku: p.msku, fnsku: p.fnsku, lengthIn, widthIn, heightIn, weightLb },
      client,
    );
    expect(put.status, JSON.stringify(put.meta)).toBe(200);
    Object.assign(p, { lengthIn, widthIn, heightIn, weightLb });
  }
  for (const [i, p] of products.entries()) {
    const found = await s.post(
      '/api/inventory/adjust',
      { companyId: acmeId, productCode: p.fnsku, location: 'PREP-FBA', quantity: stock[i], reason: 'found' },
      admin,
    );
    expect(found.status, JSON.stringify(found.meta)).toBe(200);
  }
  const check = (operation: string) =>
    checkOperation(s.started.deps, { tenantId, storeId, operation, kind: 'amazon.inbound' });
  const finish = async (operation: string) => {
    clock += 1000;
    return check(operation);
  };
  const world: FbaWorld = {
    s,
    admin,
    receiver,
    client,
    client2,
    north,
    acmeId,
    tenantId,
    storeId,
    products,
    tick: (ms) => {
      clock += ms;
    },
    setFault: (f) => {
      fault = f;
    },
    finish,
    settle: async (planId) => {
      for (let i = 0; i < 20; i++) {
        const p = (await s.get(`${B}/${planId}`, admin)).body as { operationId: string | null };
        if (!p.operationId) return;
        const r = await finish(p.operationId);
        expect(r.status, `operation ${p.operationId}`).toBe('SUCCESS');
      }
      throw new Error(`plan ${planId} never settled`);
    },
    // Dated far ahead: some of the sandbox's products need an expiration date.
    line: (p, quantity, extra = {}) => ({
      productId: p.id,
      quantity,
      expiration: new Date(clock + 400 * 86_400_000).toISOString().slice(0, 10),
      ...extra,
    }),
    create: (items, name = 'Acme plan', token = admin) =>
      s.post(B, { companyId: acmeId, storeId, name, shipFrom: SHIP_FROM, items }, token),
  };
  return world;
}

const BOX = '/api/outbound/outbound-shipping/box';

/**
 * Walks a new plan of the given lines to the labels step: submitted, packed one group per box
 * (at most `perBox` units a box), sent, the cheapest placement confirmed, every shipment by
 * Amazon's partnered carrier in `mode`. Answers the plan's id.
 */
export async function walkToLabels(
  w: FbaWorld,
  lines: [FbaProduct, number][],
  opts: {
    name?: string;
    perBox?: number;
    mode?: 'GROUND_SMALL_PARCEL' | 'FREIGHT_LTL';
    solution?: 'AMAZON_PARTNERED_CARRIER' | 'USE_YOUR_OWN_CARRIER';
    boxLb?: number;
  } = {},
): Promise<number> {
  const { s, admin, receiver } = w;
  const made = await w.create(
    lines.map(([p, n]) => w.line(p, n)),
    opts.name ?? 'Acme walk',
  );
  expect(made.status, JSON.stringify((made as { meta?: unknown }).meta)).toBe(201);
  const id = made.body.id;
  expect((await s.post(`${B}/${id}/submit`, {}, admin)).status).toBe(202);
  await w.settle(id);
  let p = (await s.get(`${B}/${id}`, admin)).body;
  expect(
    (
      await s.post(
        `${B}/${id}/packing-options/confirm`,
        { packingOptionId: p.packingOptions[0].packingOptionId },
        admin,
      )
    ).status,
  ).toBe(202);
  await w.settle(id);
  p = (await s.get(`${B}/${id}`, admin)).body;
  for (const item of p.items as { fnsku: string; quantity: number; packingGroupId: string | null }[]) {
    let left = item.quantity;
    while (left > 0) {
      const n = Math.min(opts.perBox ?? 5, left);
      const box = await s.post(BOX, { planId: id, packingGroupId: item.packingGroupId }, receiver);
      expect((await s.post(`${BOX}/${box.body.id}/scan`, { code: item.fnsku, quantity: n }, receiver)).status).toBe(
        200,
      );
      const closed = await s.put(
        `${BOX}/${box.body.id}`,
        { lengthIn: 18, widthIn: 14, heightIn: 12, weightLb: opts.boxLb ?? 3 + n },
        receiver,
      );
      expect(closed.status, JSON.stringify(closed.meta)).toBe(200);
      left -= n;
    }
  }
  expect((await s.post(`${B}/${id}/packing-information`, {}, admin)).status).toBe(202);
  await w.settle(id);
  p = (await s.get(`${B}/${id}`, admin)).body;
  const placement = p.landedCosts.find((r: { recommended: boolean }) => r.recommended) ?? p.landedCosts[0];
  expect(
    (await s.post(`${B}/${id}/placement-options/confirm`, { placementOptionId: placement.placementOptionId }, admin))
      .status,
  ).toBe(202);
  await w.settle(id);
  p = (await s.get(`${B}/${id}`, admin)).body;
  const solution = opts.solution ?? 'AMAZON_PARTNERED_CARRIER';
  if (solution === 'USE_YOUR_OWN_CARRIER')
    // An own carrier books a delivery window with Amazon first.
    for (const sh of p.shipments as { shipmentId: string }[]) {
      expect((await s.post(`${B}/${id}/shipments/${sh.shipmentId}/delivery-windows`, {}, admin)).status).toBe(202);
      await w.settle(id);
      const windows = (await s.get(`${B}/${id}`, admin)).body.transportOptions.windows[sh.shipmentId];
      const booked = await s.post(
        `${B}/${id}/shipments/${sh.shipmentId}/delivery-windows/confirm`,
        { deliveryWindowOptionId: windows[0].deliveryWindowOptionId },
        admin,
      );
      expect(booked.status).toBe(202);
      await w.settle(id);
    }
  p = (await s.get(`${B}/${id}`, admin)).body;
  const quotes = p.transportOptions.byPlacement[p.placementOptionId] as {
    shipmentId: string;
    transportationOptionId: string;
    shippingMode: string;
    shippingSolution: string;
  }[];
  const selections = (p.shipments as { shipmentId: string }[]).map((sh) => ({
    shipmentId: sh.shipmentId,
    transportationOptionId: quotes.find(
      (q) =>
        q.shipmentId === sh.shipmentId &&
        q.shippingSolution === solution &&
        q.shippingMode === (opts.mode ?? 'GROUND_SMALL_PARCEL'),
    )!.transportationOptionId,
  }));
  const confirmed = await s.post(`${B}/${id}/transport/confirm`, { selections }, admin);
  expect(confirmed.status, JSON.stringify(confirmed.meta)).toBe(202);
  await w.settle(id);
  expect((await s.get(`${B}/${id}`, admin)).body.step).toBe('labels');
  return id;
}
