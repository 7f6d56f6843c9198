/** License plates against the real server: bulk codes, nesting without cycles, moves as one. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await TestServer.start();
  admin = await s.token('demo.admin');
  await s.post('/api/warehouse-location', { code: 'STAGE-1', type: 'dock' }, admin);
  await s.post('/api/warehouse-location', { code: 'B-01', type: 'bin' }, admin);
  await s.post('/api/warehouse-location', { code: 'OLD-1', type: 'bin', active: false }, admin);
});
afterAll(async () => s?.close());

const base = '/api/warehouse/location/lpn';

describe('LPNs', () => {
  it('are created in bulk with consecutive codes, at a location', async () => {
    const first = await s.post(base, { count: 3, locationCode: 'stage-1' }, admin);
    expect(first.status).toBe(201);
    expect(first.body.codes).toEqual(['LPN00000001', 'LPN00000002', 'LPN00000003']);
    const next = await s.post(base, { count: 2 }, admin);
    expect(next.body.codes).toEqual(['LPN00000004', 'LPN00000005']);
    expect((await s.post(base, { count: 1, locationCode: 'NOWHERE' }, admin)).status).toBe(400);
    expect((await s.post(base, { count: 1, locationCode: 'OLD-1' }, admin)).status).toBe(412);
    expect((await s.post(base, { count: 0 }, admin)).status).toBe(400);
    const listed = await s.get(`${base}?locationCode=STAGE-1&pageSize=50`, admin);
    expect(listed.body.content.map((l: { code: string }) => l.code)).toEqual([
      'LPN00000001',
      'LPN00000002',
      'LPN00000003',
    ]);
  });

  it('nest without cycles; an inner LPN moves with its outermost one and cannot move alone', async () => {
    // 2 into 1, 3 into 2: 1 › 2 › 3
    expect((await s.put(`${base}/LPN00000002/parent`, { parentCode: 'LPN00000001' }, admin)).body).toEqual({
      code: 'LPN00000002',
      parentCode: 'LPN00000001',
      locationCode: null,
      unitsMoved: 0,
    });
    await s.put(`${base}/LPN00000003/parent`, { parentCode: 'LPN00000002' }, admin);
    const cycle = await s.put(`${base}/LPN00000001/parent`, { parentCode: 'LPN00000003' }, admin);
    expect(cycle.status).toBe(412);
    expect(cycle.meta.error_list[0].message).toBe('LPN00000003 is inside LPN00000001; LPN00000001 cannot go into it');
    expect((await s.put(`${base}/LPN00000001/parent`, { parentCode: 'LPN00000001' }, admin)).status).toBe(412);

    const alone = await s.put(`${base}/LPN00000003/location`, { locationCode: 'B-01' }, admin);
    expect(alone.status).toBe(412);
    expect(alone.meta.error_list[0].message).toMatch(/^LPN00000003 is inside LPN00000001/);
    expect((await s.put(`${base}/LPN00000001/location`, { locationCode: 'B-01' }, admin)).body).toEqual({
      code: 'LPN00000001',
      locationCode: 'B-01',
      unitsMoved: 0,
    });

    // Taken out, an LPN stands where its outermost LPN stood.
    expect((await s.put(`${base}/LPN00000003/parent`, { parentCode: null }, admin)).body).toEqual({
      code: 'LPN00000003',
      parentCode: null,
      locationCode: 'B-01',
    });
    expect((await s.put(`${base}/LPN99999999/parent`, { parentCode: null }, admin)).status).toBe(404);
  });

  it('belong to their tenant; clients are refused', async () => {
    const north = await s.token('north.admin');
    expect((await s.get(`${base}?q=LPN`, north)).body.totalElements).toBe(0);
    expect((await s.put(`${base}/LPN00000001/location`, { locationCode: 'B-01' }, north)).status).toBe(404);
    expect((await s.get(base, await s.token('demo.client'))).status).toBe(403);
  });
});
