import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sum } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { inventoryLedger, pendingCharges } from '../../server/db/schema/index.js';

let s: TestServer;
let client: string;
let receiver: string;
let batchId: number;

const scan = (code: string, extra: Record<string, unknown> = {}) => {
  const id = randomUUID();
  return { id, name: 'item.scan', args: { id, batchId, code, scannedAt: new Date().toISOString(), ...extra } };
};
const push = async (m: unknown[]) =>
  (await s.post('/api/sync/push', { deviceId: 'hh-1', mutations: m }, receiver)).body.results;

beforeAll(async () => {
  s = await TestServer.start();
  client = await s.token('demo.client');
  receiver = await s.token('demo.receiver');
  const b = await s.post(
    '/api/ship/batch',
    {
      batchName: 'PO-ITEMS',
      items: [
        { title: 'Water bottle', fnsku: 'X001ABCDEF', upc: '4006381333931', expectedQty: 24, packSize: 12 },
        { title: 'Cutting board', msku: 'CB-1', expectedQty: 2 },
      ],
    },
    client,
  );
  batchId = b.body.id;
});
afterAll(async () => s?.close());

describe('item scans', () => {
  it('a unit code adds one, a case GTIN-14 adds its pack size, a bulk count what was entered', async () => {
    const [one] = await push([scan('x001abcdef')]);
    expect(one.result).toMatchObject({ verdict: 'received', units: 1, receivedQty: 1, expectedQty: 24 });
    const [kase] = await push([scan('(01)14006381333938')]);
    expect(kase.result).toMatchObject({ verdict: 'received', units: 12, receivedQty: 13 });
    const [bulk] = await push([scan('X001ABCDEF', { count: 10 })]);
    expect(bulk.result).toMatchObject({ units: 10, receivedQty: 23 });
  });

  it('flags over-receipt at once, by the units past the expected quantity', async () => {
    const [r] = await push([scan('X001ABCDEF', { count: 3 })]);
    expect(r.result).toMatchObject({ verdict: 'over_received', receivedQty: 26, overReceived: 2 });
  });

  it('an unknown code becomes an item_mismatch problem the client sees', async () => {
    const [r] = await push([scan('B0NOTONPO1')]);
    expect(r.result).toMatchObject({ verdict: 'unknown', units: 0 });
    const problem = await s.get(`/api/problem-management/problem/${r.result.problemId}`, client);
    expect(problem.status).toBe(200);
    expect(problem.body).toMatchObject({
      type: 'item_mismatch',
      code: 'B0NOTONPO1',
      status: 'open',
      chargeCode: 'PROBLEM_ITEM_MISMATCH',
    });
  });

  it('a damaged unit is counted as damaged and raises a damaged problem with a pending charge', async () => {
    const [r] = await push([scan('CB-1', { damaged: { damageType: 'broken', notes: 'corner cracked' } })]);
    expect(r.result).toMatchObject({ verdict: 'damaged', units: 1, damagedQty: 1 });
    const p = await s.get(`/api/problem-management/problem/${r.result.problemId}`, client);
    expect(p.body).toMatchObject({ type: 'damaged', damageType: 'broken', itemTitle: 'Cutting board' });
    expect(p.body.notes[0].text).toBe('corner cracked');
    const charges = await s.db.select().from(pendingCharges).where(eq(pendingCharges.sourceId, r.result.problemId));
    expect(charges).toMatchObject([{ code: 'PROBLEM_DAMAGED', quantity: 1, status: 'pending' }]);
  });

  it('the ledger holds every unit, and a replayed scan counts once', async () => {
    const m = scan('CB-1');
    await push([m]);
    await push([m]);
    const [row] = await s.db
      .select({ total: sum(inventoryLedger.quantity) })
      .from(inventoryLedger)
      .where(and(eq(inventoryLedger.tenantId, 1)));
    expect(Number(row.total)).toBe(26 + 1 + 1);
    const batch = await s.get(`/api/ship/batch/${batchId}`, client);
    const board = batch.body.items.find((i: any) => i.msku === 'CB-1');
    expect(board).toMatchObject({ receivedQty: 1, damagedQty: 1, status: 'received' });
  });

  it('clients cannot scan items; scans name a batch of the tenant', async () => {
    const res = await s.post('/api/sync/push', { deviceId: 'c', mutations: [scan('CB-1')] }, client);
    expect(res.body.results[0]).toMatchObject({ status: 'rejected', code: 'forbidden' });
    const north = await s.token('north.admin');
    const other = await s.post('/api/sync/push', { deviceId: 'n', mutations: [scan('CB-1')] }, north);
    expect(other.body.results[0]).toMatchObject({ status: 'rejected', code: 'not_found' });
  });
});

