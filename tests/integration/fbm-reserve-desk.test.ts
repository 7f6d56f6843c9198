/**
 * Issue 38 defect 1, the server's half: reserving from the FBM screens per client (every store of
 * it at once) and per order (its panel), each line saying what it is (its SKU, the units free and on
 * hand), and the force console's count of orders still to reserve with the stores they are in.
 * Another client and another tenant reach nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';
import { fbmWorld, line, order, orderId, saveOrders, stock, type FbmWorld } from '../helpers/fbm.js';

let s: TestServer;
let w: FbmWorld;
const F = '/api/fbm/web';

beforeAll(async () => {
  s = await TestServer.start();
  w = await fbmWorld(s, 'Desk');
});
afterAll(() => s.close());

describe('reserve from the desk', () => {
  it('one order: its lines held, or why not with the SKU and what is on hand; the console counts what is left to reserve', async () => {
    await stock(s, w, w.acmeId, 'MUG-1', 'A-1', 3);
    await stock(s, w, w.acmeId, 'LAMP-2', 'A-2', 1);
    await saveOrders(s, w.acmeStore, [
      order('RD-1', { lines: [line('1', 'MUG-1', 2)], purchasedAt: '2026-11-01T10:00:00.000Z' }),
      order('RD-2', {
        lines: [line('1', 'LAMP-2', 3), line('2', 'TOTE-3', 1)],
        purchasedAt: '2026-11-02T10:00:00.000Z',
      }),
    ]);
    const [rd1, rd2] = await Promise.all(['RD-1', 'RD-2'].map((o) => orderId(s, o)));
    const before = await s.get(`${F}/force/summary`, w.admin);
    expect(before.status).toBe(200);
    expect(before.body.toReserve).toBe(2);
    expect(before.body.toReserveStores).toEqual([
      expect.objectContaining({ id: w.acmeStore.id, companyId: w.acmeId, orders: 2 }),
    ]);

    const one = await s.post(`${F}/order/${rd2}/reserve`, {}, w.admin);
    expect(one.status, JSON.stringify(one.meta)).toBe(200);
    expect(one.body).toMatchObject({ scope: 'order', orderId: rd2, storeId: w.acmeStore.id, companyId: w.acmeId });
    expect(one.body.lines).toEqual([
      expect.objectContaining({ orderId: rd2, sku: 'LAMP-2', outcome: 'insufficient', available: 1, onHand: 1 }),
      expect.objectContaining({ orderId: rd2, sku: 'TOTE-3', outcome: 'no_stock', available: 0, onHand: 0 }),
    ]);
    expect(one.body).toMatchObject({ held: 0, notHeld: 2 });

    // Another client or tenant: the order is not found; a client may reserve its own.
    expect((await s.post(`${F}/order/${rd1}/reserve`, {}, w.client2)).status).toBe(404);
    expect((await s.post(`${F}/order/${rd1}/reserve`, {}, w.north)).status).toBe(404);
    const own = await s.post(`${F}/order/${rd1}/reserve`, {}, w.client);
    expect(own.status, JSON.stringify(own.meta)).toBe(200);
    expect(own.body.lines).toEqual([expect.objectContaining({ sku: 'MUG-1', outcome: 'held', onHand: 3 })]);

    const after = await s.get(`${F}/force/summary`, w.admin);
    expect(after.body).toMatchObject({ toReserve: 1, reserved: 1 });
  });

  it('one client: every store of it at once, oldest first; another client’s id is not found', async () => {
    await saveOrders(s, w.blueStore, [order('RD-B1', { lines: [line('1', 'MUG-1', 1)] })]);
    await stock(s, w, w.blueId, 'MUG-1', 'B-1', 1);
    await stock(s, w, w.acmeId, 'LAMP-2', 'A-2', 2);
    const r = await s.post(`${F}/reserve/awaiting/items/company/${w.acmeId}`, {}, w.admin);
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
    expect(r.body).toMatchObject({ scope: 'company', storeId: null, companyId: w.acmeId, orderId: null });
    const rd2 = await orderId(s, 'RD-2');
    expect(r.body.lines.map((l: { sku: string; outcome: string }) => [l.sku, l.outcome])).toEqual([
      ['MUG-1', 'already_held'],
      ['LAMP-2', 'held'],
      ['TOTE-3', 'no_stock'],
    ]);
    expect(r.body.lines[1].orderId).toBe(rd2);
    // Blue's order was not touched by Acme's reserve.
    const blue = await s.get(`${F}/force/summary`, w.client2);
    expect(blue.body).toMatchObject({ toReserve: 1, reserved: 0 });

    expect((await s.post(`${F}/reserve/awaiting/items/company/${w.blueId}`, {}, w.client)).status).toBe(404);
    expect((await s.post(`${F}/reserve/awaiting/items/company/${w.acmeId}`, {}, w.north)).status).toBe(404);
    const mine = await s.post(`${F}/reserve/awaiting/items/company/${w.blueId}`, {}, w.client2);
    expect(mine.status, JSON.stringify(mine.meta)).toBe(200);
    expect(mine.body.lines).toEqual([expect.objectContaining({ sku: 'MUG-1', outcome: 'held' })]);
  });

  it('orders Amazon (FBA) or Walmart (WFS) fulfil are neither counted nor reserved: the warehouse does not ship them', async () => {
    await stock(s, w, w.acmeId, 'FBA-MUG', 'A-1', 5);
    await saveOrders(s, w.acmeStore, [
      order('RD-AFN', {
        salesChannel: 'Amazon',
        fulfillmentNetwork: 'AFN',
        lines: [line('1', 'FBA-MUG', 1)],
        purchasedAt: '2026-10-01T10:00:00.000Z',
      }),
    ]);
    await saveOrders(s, w.blueStore, [
      order('RD-WFS', {
        salesChannel: 'WalmartFulfilled',
        fulfillmentNetwork: 'WFS',
        lines: [line('1', 'FBA-MUG', 1)],
        purchasedAt: '2026-10-01T10:00:00.000Z',
      }),
    ]);
    const before = await s.get(`${F}/force/summary`, w.admin);
    const afn = await orderId(s, 'RD-AFN');
    // The store's reserve holds nothing of the FBA order, nor does its own panel's.
    const store = await s.post(`${F}/reserve/awaiting/items/store/${w.acmeStore.id}`, {}, w.admin);
    expect(store.status, JSON.stringify(store.meta)).toBe(200);
    expect(store.body.lines.filter((l: { orderId: number }) => l.orderId === afn)).toEqual([]);
    const one = await s.post(`${F}/order/${afn}/reserve`, {}, w.admin);
    expect(one.status, JSON.stringify(one.meta)).toBe(200);
    expect(one.body).toMatchObject({ held: 0, lines: [] });
    const after = await s.get(`${F}/force/summary`, w.admin);
    expect(after.body.awaiting).toBe(before.body.awaiting);
    expect(after.body.toReserveStores.some((x: { id: number }) => x.id === w.blueStore.id)).toBe(
      before.body.toReserveStores.some((x: { id: number }) => x.id === w.blueStore.id),
    );
    expect(after.body.reserved).toBe(before.body.reserved);
  });
});
