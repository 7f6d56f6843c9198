/**
 * Batch verify against the real server (issue 20 Tools): a picked batch or an order looked up by
 * its number with what should be there and every code that means it; scans counted again by the
 * server — verified when every product matches, a mismatch recorded with the refused and missing
 * units in words; nothing picked yet or nothing to ship is refused (412); a client looks up and
 * verifies only its own orders, never a batch or another client's order (404), another tenant
 * nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';
import { fbmWorld, line, order, saveOrders, stock, type FbmWorld } from '../helpers/fbm.js';

let s: TestServer;
let w: FbmWorld;
let batch: any;
const V = '/api/tools/batch-verify';
const lookup = (ref: string, token = w.admin) => s.get(`${V}/subject?ref=${encodeURIComponent(ref)}`, token);

beforeAll(async () => {
  s = await TestServer.start();
  w = await fbmWorld(s, 'Verify');
  await stock(s, w, w.acmeId, 'MUG-1', 'A-1', 3);
  await stock(s, w, w.acmeId, 'LAMP-2', 'B-1', 1);
  await saveOrders(s, w.acmeStore, [
    order('V-1', { lines: [line('1', 'MUG-1', 2), line('2', 'LAMP-2', 1)] }),
    order('V-2', { purchasedAt: '2026-11-21T10:00:00Z', lines: [line('1', 'MUG-1', 1)] }),
  ]);
  await saveOrders(s, w.blueStore, [order('V-BLUE', { lines: [line('1', 'TOTE-3', 2)] })]);
  await s.post(`/api/fbm/web/reserve/awaiting/items/store/${w.acmeStore.id}`, {}, w.admin);
  batch = (await s.post('/api/fbm/web/pick/batch', { storeId: w.acmeStore.id }, w.admin)).body;
});
afterAll(() => s.close());

describe('verifying a pick batch', () => {
  it('a batch with nothing picked is refused in words', async () => {
    const res = await lookup(batch.number);
    expect(res.status).toBe(412);
    expect(res.meta.error_list[0].message).toMatch(/has nothing picked yet/);
  });

  it('what was picked is verified unit by unit and recorded with who and when', async () => {
    for (const l of batch.lines)
      await s.post(`/api/fbm/web/pick/batch/${batch.id}/pick`, { batchLineId: l.id, quantity: l.quantity }, w.admin);
    const res = await lookup(batch.number.toLowerCase());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ type: 'pick_batch', ref: batch.number, expected: 4, lastVerification: null });
    const mug = res.body.lines.find((l: any) => l.productKey === 'MUG-1');
    expect(mug).toMatchObject({ expected: 3, orders: ['V-1', 'V-2'] });
    expect(mug.codes).toContain('MUG-1');
    const scans = [
      ...Array(3).fill({ code: 'MUG-1', quantity: 1 }),
      { code: 'WRONG-9', quantity: 1 },
      { code: 'LAMP-2', quantity: 1 },
    ];
    const v = await s.post(V, { type: 'pick_batch', id: batch.id, scans }, w.admin);
    expect(v.status).toBe(201);
    expect(v.body).toMatchObject({ result: 'verified', expected: 4, scanned: 5, userName: 'demo.admin' });
    expect(v.body.mismatches).toEqual([
      { kind: 'unknown', code: 'WRONG-9', key: null, quantity: 1, message: 'WRONG-9 is not in it' },
    ]);
    const again = await lookup(batch.number);
    expect(again.body.lastVerification).toMatchObject({ id: v.body.id, result: 'verified' });
  });

  it('a verification short of units or over is recorded as a mismatch, with the words', async () => {
    const v = await s.post(
      V,
      {
        type: 'pick_batch',
        id: batch.id,
        scans: [
          { code: 'MUG-1', quantity: 2 },
          { code: 'LAMP-2', quantity: 2 },
        ],
      },
      w.admin,
    );
    expect(v.body.result).toBe('mismatch');
    expect(v.body.mismatches.map((m: any) => m.message)).toEqual([
      'Too many of LAMP-2: 1 expected, 0 counted already, 2 more scanned',
      '1 of MUG-1 missing',
      '1 of LAMP-2 missing',
    ]);
    const list = await s.get(`${V}/verifications?type=pick_batch&id=${batch.id}`, w.admin);
    expect(list.body.map((x: any) => x.result)).toEqual(['mismatch', 'verified']);
    expect((await s.post(V, { type: 'pick_batch', id: batch.id, scans: [{ code: '' }] }, w.admin)).status).toBe(400);
  });
});

describe('verifying an order, and who may', () => {
  it('an order is verified by its number: its units to ship', async () => {
    const res = await lookup('v-blue');
    expect(res.body).toMatchObject({ type: 'fbm_order', ref: 'V-BLUE', expected: 2 });
    const v = await s.post(
      V,
      { type: 'fbm_order', id: res.body.id, scans: [{ code: 'TOTE-3', quantity: 2 }] },
      w.admin,
    );
    expect(v.body.result).toBe('verified');
  });

  it('a client sees and verifies only its own orders; never a batch; another tenant nothing', async () => {
    const own = await lookup('V-1', w.client);
    expect(own.status).toBe(200);
    expect((await lookup('V-BLUE', w.client)).status).toBe(404);
    expect((await lookup(batch.number, w.client2)).status).toBe(404);
    const blue = await lookup('V-BLUE', w.client2);
    expect(blue.status).toBe(200);
    const other = await s.post(V, { type: 'fbm_order', id: blue.body.id, scans: [] }, w.client);
    expect(other.status).toBe(404);
    expect((await s.get(`${V}/verifications?type=fbm_order&id=${blue.body.id}`, w.client)).status).toBe(404);
    expect((await s.get(`${V}/verifications?type=fbm_order&id=${blue.body.id}`, w.client2)).body).toHaveLength(1);
    expect((await lookup('V-1', w.north)).status).toBe(404);
    expect((await lookup('NO-SUCH-ORDER')).meta.error_list[0].message).toMatch(
      /No pick batch or order “NO-SUCH-ORDER”/,
    );
  });
});