describe('problem workflow', () => {
  it('client chooses a resolution, warehouse closes it; closed is final; other clients see nothing', async () => {
    const list = await s.get('/api/problem-management/problem?open=true&pageSize=50', client);
    expect(list.body.totalElements).toBe(2);
    const id = list.body.content[0].id;
    expect(
      (await s.put(`/api/problem-management/problem/${id}`, { status: 'closed_with_resolution' }, client)).status,
    ).toBe(403);
    expect((await s.put(`/api/problem-management/problem/${id}`, { resolution: 'resolved' }, client)).status).toBe(400);
    const chosen = await s.put(
      `/api/problem-management/problem/${id}`,
      { resolution: 'return_to_supplier', note: 'Please send back' },
      client,
    );
    expect(chosen.body).toMatchObject({ resolution: 'return_to_supplier', status: 'waiting_action_from_prep_center' });
    const admin = await s.token('demo.admin');
    const closed = await s.put(
      `/api/problem-management/problem/${id}`,
      { status: 'closed_with_resolution', note: 'Shipped back, tracking 1Z…' },
      admin,
    );
    expect(closed.body.status).toBe('closed_with_resolution');
    expect(closed.body.closedAt).toBeTruthy();
    // The damaged unit left the warehouse with it (carried out in the ledger, noted on the problem).
    expect(closed.body.notes.map((n: any) => n.author)).toEqual([
      'demo.receiver',
      'demo.client',
      'demo.admin',
      'demo.admin',
    ]);
    expect(closed.body.notes.at(-1).text).toBe('1 unit(s) carried out in inventory: return_to_supplier');
    expect((await s.put(`/api/problem-management/problem/${id}`, { status: 'open' }, admin)).status).toBe(412);
    const other = await s.token('demo.client2');
    expect((await s.get(`/api/problem-management/problem/${id}`, other)).status).toBe(404);
    expect((await s.get('/api/problem-management/problem', other)).body.totalElements).toBe(0);
  });

  it('the desk raises problems; Individual clients are charged the _IND code; photos attach', async () => {
    const admin = await s.token('demo.admin');
    const ind = await s.post(
      '/api/company',
      {
        name: 'Solo Seller',
        audience: 'Individual',
        firstUser: { fullname: 'Solo', username: 'solo.one', email: 'solo@x.example', password: 'solo1' },
      },
      admin,
    );
    const p = await s.post(
      '/api/problem-management/problem',
      { companyId: ind.body.id, type: 'hazmat', quantity: 2, notes: 'Lithium batteries' },
      admin,
    );
    expect(p.status).toBe(201);
    expect(p.body.chargeCode).toBe('PROBLEM_HAZMAT_IND');
    expect(
      (await s.post('/api/problem-management/problem', { companyId: ind.body.id, type: 'damaged' }, admin)).status,
    ).toBe(400);
    const png =
      'data:image/png;base64,' + Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).toString('base64');
    const withPhoto = await s.post(`/api/problem-management/problem/${p.body.id}/photos`, { dataUrl: png }, admin);
    expect(withPhoto.body.photos).toHaveLength(1);
    const img = await s.started.app.request(
      `/api/problem-management/problem/${p.body.id}/photos/${withPhoto.body.photos[0].id}`,
      { headers: { authorization: `Bearer ${admin}` } },
    );
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await img.arrayBuffer())[1]).toBe(0x50);
    expect(
      (
        await s.post(
          `/api/problem-management/problem/${p.body.id}/photos`,
          { dataUrl: 'data:text/html;base64,AAAA' },
          admin,
        )
      ).status,
    ).toBe(400);
  });
});

describe('item status tracking', () => {
  it('summarises units per status per client and drills down; clients see only theirs', async () => {
    const summary = await s.get('/api/inbound/item-status-summary', client);
    expect(summary.status).toBe(200);
    const received = summary.body.filter((r: any) => r.status === 'received');
    expect(received.reduce((n: number, r: any) => n + r.items, 0)).toBe(2);
    expect(summary.body.every((r: any) => r.companyName === 'Acme Sellers')).toBe(true);
    const items = await s.get('/api/inbound/shipment-items?status=received&pageSize=50', client);
    expect(items.body.content.map((i: any) => i.title).sort()).toEqual(['Cutting board', 'Water bottle']);
    expect((await s.get('/api/inbound/shipment-items?status=flying', client)).status).toBe(400);
    expect((await s.get('/api/inbound/item-status-summary', await s.token('demo.client2'))).body).toEqual([]);
    const admin = await s.get('/api/inbound/item-status-summary', await s.token('demo.admin'));
    expect(admin.body.length).toBeGreaterThanOrEqual(received.length);
  });
});

