/**
 * Mark shipped, cancel and reopen (issue 20 step 7) on a store without a marketplace connection
 * (orders uploaded by file: shipped in Dockside only): only picked units ship (412 beyond), units
 * leave FBM-PACK exactly once (the same tracking again moves nothing), partial shipments, billable
 * events, cancel puts the units back once, reopen holds again, bulk with one result per order, and
 * tenancy (a client writes nothing, another client or tenant sees nothing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { fbmWorld, line, order, orderId, saveOrders, stock, type FbmWorld } from '../helpers/fbm.js';
import {
  chargeEvents,
  charges,
  fbmOrderLabels,
  inventoryBalances,
  inventoryLedger,
  itemReservations,
  marketplaceOrderLines,
  settings,
  shippingLabels,
  users,
} from '../../server/db/schema/index.js';
import {
  autoCloseOrder,
  autoClosePolicy,
  scheduleAutoClose,
  sweepAutoClose,
} from '../../server/modules/fbm-ship/auto-close.js';

let s: TestServer;
let w: FbmWorld;
const api = '/api/fbm/web';

beforeAll(async () => {
  s = await TestServer.start();
  w = await fbmWorld(s, 'Ship');
});
afterAll(() => s.close());

const packOf = async (companyId: number, key: string) => {
  const [b] = await s.db
    .select({ q: inventoryBalances.quantity })
    .from(inventoryBalances)
    .where(
      and(
        eq(inventoryBalances.companyId, companyId),
        eq(inventoryBalances.productKey, key),
        eq(inventoryBalances.location, 'FBM-PACK'),
      ),
    );
  return b?.q ?? 0;
};

/** Reserve the store's orders, batch the chosen ones and pick `pick` units of each line (default: all). */
async function reserveAndPick(ids: number[], pick?: (sku: string | null, quantity: number) => number) {
  const reserved = await s.post(`${api}/reserve/awaiting/items/store/${w.acmeStore.id}`, {}, w.admin);
  expect(reserved.status, JSON.stringify(reserved.meta)).toBe(200);
  const batch = await s.post(`${api}/pick/batch`, { orderIds: ids }, w.admin);
  expect(batch.status, JSON.stringify(batch.meta)).toBe(201);
  for (const l of batch.body.lines) {
    const quantity = pick ? pick(l.sku, l.quantity) : l.quantity;
    if (!quantity) continue;
    const r = await s.post(`${api}/pick/batch/${batch.body.id}/pick`, { batchLineId: l.id, quantity }, w.admin);
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
  }
  return batch.body.id as number;
}

const linesOf = (id: number) =>
  s.db
    .select()
    .from(marketplaceOrderLines)
    .where(eq(marketplaceOrderLines.orderId, id))
    .orderBy(marketplaceOrderLines.id);

