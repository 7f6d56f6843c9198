/**
 * Mark shipped told to each marketplace (issue 20 step 7), against the Amazon, Walmart, eBay and
 * Shopify sandboxes over real HTTP: an order pulled from the store, its lines linked, stocked,
 * reserved and picked; marked shipped while the marketplace is down (its 5xx/429 kept on the
 * shipment, the job failing for pg-boss to retry); the retry tells it; the marketplace then holds
 * exactly one package with our tracking — also after a crash between its yes and our record (the
 * retry reads first and sends nothing twice). A marketplace refusal is kept in its words and not
 * retried. Units leave FBM-PACK exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SandboxProvider } from '../../domain/schemas/stores.js';
import type { ValidateFunction } from 'ajv';
import { TestServer } from '../helpers/server.js';
import { connectEbay } from '../helpers/ebay-consent.js';
import { excerptSchema, openApiSchema, problemsOf, swaggerDefinition } from '../helpers/reference-models.js';
import { connectAmazonStore } from '../helpers/amazon-sandbox.js';
import { fbmWorld, stock, type FbmWorld } from '../helpers/fbm.js';
import {
  fbmShipments,
  inventoryLedger,
  marketplaceOrderLines,
  marketplaceOrders,
  stores,
} from '../../server/db/schema/index.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { pullOrders } from '../../server/modules/orders/pull.js';
import { confirmOrderShipments } from '../../server/modules/fbm-ship/confirm.js';
import { setFaultRate } from '../../server/sandboxes/fault-rates.js';
import { BOSS_SCHEMA } from '../../server/jobs/queue.js';
import { amazonClientFor } from '../../server/modules/stores/amazon.js';
import { walmartClientFor } from '../../server/modules/stores/walmart.js';
import { ebayClientFor } from '../../server/modules/stores/ebay.js';
import { shopifyClientFor } from '../../server/modules/stores/shopify.js';

let s: TestServer;
let sandboxUrl: string;
let w: FbmWorld;
const api = '/api/fbm/web';

beforeAll(async () => {
  s = await TestServer.start();
  sandboxUrl = await s.listen();
  clientOverrides.sleep = async () => undefined;
  clientOverrides.timeoutMs = 1_500;
  clientOverrides.fetch = (input, init) => {
    if (init?.method === 'POST' && typeof init.body === 'string')
      try {
        posted.push({ url: String(input), body: JSON.parse(init.body) as unknown });
      } catch {
        // A form-encoded token request: not a confirmation.
      }
    return fetch(input, init);
  };
  w = await fbmWorld(s, 'MP');
});
/** Every POST the marketplace clients send, to hold the confirmations to the providers' models. */
const posted: { url: string; body: unknown }[] = [];

/** The provider's published model of the confirmation body, and where it is posted. */
const MODELS: Partial<Record<SandboxProvider, { path: RegExp; validate: () => ValidateFunction }>> = {
  amazon: {
    path: /\/orders\/v0\/orders\/[^/]+\/shipmentConfirmation$/,
    validate: () => swaggerDefinition('amazon/ordersV0.json', 'ConfirmShipmentRequest'),
  },
  walmart: {
    path: /\/v3\/orders\/[^/]+\/shipping$/,
    validate: () => excerptSchema('walmart/shippingUpdates.request.json'),
  },
  ebay: {
    path: /\/sell\/fulfillment\/v1\/order\/[^/]+\/shipping_fulfillment$/,
    validate: () => openApiSchema('ebay/order-schemas.json', 'ShippingFulfillmentDetails'),
  },
};

afterAll(async () => {
  delete clientOverrides.fetch;
  for (const p of ['amazon', 'walmart', 'ebay', 'shopify'] as const) await setFaultRate(s.started.deps, p, 0);
  await s.close();
});

const addStore = async (body: Record<string, unknown>) => {
  const res = await s.post('/api/common/stores', { companyId: w.acmeId, environment: 'sandbox', ...body }, w.admin);
  expect(res.status, JSON.stringify(res.meta)).toBe(201);
  return res.body.id as number;
};

async function connect(provider: SandboxProvider): Promise<number> {
  const id = await connectStore(provider);
  const tested = await s.post(`/api/common/stores/${id}/test`, {}, w.admin);
  expect(tested.body.ok, JSON.stringify(tested.body)).toBe(true);
  return id;
}

