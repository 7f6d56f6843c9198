/**
 * The orders desk's bulk cancel / reopen of every shipment (/bulk/cancel/all/shipment,
 * /bulk/reopen/all/shipment): one result per order in the order asked, refusals in words, the
 * ledger put back exactly once per order however often (and however concurrently) it is pressed,
 * an order undone whole, tenancy (a client writes nothing, another tenant's orders are not found),
 * bad input 400 in the envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { fbmWorld, line, order, orderId, saveOrders, stock, type FbmWorld } from '../helpers/fbm.js';
import { inventoryBalances, inventoryLedger, marketplaceOrderLines } from '../../server/db/schema/index.js';

let s: TestServer;
let w: FbmWorld;
const api = '/api/fbm/web';

beforeAll(async () => {
  s = await TestServer.start();
  w = await fbmWorld(s, 'BulkUndo');
});
afterAll(() => s.close());

const packOf = async (key: string) => {
  const [b] = await s.db
    .select({ q: inventoryBalances.quantity })
    .from(inventoryBalances)
    .where(
      and(
        eq(inventoryBalances.companyId, w.acmeId),
        eq(inventoryBalances.productKey, key),
        eq(inventoryBalances.location, 'FBM-PACK'),
      ),
    );
  return b?.q ?? 0;
};

const cancelLedgerRows = async () =>
  Number(
    (
      await s.db
        .select({ n: sql<number>`count(*)::int` })
        .from(inventoryLedger)
        .where(eq(inventoryLedger.reason, 'fbm_ship_cancel'))
    )[0].n,
  );

async function reserveAndPick(ids: number[]) {
  const reserved = await s.post(`${api}/reserve/awaiting/items/store/${w.acmeStore.id}`, {}, w.admin);
  expect(reserved.status, JSON.stringify(reserved.meta)).toBe(200);
  const batch = await s.post(`${api}/pick/batch`, { orderIds: ids }, w.admin);
  expect(batch.status, JSON.stringify(batch.meta)).toBe(201);
  for (const l of batch.body.lines) {
    const r = await s.post(
      `${api}/pick/batch/${batch.body.id}/pick`,
      { batchLineId: l.id, quantity: l.quantity },
      w.admin,
    );
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
  }
}

describe('bulk cancel and reopen of every shipment', () => {
  let a: number;
  let b: number;
  let c: number;

  beforeAll(async () => {
    await stock(s, w, w.acmeId, 'MUG-1', 'A-1', 10);
    await stock(s, w, w.acmeId, 'LAMP-2', 'B-1', 10);
    await saveOrders(s, w.acmeStore, [
      order('BU-1', { lines: [line('1', 'MUG-1', 2), line('2', 'LAMP-2', 1)] }),
      order('BU-2', { lines: [line('1', 'MUG-1', 1)] }),
      order('BU-3', { lines: [line('1', 'LAMP-2', 1)] }),
    ]);
    [a, b, c] = await Promise.all(['BU-1', 'BU-2', 'BU-3'].map((o) => orderId(s, o)));
    await reserveAndPick([a, b]);
    const shipped = await s.post(
      `${api}/bulk/mark/ship`,
      {
        orders: [
          { orderId: a, carrier: 'UPS', trackingNumber: 'BU0001' },
          { orderId: b, carrier: 'UPS', trackingNumber: 'BU0002' },
        ],
      },
      w.admin,
    );
    expect(shipped.body).toMatchObject({ shipped: 2, failed: 0 });
    expect(await packOf('MUG-1')).toBe(0);
  });

  it('refuses bad input in the envelope and a client’s call; another tenant’s orders are not found', async () => {
    for (const body of [{}, { orderIds: [] }, { orderIds: ['x'] }, { orderIds: [-1] }]) {
      const r = await s.post(`${api}/bulk/cancel/all/shipment`, body, w.admin);
      expect(r.status).toBe(400);
      expect(r.meta.error_list.length).toBeGreaterThan(0);
    }
    expect((await s.post(`${api}/bulk/reopen/all/shipment`, { orderIds: 'all' }, w.admin)).status).toBe(400);
    for (const token of [w.client, w.client2]) {
      const r = await s.post(`${api}/bulk/cancel/all/shipment`, { orderIds: [a] }, token);
      expect(r.status).toBe(403);
      expect(r.meta.error_list[0].message).toMatch(/warehouse/);
      expect((await s.post(`${api}/bulk/reopen/all/shipment`, { orderIds: [a] }, token)).status).toBe(403);
    }
    const north = await s.post(`${api}/bulk/cancel/all/shipment`, { orderIds: [a, b] }, w.north);
    expect(north.status).toBe(200);
    expect(north.body).toMatchObject({ done: 0, failed: 2 });
    expect(north.body.results.map((r: { message: string }) => r.message)).toEqual([
      'Order not found',
      'Order not found',
    ]);
    expect(await packOf('MUG-1')).toBe(0);
    expect(await cancelLedgerRows()).toBe(0);
  });

  it('cancels each order whole with one result per order in the order asked; pressed again (even at once) the ledger moves once', async () => {
    const body = { orderIds: [b, c, a, 999_999, a] };
    const [first, second] = await Promise.all([
      s.post(`${api}/bulk/cancel/all/shipment`, body, w.admin),
      s.post(`${api}/bulk/cancel/all/shipment`, body, w.admin),
    ]);
    for (const r of [first, second]) {
      expect(r.status, JSON.stringify(r.meta)).toBe(200);
      expect(r.body.results.map((x: { orderId: number }) => x.orderId)).toEqual([b, c, a, 999_999]);
      expect(r.body.results[3]).toMatchObject({ ok: false, message: 'Order not found' });
    }
    // Between the two calls every order's units came back exactly once.
    const units = (id: number) =>
      first.body.results.find((x: { orderId: number }) => x.orderId === id).unitsBack +
      second.body.results.find((x: { orderId: number }) => x.orderId === id).unitsBack;
    expect(units(a)).toBe(3);
    expect(units(b)).toBe(1);
    expect(units(c)).toBe(0);
    const cOf = first.body.results.find((x: { orderId: number }) => x.orderId === c);
    expect(cOf).toMatchObject({ ok: true, cancelled: 0, message: 'No shipment to cancel' });
    expect(await packOf('MUG-1')).toBe(3);
    expect(await packOf('LAMP-2')).toBe(1);
    expect(await cancelLedgerRows()).toBe(3);
    const lines = await s.db
      .select({ shipped: marketplaceOrderLines.quantityShipped })
      .from(marketplaceOrderLines)
      .where(eq(marketplaceOrderLines.orderId, a));
    expect(lines.map((l) => l.shipped)).toEqual([0, 0]);

    const again = await s.post(`${api}/bulk/cancel/all/shipment`, { orderIds: [a, b] }, w.admin);
    expect(again.body).toMatchObject({ done: 2, failed: 0 });
    expect(again.body.results.map((x: { unitsBack: number }) => x.unitsBack)).toEqual([0, 0]);
    expect(await cancelLedgerRows()).toBe(3);
    expect(again.meta.info_list[0].message).toMatch(/0 units back/);
  });

  it('reopens cancelled orders, holds their units or says why not; open and shipped orders answered in words', async () => {
    // The marketplace cancels BU-3 (never shipped); BU-2 is shipped again, so it cannot reopen.
    await saveOrders(s, w.acmeStore, [
      order('BU-3', { status: 'CANCELED', updatedAt: '2026-11-21T10:00:00.000Z', lines: [line('1', 'LAMP-2', 1)] }),
      order('BU-4', { status: 'CANCELED', updatedAt: '2026-11-21T10:00:00.000Z', lines: [line('1', 'TOTE-3', 5)] }),
    ]);
    const d = await orderId(s, 'BU-4');
    const reship = await s.post(
      `${api}/bulk/mark/ship`,
      { orders: [{ orderId: b, carrier: 'UPS', trackingNumber: 'BU0022' }] },
      w.admin,
    );
    expect(reship.body.shipped).toBe(1);
    const r = await s.post(`${api}/bulk/reopen/all/shipment`, { orderIds: [c, d, a, b] }, w.admin);
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
    const [rc, rd, ra, rb] = r.body.results;
    expect(rc).toMatchObject({ orderId: c, ok: true, reopened: true, held: 1, status: 'AWAITING', message: null });
    expect(rd).toMatchObject({ orderId: d, ok: true, reopened: true, held: 0 });
    expect(rd.message).toMatch(/TOTE-3/);
    expect(ra).toMatchObject({ orderId: a, ok: true, reopened: false, message: 'The order is open already' });
    expect(rb).toMatchObject({ orderId: b, ok: false, status: null });
    expect(rb.message).toMatch(/shipped: cancel its shipments first/);
    expect(r.body).toMatchObject({ done: 3, failed: 1 });
    expect(r.meta.warn_list[0].message).toMatch(/1 orders refused/);
    // Again: nothing more is held.
    const again = await s.post(`${api}/bulk/reopen/all/shipment`, { orderIds: [c] }, w.admin);
    expect(again.body.results[0]).toMatchObject({ reopened: false, held: 0 });
  });
});