describe('mark shipped', () => {
  let id: number;
  let lineIds: number[];
  let batchId: number;

  it('ships picked units only: more than picked is refused in words; a partial shipment leaves FBM-PACK once', async () => {
    await stock(s, w, w.acmeId, 'MUG-1', 'A-1', 10);
    await stock(s, w, w.acmeId, 'LAMP-2', 'B-1', 10);
    await saveOrders(s, w.acmeStore, [order('SHIP-1', { lines: [line('1', 'MUG-1', 3), line('2', 'LAMP-2', 1)] })]);
    id = await orderId(s, 'SHIP-1');
    lineIds = (await linesOf(id)).map((l) => l.id);
    // Two of the three mugs picked, the lamp not at all.
    batchId = await reserveAndPick([id], (sku) => (sku === 'MUG-1' ? 2 : 0));
    expect(await packOf(w.acmeId, 'MUG-1')).toBe(2);

    const view = await s.get(`${api}/order/${id}/shipments`, w.admin);
    expect(view.status).toBe(200);
    expect(view.body.confirms).toBe(false);
    expect(view.body.lines.map((l: { picked: number }) => l.picked)).toEqual([2, 0]);

    const tooMany = await s.post(
      `${api}/order/${id}/mark/as/shipped`,
      { packages: [{ carrier: 'UPS', trackingNumber: '1Z0001', lines: [{ orderLineId: lineIds[0], quantity: 3 }] }] },
      w.admin,
    );
    expect(tooMany.status).toBe(412);
    expect(tooMany.meta.error_list[0].message).toMatch(/only 2 units are picked/);
    const notPicked = await s.post(
      `${api}/order/${id}/mark/as/shipped`,
      { packages: [{ carrier: 'UPS', trackingNumber: '1Z0001', lines: [{ orderLineId: lineIds[1], quantity: 1 }] }] },
      w.admin,
    );
    expect(notPicked.status).toBe(412);
    expect(notPicked.meta.error_list[0].message).toMatch(/no units are picked yet/);
    // To a French desk (issue 41): the same refusal in French, with its code.
    const french = await s.request('POST', `${api}/order/${id}/mark/as/shipped`, {
      token: w.admin,
      body: {
        packages: [{ carrier: 'UPS', trackingNumber: '1Z0001', lines: [{ orderLineId: lineIds[0], quantity: 3 }] }],
      },
      headers: { language: 'fr' },
    });
    expect(french.meta.error_list[0]).toMatchObject({ code: 'refusals.ship.partlyPicked' });
    expect(french.meta.error_list[0].message).toMatch(/seulement 2 unités prélevées et en attente en FBM-PACK, pas 3/);
    const bad = await s.post(`${api}/order/${id}/mark/as/shipped`, { packages: [] }, w.admin);
    expect(bad.status).toBe(400);
    expect(await packOf(w.acmeId, 'MUG-1')).toBe(2);

    const shipped = await s.post(
      `${api}/order/${id}/mark/as/shipped`,
      { packages: [{ carrier: 'UPS', trackingNumber: '1Z0001', lines: [{ orderLineId: lineIds[0], quantity: 2 }] }] },
      w.admin,
    );
    expect(shipped.status, JSON.stringify(shipped.meta)).toBe(201);
    expect(shipped.body).toMatchObject({ status: 'PARTIALLY_SHIPPED', repeated: false });
    expect(shipped.body.shipment).toMatchObject({ units: 2, confirmation: 'local', status: 'shipped' });
    expect(await packOf(w.acmeId, 'MUG-1')).toBe(0);
    expect((await linesOf(id)).map((l) => l.quantityShipped)).toEqual([2, 0]);
    const holds = await s.db
      .select({ state: itemReservations.state, q: sql<number>`sum(${itemReservations.quantity})::int` })
      .from(itemReservations)
      .where(eq(itemReservations.orderLineId, lineIds[0]))
      .groupBy(itemReservations.state);
    expect(Object.fromEntries(holds.map((h) => [h.state, Number(h.q)]))).toMatchObject({ shipped: 2, held: 1 });

    // The same tracking again (a double click): answered, nothing moves twice.
    const again = await s.post(
      `${api}/order/${id}/mark/as/shipped`,
      { packages: [{ carrier: 'UPS', trackingNumber: '1z0001', lines: [{ orderLineId: lineIds[0], quantity: 2 }] }] },
      w.admin,
    );
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ repeated: true, shipment: { id: shipped.body.shipment.id } });
    const out = await s.db
      .select({ q: sql<number>`sum(${inventoryLedger.quantity})::int` })
      .from(inventoryLedger)
      .where(
        and(eq(inventoryLedger.refType, 'fbm_shipment'), eq(inventoryLedger.refId, String(shipped.body.shipment.id))),
      );
    expect(Number(out[0].q)).toBe(-2);
  });

  it('records billable events for billing: the order’s SKUs and units, and its boxes', async () => {
    const events = await s.db
      .select()
      .from(chargeEvents)
      .where(and(eq(chargeEvents.sourceType, 'fbm_shipment'), eq(chargeEvents.companyId, w.acmeId)));
    expect(events.map((e) => e.kind).sort()).toEqual(['box_packed', 'fbm_order_shipped']);
    expect(events.find((e) => e.kind === 'fbm_order_shipped')!.details).toMatchObject({ skus: 1, units: 2 });
    expect(events.find((e) => e.kind === 'box_packed')!.quantity).toBe(1);
  });

  it('a client writes nothing; another client and another tenant see nothing', async () => {
    const body = {
      packages: [{ carrier: 'UPS', trackingNumber: '1Z0002', lines: [{ orderLineId: lineIds[0], quantity: 1 }] }],
    };
    expect((await s.post(`${api}/order/${id}/mark/as/shipped`, body, w.client)).status).toBe(403);
    expect((await s.post(`${api}/order/${id}/mark/as/shipped`, body, w.client2)).status).toBe(403);
    expect((await s.post(`${api}/order/${id}/mark/as/shipped`, body, w.north)).status).toBe(404);
    expect((await s.post(`${api}/order/${id}/cancel/all/shipment`, {}, w.client)).status).toBe(403);
    expect((await s.post(`${api}/order/${id}/cancel/all/shipment`, {}, w.north)).status).toBe(404);
    expect((await s.post(`${api}/order/${id}/reopen/all/shipment`, {}, w.north)).status).toBe(404);
    expect(
      (
        await s.post(
          `${api}/bulk/mark/ship`,
          { orders: [{ orderId: id, carrier: 'UPS', trackingNumber: 'X1' }] },
          w.client,
        )
      ).status,
    ).toBe(403);
    expect((await s.get(`${api}/order/${id}/shipments`, w.client)).status).toBe(200);
    expect((await s.get(`${api}/order/${id}/shipments`, w.client2)).status).toBe(404);
    expect((await s.get(`${api}/order/${id}/shipments`, w.north)).status).toBe(404);
    const bulk = await s.post(
      `${api}/bulk/mark/ship`,
      { orders: [{ orderId: id, carrier: 'UPS', trackingNumber: 'X1' }] },
      w.north,
    );
    expect(bulk.status).toBe(200);
    expect(bulk.body.results[0]).toMatchObject({ ok: false, message: 'Order not found' });
  });

  it('the rest picked and shipped: SHIPPED; shipping more is refused', async () => {
    // The rest of the same batch is picked.
    const batch = await s.get(`${api}/pick/batch/${batchId}`, w.admin);
    for (const l of batch.body.lines)
      if (l.quantity > l.picked)
        expect(
          (
            await s.post(
              `${api}/pick/batch/${batchId}/pick`,
              { batchLineId: l.id, quantity: l.quantity - l.picked },
              w.admin,
            )
          ).status,
        ).toBe(200);
    const r = await s.post(
      `${api}/order/${id}/mark/as/shipped`,
      {
        packages: [
          { carrier: 'USPS', trackingNumber: '9400100', lines: [{ orderLineId: lineIds[0], quantity: 1 }] },
          { carrier: 'USPS', trackingNumber: '9400101', lines: [{ orderLineId: lineIds[1], quantity: 1 }] },
        ],
      },
      w.admin,
    );
    expect(r.status, JSON.stringify(r.meta)).toBe(201);
    expect(r.body.status).toBe('SHIPPED');
    const more = await s.post(
      `${api}/order/${id}/mark/as/shipped`,
      { packages: [{ carrier: 'USPS', trackingNumber: '9400102', lines: [{ orderLineId: lineIds[0], quantity: 1 }] }] },
      w.admin,
    );
    expect(more.status).toBe(412);
    const boxes = await s.db
      .select()
      .from(chargeEvents)
      .where(and(eq(chargeEvents.sourceId, String(r.body.shipment.id)), eq(chargeEvents.kind, 'box_packed')));
    expect(boxes[0].quantity).toBe(2);
  });

  it('cancel all shipments: every unit back at FBM-PACK once, status back, events withdrawn or credited; again changes nothing', async () => {
    const cancelled = await s.post(`${api}/order/${id}/cancel/all/shipment`, {}, w.admin);
    expect(cancelled.status, JSON.stringify(cancelled.meta)).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'AWAITING', cancelled: 2, unitsBack: 4, toldMarketplace: 0 });
    expect(await packOf(w.acmeId, 'MUG-1')).toBe(3);
    expect(await packOf(w.acmeId, 'LAMP-2')).toBe(1);
    expect((await linesOf(id)).map((l) => l.quantityShipped)).toEqual([0, 0]);
    // Withdrawn while unpriced; priced already (work is priced within seconds) they stay and each
    // line is credited: the client owes nothing for shipping that did not happen.
    const kept = (await s.db.select().from(chargeEvents).where(eq(chargeEvents.sourceType, 'fbm_shipment'))).map((e) =>
      String(e.id),
    );
    const owed = kept.length
      ? await s.db
          .select()
          .from(charges)
          .where(
            or(
              and(eq(charges.sourceType, 'charge_event'), inArray(charges.sourceId, kept)),
              and(
                eq(charges.sourceType, 'charge_event_credit'),
                inArray(
                  charges.sourceId,
                  kept.map((k) => `${k}:shipment-cancelled`),
                ),
              ),
            ),
          )
      : [];
    expect(owed.reduce((a, c) => a + c.amountCents, 0)).toBe(0);
    expect(owed.filter((c) => c.amountCents < 0).length).toBe(owed.filter((c) => c.amountCents > 0).length);
    const view = await s.get(`${api}/order/${id}/shipments`, w.admin);
    expect(view.body.lines.map((l: { picked: number }) => l.picked)).toEqual([3, 1]);
    expect(view.body.shipments.every((x: { status: string }) => x.status === 'cancelled')).toBe(true);

    const again = await s.post(`${api}/order/${id}/cancel/all/shipment`, {}, w.admin);
    expect(again.body).toMatchObject({ cancelled: 0, unitsBack: 0 });
    expect(await packOf(w.acmeId, 'MUG-1')).toBe(3);
    // Shipped again with the same tracking as a cancelled shipment: a new shipment.
    const reship = await s.post(
      `${api}/order/${id}/mark/as/shipped`,
      { packages: [{ carrier: 'UPS', trackingNumber: '1Z0001', lines: [{ orderLineId: lineIds[0], quantity: 3 }] }] },
      w.admin,
    );
    expect(reship.status).toBe(201);
    expect(await packOf(w.acmeId, 'MUG-1')).toBe(0);
  });
});