async function connectStore(provider: SandboxProvider): Promise<number> {
  switch (provider) {
    case 'amazon': {
      const id = await addStore({ marketplace: 'amazon_us', name: 'Acme Amazon' });
      await connectAmazonStore(s, sandboxUrl, id, w.admin);
      return id;
    }
    case 'walmart': {
      const id = await addStore({ marketplace: 'walmart', name: 'Acme Walmart' });
      await s.put(
        `/api/common/stores/${id}/credentials`,
        { clientId: '3f1c2b7a-9d4e-4c1a-8b2f-6e5d4c3b2a19', clientSecret: 'wm-secret-0123456789abcdef' },
        w.admin,
      );
      return id;
    }
    case 'ebay': {
      const id = await addStore({ marketplace: 'ebay', name: 'Acme eBay live' });
      await connectEbay(s, w.admin, id);
      return id;
    }
    default: {
      const id = await addStore({ marketplace: 'shopify', name: 'Acme Shop', sellerId: 'acme-ship.myshopify.com' });
      await s.put(`/api/common/stores/${id}/credentials`, { accessToken: `shpat_${'ab'.repeat(16)}` }, w.admin);
      return id;
    }
  }
}

/** Tracking numbers the marketplace holds for the order (its packages / shipped statuses / fulfilments). */
async function heldTracking(provider: SandboxProvider, storeId: number, mpOrderId: string): Promise<string[]> {
  const [store] = await s.db.select().from(stores).where(eq(stores.id, storeId));
  const deps = s.started.deps;
  switch (provider) {
    case 'amazon': {
      const { order } = await (await amazonClientFor(deps, store)).orders.getOrder(mpOrderId, ['PACKAGES']);
      return (order.packages ?? []).map((p) => p.trackingNumber ?? '');
    }
    case 'walmart': {
      const { order } = await walmartClientFor(deps, store).orders.get(mpOrderId);
      // Walmart keeps a shipment on each line it covers: the test's one package covers every
      // line, so the first line says how often it was sent (twice would show there twice).
      return order.orderLines.orderLine
        .slice(0, 1)
        .flatMap((l) =>
          l.orderLineStatuses.orderLineStatus
            .filter((x) => x.status === 'Shipped')
            .map((x) => x.trackingInfo?.trackingNumber ?? ''),
        );
    }
    case 'ebay': {
      const page = await (await ebayClientFor(deps, store)).fulfillment.shippingFulfillments(mpOrderId);
      return (page.fulfillments ?? []).map((f) => f.shipmentTrackingNumber ?? '');
    }
    default: {
      const found = await (await shopifyClientFor(deps, store)).orders.fulfillments(mpOrderId);
      return (found ?? []).flatMap((f) => f.trackingInfo.map((t) => t.number ?? ''));
    }
  }
}

/** An open, seller-shipped order of the store with SKUs on every line; its lines linked, stocked, held and picked. */
async function pickedOrder(
  storeId: number,
  usable: (marketplaceOrderId: string) => Promise<boolean> = async () => true,
) {
  const orders = await s.db
    .select()
    .from(marketplaceOrders)
    .where(
      and(
        eq(marketplaceOrders.storeId, storeId),
        eq(marketplaceOrders.status, 'AWAITING'),
        sql`${marketplaceOrders.fulfillmentNetwork} not in ('AFN', 'WFS')`,
      ),
    )
    .orderBy(asc(marketplaceOrders.purchasedAt));
  next: for (const o of orders) {
    const lines = await s.db.select().from(marketplaceOrderLines).where(eq(marketplaceOrderLines.orderId, o.id));
    if (!lines.length || lines.some((l) => !l.sku || l.quantityShipped > 0) || lines.length > 3) continue;
    if (!(await usable(o.marketplaceOrderId))) continue;
    for (const l of lines) {
      const link = (body: object) => s.post(`${api}/view/orders/${o.id}/lines/${l.id}/product`, body, w.admin);
      let linked = await link({ create: true });
      // The product exists already (another store of the same seller): link by its SKU.
      if (linked.status === 409) linked = await link({ code: l.sku });
      // A line whose codes make no product (a SKU with spaces, a short barcode): try another order.
      if (linked.status === 412) continue next;
      expect([200, 201], JSON.stringify(linked.meta)).toContain(linked.status);
      await stock(s, w, w.acmeId, l.sku!, 'A-1', l.quantityOrdered * 20);
    }
    const reserved = await s.post(`${api}/reserve/awaiting/items/store/${storeId}`, {}, w.admin);
    expect(reserved.status, JSON.stringify(reserved.meta)).toBe(200);
    const batch = await s.post(`${api}/pick/batch`, { orderIds: [o.id] }, w.admin);
    expect(batch.status, JSON.stringify(batch.meta)).toBe(201);
    for (const b of batch.body.lines) {
      const r = await s.post(
        `${api}/pick/batch/${batch.body.id}/pick`,
        { batchLineId: b.id, quantity: b.quantity },
        w.admin,
      );
      expect(r.status, JSON.stringify(r.meta)).toBe(200);
    }
    return { order: o, lines };
  }
  throw new Error(`No open seller-shipped order with SKUs in store ${storeId}`);
}

