/**
 * FBM match and reserve (issue 20 step 2, decision 0017) against the real server: a store's
 * awaiting orders hold units of the client's pickable stock oldest order first, all or nothing per
 * line, saying why when not; again changes nothing; another client's units and units at
 * RECEIVING / PREP-FBA / PREP-WFS never count; two reserves at once never hold more than is on
 * hand; a cancelled order gives its units back; a client sees only its own stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { fbmWorld, line, order, orderId, saveOrders, stock, type FbmWorld } from '../helpers/fbm.js';
import { itemReservations } from '../../server/db/schema/index.js';

let s: TestServer;
let w: FbmWorld;
const reserve = (storeId: number, token = w.admin) =>
  s.post(`/api/fbm/web/reserve/awaiting/items/store/${storeId}`, {}, token);
const match = (storeId: number, token = w.admin) => s.get(`/api/fbm/web/match/awaiting/items/store/${storeId}`, token);
const heldOf = async (companyId: number, key: string) => {
  const [r] = await s.db
    .select({ n: sql<number>`coalesce(sum(${itemReservations.quantity}), 0)::int` })
    .from(itemReservations)
    .where(
      and(
        eq(itemReservations.companyId, companyId),
        eq(itemReservations.productKey, key),
        eq(itemReservations.station, 'FBM'),
        eq(itemReservations.state, 'held'),
      ),
    );
  return Number(r.n);
};
const outcomes = (res: { body: { lines: { marketplaceOrderId: string; lineId: string; outcome: string }[] } }) =>
  Object.fromEntries(res.body.lines.map((l) => [`${l.marketplaceOrderId}/${l.lineId}`, l.outcome]));

beforeAll(async () => {
  s = await TestServer.start();
  w = await fbmWorld(s, 'Reserve');
  // Acme: 3 mugs in bins (2 + 1), 1 lamp on the FBM shelf; mugs at the stations that never count.
  await stock(s, w, w.acmeId, 'MUG-1', 'A-1', 2);
  await stock(s, w, w.acmeId, 'MUG-1', 'B-1', 1);
  await stock(s, w, w.acmeId, 'LAMP-2', 'FBM-SHELF', 1);
  await stock(s, w, w.acmeId, 'MUG-1', 'PREP-FBA', 5);
  await stock(s, w, w.acmeId, 'MUG-1', 'PREP-WFS', 5);
  await stock(s, w, w.acmeId, 'MUG-1', 'RECEIVING', 5);
  await stock(s, w, w.acmeId, 'TOTE-3', 'PREP-FBA', 4);
  // Blue owns totes in a bin: never Acme's.
  await stock(s, w, w.blueId, 'TOTE-3', 'A-2', 10);
  await saveOrders(s, w.acmeStore, [
    // Newest first in the page: the reserve must still go oldest first.
    order('R-3', { purchasedAt: '2026-11-22T10:00:00Z', lines: [line('1', 'MUG-1', 2)] }),
    order('R-1', {
      purchasedAt: '2026-11-20T10:00:00Z',
      lines: [line('1', 'MUG-1', 2), line('2', 'LAMP-2', 1), line('3', 'UNKNOWN-9', 1)],
    }),
    order('R-2', { purchasedAt: '2026-11-21T10:00:00Z', lines: [line('1', 'TOTE-3', 1)] }),
    order('R-SHIPPED', { status: 'SHIPPED', purchasedAt: '2026-11-19T10:00:00Z', lines: [line('1', 'MUG-1', 1, 1)] }),
  ]);
});
afterAll(() => s.close());

describe('match', () => {
  it('reports each awaiting line: matched or not, units to ship, units free for it', async () => {
    const res = await match(w.acmeStore.id);
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body.lines.map((l: any) => `${l.marketplaceOrderId}/${l.lineId}`)).toEqual([
      'R-1/1',
      'R-1/2',
      'R-1/3',
      'R-2/1',
      'R-3/1',
    ]);
    expect(res.body).toMatchObject({ matched: 4, unmatched: 1 });
    const byLine = Object.fromEntries(res.body.lines.map((l: any) => [`${l.marketplaceOrderId}/${l.lineId}`, l]));
    expect(byLine['R-1/1']).toMatchObject({ matched: true, productKey: 'MUG-1', quantity: 2, held: 0, available: 3 });
    expect(byLine['R-1/2']).toMatchObject({ matched: true, available: 1 });
    expect(byLine['R-1/3']).toMatchObject({ matched: false, productKey: null, available: 0 });
    // Blue's 10 totes in a bin and Acme's 4 at PREP-FBA do not count.
    expect(byLine['R-2/1']).toMatchObject({ matched: true, productKey: 'TOTE-3', available: 0 });
  });
});

describe('reserve', () => {
  it('holds oldest order first, all or nothing per line, and says why a line is not held', async () => {
    const res = await reserve(w.acmeStore.id);
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(outcomes(res)).toEqual({
      'R-1/1': 'held',
      'R-1/2': 'held',
      'R-1/3': 'unmatched',
      'R-2/1': 'no_stock',
      // 3 mugs pickable, R-1 took 2: only 1 left for R-3's 2 — nothing held, "only 1 available".
      'R-3/1': 'insufficient',
    });
    const r3 = res.body.lines.find((l: any) => l.marketplaceOrderId === 'R-3');
    expect(r3).toMatchObject({ available: 1 });
    expect(r3.message).toMatch(/Only 1 of MUG-1 available, 2 needed/);
    expect(res.body.lines.find((l: any) => l.marketplaceOrderId === 'R-2').message).toMatch(/No free sellable units/);
    expect(res.body).toMatchObject({ held: 2, alreadyHeld: 0, notHeld: 3 });
    expect(await heldOf(w.acmeId, 'MUG-1')).toBe(2);
    expect(await heldOf(w.acmeId, 'LAMP-2')).toBe(1);
  });

  it('is idempotent: a line already held is not held again', async () => {
    const again = await reserve(w.acmeStore.id);
    expect(again.status).toBe(200);
    expect(outcomes(again)).toMatchObject({
      'R-1/1': 'already_held',
      'R-1/2': 'already_held',
      'R-3/1': 'insufficient',
    });
    expect(again.body.held).toBe(0);
    expect(await heldOf(w.acmeId, 'MUG-1')).toBe(2);
    const m = await match(w.acmeStore.id);
    expect(m.body.lines.find((l: any) => l.marketplaceOrderId === 'R-1' && l.lineId === '1')).toMatchObject({
      held: 2,
      available: 1,
    });
  });

  it('holds a line once enough stock arrives, in a bin or on the FBM shelf', async () => {
    await stock(s, w, w.acmeId, 'MUG-1', 'FBM-SHELF', 1);
    const res = await reserve(w.acmeStore.id);
    expect(outcomes(res)['R-3/1']).toBe('held');
    expect(await heldOf(w.acmeId, 'MUG-1')).toBe(4);
  });

  it('a cancelled order gives its units back (the pull’s newer picture), and so does the release endpoint', async () => {
    await saveOrders(s, w.acmeStore, [
      order('R-3', {
        status: 'CANCELED',
        purchasedAt: '2026-11-22T10:00:00Z',
        updatedAt: '2026-11-23T10:00:00Z',
        lines: [line('1', 'MUG-1', 2)],
      }),
    ]);
    expect(await heldOf(w.acmeId, 'MUG-1')).toBe(2);
    const r1 = await orderId(s, 'R-1');
    const rel = await s.post(`/api/fbm/web/order/${r1}/reservations/release`, {}, w.admin);
    expect(rel.status, JSON.stringify(rel.meta)).toBe(200);
    expect(rel.body).toEqual({ orderId: r1, released: 3 });
    expect(await heldOf(w.acmeId, 'MUG-1')).toBe(0);
    // Released lines of an awaiting order are held again by the next reserve.
    const res = await reserve(w.acmeStore.id);
    expect(outcomes(res)).toMatchObject({ 'R-1/1': 'held', 'R-1/2': 'held' });
    expect(outcomes(res)['R-3/1']).toBeUndefined();
  });

  it('two reserves at once never hold more than is on hand', async () => {
    await saveOrders(
      s,
      w.acmeStore,
      Array.from({ length: 6 }, (_, i) =>
        order(`RACE-${i}`, { purchasedAt: `2026-11-24T10:0${i}:00Z`, lines: [line('1', 'TOTE-3', 1)] }),
      ),
    );
    await stock(s, w, w.acmeId, 'TOTE-3', 'B-2', 4);
    const both = await Promise.all([reserve(w.acmeStore.id), reserve(w.acmeStore.id), reserve(w.acmeStore.id)]);
    for (const r of both) expect(r.status, JSON.stringify(r.meta)).toBe(200);
    const heldNow = both.reduce(
      (n, r) => n + r.body.lines.filter((l: any) => l.productKey === 'TOTE-3' && l.outcome === 'held').length,
      0,
    );
    expect(heldNow).toBe(4);
    expect(await heldOf(w.acmeId, 'TOTE-3')).toBe(4);
    // The oldest four hold; R-2 (oldest of all) among them.
    const after = await reserve(w.acmeStore.id);
    expect(outcomes(after)).toMatchObject({
      'R-2/1': 'already_held',
      'RACE-0/1': 'already_held',
      'RACE-2/1': 'already_held',
      'RACE-3/1': 'no_stock',
      'RACE-5/1': 'no_stock',
    });
  });
});

describe('scope', () => {
  it('a client reserves and matches its own stores only; another tenant finds nothing', async () => {
    expect((await match(w.acmeStore.id, w.client)).status).toBe(200);
    expect((await match(w.blueStore.id, w.client)).status).toBe(404);
    expect((await reserve(w.blueStore.id, w.client)).status).toBe(404);
    expect((await reserve(w.acmeStore.id, w.north)).status).toBe(404);
    expect((await match(w.acmeStore.id, w.north)).status).toBe(404);
    const r1 = await orderId(s, 'R-1');
    expect((await s.post(`/api/fbm/web/order/${r1}/reservations/release`, {}, w.client2)).status).toBe(404);
    expect((await s.post(`/api/fbm/web/order/${r1}/reservations/release`, {}, w.north)).status).toBe(404);
    expect((await s.get('/api/fbm/web/match/awaiting/items/store/abc', w.admin)).status).toBe(400);
  });

  it('is in the OpenAPI document', async () => {
    const doc = await s.started.app.request('/api/docs/openapi.json');
    expect(doc.status).toBe(200);
    const paths = ((await doc.json()) as { paths: Record<string, Record<string, unknown>> }).paths;
    expect(paths['/api/fbm/web/match/awaiting/items/store/{id}']?.get).toBeTruthy();
    expect(paths['/api/fbm/web/reserve/awaiting/items/store/{id}']?.post).toBeTruthy();
    expect(paths['/api/fbm/web/order/{id}/reservations/release']?.post).toBeTruthy();
  });
});
