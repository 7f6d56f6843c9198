/**
 * Batch verify on the ship step (issue 20): the order's shipments view says whether its units were
 * verified (by whom, when, through the order or its pick batch), found wrong (the mismatch in
 * words, only a batch's mismatches naming the order's own products) or not verified; a mismatched
 * order ships by hand or in bulk only with an explicit confirm (412 in words otherwise); tenancy
 * and bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';
import { fbmWorld, line, order, orderId, saveOrders, stock, type FbmWorld } from '../helpers/fbm.js';

let s: TestServer;
let w: FbmWorld;
const api = '/api/fbm/web';
const V = '/api/tools/batch-verify';
let one: number;
let two: number;
let batch: { id: number; number: string; lines: { id: number; quantity: number }[] };

beforeAll(async () => {
  s = await TestServer.start();
  w = await fbmWorld(s, 'ShipVerify');
  await stock(s, w, w.acmeId, 'MUG-1', 'A-1', 5);
  await stock(s, w, w.acmeId, 'LAMP-2', 'B-1', 5);
  await saveOrders(s, w.acmeStore, [
    order('SV-1', { lines: [line('1', 'MUG-1', 2), line('2', 'LAMP-2', 1)] }),
    order('SV-2', { purchasedAt: '2026-11-21T10:00:00Z', lines: [line('1', 'MUG-1', 1)] }),
  ]);
  [one, two] = await Promise.all(['SV-1', 'SV-2'].map((o) => orderId(s, o)));
  await s.post(`${api}/reserve/awaiting/items/store/${w.acmeStore.id}`, {}, w.admin);
  batch = (await s.post(`${api}/pick/batch`, { orderIds: [one, two] }, w.admin)).body;
  for (const l of batch.lines)
    expect(
      (await s.post(`${api}/pick/batch/${batch.id}/pick`, { batchLineId: l.id, quantity: l.quantity }, w.admin)).status,
    ).toBe(200);
});
afterAll(() => s.close());

const verification = async (id: number, token = w.admin) => {
  const r = await s.get(`${api}/order/${id}/shipments`, token);
  expect(r.status, JSON.stringify(r.meta)).toBe(200);
  return r.body.verification;
};
const ship = (id: number, tracking: string, extra: Record<string, unknown> = {}) =>
  s.post(
    `${api}/bulk/mark/ship`,
    { orders: [{ orderId: id, carrier: 'UPS', trackingNumber: tracking, ...extra }] },
    w.admin,
  );

describe('batch verify on the ship step', () => {
  it('says "not verified" before anyone counted', async () => {
    expect(await verification(one)).toEqual({
      state: 'none',
      subjectType: null,
      ref: null,
      userName: null,
      at: null,
      mismatches: [],
    });
  });

  it('a batch verification counts for each of its orders; its mismatch only for the orders holding that product', async () => {
    // The batch: 3 mugs and 1 lamp picked; the lamp is missing from the count.
    const v = await s.post(V, { type: 'pick_batch', id: batch.id, scans: [{ code: 'MUG-1', quantity: 3 }] }, w.admin);
    expect(v.status, JSON.stringify(v.meta)).toBe(201);
    expect(v.body.result).toBe('mismatch');
    const a = await verification(one);
    expect(a).toMatchObject({
      state: 'mismatch',
      subjectType: 'pick_batch',
      ref: batch.number,
      userName: 'demo.admin',
    });
    expect(a.mismatches.join(' ')).toMatch(/LAMP-2/);
    // SV-2 holds only mugs, which were all there.
    expect(await verification(two)).toMatchObject({ state: 'verified', ref: batch.number, mismatches: [] });
  });

  it('a mismatched order is refused in words unless the desk confirms; a verified one ships', async () => {
    const refused = await ship(one, 'SV0001');
    expect(refused.body.results[0]).toMatchObject({ ok: false });
    expect(refused.body.results[0].message).toMatch(/Batch verify of PB-\d+ found a mismatch .*LAMP-2.*confirm/);
    const byHand = await s.post(
      `${api}/order/${one}/mark/as/shipped`,
      { packages: [{ carrier: 'UPS', trackingNumber: 'SV0001', lines: [{ orderLineId: 1, quantity: 1 }] }] },
      w.admin,
    );
    expect(byHand.status).toBe(412);
    expect(byHand.meta.error_list[0].message).toMatch(/mismatch/);
    expect((await s.get(`${api}/order/${one}/shipments`, w.admin)).body.shipments).toHaveLength(0);

    const bad = await s.post(
      `${api}/order/${one}/mark/as/shipped`,
      {
        packages: [{ carrier: 'UPS', trackingNumber: 'SV0001', lines: [{ orderLineId: 1, quantity: 1 }] }],
        acceptMismatch: 'yes',
      },
      w.admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.meta.error_list.length).toBeGreaterThan(0);

    expect((await ship(two, 'SV0002')).body.results[0]).toMatchObject({ ok: true, status: 'SHIPPED' });
    expect((await ship(one, 'SV0001', { acceptMismatch: true })).body.results[0]).toMatchObject({
      ok: true,
      status: 'SHIPPED',
    });
  });

  it('a later verification of the order itself takes over; a client reads its own, nobody else’s', async () => {
    await saveOrders(s, w.acmeStore, [order('SV-3', { lines: [line('1', 'MUG-1', 1)] })]);
    const three = await orderId(s, 'SV-3');
    const v = await s.post(V, { type: 'fbm_order', id: three, scans: [{ code: 'MUG-1', quantity: 1 }] }, w.client);
    expect(v.status, JSON.stringify(v.meta)).toBe(201);
    expect(await verification(three, w.client)).toMatchObject({
      state: 'verified',
      subjectType: 'fbm_order',
      ref: 'SV-3',
      userName: 'demo.client',
    });
    expect((await s.get(`${api}/order/${three}/shipments`, w.client2)).status).toBe(404);
    expect((await s.get(`${api}/order/${three}/shipments`, w.north)).status).toBe(404);
    const wrong = await s.post(V, { type: 'fbm_order', id: three, scans: [{ code: 'LAMP-2', quantity: 1 }] }, w.admin);
    expect(wrong.body.result).toBe('mismatch');
    const after = await verification(three);
    expect(after.state).toBe('mismatch');
    expect(after.mismatches.length).toBeGreaterThan(0);
  });
});
