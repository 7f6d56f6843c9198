/**
 * Inventory against the real server: moves of units and of LPNs (all or nothing, through the
 * outbox's push and at the desk), the snapshot now and as of a past moment, adjustments, and
 * every list confined to the caller's tenant and company.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';

let s: TestServer;
let admin: string;
let receiver: string;
let client: string;
let client2: string;
let acmeId: number;

const push = async (m: unknown[], token = receiver) =>
  (await s.post('/api/sync/push', { deviceId: 'hh-moves', mutations: m }, token)).body.results;
const move = (args: Record<string, unknown>, id = randomUUID()) => ({
  id,
  name: 'inventory.move',
  args: { id, reason: 'restock_inventory', movedAt: new Date().toISOString(), ...args },
});
type Line = {
  productKey: string;
  location: string | null;
  lpn: string | null;
  quantity: number;
  companyId: number;
  condition: string;
};
const lines = async (query: string, token = admin): Promise<Line[]> =>
  (await s.get(`/api/inventory?pageSize=200&${query}`, token)).body.content;
const at = async (place: string) =>
  (await lines(`location=${place}`)).map((l) => [l.productKey, l.location, l.lpn, l.quantity]);

beforeAll(async () => {
  s = await TestServer.start();
  admin = await s.token('demo.admin');
  receiver = await s.token('demo.receiver');
  client = await s.token('demo.client');
  client2 = await s.token('demo.client2');
  acmeId = (await s.get('/api/users/current-user', client)).body.companyId;
  for (const code of ['INV-A-01', 'INV-A-02', 'INV-B-01'])
    await s.post('/api/warehouse-location', { code, type: 'bin' }, admin);
  await s.post('/api/warehouse/location/lpn', { count: 2, prefix: 'TOTE', locationCode: 'INV-A-01' }, admin);
  // Stock on hand: uploaded with receiveInventory, then sorted into bins.
  const form = new FormData();
  const csv =
    'title,asin,fnsku,msku,upc,quantity,pack_size,cost,supplier,item_action,ship_to_country,tracking_number\nBlue mug,,X00MUG0001,,0012345678905,10,1,,,storage,,\nRed rug,,X00RUG0001,,,4,1,,,storage,,\n';
  form.set('file', new File([csv], 'po.csv', { type: 'text/csv' }));
  const up = await s.started.app.request(
    `/api/ship/csv-upload?batch_name=INV-PO&receiveInventory=true&companyId=${acmeId}`,
    { method: 'POST', body: form, headers: { authorization: `Bearer ${admin}` } },
  );
  const items = ((await up.json()) as { body: { batch: { items: { id: number }[] } } }).body.batch.items;
  for (const [item, qty] of [
    [items[0], 10],
    [items[1], 4],
  ] as const) {
    const r = await s.post(
      '/api/inbound/sort-item',
      {
        id: randomUUID(),
        batchItemId: item.id,
        quantity: qty,
        location: 'INV-A-01',
        sortedAt: new Date().toISOString(),
      },
      admin,
    );
    expect(r.status).toBe(201);
  }
});
afterAll(async () => s?.close());

describe('moves', () => {
  it('move units by any code of the product, into an LPN, and refuse more than is on hand without changing anything', async () => {
    expect(await at('INV-A-01')).toEqual([
      ['X00MUG0001', 'INV-A-01', null, 10],
      ['X00RUG0001', 'INV-A-01', null, 4],
    ]);
    // The UPC of the mug finds it; 3 go into TOTE00000001 (which stands at INV-A-01).
    const [intoTote, tooMany, noQty] = await push([
      move({ from: 'INV-A-01', to: 'TOTE00000001', productCode: '0012345678905', quantity: 3 }),
      move({ from: 'INV-A-01', to: 'INV-A-02', productCode: 'X00RUG0001', quantity: 5 }),
      move({ from: 'INV-A-01', to: 'INV-A-02', productCode: 'X00RUG0001' }),
    ]);
    expect(intoTote).toMatchObject({
      status: 'applied',
      result: { kind: 'units', productKey: 'X00MUG0001', quantity: 3, location: 'INV-A-01' },
    });
    expect(tooMany).toMatchObject({
      status: 'rejected',
      code: 'business_rule',
      message: 'Only 4 of X00RUG0001 at INV-A-01; cannot move 5',
    });
    expect(noQty).toMatchObject({ status: 'rejected', code: 'validation' });
    expect(await at('INV-A-01')).toEqual([
      ['X00MUG0001', 'INV-A-01', null, 7],
      ['X00RUG0001', 'INV-A-01', null, 4],
      ['X00MUG0001', 'INV-A-01', 'TOTE00000001', 3],
    ]);
  });

  it('an LPN moves whole with everything in it, nested LPNs too, offline through the outbox; the ledger shows each step', async () => {
    const [nest] = await push([move({ from: 'TOTE00000002', to: 'TOTE00000001' })]);
    expect(nest.status).toBe('applied');
    await push([move({ from: 'INV-A-01', to: 'TOTE00000002', productCode: 'X00RUG0001', quantity: 2 })]);
    const [whole] = await push([move({ from: 'TOTE00000001', to: 'INV-B-01' })]);
    expect(whole).toMatchObject({ status: 'applied', result: { kind: 'lpn', quantity: 5, location: 'INV-B-01' } });
    expect(await at('INV-B-01')).toEqual([
      ['X00MUG0001', 'INV-B-01', 'TOTE00000001', 3],
      ['X00RUG0001', 'INV-B-01', 'TOTE00000002', 2],
    ]);
    const ledger = (await s.get('/api/inventory/ledger?lpn=TOTE00000001', admin)).body as {
      location: string;
      quantity: number;
      reason: string;
      deviceId: string;
    }[];
    expect(ledger.map((r) => [r.location, r.quantity, r.reason, r.deviceId])).toEqual([
      ['INV-B-01', 3, 'move', 'hh-moves'],
      ['INV-A-01', -3, 'move', 'hh-moves'],
      ['INV-A-01', 3, 'move', 'hh-moves'],
    ]);
    // A unit move cannot move a whole location; a move batch that is closed takes no more moves.
    const [wholeBin] = await push([move({ from: 'INV-A-01', to: 'INV-A-02' })]);
    expect(wholeBin).toMatchObject({ status: 'rejected', code: 'validation' });
  });

  it('move batches group moves and close', async () => {
    const id = randomUUID();
    const [opened] = await push([
      {
        id,
        name: 'moveBatch.open',
        args: { id, name: 'Restock aisle A', reason: 'restock_inventory', openedAt: new Date().toISOString() },
      },
    ]);
    expect(opened).toMatchObject({ status: 'applied', result: { id, status: 'open' } });
    await push([move({ moveBatchId: id, from: 'INV-A-01', to: 'INV-A-02', productCode: 'X00MUG0001', quantity: 1 })]);
    const closeId = randomUUID();
    await push([{ id: closeId, name: 'moveBatch.close', args: { id, closedAt: new Date().toISOString() } }]);
    const [late] = await push([
      move({ moveBatchId: id, from: 'INV-A-01', to: 'INV-A-02', productCode: 'X00MUG0001', quantity: 1 }),
    ]);
    expect(late).toMatchObject({
      status: 'rejected',
      code: 'business_rule',
      message: 'Move batch Restock aisle A is closed; open a new one',
    });
    // A German handheld reads the refusal in German in needs-attention (issue 41).
    const german = await s.request('POST', '/api/sync/push', {
      token: receiver,
      body: {
        deviceId: 'hh-moves',
        mutations: [
          move({ moveBatchId: id, from: 'INV-A-01', to: 'INV-A-02', productCode: 'X00MUG0001', quantity: 1 }),
        ],
      },
      headers: { language: 'de' },
    });
    expect(german.body.results[0]).toMatchObject({
      status: 'rejected',
      message: 'Umlagerungsauftrag Restock aisle A ist geschlossen; einen neuen öffnen',
    });
    const moves = (await s.get(`/api/inventory/move?moveBatchId=${id}`, admin)).body;
    expect(
      moves.map((m: { fromCode: string; toCode: string; quantity: number }) => [m.fromCode, m.toCode, m.quantity]),
    ).toEqual([['INV-A-01', 'INV-A-02', 1]]);
    const batches = (await s.get('/api/inventory/move-batch', admin)).body;
    expect(batches.find((b: { id: string }) => b.id === id)).toMatchObject({ status: 'closed', moves: 1 });
  });

  it('desk moves and the REST LPN move write the same ledger; unknown places are 404, a client is 403', async () => {
    const desk = await s.post(
      '/api/inventory/move',
      { from: 'INV-A-02', to: 'INV-A-01', productCode: 'X00MUG0001', quantity: 1, reason: 'mis_pick' },
      receiver,
    );
    expect(desk.status).toBe(200);
    expect(
      (
        await s.post(
          '/api/inventory/move',
          { from: 'INV-A-02', to: 'NOWHERE-9', productCode: 'X00MUG0001', quantity: 1, reason: 'mis_pick' },
          receiver,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await s.post(
          '/api/inventory/move',
          { from: 'INV-A-02', to: 'INV-A-01', productCode: 'X00MUG0001', quantity: 1, reason: 'teleport' },
          receiver,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await s.post(
          '/api/inventory/move',
          { from: 'INV-A-02', to: 'INV-A-01', productCode: 'X00MUG0001', quantity: 1, reason: 'mis_pick' },
          client,
        )
      ).status,
    ).toBe(403);
    const [clientPush] = await push(
      [move({ from: 'INV-A-01', to: 'INV-A-02', productCode: 'X00MUG0001', quantity: 1 })],
      client,
    );
    expect(clientPush.status).toBe('rejected');
    const rest = await s.put('/api/warehouse/location/lpn/TOTE00000001/location', { locationCode: 'INV-A-02' }, admin);
    expect(rest.body).toEqual({ code: 'TOTE00000001', locationCode: 'INV-A-02', unitsMoved: 5 });
    expect(await at('INV-B-01')).toEqual([]);
  });
});

describe('snapshot', () => {
  it('totals by product, as of a past moment from the ledger, filtered by place and condition', async () => {
    const byProduct = (await s.get('/api/inventory?groupBy=product&pageSize=50', admin)).body;
    const mug = byProduct.content.find((l: Line) => l.productKey === 'X00MUG0001');
    const rug = byProduct.content.find((l: Line) => l.productKey === 'X00RUG0001');
    // Moves never change a product's total.
    expect([mug.quantity, rug.quantity]).toEqual([10, 4]);
    expect(byProduct.totalUnits).toBe(14);

    const before = new Date(Date.now() - 24 * 3600_000).toISOString();
    expect((await s.get(`/api/inventory?asOf=${encodeURIComponent(before)}`, admin)).body.totalElements).toBe(0);
    const now = (await s.get('/api/inventory?pageSize=200', admin)).body;
    const asOfNow = (
      await s.get(
        `/api/inventory?pageSize=200&asOf=${encodeURIComponent(new Date(Date.now() + 1000).toISOString())}`,
        admin,
      )
    ).body;
    expect(asOfNow.content).toEqual(now.content);
    expect((await s.get('/api/inventory?asOf=yesterday', admin)).status).toBe(400);
    expect((await lines('lpn=TOTE00000002')).map((l) => [l.productKey, l.location, l.quantity])).toEqual([
      ['X00RUG0001', 'INV-A-02', 2],
    ]);
    expect(await lines('condition=damaged')).toEqual([]);
    // Manage Inventory: storage = stock in bins (not in receiving or at a workflow's station).
    expect((await lines('itemAction=storage')).reduce((n, l) => n + l.quantity, 0)).toBe(14);
    expect(await lines('itemAction=fba_prep')).toEqual([]);
    expect((await s.get('/api/inventory?itemAction=teleport', admin)).status).toBe(400);
    // Search: a code's beginning or any part of the title.
    expect(new Set((await lines('q=x00mu')).map((l) => l.productKey))).toEqual(new Set(['X00MUG0001']));
    expect(new Set((await lines('q=d ru')).map((l) => l.productKey))).toEqual(new Set(['X00RUG0001']));
    expect((await lines('q=rug&groupBy=product')).map((l) => [l.productKey, l.quantity])).toEqual([['X00RUG0001', 4]]);
  });

  it('a client sees only its own stock, whatever it asks; another tenant sees none', async () => {
    expect((await lines('', client)).length).toBeGreaterThan(0);
    expect((await lines('', client)).every((l) => l.companyId === acmeId)).toBe(true);
    expect(await lines('', client2)).toEqual([]);
    expect(await lines(`companyId=${acmeId}`, client2)).toEqual([]);
    expect((await s.get('/api/inventory/ledger', client2)).body).toEqual([]);
    expect(await lines('', await s.token('north.admin'))).toEqual([]);
    // Floor staff (no Clients administration right) still see every client's stock they hold.
    expect((await lines('', receiver)).map((l) => l.companyId)).toContain(acmeId);
  });
});

describe('adjustments', () => {
  it('change on-hand with a reason, never below zero, and are in the ledger', async () => {
    const found = await s.post(
      '/api/inventory/adjust',
      {
        companyId: acmeId,
        productCode: 'X00MUG0001',
        location: 'INV-A-01',
        quantity: 2,
        reason: 'found',
        note: 'behind the rack',
      },
      admin,
    );
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ before: 7, after: 9 });
    const tooMuch = await s.post(
      '/api/inventory/adjust',
      { companyId: acmeId, productCode: 'X00MUG0001', location: 'INV-A-01', quantity: -10, reason: 'lost' },
      admin,
    );
    expect(tooMuch.status).toBe(412);
    expect(tooMuch.meta.error_list[0].message).toBe('X00MUG0001 at INV-A-01: Only 9 on hand; cannot take 10');
    expect(
      (
        await s.post(
          '/api/inventory/adjust',
          { companyId: acmeId, productCode: 'X00MUG0001', location: 'INV-A-01', quantity: 0, reason: 'lost' },
          admin,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await s.post(
          '/api/inventory/adjust',
          { companyId: acmeId, productCode: 'X00MUG0001', location: 'INV-A-01', quantity: -1, reason: 'lost' },
          client,
        )
      ).status,
    ).toBe(403);
    // By any code of the product: its UPC finds the same line (not a new one keyed by the UPC).
    const byUpc = await s.post(
      '/api/inventory/adjust',
      { companyId: acmeId, productCode: '0012345678905', location: 'INV-A-01', quantity: 1, reason: 'cycle_count' },
      admin,
    );
    expect(byUpc.body).toMatchObject({ productKey: 'X00MUG0001', before: 9, after: 10 });
    await s.post(
      '/api/inventory/adjust',
      { companyId: acmeId, productCode: 'X00MUG0001', location: 'INV-A-01', quantity: -1, reason: 'correction' },
      admin,
    );
    const ledger = (await s.get('/api/inventory/ledger?productKey=X00MUG0001&location=INV-A-01&limit=3', admin)).body;
    expect(ledger[2]).toMatchObject({ quantity: 2, reason: 'adjust_found', refType: 'adjustment' });
  });
});

describe('dispositions', () => {
  it('closing a problem carries its resolution out in inventory; the report lists what left, to its own client only', async () => {
    const po = await s.post(
      '/api/ship/batch',
      { batchName: 'INV-VASES', items: [{ title: 'Glass vase', msku: 'VASE-1', expectedQty: 5 }] },
      client,
    );
    const scan = (extra: Record<string, unknown>) => {
      const id = randomUUID();
      return {
        id,
        name: 'item.scan',
        args: { id, batchId: po.body.id, code: 'VASE-1', scannedAt: new Date().toISOString(), ...extra },
      };
    };
    await push([
      scan({ count: 2, damaged: { damageType: 'broken' } }),
      scan({ damaged: { damageType: 'box_damage' } }),
    ]);
    const damagedAt = async () =>
      (await lines('condition=damaged')).filter((l) => l.productKey === 'VASE-1').map((l) => [l.location, l.quantity]);
    expect(await damagedAt()).toEqual([['RECEIVING', 3]]);
    const problems = (await s.get('/api/problem-management/problem?open=true&pageSize=50', client)).body.content.filter(
      (p: { itemTitle: string }) => p.itemTitle === 'Glass vase',
    );
    const broken = problems.find((p: { quantity: number }) => p.quantity === 2);
    const dented = problems.find((p: { quantity: number }) => p.quantity === 1);

    await s.put(`/api/problem-management/problem/${broken.id}`, { resolution: 'dispose' }, client);
    const closed = await s.put(
      `/api/problem-management/problem/${broken.id}`,
      { status: 'closed_with_resolution' },
      admin,
    );
    expect(closed.status).toBe(200);
    expect(closed.body.notes.at(-1).text).toBe('2 unit(s) carried out in inventory: dispose');
    await s.put(
      `/api/problem-management/problem/${dented.id}`,
      { resolution: 'restock_to_inbound', status: 'closed_with_resolution' },
      admin,
    );
    expect(await damagedAt()).toEqual([]);
    expect(
      (await lines('location=RECEIVING'))
        .filter((l) => l.productKey === 'VASE-1')
        .map((l) => [l.condition, l.quantity]),
    ).toEqual([['sellable', 1]]);

    const report = (await s.get('/api/inventory/dispositions?pageSize=50', client)).body;
    expect(
      report.content.map((r: { title: string; quantity: number; reason: string; refType: string }) => [
        r.title,
        r.quantity,
        r.reason,
        r.refType,
      ]),
    ).toEqual([['Glass vase', 2, 'disposition_dispose', 'problem']]);
    // The adjustment of the earlier test disposed of nothing; a disposal adjustment is listed too.
    await s.post(
      '/api/inventory/adjust',
      { companyId: acmeId, productCode: 'X00MUG0001', location: 'INV-A-01', quantity: -1, reason: 'disposed' },
      admin,
    );
    expect((await s.get('/api/inventory/dispositions?pageSize=50', admin)).body.totalElements).toBe(2);
    expect((await s.get('/api/inventory/dispositions?pageSize=50', client2)).body.totalElements).toBe(0);
    expect((await s.get('/api/inventory/dispositions?from=yesterday', admin)).status).toBe(400);
  });
});

describe('product totals', () => {
  it('after every change above, equal the balances summed per client, product and condition (units and places)', async () => {
    const q = async (text: string) => ((await s.db.execute(sql.raw(text))) as unknown as { rows: unknown[] }).rows;
    const fromBalances =
      await q(`select company_id, product_key, condition, sum(quantity)::int as quantity, count(*) filter (where quantity > 0)::int as places
      from inventory_balances group by 1, 2, 3 having sum(quantity) > 0 or count(*) filter (where quantity > 0) > 0 order by 1, 2, 3`);
    const totals = await q(
      `select company_id, product_key, condition, quantity, places from inventory_product_totals where quantity <> 0 or places <> 0 order by 1, 2, 3`,
    );
    expect(totals.length).toBeGreaterThanOrEqual(3);
    expect(totals).toEqual(fromBalances);
    // The per-product snapshot reads them.
    const viaTotals = (await s.get('/api/inventory?groupBy=product&pageSize=200', admin)).body.content;
    const expected = (
      fromBalances as { company_id: number; product_key: string; condition: string; quantity: number; places: number }[]
    ).filter((r) => r.quantity > 0);
    expect(
      viaTotals
        .map((l: Line & { places: number }) => [l.companyId, l.productKey, l.condition, l.quantity, l.places])
        .sort(),
    ).toEqual(expected.map((r) => [r.company_id, r.product_key, r.condition, r.quantity, r.places]).sort());
  });
});
