/**
 * Locations and LPNs reach the floor devices through the change feed (replica tables `locations`
 * and `lpns`, keyed by code): creates, generated aisles, renames (old code deleted, new code put),
 * deletes, LPN moves and nesting. Clients never receive them; another tenant's never appear.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';

let s: TestServer;
let admin: string;
let receiver: string;
let client: string;
let north: string;

type Change = { table: string; op: 'put' | 'delete'; key: string; row: Record<string, unknown> | null };
async function pull(token: string, cursor: number): Promise<{ cursor: number; changes: Change[] }> {
  const changes: Change[] = [];
  for (;;) {
    const body = (await s.get(`/api/sync/pull?cursor=${cursor}&limit=5000`, token)).body as {
      cursor: number;
      changes: Change[];
      hasMore: boolean;
    };
    changes.push(...body.changes);
    cursor = body.cursor;
    if (!body.hasMore) return { cursor, changes };
  }
}
const places = (changes: Change[]) =>
  changes
    .filter((c) => c.table === 'locations' || c.table === 'lpns')
    .map((c) => [c.table, c.op, c.key, c.row ?? null]);

beforeAll(async () => {
  s = await TestServer.start();
  admin = await s.token('demo.admin');
  receiver = await s.token('demo.receiver');
  client = await s.token('demo.client');
  north = await s.token('north.admin');
});
afterAll(async () => s?.close());

describe('locations and LPNs in the floor replica', () => {
  it('creates, renames, deletes and LPN moves arrive as puts and tombstones keyed by code', async () => {
    const start = (await pull(receiver, 0)).cursor;
    const created = await s.post('/api/warehouse-location', { code: 'PR-01', type: 'bin' }, admin);
    await s.post('/api/warehouse-location', { code: 'PR-02', type: 'bin', active: false }, admin);
    await s.post('/api/warehouse/location/lpn', { count: 1, prefix: 'PRL', locationCode: 'PR-01' }, admin);
    let step = await pull(receiver, start);
    expect(places(step.changes)).toEqual([
      ['locations', 'put', 'PR-01', { id: 'PR-01', type: 'bin', active: true }],
      ['locations', 'put', 'PR-02', { id: 'PR-02', type: 'bin', active: false }],
      ['lpns', 'put', 'PRL00000001', { id: 'PRL00000001', parentCode: null, locationCode: 'PR-01', status: 'active' }],
    ]);

    // A rename: the old code goes, the new one comes.
    expect(
      (await s.put(`/api/warehouse-location/${created.body.id}`, { code: 'PR-03', type: 'shelf' }, admin)).status,
    ).toBe(200);
    step = await pull(receiver, step.cursor);
    expect(places(step.changes)).toEqual([
      ['locations', 'delete', 'PR-01', null],
      ['locations', 'put', 'PR-03', { id: 'PR-03', type: 'shelf', active: true }],
    ]);

    // The LPN moves (its row says where it stands now); a second LPN goes inside it and out again.
    expect(
      (await s.put('/api/warehouse/location/lpn/PRL00000001/location', { locationCode: 'PR-03' }, admin)).status,
    ).toBe(200);
    await s.post('/api/warehouse/location/lpn', { count: 1, prefix: 'PRL' }, admin);
    expect(
      (await s.put('/api/warehouse/location/lpn/PRL00000002/parent', { parentCode: 'PRL00000001' }, admin)).status,
    ).toBe(200);
    expect((await s.put('/api/warehouse/location/lpn/PRL00000002/parent', { parentCode: null }, admin)).status).toBe(
      200,
    );
    step = await pull(receiver, step.cursor);
    expect(places(step.changes)).toEqual([
      ['lpns', 'put', 'PRL00000001', { id: 'PRL00000001', parentCode: null, locationCode: 'PR-03', status: 'active' }],
      ['lpns', 'put', 'PRL00000002', { id: 'PRL00000002', parentCode: null, locationCode: null, status: 'active' }],
      [
        'lpns',
        'put',
        'PRL00000002',
        { id: 'PRL00000002', parentCode: 'PRL00000001', locationCode: null, status: 'active' },
      ],
      ['lpns', 'put', 'PRL00000002', { id: 'PRL00000002', parentCode: null, locationCode: 'PR-03', status: 'active' }],
    ]);

    const inactive = (await s.get('/api/warehouse-location?pageSize=200&q=PR-02', admin)).body.content[0] as {
      id: number;
    };
    expect((await s.del(`/api/warehouse-location/${inactive.id}`, admin)).status).toBe(200);
    step = await pull(receiver, step.cursor);
    expect(places(step.changes)).toEqual([['locations', 'delete', 'PR-02', null]]);
  });

  it('a generated aisle arrives whole', async () => {
    const start = (await pull(receiver, 0)).cursor;
    const spec = {
      levels: [
        { type: 'aisle', from: 'G', to: 'G' },
        { type: 'bin', from: '1', to: '3' },
      ],
    };
    expect((await s.post('/api/warehouse-location/generate', spec, admin)).status).toBe(201);
    const step = await pull(receiver, start);
    expect(
      places(step.changes)
        .map(([, op, key]) => `${op} ${key}`)
        .sort(),
    ).toEqual(['put G', 'put G-1', 'put G-2', 'put G-3']);
  });

  it('clients and other tenants never receive them', async () => {
    expect(places((await pull(client, 0)).changes)).toEqual([]);
    expect(places((await pull(north, 0)).changes)).toEqual([]);
  });
});
