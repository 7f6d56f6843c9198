/**
 * FBM pick batches (issue 20 step 3, decision 0017) against the real server: reserved orders
 * become a pick list allocated to the bins holding the units and sorted by zone then location (the
 * FBM_ROUTING setting's zone order when set); a pick moves units to FBM-PACK through the ledger;
 * a wrong item or too many is refused (412); a short pick marks the line and records a problem;
 * batches are the warehouse's, a client sees its own, another tenant nothing. A property test
 * runs random orders, reserves, cancels and picks: held never exceeds pickable on-hand per client
 * and product.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { fbmWorld, line, order, orderId, saveOrders, stock, type FbmWorld } from '../helpers/fbm.js';
import { inventoryBalances, problems } from '../../server/db/schema/index.js';
import { selectRows } from '../../server/db/rows.js';

let s: TestServer;
let w: FbmWorld;
const BATCH = '/api/fbm/web/pick/batch';
const reserve = (storeId: number) => s.post(`/api/fbm/web/reserve/awaiting/items/store/${storeId}`, {}, w.admin);
const pick = (batchId: number, body: Record<string, unknown>, token = w.admin) =>
  s.post(`${BATCH}/${batchId}/pick`, body, token);
const balance = async (companyId: number, key: string, location: string) => {
  const rows = await s.db
    .select({ q: inventoryBalances.quantity })
    .from(inventoryBalances)
    .where(
      and(
        eq(inventoryBalances.companyId, companyId),
        eq(inventoryBalances.productKey, key),
        eq(inventoryBalances.location, location),
      ),
    );
  return rows.reduce((n, r) => n + r.q, 0);
};
let firstBatch: number;
let batch: any;

beforeAll(async () => {
  s = await TestServer.start();
  w = await fbmWorld(s, 'Pick');
  await stock(s, w, w.acmeId, 'MUG-1', 'A-10', 1);
  await stock(s, w, w.acmeId, 'MUG-1', 'A-2', 1);
  await stock(s, w, w.acmeId, 'MUG-1', 'B-1', 2);
  await stock(s, w, w.acmeId, 'LAMP-2', 'B-2', 1);
  await stock(s, w, w.acmeId, 'LAMP-2', 'A-1', 1);
  await stock(s, w, w.acmeId, 'TOTE-3', 'FBM-SHELF', 3);
  await stock(s, w, w.acmeId, 'MUG-1', 'PREP-FBA', 9);
  await stock(s, w, w.blueId, 'MUG-1', 'A-1', 5);
  await saveOrders(s, w.acmeStore, [
    order('P-1', { purchasedAt: '2026-11-20T10:00:00Z', lines: [line('1', 'MUG-1', 3), line('2', 'LAMP-2', 1)] }),
    order('P-2', { purchasedAt: '2026-11-21T10:00:00Z', lines: [line('1', 'TOTE-3', 1), line('2', 'LAMP-2', 1)] }),
    order('P-3', { purchasedAt: '2026-11-22T10:00:00Z', lines: [line('1', 'MUG-1', 1)] }),
  ]);
  const r = await reserve(w.acmeStore.id);
  expect(r.body.held).toBe(5);
});
afterAll(() => s.close());

describe('pick batches', () => {
  it('allocate held lines to the bins holding them, sorted by zone then location order', async () => {
    // Two made at once: one takes the orders, the other finds none left to pick.
    const both = await Promise.all([
      s.post(BATCH, { storeId: w.acmeStore.id }, w.admin),
      s.post(BATCH, { storeId: w.acmeStore.id }, w.admin),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 412]);
    const res = both.find((r) => r.status === 201)!;
    firstBatch = res.body.id;
    expect(res.body).toMatchObject({ status: 'open', orders: 3, units: 7, picked: 0, companyId: w.acmeId });
    expect(res.body.number).toMatch(/^PB-\d{6}$/);
    // Zones alphabetically (Z-A, Z-B), locations naturally (A-2 before A-10), no zone last.
    expect(
      res.body.lines.map((l: any) => [l.zone, l.location, l.marketplaceOrderId, l.productKey, l.quantity]),
    ).toEqual([
      ['Z-A', 'A-1', 'P-1', 'LAMP-2', 1],
      ['Z-A', 'A-2', 'P-1', 'MUG-1', 1],
      ['Z-A', 'A-10', 'P-1', 'MUG-1', 1],
      ['Z-B', 'B-1', 'P-1', 'MUG-1', 1],
      ['Z-B', 'B-1', 'P-3', 'MUG-1', 1],
      ['Z-B', 'B-2', 'P-2', 'LAMP-2', 1],
      [null, 'FBM-SHELF', 'P-2', 'TOTE-3', 1],
    ]);
    expect(res.body.lines.map((l: any) => l.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // The same orders are on an open batch already.
    const again = await s.post(BATCH, { orderIds: [await orderId(s, 'P-1')] }, w.admin);
    expect(again.status).toBe(412);
    expect(again.meta.error_list[0].message).toMatch(/holds no units to pick/);
    expect((await s.post(BATCH, { storeId: w.acmeStore.id }, w.admin)).status).toBe(412);
  });

  it('honour the FBM_ROUTING zone order', async () => {
    const cancel = await s.post(`${BATCH}/${firstBatch}/cancel`, {}, w.admin);
    expect(cancel.status, JSON.stringify(cancel.meta)).toBe(200);
    expect(cancel.body.status).toBe('cancelled');
    const set = await s.post(
      '/api/common/settings/create-or-update',
      {
        referenceId: w.tenantId,
        referenceType: 'WAREHOUSE',
        settingKey: 'FBM_ROUTING',
        value: JSON.stringify({ zones: ['Z-B', 'Z-A'] }),
      },
      w.admin,
    );
    expect(set.status, JSON.stringify(set.meta)).toBe(200);
    const res = await s.post(
      BATCH,
      { orderIds: [await orderId(s, 'P-1'), await orderId(s, 'P-2'), await orderId(s, 'P-3')] },
      w.admin,
    );
    expect(res.status, JSON.stringify(res.meta)).toBe(201);
    batch = res.body;
    expect(batch.lines.map((l: any) => [l.location, l.marketplaceOrderId, l.productKey, l.quantity])).toEqual([
      ['B-1', 'P-1', 'MUG-1', 2],
      ['B-2', 'P-1', 'LAMP-2', 1],
      ['A-1', 'P-2', 'LAMP-2', 1],
      ['A-2', 'P-1', 'MUG-1', 1],
      ['A-10', 'P-3', 'MUG-1', 1],
      ['FBM-SHELF', 'P-2', 'TOTE-3', 1],
    ]);
    const list = await s.get(`${BATCH}?status=open`, w.admin);
    expect(list.status).toBe(200);
    expect(list.body.content.map((b: any) => b.id)).toEqual([batch.id]);
  });

  it('refuse a wrong item and more than the line asks, in words', async () => {
    const b1 = batch.lines.find((l: any) => l.location === 'B-1');
    const wrong = await pick(batch.id, { location: 'B-1', productCode: 'LAMP-2', quantity: 1 });
    expect(wrong.status).toBe(412);
    expect(wrong.meta.error_list[0].message).toMatch(/Wrong item: LAMP-2 is not to be picked at B-1.*pick MUG-1/);
    const wrongLine = await pick(batch.id, { batchLineId: b1.id, productCode: 'TOTE-3', quantity: 1 });
    expect(wrongLine.status).toBe(412);
    expect(wrongLine.meta.error_list[0].message).toMatch(/Wrong item/);
    const tooMany = await pick(batch.id, { batchLineId: b1.id, quantity: 3 });
    expect(tooMany.status).toBe(412);
    expect(tooMany.meta.error_list[0].message).toMatch(/asks for 2 more/);
    expect((await pick(batch.id, { batchLineId: b1.id, quantity: 0 })).status).toBe(400);
    expect((await pick(batch.id, { quantity: 1 })).status).toBe(400);
    expect((await pick(batch.id, { batchLineId: 999999, quantity: 1 })).status).toBe(404);
    expect(await balance(w.acmeId, 'MUG-1', 'B-1')).toBe(2);
  });

  it('a pick by scan moves the units to FBM-PACK through the ledger', async () => {
    const res = await pick(batch.id, { location: 'B-1', productCode: 'MUG-1', quantity: 2 });
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body.line).toMatchObject({ location: 'B-1', picked: 2, short: 0 });
    expect(res.body.batch.status).toBe('picking');
    expect(res.body.problemId).toBeNull();
    expect(await balance(w.acmeId, 'MUG-1', 'B-1')).toBe(0);
    expect(await balance(w.acmeId, 'MUG-1', 'FBM-PACK')).toBe(2);
    const [ledger] = await selectRows<{ n: number }>(
      s.db,
      sql`select count(*)::int as n from inventory_ledger where ref_type = 'pick_batch' and ref_id = ${String(batch.id)}`,
    );
    expect(Number(ledger.n)).toBe(2);
    // The line is done: nothing more at B-1.
    const more = await pick(batch.id, { location: 'B-1', productCode: 'MUG-1', quantity: 1 });
    expect(more.status).toBe(412);
    expect(more.meta.error_list[0].message).toMatch(/Nothing left to pick at B-1/);
    // In the picker's language (issue 41): the same refusal to a German screen, with its code.
    const german = await s.request('POST', `${BATCH}/${batch.id}/pick`, {
      token: w.admin,
      body: { location: 'B-1', productCode: 'MUG-1', quantity: 1 },
      headers: { language: 'de' },
    });
    expect(german.status).toBe(412);
    expect(german.meta.error_list[0]).toMatchObject({
      code: 'refusals.pick.nothingLeftHere',
      message: `Nichts mehr zu kommissionieren an B-1 auf Pickliste ${batch.number}`,
    });
  });

  it('a short pick marks the line short and records a missing-item problem', async () => {
    const a2 = batch.lines.find((l: any) => l.location === 'A-2');
    const res = await pick(batch.id, { batchLineId: a2.id, quantity: 0, short: true });
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body.line).toMatchObject({ picked: 0, short: 1 });
    expect(res.body.problemId).toEqual(expect.any(Number));
    const [p] = await s.db.select().from(problems).where(eq(problems.id, res.body.problemId));
    expect(p).toMatchObject({ companyId: w.acmeId, type: 'missing_item', quantity: 1, code: 'MUG-1', status: 'open' });
    expect(p.notes[0].text).toMatch(/Short pick on PB-\d+: 1 of MUG-1 not found at A-2 for order P-1/);
  });

  it('two picks of the same units at once: one is taken, the other refused', async () => {
    const a1 = batch.lines.find((l: any) => l.location === 'A-1');
    const both = await Promise.all([
      pick(batch.id, { batchLineId: a1.id, quantity: 1 }),
      pick(batch.id, { location: 'A-1', productCode: 'LAMP-2', quantity: 1 }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 412]);
    expect(await balance(w.acmeId, 'LAMP-2', 'A-1')).toBe(0);
  });

  it('the rest picked: the batch is picked, and refuses further picks', async () => {
    const now = (await s.get(`${BATCH}/${batch.id}`, w.admin)).body;
    for (const l of now.lines.filter((l: any) => l.picked + l.short < l.quantity)) {
      const r = await pick(batch.id, { location: l.location, productCode: l.productKey, quantity: l.quantity });
      expect(r.status, JSON.stringify(r.meta)).toBe(200);
    }
    const got = await s.get(`${BATCH}/${batch.id}`, w.admin);
    expect(got.body).toMatchObject({ status: 'picked', units: 7, picked: 6, short: 1 });
    const after = await pick(batch.id, { location: 'A-1', productCode: 'LAMP-2', quantity: 1 });
    expect(after.status).toBe(412);
    expect(after.meta.error_list[0].message).toMatch(/is picked/);
  });

  it('belong to the warehouse: a client sees its own, not another client’s; another tenant nothing', async () => {
    expect((await s.get(`${BATCH}/${batch.id}`, w.client)).status).toBe(200);
    expect((await s.get(`${BATCH}/${batch.id}`, w.client2)).status).toBe(404);
    expect((await s.get(`${BATCH}/${batch.id}`, w.north)).status).toBe(404);
    expect((await s.get(BATCH, w.client2)).body.content).toEqual([]);
    expect((await s.get(BATCH, w.north)).body.content).toEqual([]);
    expect((await s.post(BATCH, { storeId: w.acmeStore.id }, w.client)).status).toBe(403);
    expect((await pick(batch.id, { batchLineId: batch.lines[0].id, quantity: 1 }, w.client)).status).toBe(403);
    expect((await pick(batch.id, { batchLineId: batch.lines[0].id, quantity: 1 }, w.north)).status).toBe(404);
    expect((await s.post(BATCH, { orderIds: [await orderId(s, 'P-1')] }, w.north)).status).toBe(404);
    expect((await s.post(BATCH, {}, w.admin)).status).toBe(400);
  });

  it('are in the OpenAPI document', async () => {
    const doc = (await (await s.started.app.request('/api/docs/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.paths['/api/fbm/web/pick/batch']?.post).toBeTruthy();
    expect(doc.paths['/api/fbm/web/pick/batch']?.get).toBeTruthy();
    expect(doc.paths['/api/fbm/web/pick/batch/{id}']?.get).toBeTruthy();
    expect(doc.paths['/api/fbm/web/pick/batch/{id}/pick']?.post).toBeTruthy();
    expect(doc.paths['/api/fbm/web/pick/batch/{id}/cancel']?.post).toBeTruthy();
  });
});

/** Held FBM units per client and product against pickable on-hand (bins, FBM-SHELF; never stations). */
async function overHeld() {
  return selectRows<{ company_id: number; product_key: string; held: number; on_hand: number }>(
    s.db,
    sql`select * from (
      select r.company_id, r.product_key, sum(r.quantity)::int as held,
        (select coalesce(sum(b.quantity), 0)::int from inventory_balances b
           join warehouse_locations l on l.tenant_id = b.tenant_id and l.code = b.location
          where b.tenant_id = r.tenant_id and b.company_id = r.company_id and b.product_key = r.product_key
            and b.condition = 'sellable' and b.location not in ('RECEIVING', 'PREP-FBA', 'PREP-WFS', 'FBM-PACK')
            and l.type not in ('dock', 'desk')) as on_hand
      from item_reservations r where r.station = 'FBM' and r.state = 'held'
      group by r.tenant_id, r.company_id, r.product_key) x where held > on_hand`,
  );
}

