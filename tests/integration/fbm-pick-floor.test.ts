/**
 * The picker's handheld against the real server (issue 20 step 3): picks sent through the sync
 * push as `fbmPick.record` move units to FBM-PACK exactly once — the same mutation replayed, or
 * the same pick id under a new mutation id, or the REST route with that pickId, picks nothing
 * more; the server's refusals (wrong item, too many, a cancelled batch) come back `rejected` with
 * words and change nothing; a short pick with a reason becomes a problem; the batch and its lines
 * reach devices through the change feed, a client's users only their own.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { fbmWorld, line, order, saveOrders, stock, type FbmWorld } from '../helpers/fbm.js';
import { inventoryBalances, pickBatchPicks, problems, users } from '../../server/db/schema/index.js';

let s: TestServer;
let w: FbmWorld;
let batch: any;
const BATCH = '/api/fbm/web/pick/batch';

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

const pickMutation = (args: Record<string, unknown>, id = randomUUID()) => ({
  id,
  name: 'fbmPick.record',
  args: { id: randomUUID(), short: false, reason: null, pickedAt: new Date().toISOString(), ...args },
  createdAt: new Date().toISOString(),
});
const push = (mutations: unknown[], token = w.admin, deviceId = 'picker-1') =>
  s.post('/api/sync/push', { deviceId, mutations }, token);
const lineAt = (location: string, key: string) =>
  batch.lines.find((l: any) => l.location === location && l.productKey === key);

beforeAll(async () => {
  s = await TestServer.start();
  w = await fbmWorld(s, 'Floor');
  await stock(s, w, w.acmeId, 'MUG-1', 'A-1', 3);
  await stock(s, w, w.acmeId, 'LAMP-2', 'B-1', 2);
  await stock(s, w, w.acmeId, 'TOTE-3', 'FBM-SHELF', 1);
  await saveOrders(s, w.acmeStore, [
    order('F-1', { lines: [line('1', 'MUG-1', 2), line('2', 'LAMP-2', 1)] }),
    order('F-2', { purchasedAt: '2026-11-21T10:00:00Z', lines: [line('1', 'LAMP-2', 1), line('2', 'TOTE-3', 1)] }),
  ]);
  expect((await s.post(`/api/fbm/web/reserve/awaiting/items/store/${w.acmeStore.id}`, {}, w.admin)).body.held).toBe(4);
  const res = await s.post(BATCH, { storeId: w.acmeStore.id }, w.admin);
  expect(res.status, JSON.stringify(res.meta)).toBe(201);
  batch = res.body;
});
afterAll(() => s.close());

describe('picks through the outbox', () => {
  it('the force console counts the orders on the batch; another client sees none of them', async () => {
    const res = await s.get('/api/fbm/web/force/summary', w.admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ reserved: 0, onBatches: 2, picked: 0 });
    expect(res.body.awaiting).toBeGreaterThanOrEqual(2);
    expect(res.body.openBatches).toBeGreaterThanOrEqual(1);
    const blue = await s.get('/api/fbm/web/force/summary', w.client2);
    expect(blue.body).toMatchObject({ awaiting: 0, onBatches: 0, openBatches: 0, stores: [] });
  });

  it('the batch and its lines (codes, walking order) reach the warehouse’s devices; a client only its own', async () => {
    const pulled = await s.get('/api/sync/pull?cursor=0&limit=5000', w.admin);
    const lines = pulled.body.changes.filter((c: any) => c.table === 'pickLines' && c.row?.batchId === batch.id);
    expect(lines).toHaveLength(batch.lines.length);
    const mug = lines.find((c: any) => c.row.productKey === 'MUG-1').row;
    expect(mug).toMatchObject({ location: 'A-1', quantity: 2, picked: 0, marketplaceOrderId: 'F-1' });
    expect(mug.codes).toContain('MUG-1');
    const other = await s.get('/api/sync/pull?cursor=0&limit=5000', w.client2);
    expect(other.body.changes.some((c: any) => c.table === 'pickLines' && c.row?.batchId === batch.id)).toBe(false);
  });

  it('a pick is applied once: the same mutation again, and the same pick id again, answer what it did', async () => {
    const mug = lineAt('A-1', 'MUG-1');
    const m = pickMutation({
      batchId: batch.id,
      batchLineId: mug.id,
      location: 'a-1',
      productCode: 'mug-1',
      quantity: 1,
    });
    const first = await push([m]);
    expect(first.body.results[0]).toMatchObject({ status: 'applied', result: { lineId: mug.id, picked: 1 } });
    expect(await balance(w.acmeId, 'MUG-1', 'FBM-PACK')).toBe(1);
    // The device never heard the answer: the same mutation again.
    const again = await push([m]);
    expect(again.body.results[0]).toMatchObject({ status: 'applied', result: { picked: 1 } });
    // A second tab queued the same pick under a new mutation id: still one pick.
    const twin = await push([{ ...m, id: randomUUID() }]);
    expect(twin.body.results[0]).toMatchObject({ status: 'applied', result: { pickId: m.args.id, picked: 1 } });
    // And the REST route with that pick id.
    const rest = await s.post(
      `${BATCH}/${batch.id}/pick`,
      { pickId: m.args.id, batchLineId: mug.id, quantity: 1 },
      w.admin,
    );
    expect(rest.status).toBe(200);
    expect(rest.body.line.picked).toBe(1);
    expect(await balance(w.acmeId, 'MUG-1', 'FBM-PACK')).toBe(1);
    expect(await balance(w.acmeId, 'MUG-1', 'A-1')).toBe(2);
    const recorded = await s.db
      .select()
      .from(pickBatchPicks)
      .where(eq(pickBatchPicks.id, m.args.id as string));
    expect(recorded).toMatchObject([{ batchLineId: mug.id, quantity: 1, deviceId: 'picker-1' }]);
  });

  it('the same pick pushed from two tabs at once moves its units once', async () => {
    const lamp = batch.lines.find((l: any) => l.productKey === 'LAMP-2' && l.marketplaceOrderId === 'F-1');
    const before = await balance(w.acmeId, 'LAMP-2', 'FBM-PACK');
    const m = pickMutation({
      batchId: batch.id,
      batchLineId: lamp.id,
      location: lamp.location,
      productCode: 'LAMP-2',
      quantity: 1,
    });
    const [a, b] = await Promise.all([
      push([m], w.admin, 'tab-1'),
      push([{ ...m, id: randomUUID() }], w.admin, 'tab-2'),
    ]);
    const applied = [a, b].filter((r) => r.status === 200 && r.body.results[0]?.status === 'applied');
    expect(applied.length).toBeGreaterThanOrEqual(1);
    expect(await balance(w.acmeId, 'LAMP-2', 'FBM-PACK')).toBe(before + 1);
    // Whatever either tab heard, sending again answers the one pick.
    const again = await push([m]);
    expect(again.body.results[0]).toMatchObject({ status: 'applied', result: { pickId: m.args.id, picked: 1 } });
    expect(await balance(w.acmeId, 'LAMP-2', 'FBM-PACK')).toBe(before + 1);
  });

  it('refusals come back rejected in words and change nothing; the mutations after them still apply', async () => {
    const mug = lineAt('A-1', 'MUG-1');
    const wrongItem = pickMutation({
      batchId: batch.id,
      batchLineId: mug.id,
      location: 'A-1',
      productCode: 'LAMP-2',
      quantity: 1,
    });
    const tooMany = pickMutation({
      batchId: batch.id,
      batchLineId: mug.id,
      location: 'A-1',
      productCode: 'MUG-1',
      quantity: 5,
    });
    const wrongPlace = pickMutation({
      batchId: batch.id,
      batchLineId: mug.id,
      location: 'B-1',
      productCode: 'MUG-1',
      quantity: 1,
    });
    const good = pickMutation({
      batchId: batch.id,
      batchLineId: mug.id,
      location: 'A-1',
      productCode: 'MUG-1',
      quantity: 1,
    });
    const res = await push([wrongItem, tooMany, wrongPlace, good]);
    const [a, b, c, d] = res.body.results;
    expect(a).toMatchObject({ status: 'rejected', code: 'business_rule' });
    expect(a.message).toMatch(/Wrong item: LAMP-2 is not MUG-1/);
    expect(b).toMatchObject({ status: 'rejected', code: 'business_rule' });
    expect(b.message).toMatch(/Too many: this pick asks for 1 more of MUG-1 at A-1, not 5/);
    expect(c.message).toMatch(/Wrong location: this pick is at A-1, not B-1/);
    expect(d).toMatchObject({ status: 'applied', result: { picked: 2 } });
    expect(await balance(w.acmeId, 'MUG-1', 'FBM-PACK')).toBe(2);
    // Bad args are refused as validation, never a 500.
    const bad = await push([pickMutation({ batchId: batch.id, batchLineId: mug.id, location: 'A-1', quantity: 1 })]);
    expect(bad.body.results[0]).toMatchObject({ status: 'rejected', code: 'validation' });
  });

  it('a client cannot pick; a short pick with a reason records a problem; the batch ends picked', async () => {
    const lamp = batch.lines.filter((l: any) => l.productKey === 'LAMP-2');
    const asClient = await push(
      [
        pickMutation({
          batchId: batch.id,
          batchLineId: lamp[0].id,
          location: lamp[0].location,
          productCode: 'LAMP-2',
          quantity: 1,
        }),
      ],
      w.client,
    );
    expect(asClient.body.results[0]).toMatchObject({ status: 'rejected', code: 'forbidden' });
    // F-1's lamp was picked by the two tabs above; F-2's is not in the bin.
    const second = lamp.find((l: any) => l.marketplaceOrderId === 'F-2');
    const short = pickMutation({
      batchId: batch.id,
      batchLineId: second.id,
      location: second.location,
      productCode: null,
      quantity: 0,
      short: true,
      reason: 'damaged',
    });
    const tote = lineAt('FBM-SHELF', 'TOTE-3');
    const res = await push([
      short,
      pickMutation({
        batchId: batch.id,
        batchLineId: tote.id,
        location: 'FBM-SHELF',
        productCode: 'TOTE-3',
        quantity: 1,
      }),
    ]);
    expect(res.body.results.map((r: any) => r.status)).toEqual(['applied', 'applied']);
    const problemId = res.body.results[0].result.problemId;
    const [problem] = await s.db.select().from(problems).where(eq(problems.id, problemId));
    expect(JSON.stringify(problem.notes)).toMatch(/Short pick on PB-\d+: 1 of LAMP-2 damaged at B-1/);
    expect(res.body.results[1].result.batchStatus).toBe('picked');
    // A pick on a batch that is done is refused, with the batch named.
    const late = await push([
      pickMutation({
        batchId: batch.id,
        batchLineId: tote.id,
        location: 'FBM-SHELF',
        productCode: 'TOTE-3',
        quantity: 1,
      }),
    ]);
    expect(late.body.results[0].message).toMatch(/is picked: nothing more to pick/);
    const pulled = await s.get('/api/sync/pull?cursor=0&limit=5000', w.admin);
    const rows = pulled.body.changes.filter((c: any) => c.table === 'pickBatches' && c.key === String(batch.id));
    expect(rows.at(-1).row.status).toBe('picked');
    const summary = await s.get('/api/fbm/web/force/summary', w.admin);
    expect(summary.body).toMatchObject({ onBatches: 0, picked: 2 });
  });

  it('the units picked count on the leader board for the person who picked them', async () => {
    const [admin] = await s.db.select().from(users).where(eq(users.username, 'demo.admin'));
    const picks = await s.db.select().from(pickBatchPicks).where(eq(pickBatchPicks.userId, admin.id));
    const picked = picks.reduce((n, p) => n + p.quantity, 0);
    expect(picked).toBeGreaterThan(0);
    // Yesterday and today: a run across midnight still finds its picks.
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const board = await s.get(
      `/api/dashboard/leader-board?from=${day(Date.now() - 86_400_000)}&to=${day(Date.now())}`,
      w.admin,
    );
    const row = board.body.rows.find((r: { userId: number }) => r.userId === admin.id);
    expect(row.metrics.unitsPicked).toBe(picked);
  });
});