describe('at once', () => {
  it('the same shipment sent twice at once moves the units once; two trackings for the same units: one refused', async () => {
    await stock(s, w, w.acmeId, 'MUG-1', 'A-2', 4);
    await saveOrders(s, w.acmeStore, [order('ONCE-1', { lines: [line('1', 'MUG-1', 2)] })]);
    const id = await orderId(s, 'ONCE-1');
    await reserveAndPick([id]);
    const [l] = await linesOf(id);
    const before = await packOf(w.acmeId, 'MUG-1');
    const ship = (tracking: string) =>
      s.post(
        `${api}/order/${id}/mark/as/shipped`,
        { packages: [{ carrier: 'UPS', trackingNumber: tracking, lines: [{ orderLineId: l.id, quantity: 2 }] }] },
        w.admin,
      );
    const twice = await Promise.all([ship('ONCE0001'), ship('ONCE0001')]);
    expect(twice.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(await packOf(w.acmeId, 'MUG-1')).toBe(before - 2);
    const cancelled = await Promise.all([
      s.post(`${api}/order/${id}/cancel/all/shipment`, {}, w.admin),
      s.post(`${api}/order/${id}/cancel/all/shipment`, {}, w.admin),
    ]);
    expect(cancelled.map((r) => r.body.unitsBack).sort()).toEqual([0, 2]);
    expect(await packOf(w.acmeId, 'MUG-1')).toBe(before);
    const rivals = await Promise.all([ship('RIVAL001'), ship('RIVAL002')]);
    expect(rivals.map((r) => r.status).sort()).toEqual([201, 412]);
    expect(await packOf(w.acmeId, 'MUG-1')).toBe(before - 2);
  });
});

describe('reopen', () => {
  it('a cancelled order reopened awaits again and holds its units, or says why not', async () => {
    await saveOrders(s, w.acmeStore, [order('SHIP-2', { lines: [line('1', 'TOTE-3', 2), line('2', 'MUG-1', 50)] })]);
    const id = await orderId(s, 'SHIP-2');
    await stock(s, w, w.acmeId, 'TOTE-3', 'A-2', 2);
    // The marketplace cancels it: the pull stores it cancelled and its holds are released.
    await saveOrders(s, w.acmeStore, [
      order('SHIP-2', {
        status: 'CANCELED',
        updatedAt: '2026-11-21T10:00:00.000Z',
        lines: [line('1', 'TOTE-3', 2), line('2', 'MUG-1', 50)],
      }),
    ]);
    const early = await s.post(
      `${api}/order/${id}/mark/as/shipped`,
      { packages: [{ carrier: 'UPS', trackingNumber: 'C1', lines: [{ orderLineId: 1, quantity: 1 }] }] },
      w.admin,
    );
    expect(early.status).toBe(412);
    const reopened = await s.post(`${api}/order/${id}/reopen/all/shipment`, {}, w.admin);
    expect(reopened.status, JSON.stringify(reopened.meta)).toBe(200);
    expect(reopened.body).toMatchObject({ status: 'AWAITING', reopened: true, held: 2 });
    expect(reopened.body.notHeld).toHaveLength(1);
    expect(reopened.meta.warn_list.map((m) => m.message).join(' ')).toMatch(/MUG-1/);
    const again = await s.post(`${api}/order/${id}/reopen/all/shipment`, {}, w.admin);
    expect(again.body).toMatchObject({ reopened: false, held: 0 });
    const held = await s.db
      .select({ q: sql<number>`sum(${itemReservations.quantity})::int` })
      .from(itemReservations)
      .innerJoin(marketplaceOrderLines, eq(marketplaceOrderLines.id, itemReservations.orderLineId))
      .where(and(eq(marketplaceOrderLines.orderId, id), eq(itemReservations.state, 'held')));
    expect(Number(held[0].q)).toBe(2);
  });
});

describe('bulk', () => {
  it('marks many orders shipped with one result per order; one refused does not stop the others', async () => {
    await stock(s, w, w.acmeId, 'LAMP-2', 'B-2', 5);
    await saveOrders(s, w.acmeStore, [
      order('BULK-1', { lines: [line('1', 'LAMP-2', 1)] }),
      order('BULK-2', { lines: [line('1', 'LAMP-2', 2)] }),
      order('BULK-3', { lines: [line('1', 'LAMP-2', 1)] }),
    ]);
    const [b1, b2, b3] = await Promise.all(['BULK-1', 'BULK-2', 'BULK-3'].map((o) => orderId(s, o)));
    await reserveAndPick([b1, b2]);
    const r = await s.post(
      `${api}/bulk/mark/ship`,
      {
        orders: [
          { orderId: b1, carrier: 'UPS', trackingNumber: 'BULK0001' },
          { orderId: b3, carrier: 'UPS', trackingNumber: 'BULK0003' },
          { orderId: b2, carrier: 'FedEx', trackingNumber: 'BULK0002' },
        ],
      },
      w.admin,
    );
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
    expect(r.body).toMatchObject({ shipped: 2, failed: 1 });
    expect(r.body.results.map((x: { orderId: number; ok: boolean }) => [x.orderId, x.ok])).toEqual([
      [b1, true],
      [b3, false],
      [b2, true],
    ]);
    expect(r.body.results[1].message).toMatch(/picked/);
    // The purchase path without bought labels says so per order.
    const p = await s.post(`${api}/bulk/purchase/mark/ship`, { orderIds: [b3] }, w.admin);
    expect(p.body.results[0]).toMatchObject({ ok: false });
    expect(p.body.results[0].message).toMatch(/label/);
  });
});

describe('auto-close settings', () => {
  it('reads the store’s delay before the client’s, and is off until switched on', async () => {
    const scope = { tenantId: w.tenantId, companyId: w.acmeId, storeId: w.acmeStore.id };
    expect(await autoClosePolicy(s.db, scope)).toEqual({ enabled: false, delayHours: 0 });
    const put = (referenceType: string, referenceId: number, settingKey: string, value: string) =>
      s.db.insert(settings).values({
        tenantId: w.tenantId,
        companyId: w.acmeId,
        referenceType,
        referenceId,
        settingKey,
        value,
      });
    await put('COMPANY', w.acmeId, 'AUTO_CLOSE_AFTER_LABEL_PURCHASE', 'true');
    await put('COMPANY', w.acmeId, 'FBM_ORDER_AUTO_CLOSE_DELAY_HOURS', '6');
    expect(await autoClosePolicy(s.db, scope)).toEqual({ enabled: true, delayHours: 6 });
    await put('STORE', w.acmeStore.id, 'FBM_STORE_ORDER_AUTO_CLOSE_DELAY_HOURS', '2');
    expect(await autoClosePolicy(s.db, scope)).toEqual({ enabled: true, delayHours: 2 });
    expect(await autoClosePolicy(s.db, { ...scope, companyId: w.blueId, storeId: w.blueStore.id })).toEqual({
      enabled: false,
      delayHours: 0,
    });
  });
});

describe('labels: auto-close and bulk purchase', () => {
  const address = {
    name: 'Ada Buyer',
    line1: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    postalCode: '62701',
    countryCode: 'US',
  };
  /** A label bought for the order's package 1 (as the FBM labels module records it), `hoursAgo` ago. */
  async function labelFor(id: number, tracking: string, hoursAgo: number) {
    const [admin] = await s.db.select().from(users).where(eq(users.username, 'demo.admin'));
    const key = `test-label:${id}:1:0`;
    const at = new Date(Date.now() - hoursAgo * 3600_000).toISOString();
    await s.db.insert(shippingLabels).values({
      tenantId: w.tenantId,
      companyId: w.acmeId,
      requestKey: key,
      rateId: `rate-${id}`,
      carrier: 'UPS',
      service: 'Ground',
      trackingNumber: tracking,
      status: 'bought',
      shipFrom: address as never,
      shipTo: address as never,
      parcels: [],
      format: 'pdf',
      costCents: 800,
      totalCents: 900,
      currency: 'USD',
      createdBy: admin.id,
      createdAt: at,
    });
    await s.db.insert(fbmOrderLabels).values({
      tenantId: w.tenantId,
      companyId: w.acmeId,
      orderId: id,
      packageNumber: 1,
      attempt: 0,
      requestKey: key,
    });
  }

  it('auto-close marks an order shipped with its label once the delay has passed, and only once', async () => {
    // Settings from the test above: on for Acme, the store's delay 2 hours.
    await stock(s, w, w.acmeId, 'TOTE-3', 'A-10', 10);
    await saveOrders(s, w.acmeStore, [
      order('AUTO-1', { lines: [line('1', 'TOTE-3', 1)] }),
      order('AUTO-2', { lines: [line('1', 'TOTE-3', 2)] }),
    ]);
    const [a1, a2] = await Promise.all(['AUTO-1', 'AUTO-2'].map((o) => orderId(s, o)));
    await reserveAndPick([a1, a2]);
    await labelFor(a1, 'LBL00001', 3);
    await labelFor(a2, 'LBL00002', 1);

    const closed = await autoCloseOrder(s.started.deps, w.tenantId, a1);
    expect(closed).toMatchObject({ closed: true });
    const view = await s.get(`${api}/order/${a1}/shipments`, w.admin);
    expect(view.body.status).toBe('SHIPPED');
    expect(view.body.shipments[0]).toMatchObject({ source: 'auto_close', confirmation: 'local' });
    expect(view.body.shipments[0].packages[0]).toMatchObject({ carrier: 'UPS', trackingNumber: 'LBL00001' });
    expect(await autoCloseOrder(s.started.deps, w.tenantId, a1)).toMatchObject({ closed: false });

    expect(await autoCloseOrder(s.started.deps, w.tenantId, a2)).toMatchObject({
      closed: false,
      reason: expect.stringMatching(/delay/),
    });
    const scheduled = await scheduleAutoClose(s.started.deps, { tenantId: w.tenantId, orderId: a2 });
    expect(Date.parse(scheduled!.runAt)).toBeGreaterThan(Date.now() + 3600_000);
    // Two hours later the quarter-hour sweep closes it.
    const realNow = s.started.deps.now;
    s.started.deps.now = () => new Date(Date.now() + 2 * 3600_000);
    try {
      const swept = await sweepAutoClose(s.started.deps, w.tenantId);
      expect(swept.find((x) => x.orderId === a2)).toMatchObject({ closed: true });
      expect(swept.find((x) => x.orderId === a1)).toBeUndefined();
    } finally {
      s.started.deps.now = realNow;
    }
    expect((await s.get(`${api}/order/${a2}/shipments`, w.admin)).body.status).toBe('SHIPPED');
  });

  it('bulk purchase-and-ship ships each order with its bought label', async () => {
    await saveOrders(s, w.acmeStore, [order('BUY-1', { lines: [line('1', 'TOTE-3', 1)] })]);
    const id = await orderId(s, 'BUY-1');
    await reserveAndPick([id]);
    await labelFor(id, 'LBL00003', 0);
    const r = await s.post(`${api}/bulk/purchase/mark/ship`, { orderIds: [id] }, w.admin);
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
    expect(r.body.results[0]).toMatchObject({ orderId: id, ok: true, status: 'SHIPPED' });
    const again = await s.post(`${api}/bulk/purchase/mark/ship`, { orderIds: [id] }, w.admin);
    expect(again.body.results[0]).toMatchObject({ ok: true, repeated: true });
  });
});
