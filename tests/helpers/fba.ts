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
  const clean = rows.filter((r) => r.channel === 'FBA' && r.fnsku && !r.issues.some((i) => i.severity === 'ERROR'));
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
