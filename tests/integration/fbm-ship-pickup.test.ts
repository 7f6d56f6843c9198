/**
 * Amazon in-store pickup orders (issue 20) against the Amazon sandbox over real HTTP: such an order
 * is never confirmed with confirmShipment; "Ready for pickup", "Picked up" and "Refused" go to
 * Amazon as Orders v0 updateShipmentStatus, each body held to Amazon's published model. Picked up
 * takes the picked units out of FBM-PACK exactly once (pressed twice, nothing more moves or is
 * sent); refused cancels the order; an order that is not a pickup order, a client, another tenant
 * and bad input are refused in the envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { problemsOf, swaggerDefinition } from '../helpers/reference-models.js';
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
import { amazonClientFor } from '../../server/modules/stores/amazon.js';
import { findOrder, saveOrder } from '../../server/sandboxes/amazon/orders-state.js';
import { fieldRule } from '../helpers/refusals.js';

let s: TestServer;
let sandboxUrl: string;
let w: FbmWorld;
let storeId: number;
const api = '/api/fbm/web';
const posted: { url: string; body: unknown }[] = [];

beforeAll(async () => {
  s = await TestServer.start();
  sandboxUrl = await s.listen();
  clientOverrides.sleep = async () => undefined;
  clientOverrides.fetch = (input, init) => {
    if (init?.method === 'POST' && typeof init.body === 'string')
      try {
        posted.push({ url: String(input), body: JSON.parse(init.body) as unknown });
      } catch {
        // A form-encoded token request.
      }
    return fetch(input, init);
  };
  w = await fbmWorld(s, 'Pickup');
  const res = await s.post(
    '/api/common/stores',
    { companyId: w.acmeId, environment: 'sandbox', marketplace: 'amazon_us', name: 'Acme Amazon pickup' },
    w.admin,
  );
  expect(res.status, JSON.stringify(res.meta)).toBe(201);
  storeId = res.body.id;
  await connectAmazonStore(s, sandboxUrl, storeId, w.admin);
  const pulled = await pullOrders(s.started.deps, { tenantId: w.tenantId, storeId });
  expect(pulled.read).toBeGreaterThan(0);
}, 180_000);
afterAll(async () => {
  delete clientOverrides.fetch;
  await s.close();
});

const amazon = async () => {
  const [store] = await s.db.select().from(stores).where(eq(stores.id, storeId));
  return amazonClientFor(s.started.deps, store);
};

/** Open orders of the store, pickup ones or not, with SKUs on every line. */
async function openOrders(pickup: boolean) {
  const client = await amazon();
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
  const found = [];
  for (const o of orders) {
    const lines = await s.db.select().from(marketplaceOrderLines).where(eq(marketplaceOrderLines.orderId, o.id));
    if (!lines.length || lines.some((l) => !l.sku || l.quantityShipped > 0) || lines.length > 3) continue;
    const { order } = await client.orders.getOrder(o.marketplaceOrderId);
    if (!!order.programs?.includes('IN_STORE_PICK_UP') !== pickup) continue;
    found.push({ order: o, lines });
    if (found.length === 2) break;
  }
  return found;
}

/** Links the order's lines to products, stocks, reserves and picks them; false when a line cannot be linked. */
async function pick(o: { id: number }, lines: { id: number; sku: string | null; quantityOrdered: number }[]) {
  for (const l of lines) {
    const link = (body: object) => s.post(`${api}/view/orders/${o.id}/lines/${l.id}/product`, body, w.admin);
    let linked = await link({ create: true });
    if (linked.status === 409) linked = await link({ code: l.sku });
    if (linked.status === 412) return false;
    await stock(s, w, w.acmeId, l.sku!, 'A-1', l.quantityOrdered * 5);
  }
  expect((await s.post(`${api}/reserve/awaiting/items/store/${storeId}`, {}, w.admin)).status).toBe(200);
  const batch = await s.post(`${api}/pick/batch`, { orderIds: [o.id] }, w.admin);
  expect(batch.status, JSON.stringify(batch.meta)).toBe(201);
  for (const b of batch.body.lines)
    expect(
      (await s.post(`${api}/pick/batch/${batch.body.id}/pick`, { batchLineId: b.id, quantity: b.quantity }, w.admin))
        .status,
    ).toBe(200);
  return true;
}

const pickupCall = (id: number, body: unknown, token = w.admin) =>
  s.post(`${api}/order/${id}/pickup/status`, body, token);
const ledgerOf = async (shipmentId: number) =>
  Number(
    (
      await s.db
        .select({ q: sql<number>`coalesce(sum(${inventoryLedger.quantity}), 0)::int` })
        .from(inventoryLedger)
        .where(and(eq(inventoryLedger.refType, 'fbm_shipment'), eq(inventoryLedger.refId, String(shipmentId))))
    )[0].q,
  );

