/**
 * Boxes for many orders at once on the bulk label screen (issue 38 defect 4): the orders the
 * screen lists say why no label can be bought yet (no box, an incomplete address); one call sets
 * the same box on several orders; the box is remembered for a single-SKU order's SKU and suggested
 * for the SKU's next order, which one call then sets from memory (an order with several SKUs is
 * skipped, saying why); the presets are the warehouse's; clients may not set boxes; a pick batch's
 * detail (the printed pick list) carries the catalogue's title, not the marketplace's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';
import { fbmWorld, line, order, orderId, saveOrders, stock, type FbmWorld } from '../helpers/fbm.js';
import { labelsSetup } from '../helpers/fbm-labels.js';

let s: TestServer;
let w: FbmWorld;
const F = '/api/fbm/web';
const ids: Record<string, number> = {};
let batchId = 0;
const box = { lengthIn: 10, widthIn: 8, heightIn: 6, weightLb: 1.5 };
const rowsOf = async () => {
  const res = await s.get(`${F}/bulk/order/items?storeId=${w.acmeStore.id}`, w.admin);
  expect(res.status, JSON.stringify(res.meta)).toBe(200);
  return new Map<string, any>(res.body.map((r: any) => [r.marketplaceOrderId, r]));
};

beforeAll(async () => {
  s = await TestServer.start();
  await s.listen();
  w = await fbmWorld(s, 'Boxes');
  await labelsSetup(s, w);
  await stock(s, w, w.acmeId, 'MUG-1', 'B-1', 6);
  await stock(s, w, w.acmeId, 'LAMP-2', 'A-1', 2);
  const noCity = { ...order('X').shipTo!, city: '' };
  await saveOrders(s, w.acmeStore, [
    order('BX-1', { lines: [line('1', 'MUG-1', 2)] }),
    order('BX-2', { lines: [line('1', 'LAMP-2', 1)] }),
    order('BX-3', { lines: [line('1', 'MUG-1', 1), line('2', 'LAMP-2', 1)] }),
    order('BX-4', { lines: [line('1', 'MUG-1', 1)], shipTo: noCity }),
  ]);
  expect((await s.post(`${F}/reserve/awaiting/items/store/${w.acmeStore.id}`, {}, w.admin)).status).toBe(200);
  for (const id of ['BX-1', 'BX-2', 'BX-3', 'BX-4']) ids[id] = await orderId(s, id);
  const batch = await s.post(`${F}/pick/batch`, { storeId: w.acmeStore.id }, w.admin);
  expect(batch.status, JSON.stringify(batch.meta)).toBe(201);
  batchId = batch.body.id;
  for (const l of batch.body.lines)
    await s.post(`${F}/pick/batch/${batch.body.id}/pick`, { batchLineId: l.id, quantity: l.quantity }, w.admin);
});
afterAll(async () => {
  await s?.close();
});

describe('bulk boxes', () => {
  it('each order says why it cannot be bought yet: no box, an incomplete address', async () => {
    const rows = await rowsOf();
    expect(rows.get('BX-1')).toMatchObject({ box: null, suggestedBox: null, blockers: [{ code: 'noBox' }] });
    expect(rows.get('BX-4')!.blockers).toEqual([
      { code: 'noBox', detail: null },
      { code: 'address', detail: 'city' },
    ]);
  });

  it('sets the same box on several orders at once; each can then be bought', async () => {
    const res = await s.post(
      `${F}/bulk/boxes`,
      { orderIds: [ids['BX-1'], ids['BX-2'], ids['BX-3']], dimensions: box },
      w.admin,
    );
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body.updated.map((u: any) => u.marketplaceOrderId).sort()).toEqual(['BX-1', 'BX-2', 'BX-3']);
    expect(res.body.skipped).toEqual([]);
    const rows = await rowsOf();
    for (const id of ['BX-1', 'BX-2', 'BX-3']) expect(rows.get(id)).toMatchObject({ box, blockers: [] });
    // The rate shop takes the box: a rate is quoted for the order.
    const rates = await s.post(`${F}/label/psh/rates`, { orderIds: [ids['BX-2']] }, w.admin);
    expect(rates.body[0].parcels).toBe(1);
  });

  it('remembers the box per SKU and suggests it for the SKU’s next order; applies remembered boxes at once', async () => {
    // BX-1 (MUG-1 only) remembered the box; BX-4 (MUG-1 only) is offered it, BX-3 (two SKUs) is not.
    const bigger = { lengthIn: 14, widthIn: 10, heightIn: 8, weightLb: 3 };
    expect((await s.put(`${F}/order/${ids['BX-1']}/default/box/dimensions`, bigger, w.admin)).status).toBe(200);
    const rows = await rowsOf();
    expect(rows.get('BX-4')!.suggestedBox).toEqual({ sku: 'MUG-1', ...bigger });
    expect(rows.get('BX-3')!.suggestedBox).toBeNull();
    expect(rows.get('BX-2')!.suggestedBox).toEqual({ sku: 'LAMP-2', ...box });
    const res = await s.post(`${F}/bulk/boxes`, { orderIds: [ids['BX-4'], ids['BX-3']] }, w.admin);
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body.updated).toEqual([{ orderId: ids['BX-4'], marketplaceOrderId: 'BX-4' }]);
    expect(res.body.skipped).toEqual([
      { orderId: ids['BX-3'], marketplaceOrderId: 'BX-3', reason: expect.stringMatching(/No box used before/) },
    ]);
    const after = await rowsOf();
    expect(after.get('BX-4')).toMatchObject({ box: bigger, blockers: [{ code: 'address', detail: 'city' }] });
  });

  it('presets are the warehouse’s; a client may not set boxes; bad input is a 400', async () => {
    const presets = await s.get(`${F}/bulk/box/presets`, w.admin);
    expect(presets.status).toBe(200);
    expect(presets.body.length).toBeGreaterThan(0);
    expect((await s.post(`${F}/bulk/boxes`, { orderIds: [ids['BX-1']], dimensions: box }, w.client)).status).toBe(403);
    expect((await s.post(`${F}/bulk/boxes`, { orderIds: [] }, w.admin)).status).toBe(400);
    const other = await s.post(`${F}/bulk/boxes`, { orderIds: [ids['BX-1']], dimensions: box }, w.north);
    expect([200, 403, 404]).toContain(other.status);
    if (other.status === 200) expect(other.body.updated).toEqual([]);
  });

  it('the pick batch’s detail (printed pick list) gives the catalogue title, as the handheld shows', async () => {
    const detail = await s.get(`${F}/pick/batch/${batchId}`, w.admin);
    expect(detail.status).toBe(200);
    const mug = detail.body.lines.find((l: any) => l.productKey === 'MUG-1');
    expect(mug.title).not.toMatch(/^Line /);
  });
});
