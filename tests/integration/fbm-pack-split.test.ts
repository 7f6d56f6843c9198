/**
 * One SKU on two lines of an order (marketplaces split lines): packing takes their room together,
 * so a scan of all the units fills both lines, and one more is refused naming the order's total.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';
import { fbmWorld, line, order, orderId, saveOrders, stock, type FbmWorld } from '../helpers/fbm.js';

let s: TestServer;
let w: FbmWorld;
let id: number;
const F = '/api/fbm/web';

beforeAll(async () => {
  s = await TestServer.start();
  w = await fbmWorld(s, 'Split');
  await stock(s, w, w.acmeId, 'MUG-1', 'B-1', 5);
  await saveOrders(s, w.acmeStore, [order('S-1', { lines: [line('1', 'MUG-1', 3), line('2', 'MUG-1', 2)] })]);
  expect((await s.post(`${F}/reserve/awaiting/items/store/${w.acmeStore.id}`, {}, w.admin)).status).toBe(200);
  id = await orderId(s, 'S-1');
  const batch = await s.post(`${F}/pick/batch`, { storeId: w.acmeStore.id }, w.admin);
  expect(batch.status, JSON.stringify(batch.meta)).toBe(201);
  for (const l of batch.body.lines) {
    const r = await s.post(
      `${F}/pick/batch/${batch.body.id}/pick`,
      { batchLineId: l.id, quantity: l.quantity },
      w.admin,
    );
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
  }
});
afterAll(() => s?.close());

describe('packing one SKU split over two lines', () => {
  it('takes all five units in one scan, three on the first line and two on the second', async () => {
    const tooMany = await s.post(`${F}/box/item/label/${id}`, { code: 'MUG-1', quantity: 6 }, w.admin);
    expect(tooMany.status).toBe(412);
    expect(tooMany.meta.error_list[0].message).toMatch(/Too many: 5 more of MUG-1 can be packed for this order, not 6/);
    const all = await s.post(`${F}/box/item/label/${id}`, { code: 'MUG-1', quantity: 5 }, w.admin);
    expect(all.status, JSON.stringify(all.meta)).toBe(200);
    expect(all.body.lines.map((l: { packed: number; remaining: number }) => [l.packed, l.remaining])).toEqual([
      [3, 0],
      [2, 0],
    ]);
    expect(all.body.boxes).toHaveLength(1);
    expect(all.body.complete).toBe(true);
    const more = await s.post(`${F}/box/item/label/${id}`, { code: 'MUG-1' }, w.admin);
    expect(more.status).toBe(412);
    expect(more.meta.error_list[0].message).toMatch(/all 5 of MUG-1 for order S-1 are packed/);
  });
});