/** Waits for the worker's first attempt at the order's shipment. */
async function firstAttempt(shipmentId: number) {
  for (let i = 0; i < 600; i++) {
    const [row] = await s.db.select().from(fbmShipments).where(eq(fbmShipments.id, shipmentId));
    if (row.confirmationAttempts > 0) return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('The confirmation job never ran');
}

/** Cancels the order's queued retry of the confirmation job (the test runs the retry itself). */
async function holdRetries(orderId: number) {
  const { rows } = (await s.started.database.executeSql(
    `select id from ${BOSS_SCHEMA}.job where name = 'fbm.confirm-shipment' and singleton_key = $1 and state in ('created', 'retry', 'active')`,
    [`fbm-confirm:${orderId}`],
  )) as { rows: { id: string }[] };
  for (const r of rows) await s.started.deps.jobs.cancel('fbm.confirm-shipment', r.id);
}

const ledgerOut = async (shipmentId: number) =>
  Number(
    (
      await s.db
        .select({ q: sql<number>`coalesce(sum(${inventoryLedger.quantity}), 0)::int` })
        .from(inventoryLedger)
        .where(and(eq(inventoryLedger.refType, 'fbm_shipment'), eq(inventoryLedger.refId, String(shipmentId))))
    )[0].q,
  );

/** A carrier every marketplace knows by name. */
const CARRIER = 'UPS';

describe.each(['amazon', 'walmart', 'ebay', 'shopify'] as const)('%s', (provider) => {
  it('marked shipped while the marketplace is down: kept pending in its words, told on retry, once even after a crash', async () => {
    const storeId = await connect(provider);
    const pulled = await pullOrders(s.started.deps, { tenantId: w.tenantId, storeId });
    expect(pulled.read, JSON.stringify(pulled)).toBeGreaterThan(0);
    // Amazon's in-store pickup orders are not shipped (updateShipmentStatus, not confirmShipment).
    const shippable =
      provider === 'amazon'
        ? async (id: string) => {
            const [store] = await s.db.select().from(stores).where(eq(stores.id, storeId));
            const client = await amazonClientFor(s.started.deps, store);
            return !(await client.orders.getOrder(id)).order.programs?.includes('IN_STORE_PICK_UP');
          }
        : undefined;
    const { order, lines } = await pickedOrder(storeId, shippable);
    const units = lines.reduce((n, l) => n + l.quantityOrdered, 0);
    const tracking = `1Z${provider.toUpperCase().slice(0, 3)}${String(order.id).padStart(10, '0')}`;

    await setFaultRate(s.started.deps, provider, 1);
    const shipped = await s.post(
      `${api}/order/${order.id}/mark/as/shipped`,
      {
        packages: [
          {
            carrier: CARRIER,
            service: 'Ground',
            trackingNumber: tracking,
            lines: lines.map((l) => ({ orderLineId: l.id, quantity: l.quantityOrdered })),
          },
        ],
      },
      w.admin,
    );
    expect(shipped.status, JSON.stringify(shipped.meta)).toBe(201);
    expect(shipped.body).toMatchObject({ status: 'SHIPPED', shipment: { confirmation: 'pending', units } });
    const shipmentId = shipped.body.shipment.id as number;
    expect(await ledgerOut(shipmentId)).toBe(-units);

    // The job ran against an outage: still pending, the marketplace's words kept, retried later.
    const failedOnce = await firstAttempt(shipmentId);
    expect(failedOnce.confirmation).toBe('pending');
    expect(failedOnce.confirmationMessage).toMatch(/again/);
    const desk = await s.get(`${api}/order/${order.id}/shipments`, w.admin);
    expect(desk.body.confirms).toBe(true);
    expect(desk.body.shipments[0]).toMatchObject({ confirmation: 'pending' });

    // pg-boss would retry it with backoff; the test runs that retry itself, now, instead.
    await holdRetries(order.id);
    await setFaultRate(s.started.deps, provider, 0);
    const retried = await confirmOrderShipments(s.started.deps, { tenantId: w.tenantId, orderId: order.id });
    // Said in full when it fails: what the retry found and how the shipment stood.
    const [after] = await s.db.select().from(fbmShipments).where(eq(fbmShipments.id, shipmentId));
    expect(retried, JSON.stringify({ retried, after })).toMatchObject({ sent: 1, failed: 0, pending: 0 });
    const held = await heldTracking(provider, storeId, order.marketplaceOrderId);
    expect(held.filter((t) => t === tracking)).toHaveLength(1);
    const [sent] = await s.db.select().from(fbmShipments).where(eq(fbmShipments.id, shipmentId));
    expect(sent.confirmation).toBe('sent');
    expect(sent.packages[0].confirmedAt).not.toBeNull();

    // A crash after the marketplace's yes, before our record: the retry reads first, sends nothing twice.
    await s.db
      .update(fbmShipments)
      .set({ confirmation: 'pending', packages: sent.packages.map((p) => ({ ...p, confirmedAt: null })) })
      .where(eq(fbmShipments.id, shipmentId));
    expect(await confirmOrderShipments(s.started.deps, { tenantId: w.tenantId, orderId: order.id })).toMatchObject({
      sent: 1,
    });
    expect(
      (await heldTracking(provider, storeId, order.marketplaceOrderId)).filter((t) => t === tracking),
    ).toHaveLength(1);
    // What was sent is the provider's own model of a shipment confirmation.
    const model = MODELS[provider];
    if (model) {
      const bodies = posted.filter((x) => model.path.test(new URL(x.url).pathname));
      expect(bodies.length).toBeGreaterThan(0);
      const validate = model.validate();
      for (const b of bodies) expect(validate(b.body), problemsOf(validate)).toBe(true);
    } else expect(posted.some((x) => JSON.stringify(x.body).includes('fulfillmentCreate'))).toBe(true);
    // A sent shipment is not sent again by a later run.
    expect(await confirmOrderShipments(s.started.deps, { tenantId: w.tenantId, orderId: order.id })).toMatchObject({
      sent: 0,
    });
    expect(await ledgerOut(shipmentId)).toBe(-units);

    // Cancelled in Dockside after the marketplace was told: units back once, and the answer says the marketplace keeps it.
    const cancelled = await s.post(`${api}/order/${order.id}/cancel/all/shipment`, {}, w.admin);
    expect(cancelled.body).toMatchObject({ cancelled: 1, unitsBack: units, toldMarketplace: 1 });
    expect(cancelled.meta.warn_list[0].message).toMatch(/cannot un-ship/);
    expect(await ledgerOut(shipmentId)).toBe(0);
    const rows = await s.db
      .select()
      .from(fbmShipments)
      .where(inArray(fbmShipments.orderId, [order.id]));
    expect(rows.map((r) => r.status)).toEqual(['cancelled']);
    // The outage is met with the clients' own retries and backoff, and the worker polls for the
    // job: on a loaded 2-core CI machine that alone can pass vitest's default 30 s.
  }, 120_000);
});

describe('refusals', () => {
  it('a marketplace refusal is kept in its words and not retried; sent again from the desk once fixed', async () => {
    const storeId = await connect('ebay');
    await pullOrders(s.started.deps, { tenantId: w.tenantId, storeId });
    const { order, lines } = await pickedOrder(storeId);
    const r = await s.post(
      `${api}/order/${order.id}/mark/as/shipped`,
      {
        packages: [
          {
            carrier: 'Pony Express',
            trackingNumber: `PONY${order.id}00001`,
            lines: lines.map((l) => ({ orderLineId: l.id, quantity: l.quantityOrdered })),
          },
        ],
      },
      w.admin,
    );
    expect(r.status, JSON.stringify(r.meta)).toBe(201);
    const row = await firstAttempt(r.body.shipment.id);
    expect(row.confirmation).toBe('failed');
    expect(row.confirmationMessage).toMatch(/carrier/i);
    const again = await s.post(`${api}/order/${order.id}/confirm/shipment`, {}, w.admin);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ requeued: 1, pending: 1 });
    expect((await s.post(`${api}/order/${order.id}/confirm/shipment`, {}, w.client)).status).toBe(403);
  });
});