describe('property: held never exceeds on hand', () => {
  it('under random orders, stock, reserves, cancels, batches and picks (full and short)', async () => {
    const skus = ['MUG-1', 'LAMP-2', 'TOTE-3'];
    const bins = ['A-1', 'A-2', 'A-10', 'B-1', 'B-2', 'FBM-SHELF', 'PREP-FBA'];
    let run = 0;
    const seen = { held: 0, batches: 0, picks: 0, shorts: 0, cancels: 0 };
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('order' as const),
        blue: fc.boolean(),
        sku: fc.constantFrom(...skus),
        qty: fc.integer({ min: 1, max: 3 }),
      }),
      fc.record({
        kind: fc.constant('stock' as const),
        blue: fc.boolean(),
        sku: fc.constantFrom(...skus),
        bin: fc.constantFrom(...bins),
        qty: fc.integer({ min: 1, max: 3 }),
      }),
      fc.record({ kind: fc.constant('reserve' as const), blue: fc.boolean() }),
      fc.record({ kind: fc.constant('cancel' as const), pickIndex: fc.nat() }),
      fc.record({ kind: fc.constant('batch' as const), blue: fc.boolean() }),
      fc.record({ kind: fc.constant('pick' as const), pickIndex: fc.nat(), short: fc.boolean() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 6, maxLength: 20 }), async (ops) => {
        run += 1;
        const mine: { id: string; blue: boolean; purchasedAt: string; sku: string; qty: number }[] = [];
        for (const [i, o] of ops.entries()) {
          const store = 'blue' in o && o.blue ? w.blueStore : w.acmeStore;
          if (o.kind === 'order') {
            const id = `PROP-${run}-${i}`;
            const purchasedAt = new Date(Date.UTC(2026, 10, 1, 0, run, i)).toISOString();
            mine.push({ id, blue: o.blue, purchasedAt, sku: o.sku, qty: o.qty });
            await saveOrders(s, store, [
              order(id, { purchasedAt, updatedAt: purchasedAt, lines: [line('1', o.sku, o.qty)] }),
            ]);
          } else if (o.kind === 'stock') {
            await stock(s, w, o.blue ? w.blueId : w.acmeId, o.sku, o.bin, o.qty);
          } else if (o.kind === 'reserve') {
            const r = await reserve(store.id);
            expect(r.status, JSON.stringify(r.meta)).toBe(200);
            seen.held += r.body.held;
          } else if (o.kind === 'cancel' && mine.length) {
            const c = mine[o.pickIndex % mine.length];
            const updatedAt = new Date(Date.parse(c.purchasedAt) + 3600_000).toISOString();
            seen.cancels += 1;
            await saveOrders(s, c.blue ? w.blueStore : w.acmeStore, [
              order(c.id, {
                status: 'CANCELED',
                purchasedAt: c.purchasedAt,
                updatedAt,
                lines: [line('1', c.sku, c.qty)],
              }),
            ]);
          } else if (o.kind === 'batch') {
            const r = await s.post(BATCH, { storeId: store.id, maxOrders: 5 }, w.admin);
            expect([201, 412], JSON.stringify(r.meta)).toContain(r.status);
            if (r.status === 201) seen.batches += 1;
          } else if (o.kind === 'pick') {
            const open = await s.get(`${BATCH}?status=picking&pageSize=5`, w.admin);
            const fresh = await s.get(`${BATCH}?status=open&pageSize=5`, w.admin);
            const batches = [...open.body.content, ...fresh.body.content];
            if (batches.length) {
              const b = (await s.get(`${BATCH}/${batches[o.pickIndex % batches.length].id}`, w.admin)).body;
              const left = b.lines.filter((l: any) => l.picked + l.short < l.quantity);
              if (left.length) {
                const l = left[o.pickIndex % left.length];
                const rest = l.quantity - l.picked - l.short;
                const r = await pick(b.id, {
                  batchLineId: l.id,
                  quantity: o.short ? rest - 1 : rest,
                  short: o.short,
                });
                expect(r.status, JSON.stringify(r.meta)).toBe(200);
                seen[o.short ? 'shorts' : 'picks'] += 1;
              }
            }
          }
          expect(await overHeld()).toEqual([]);
        }
      }),
      { numRuns: 25, seed: 2017 },
    );
    // The runs did exercise every path.
    for (const [k, n] of Object.entries(seen)) expect(n, k).toBeGreaterThan(0);
  }, 120_000);
});