describe('Amazon in-store pickup', () => {
  it('ready, picked up once (units out of FBM-PACK once), bodies as Amazon’s model; refused cancels', async () => {
    // The sandbox makes few pickup orders (4% of US merchant orders): two open orders of the seller
    // are made in-store pickup ones at Amazon (the sandbox's own state), as Amazon would list them.
    const [store] = await s.db.select().from(stores).where(eq(stores.id, storeId));
    for (const { order: o } of await openOrders(false)) {
      const found = (await findOrder(s.started.deps, store.sellerId!, o.marketplaceOrderId))!;
      const programs = [...(found.stored.order.programs ?? []), 'IN_STORE_PICK_UP'];
      await saveOrder(s.started.deps, store.sellerId!, found.mp, { ...found.stored.order, programs });
    }
    const pickups = await openOrders(true);
    expect(pickups.length).toBe(2);
    const [{ order, lines }] = pickups;
    expect(await pick(order, lines)).toBe(true);
    const units = lines.reduce((n, l) => n + l.quantityOrdered, 0);

    // Bad input and tenancy first: nothing sent.
    const sentBefore = posted.length;
    expect((await pickupCall(order.id, { status: 'Delivered' })).status).toBe(400);
    expect((await pickupCall(order.id, {})).meta.error_list.length).toBeGreaterThan(0);
    expect((await pickupCall(order.id, { status: 'PickedUp' }, w.client)).status).toBe(403);
    expect((await pickupCall(order.id, { status: 'PickedUp' }, w.north)).status).toBe(404);
    // Not ready yet: Amazon would refuse a pickup; said in words, nothing moves.
    const early = await pickupCall(order.id, { status: 'PickedUp' });
    expect(early.status).toBe(412);
    expect(fieldRule(early.meta.error_list[0])).toMatch(/not ready for pickup yet/);
    expect(posted.length).toBe(sentBefore);

    const ready = await pickupCall(order.id, { status: 'ReadyForPickup' });
    expect(ready.status, JSON.stringify(ready.meta)).toBe(200);
    expect(ready.body).toMatchObject({ pickupStatus: 'ReadyForPickup', repeated: false, unitsOut: 0 });
    expect((await pickupCall(order.id, { status: 'ReadyForPickup' })).body.repeated).toBe(true);

    const [first, second] = await Promise.all([
      pickupCall(order.id, { status: 'PickedUp' }),
      pickupCall(order.id, { status: 'PickedUp' }),
    ]);
    const answers = [first, second].filter((r) => r.status === 200);
    expect(answers.length, JSON.stringify([first.meta, second.meta])).toBeGreaterThan(0);
    const done = answers.find((r) => !r.body.repeated) ?? answers[0];
    expect(done.body).toMatchObject({ pickupStatus: 'PickedUp', status: 'SHIPPED' });
    const shipmentId = done.body.shipmentId as number;
    expect(await ledgerOf(shipmentId)).toBe(-units);
    const again = await pickupCall(order.id, { status: 'PickedUp' });
    expect(again.body).toMatchObject({ repeated: true, shipmentId, unitsOut: 0 });
    expect(await ledgerOf(shipmentId)).toBe(-units);
    const shipments = await s.db.select().from(fbmShipments).where(eq(fbmShipments.orderId, order.id));
    expect(shipments).toHaveLength(1);
    // Told by the pickup itself: no confirmShipment for this order, ever.
    expect(shipments[0].confirmation).toBe('sent');
    expect(posted.some((p) => /shipmentConfirmation$/.test(new URL(p.url).pathname))).toBe(false);
    const { order: atAmazon } = await (await amazon()).orders.getOrder(order.marketplaceOrderId, ['PACKAGES']);
    expect(atAmazon.packages?.some((p) => p.packageStatus?.detailedStatus === 'PICKED_UP')).toBe(true);

    // Every updateShipmentStatus body is Amazon's own model of it.
    const bodies = posted.filter((p) => /\/orders\/v0\/orders\/[^/]+\/shipment$/.test(new URL(p.url).pathname));
    // Two presses at once may both ask; Amazon takes one pickup (it refuses units already picked up).
    expect(new Set(bodies.map((b) => (b.body as { shipmentStatus: string }).shipmentStatus))).toEqual(
      new Set(['PickedUp', 'ReadyForPickup']),
    );
    expect(atAmazon.packages?.filter((p) => p.packageStatus?.detailedStatus === 'PICKED_UP')).toHaveLength(1);
    const validate = swaggerDefinition('amazon/ordersV0.json', 'UpdateShipmentStatusRequest');
    for (const b of bodies) expect(validate(b.body), problemsOf(validate)).toBe(true);

    // A second pickup order: ready, then the buyer refuses it — Amazon cancels, Dockside too.
    if (pickups[1]) {
      const other = pickups[1].order;
      expect((await pickupCall(other.id, { status: 'ReadyForPickup' })).status).toBe(200);
      const refused = await pickupCall(other.id, { status: 'RefusedPickup' });
      expect(refused.status, JSON.stringify(refused.meta)).toBe(200);
      expect(refused.body).toMatchObject({ status: 'CANCELED', pickupStatus: 'RefusedPickup' });
      const { order: gone } = await (await amazon()).orders.getOrder(other.marketplaceOrderId, ['FULFILLMENT']);
      expect(gone.fulfillment?.fulfillmentStatus).toBe('CANCELLED');
      const refusedAgain = await pickupCall(other.id, { status: 'RefusedPickup' });
      expect(refusedAgain.body).toMatchObject({ repeated: true, unitsBack: 0 });
    }
  });

  it('an order that is not a pickup order is refused in words, nothing sent', async () => {
    const [plain] = await openOrders(false);
    expect(plain).toBeTruthy();
    const before = posted.length;
    const r = await pickupCall(plain.order.id, { status: 'ReadyForPickup' });
    expect(r.status).toBe(412);
    expect(fieldRule(r.meta.error_list[0])).toMatch(/not an in-store pickup order: mark it shipped instead/);
    expect(posted.length).toBe(before);
  });

  it('a pull marks pickup orders; the desk lists them by program and refuses to ship one or buy it a label', async () => {
    // An open order Amazon turns into a pickup one (a change, with its own lastUpdatedTime).
    const [store] = await s.db.select().from(stores).where(eq(stores.id, storeId));
    const [{ order: plain, lines }] = await openOrders(false);
    expect(plain.programs).not.toContain('IN_STORE_PICK_UP');
    const found = (await findOrder(s.started.deps, store.sellerId!, plain.marketplaceOrderId))!;
    await saveOrder(s.started.deps, store.sellerId!, found.mp, {
      ...found.stored.order,
      programs: [...(found.stored.order.programs ?? []), 'IN_STORE_PICK_UP'],
      lastUpdatedTime: new Date().toISOString(),
    });
    await pullOrders(s.started.deps, { tenantId: w.tenantId, storeId });
    const [stored] = await s.db.select().from(marketplaceOrders).where(eq(marketplaceOrders.id, plain.id));
    expect(stored.programs).toContain('IN_STORE_PICK_UP');

    // The desk's list: the programs on each row, and the program filter (a client sees its own too).
    const list = async (query: string, token = w.admin) =>
      (await s.get(`${api}/view/orders?desk=fbm&storeId=${storeId}&pageSize=100${query}`, token)).body as {
        content: { id: number; programs: string[] }[];
        totalElements: number;
      };
    const pickups = await list('&program=IN_STORE_PICK_UP');
    expect(pickups.content.map((o) => o.id)).toContain(plain.id);
    expect(pickups.content.every((o) => o.programs.includes('IN_STORE_PICK_UP'))).toBe(true);
    const all = await list('');
    expect(all.totalElements).toBeGreaterThan(pickups.totalElements);
    const prime = await list('&program=PRIME');
    expect(prime.totalElements).toBeGreaterThan(0);
    expect(prime.content.every((o) => o.programs.includes('PRIME'))).toBe(true);
    expect((await list('&program=IN_STORE_PICK_UP', w.client)).content.map((o) => o.id)).toContain(plain.id);
    expect((await list('&program=IN_STORE_PICK_UP', w.north)).totalElements).toBe(0);
    const bad = await s.get(`${api}/view/orders?desk=fbm&program=FREE_LUNCH`, w.admin);
    expect(bad.status).toBe(400);
    expect(fieldRule(bad.meta.error_list[0])).toMatch(/program/);

    // Picked, it is still not shipped nor given a label: refused in words, nothing moves.
    expect(await pick(plain, lines)).toBe(true);
    const ship = await s.post(
      `${api}/order/${plain.id}/mark/as/shipped`,
      {
        packages: [
          {
            carrier: 'UPS',
            trackingNumber: '1Z999AA10123456784',
            lines: lines.map((l) => ({ orderLineId: l.id, quantity: l.quantityOrdered })),
          },
        ],
      },
      w.admin,
    );
    expect(ship.status).toBe(412);
    expect(fieldRule(ship.meta.error_list[0])).toMatch(/in-store pickup: record it as picked up/);
    expect(await s.db.select().from(fbmShipments).where(eq(fbmShipments.orderId, plain.id))).toHaveLength(0);
    const rates = await s.post(`${api}/label/psh/rates`, { orderIds: [plain.id] }, w.admin);
    expect(rates.status).toBe(200);
    expect(rates.body[0].error).toMatch(/in-store pickup: the buyer collects it, so no label is bought/);
    // The pickup path itself takes it.
    expect((await pickupCall(plain.id, { status: 'ReadyForPickup' })).status).toBe(200);
  });
});
