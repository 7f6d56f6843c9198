/** Warehouse locations against the real server: generator, CRUD rules, CSV round trip, tenancy. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await TestServer.start();
  admin = await s.token('demo.admin');
});
afterAll(async () => s?.close());

const aisles = {
  levels: [
    { type: 'aisle', from: 'A', to: 'B' },
    { type: 'rack', from: '1', to: '3', pad: 2 },
    { type: 'bin', from: '1', to: '2' },
  ],
  capacity: 40,
};

async function upload(path: string, csv: string, token = admin) {
  const form = new FormData();
  form.set('file', new File([csv], 'locations.csv', { type: 'text/csv' }));
  const res = await s.started.app.request(path, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, ...((await res.json()) as { body: any; meta: any }) };
}

describe('bulk generator', () => {
  it('previews the count and codes without creating; creates all; a second run creates none (409)', async () => {
    const preview = await s.post('/api/warehouse-location/generate?preview=true', aisles, admin);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      count: 20,
      byType: { aisle: 2, rack: 6, bin: 12 },
      first: ['A', 'B', 'A-01', 'A-02', 'A-03', 'B-01', 'B-02', 'B-03'],
      last: ['B-02-1', 'B-02-2', 'B-03-1', 'B-03-2'],
      existingCount: 0,
      created: 0,
    });
    expect((await s.get('/api/warehouse-location?q=A-', admin)).body.totalElements).toBe(0);

    const created = await s.post('/api/warehouse-location/generate', aisles, admin);
    expect(created.status).toBe(201);
    expect(created.body.created).toBe(20);
    const bin = (await s.get('/api/warehouse-location?q=B-03-2', admin)).body.content[0];
    expect(bin).toMatchObject({ code: 'B-03-2', type: 'bin', parentCode: 'B-03', capacity: 40, active: true });

    const again = await s.post('/api/warehouse-location/generate', aisles, admin);
    expect(again.status).toBe(409);
    expect(again.meta.error_list[0].message).toMatch(/^20 of these locations exist already .*nothing was created/);
    const tooMany = await s.post(
      '/api/warehouse-location/generate?preview=true',
      {
        levels: [
          { type: 'aisle', from: '1', to: '300' },
          { type: 'bin', from: '1', to: '100' },
        ],
      },
      admin,
    );
    expect(tooMany.status).toBe(400);
  });
});

describe('locations', () => {
  it('one code per tenant; no cycles; a location with children or stock is not deleted', async () => {
    const dock = await s.post(
      '/api/warehouse-location',
      { code: 'dock-1', type: 'dock', description: 'North dock' },
      admin,
    );
    expect(dock.status).toBe(201);
    expect(dock.body.code).toBe('DOCK-1');
    expect((await s.post('/api/warehouse-location', { code: 'DOCK-1', type: 'dock' }, admin)).status).toBe(409);
    expect((await s.post('/api/warehouse-location', { code: 'bad code', type: 'dock' }, admin)).status).toBe(400);
    expect(
      (await s.post('/api/warehouse-location', { code: 'X-1', type: 'bin', parentCode: 'NOPE' }, admin)).status,
    ).toBe(400);

    const aisleA = (await s.get('/api/warehouse-location?q=A&type=aisle', admin)).body.content.find(
      (l: { code: string }) => l.code === 'A',
    );
    const cyc = await s.put(
      `/api/warehouse-location/${aisleA.id}`,
      { code: 'A', type: 'aisle', parentCode: 'A-01-1' },
      admin,
    );
    expect(cyc.status).toBe(412);
    expect(cyc.meta.error_list[0].message).toMatch(/inside itself/);
    const del = await s.del(`/api/warehouse-location/${aisleA.id}`, admin);
    expect(del.status).toBe(412);
    expect(del.meta.error_list[0].message).toMatch(/^A contains A-01/);
    expect((await s.del(`/api/warehouse-location/${dock.body.id}`, admin)).status).toBe(200);
  });

  it('CSV export then import: known codes update, new ones are created; one bad row and nothing changes', async () => {
    const res = await s.started.app.request('/api/warehouse-location/export', {
      headers: { authorization: `Bearer ${admin}` },
    });
    const csv = await res.text();
    expect(csv.split('\n')[0].trim()).toBe('code,type,parent_code,description,capacity,active');
    expect(csv).toContain('A-01-1,bin,A-01,,40,true');

    const bad = await upload(
      '/api/warehouse-location/import',
      'code,type,parent_code,description,capacity,active\nC,aisle,,,,true\nC-01,rack,C,,zero,true\nC-09,rack,Q,,,true\n',
    );
    expect(bad.status).toBe(400);
    expect(bad.meta.error_list.map((e: { message: string }) => e.message)).toEqual(['Row 2: Capacity: a number']);
    expect((await s.get('/api/warehouse-location?q=C', admin)).body.totalElements).toBe(0);

    const good = await upload(
      '/api/warehouse-location/import',
      'code,type,parent_code,description,capacity,active\nC,aisle,,Cold aisle,,true\nC-01,rack,C,,,true\nA-01-1,bin,A-01,Top bin,50,false\n',
    );
    expect(good.status).toBe(200);
    expect(good.body).toEqual({ rows: 3, created: 2, updated: 1 });
    expect((await s.get('/api/warehouse-location?q=A-01-1', admin)).body.content[0]).toMatchObject({
      description: 'Top bin',
      capacity: 50,
      active: false,
    });
    expect((await s.get('/api/warehouse-location?q=C-01', admin)).body.content[0]).toMatchObject({ parentCode: 'C' });
  });

  it('another tenant sees none of them; clients and floor staff without WMS rights are refused', async () => {
    const north = await s.token('north.admin');
    expect((await s.get('/api/warehouse-location?q=A', north)).body.totalElements).toBe(0);
    expect((await s.get('/api/warehouse-location', await s.token('demo.client'))).status).toBe(403);
  });
});

describe('location barcode designs', () => {
  it('are saved per tenant with one default, which location labels print with', async () => {
    const admin = await s.token('demo.admin');
    const base = '/api/warehouse-location/barcode-designs';
    expect((await s.get(`${base}/default`, admin)).body).toMatchObject({ name: 'Standard', size: '4x3' });
    const shelf = await s.post(
      base,
      { name: 'Shelf strips', size: '2x1', arrow: 'up', segments: ['aisle', 'level', 'bin'], isDefault: true },
      admin,
    );
    expect(shelf.status).toBe(201);
    const pallet = await s.post(base, { name: 'Pallet racks', size: '4x6', isDefault: true }, admin);
    expect((await s.get(`${base}/default`, admin)).body).toMatchObject({ name: 'Pallet racks', size: '4x6' });
    expect(
      (await s.get(base, admin)).body.map((d: { name: string; isDefault: boolean }) => [d.name, d.isDefault]),
    ).toEqual([
      ['Pallet racks', true],
      ['Shelf strips', false],
    ]);
    expect((await s.post(base, { name: 'Pallet racks' }, admin)).status).toBe(409);
    expect((await s.post(base, { name: 'Bad', size: '30up-letter' }, admin)).status).toBe(400);
    await s.put(`${base}/${shelf.body.id}`, { ...shelf.body, isDefault: true }, admin);
    expect((await s.get(`${base}/default`, admin)).body).toMatchObject({ name: 'Shelf strips', arrow: 'up' });
    const north = await s.token('north.admin');
    expect((await s.get(base, north)).body).toEqual([]);
    expect((await s.del(`${base}/${pallet.body.id}`, north)).status).toBe(404);
    expect((await s.del(`${base}/${pallet.body.id}`, admin)).status).toBe(200);
    expect((await s.get(base, await s.token('demo.client'))).status).toBe(403);
  });
});
