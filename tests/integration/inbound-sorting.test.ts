/** Sort and receive against the real server: place and count checked, the ledger moves units once. */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchItems, inventoryLedger } from '../../server/db/schema/index.js';
import { TestServer } from '../helpers/server.js';

let s: TestServer;
let client: string;
let receiver: string;
let mugId: number;
let rugId: number;
let batchId: number;

const push = async (m: unknown[], token = receiver) =>
  (await s.post('/api/sync/push', { deviceId: 'hh-sort', mutations: m }, token)).body.results;
const sort = (batchItemId: number, quantity: number, location: string, id = randomUUID()) => ({
  id,
  name: 'item.sort',
  args: { id, batchItemId, quantity, location, sortedAt: new Date().toISOString() },
});

beforeAll(async () => {
  s = await TestServer.start();
  client = await s.token('demo.client');
  receiver = await s.token('demo.receiver');
  const b = await s.post(
    '/api/ship/batch',
    {
      batchName: 'PO-SORT',
      items: [
        { title: 'Mug', msku: 'SORT-MUG', expectedQty: 4 },
        { title: 'Rug', msku: 'SORT-RUG', expectedQty: 2, itemAction: 'storage' },
      ],
    },
    client,
  );
  batchId = b.body.id;
  [mugId, rugId] = b.body.items.map((i: { id: number }) => i.id);
  for (const [code, extra] of [
    ['SORT-MUG', { count: 4 }],
    ['SORT-RUG', { count: 2 }],
    ['SORT-MUG', { damaged: { damageType: 'broken' } }],
  ] as const) {
    const id = randomUUID();
    await push([{ id, name: 'item.scan', args: { id, batchId, code, scannedAt: new Date().toISOString(), ...extra } }]);
  }
});
afterAll(async () => s?.close());

describe('sorting received units', () => {
  it('refuses the wrong place and more than waits in receiving (412), without touching the ledger', async () => {
    const [wrong, tooMany] = await push([sort(mugId, 1, 'B-01-01'), sort(mugId, 5, 'PREP-FBA')]);
    expect(wrong).toMatchObject({ status: 'rejected', message: 'This unit goes to PREP-FBA, not B-01-01' });
    expect(tooMany).toMatchObject({ status: 'rejected', message: 'Only 4 units of Mug wait in receiving' });
    const rest = await s.post(
      '/api/inbound/sort-item',
      { id: randomUUID(), batchItemId: rugId, quantity: 1, location: 'PREP-FBA', sortedAt: new Date().toISOString() },
      receiver,
    );
    expect(rest.status).toBe(412);
    const sorts = await s.db.select().from(inventoryLedger).where(eq(inventoryLedger.reason, 'sort'));
    expect(sorts).toHaveLength(0);
  });

  it('moves units out of RECEIVING into the station or bin; a replayed sort moves them once; the item moves on when none wait', async () => {
    const first = sort(mugId, 3, 'prep-fba');
    const [a] = await push([first]);
    expect(a).toMatchObject({
      status: 'applied',
      result: { quantity: 3, location: 'PREP-FBA', sortedQty: 3, remaining: 1, status: 'received' },
    });
    const [again] = await push([first]);
    expect(again.result).toEqual(a.result);
    const [b, c] = await push([sort(mugId, 1, 'PREP-FBA'), sort(rugId, 2, 'B-07-03')]);
    expect(b.result).toMatchObject({ remaining: 0, status: 'inprep' });
    expect(c.result).toMatchObject({ location: 'B-07-03', status: 'stored' });

    const at = async (itemId: number, location: string) =>
      (
        await s.db
          .select()
          .from(inventoryLedger)
          .where(and(eq(inventoryLedger.batchItemId, itemId), eq(inventoryLedger.location, location)))
      ).reduce((n, r) => n + r.quantity, 0);
    expect([await at(mugId, 'RECEIVING'), await at(mugId, 'PREP-FBA'), await at(rugId, 'B-07-03')]).toEqual([1, 4, 2]); // the damaged mug stays in receiving
    const [mug] = await s.db.select().from(batchItems).where(eq(batchItems.id, mugId));
    expect(mug).toMatchObject({ sortedQty: 4, status: 'inprep' });
    // Nothing more to sort: refused.
    expect((await push([sort(mugId, 1, 'PREP-FBA')]))[0]).toMatchObject({
      status: 'rejected',
      message: 'No units of Mug wait in receiving',
    });
  });

  it('the sorted list shows who put what where; clients see their own only, and cannot sort', async () => {
    const mine = await s.get(`/api/inbound/received-sorted-item?batchId=${batchId}`, client);
    expect(mine.status).toBe(200);
    expect(
      mine.body
        .map((r: { title: string; location: string; quantity: number }) => [r.title, r.location, r.quantity])
        .sort(),
    ).toEqual([
      ['Mug', 'PREP-FBA', 1],
      ['Mug', 'PREP-FBA', 3],
      ['Rug', 'B-07-03', 2],
    ]);
    const other = await s.get(`/api/inbound/received-sorted-item?batchId=${batchId}`, await s.token('demo.client2'));
    expect(other.body).toEqual([]);
    const refused = await s.post(
      '/api/inbound/sort-item',
      { id: randomUUID(), batchItemId: mugId, quantity: 1, location: 'PREP-FBA', sortedAt: new Date().toISOString() },
      client,
    );
    expect(refused.status).toBe(403);
  });
});

describe('sorting into a tote', () => {
  it('units sorted into an LPN are in that LPN where it stands; an LPN standing nowhere is refused', async () => {
    const admin = await s.token('demo.admin');
    await s.post('/api/warehouse-location', { code: 'SRT-01', type: 'bin' }, admin);
    await s.post('/api/warehouse/location/lpn', { count: 1, prefix: 'SRTL', locationCode: 'SRT-01' }, admin);
    await s.post('/api/warehouse/location/lpn', { count: 1, prefix: 'SRTL' }, admin);
    const b = await s.post(
      '/api/ship/batch',
      { batchName: 'PO-TOTE', items: [{ title: 'Lamp', msku: 'SORT-LAMP', expectedQty: 3, itemAction: 'storage' }] },
      client,
    );
    const lampId: number = b.body.items[0].id;
    const scanId = randomUUID();
    await push([
      {
        id: scanId,
        name: 'item.scan',
        args: { id: scanId, batchId: b.body.id, code: 'SORT-LAMP', count: 3, scannedAt: new Date().toISOString() },
      },
    ]);

    const [into, nowhere] = await push([sort(lampId, 2, 'srtl00000001'), sort(lampId, 1, 'SRTL00000002')]);
    expect(into).toMatchObject({ status: 'applied', result: { quantity: 2, location: 'SRTL00000001', remaining: 1 } });
    expect(nowhere).toMatchObject({
      status: 'rejected',
      message: 'SRTL00000002 is not at a location yet; move it to one first',
    });
    const rows = await s.db
      .select()
      .from(inventoryLedger)
      .where(and(eq(inventoryLedger.batchItemId, lampId), eq(inventoryLedger.reason, 'sort')));
    expect(rows.map((r) => [r.location, r.lpn, r.quantity]).sort()).toEqual([
      ['RECEIVING', '', -2],
      ['SRT-01', 'SRTL00000001', 2],
    ]);
    const sorted = await s.get(`/api/inbound/received-sorted-item?batchId=${b.body.id}`, client);
    expect(sorted.body.map((r: { location: string; lpn: string }) => [r.location, r.lpn])).toEqual([
      ['SRT-01', 'SRTL00000001'],
    ]);
  });
});