describe('a run of item scans in one push', () => {
  it('decides exactly as the same scans one by one (counts, verdicts, problems, ledger)', async () => {
    const items = [
      { title: 'Cup', fnsku: 'X00RUNCUP1', upc: '4006381333931', expectedQty: 7, packSize: 6 },
      { title: 'Lid', msku: 'RUN-LID', expectedQty: 1 },
    ];
    const a = (await s.post('/api/ship/batch', { batchName: 'RUN-A', items }, client)).body.id as number;
    const b = (await s.post('/api/ship/batch', { batchName: 'RUN-B', items }, client)).body.id as number;
    const codes: [string, Record<string, unknown>][] = [
      ['X00RUNCUP1', {}],
      ['(01)14006381333938', {}],
      ['RUN-LID', {}],
      ['run-lid', { count: 3 }],
      ['UNKNOWN-RUN', {}],
      ['X00RUNCUP1', { damaged: { damageType: 'broken' } }],
      ['RUN-LID', { count: 0 }],
    ];
    const mutation = (batch: number, [code, extra]: [string, Record<string, unknown>]) => {
      const id = randomUUID();
      return {
        id,
        name: 'item.scan',
        args: { id, batchId: batch, code, scannedAt: new Date().toISOString(), ...extra },
      };
    };
    const run = await push(codes.map((c) => mutation(a, c)));
    const single: { status: string; result?: unknown; code?: string }[] = [];
    for (const c of codes) single.push(...(await push([mutation(b, c)])));
    const shape = (r: { status: string; result?: any; code?: string }) =>
      r.status === 'applied'
        ? { ...r.result, itemId: undefined, problemId: r.result.problemId ? 'problem' : undefined }
        : { status: r.status, code: r.code };
    expect(run.map(shape)).toEqual(single.map(shape));
    expect(run.at(-1)).toMatchObject({ status: 'rejected' }); // a count of 0 is refused, the rest applied
    const counts = async (id: number) =>
      (await s.get(`/api/ship/batch/${id}`, client)).body.items.map(
        (i: { receivedQty: number; damagedQty: number; status: string }) => [i.receivedQty, i.damagedQty, i.status],
      );
    expect(await counts(a)).toEqual(await counts(b));
    expect(await counts(a)).toEqual([
      [7, 1, 'received'],
      [4, 0, 'received'],
    ]);
  });
});

describe('item status changes at the desk', () => {
  it('follow the allowed transitions; anything else is a 412 saying what is allowed; clients cannot', async () => {
    const b = await s.post(
      '/api/ship/batch',
      { batchName: 'PO-STATUS', items: [{ title: 'Vase', msku: 'ST-VASE', expectedQty: 1 }] },
      client,
    );
    const itemId = b.body.items[0].id as number;
    const admin = await s.token('demo.admin');
    const change = (status: string, token = admin) =>
      s.put(`/api/inbound/shipment-items/${itemId}/status`, { status, note: 'desk' }, token);
    const shipped = await change('shipped');
    expect(shipped.status).toBe(412);
    expect(shipped.meta.error_list[0].message).toBe(
      'An item that is intransit cannot become shipped; it can become partially_delivered, delivered, returned, disposed, blocked, archived',
    );
    expect((await change('blocked')).body).toEqual({ id: itemId, status: 'blocked' });
    expect((await change('received')).body.status).toBe('received');
    expect((await change('blocked', client)).status).toBe(403);
    expect((await change('nonsense')).status).toBe(400);
    expect((await s.put('/api/inbound/shipment-items/999999/status', { status: 'blocked' }, admin)).status).toBe(404);
  });
});

describe('a photo of a damaged unit taken on the floor', () => {
  it('follows its scan through the outbox and lands on the problem the scan raised; a photo of no scan is refused', async () => {
    const b = await s.post(
      '/api/ship/batch',
      { batchName: 'PO-PHOTO', items: [{ title: 'Bowl', msku: 'PH-BOWL', expectedQty: 2 }] },
      client,
    );
    const scanId = randomUUID();
    const photoId = randomUUID();
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const [scan, photo, orphan] = await push([
      {
        id: scanId,
        name: 'item.scan',
        args: {
          id: scanId,
          batchId: b.body.id,
          code: 'PH-BOWL',
          scannedAt: new Date().toISOString(),
          damaged: { damageType: 'broken' },
        },
      },
      { id: photoId, name: 'problem.photo', args: { id: photoId, scanId, dataUrl: png } },
      { id: randomUUID(), name: 'problem.photo', args: { id: randomUUID(), scanId: randomUUID(), dataUrl: png } },
    ]);
    expect(scan.result.verdict).toBe('damaged');
    expect(photo).toMatchObject({ status: 'applied', result: { problemId: scan.result.problemId } });
    expect(orphan).toMatchObject({ status: 'rejected', code: 'not_found' });
    const problem = await s.get(`/api/problem-management/problem/${scan.result.problemId}`, client);
    expect(problem.body.photos).toHaveLength(1);
    const image = await s.started.app.request(
      `/api/problem-management/problem/${scan.result.problemId}/photos/${problem.body.photos[0].id}`,
      { headers: { authorization: `Bearer ${client}` } },
    );
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await image.arrayBuffer()).byteLength).toBe(Buffer.from(png.split(',')[1], 'base64').length);
  });
});
