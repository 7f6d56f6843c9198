import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { packageScans, trackingNumbers } from '../../server/db/schema/index.js';

let s: TestServer;
let receiver: string;
let client: any;
let acmeId: number;

const scan = (batchId: string, trackingNumber: string, id = randomUUID()) => ({
  id,
  name: 'package.scan',
  args: { id, batchId, trackingNumber, scannedAt: new Date().toISOString() },
  createdAt: new Date().toISOString(),
});
const open = (companyId: number, id = randomUUID()) => ({
  id: randomUUID(),
  name: 'packageReceiveBatch.open',
  args: { id, companyId },
});
const pushAs = (token: string, mutations: unknown[], deviceId = 'dev-1') =>
  s.post('/api/sync/push', { deviceId, mutations }, token);

beforeAll(async () => {
  s = await TestServer.start();
  receiver = await s.token('demo.receiver');
  client = await s.signIn('demo.client');
  acmeId = client.userData.companyId;
  const batch = await s.post(
    '/api/ship/batch',
    {
      batchName: 'PO-1001',
      trackingNumbers: [
        '1Z999AA10123456784',
        'TBA123456789000',
        '420902109261290300090501234567',
        '9400100000000000000001',
      ],
    },
    client.accessToken,
  );
  expect(batch.status).toBe(201);
});
afterAll(async () => s?.close());

async function openBatch(): Promise<string> {
  const m = open(acmeId);
  const res = await pushAs(receiver, [m]);
  expect(res.body.results[0]).toMatchObject({ status: 'applied' });
  return (m.args as { id: string }).id;
}

describe('push: exactly once', () => {
  it('applies a scan and answers the verdict; the same mutation again changes nothing', async () => {
    const batchId = await openBatch();
    const m = scan(batchId, ' 1z999aa10123456784 ');
    const first = await pushAs(receiver, [m]);
    expect(first.body.results).toEqual([
      { id: m.id, status: 'applied', result: expect.objectContaining({ matchStatus: 'matched' }) },
    ]);
    const again = await pushAs(receiver, [m]);
    expect(again.body.results[0]).toEqual(first.body.results[0]);
    const rows = await s.db.select().from(packageScans).where(eq(packageScans.id, m.id));
    expect(rows).toHaveLength(1);
    const [t] = await s.db.select().from(trackingNumbers).where(eq(trackingNumbers.normalized, '1Z999AA10123456784'));
    expect(t.status).toBe('delivered');
  });

  it('the same mutation pushed concurrently from two devices has one effect and one answer', async () => {
    const batchId = await openBatch();
    const m = scan(batchId, 'TBA123456789000');
    const [a, b] = await Promise.all([pushAs(receiver, [m], 'dev-A'), pushAs(receiver, [m], 'dev-B')]);
    expect(a.body.results[0].status).toBe('applied');
    expect(b.body.results[0]).toEqual(a.body.results[0]);
    expect(await s.db.select().from(packageScans).where(eq(packageScans.id, m.id))).toHaveLength(1);
  });

  it('two different scans of one package: one matched, the other duplicate', async () => {
    const batchId = await openBatch();
    // USPS label barcode with the 420+ZIP prefix normalises to the announced number.
    const [x, y] = [scan(batchId, '420902109261290300090501234567'), scan(batchId, '9261290300090501234567')];
    const res = await pushAs(receiver, [x, y]);
    expect(res.body.results.map((r: any) => r.result.matchStatus)).toEqual(['matched', 'duplicate']);
    const unknown = await pushAs(receiver, [scan(batchId, 'ZZ-NOT-EXPECTED-1')]);
    expect(unknown.body.results[0].result.matchStatus).toBe('not_found');
  });

  it('a bad mutation in the middle of a batch is rejected alone, in order', async () => {
    const batchId = await openBatch();
    const good1 = scan(batchId, '9400100000000000000001');
    const bad = { id: randomUUID(), name: 'package.scan', args: { batchId, trackingNumber: '' } };
    const unknownName = { id: randomUUID(), name: 'package.teleport', args: {} };
    const closed = scan(randomUUID(), 'NOPE-BATCH-0001');
    const good2 = scan(batchId, 'ANOTHER-UNKNOWN-2');
    const res = await pushAs(receiver, [good1, bad, unknownName, closed, good2]);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: any) => [r.id, r.status, r.code])).toEqual([
      [good1.id, 'applied', undefined],
      [bad.id, 'rejected', 'validation'],
      [unknownName.id, 'rejected', 'unknown_mutation'],
      [closed.id, 'rejected', 'not_found'],
      [good2.id, 'applied', undefined],
    ]);
    expect(res.body.results[1].message).toMatch(/Tracking number/);
  });

  it("a client user's package.scan is rejected (forbidden) and stores nothing", async () => {
    const batchId = await openBatch();
    const m = scan(batchId, 'CLIENT-TRY-0001');
    const res = await pushAs(client.accessToken, [m]);
    expect(res.body.results[0]).toMatchObject({ status: 'rejected', code: 'forbidden' });
    expect(await s.db.select().from(packageScans).where(eq(packageScans.id, m.id))).toHaveLength(0);
  });

  it('a scan into a closed receive batch is a business-rule rejection', async () => {
    const batchId = await openBatch();
    const close = { id: randomUUID(), name: 'packageReceiveBatch.close', args: { id: batchId } };
    expect((await pushAs(receiver, [close])).body.results[0].status).toBe('applied');
    const res = await pushAs(receiver, [scan(batchId, 'LATE-PACKAGE-01')]);
    expect(res.body.results[0]).toMatchObject({ status: 'rejected', code: 'business_rule' });
  });

  it('validates the push envelope itself', async () => {
    expect((await s.post('/api/sync/push', { mutations: [] }, receiver)).status).toBe(400);
    expect(
      (await s.post('/api/sync/push', { deviceId: 'd', mutations: [{ id: 'not-a-uuid', name: 'x' }] }, receiver))
        .status,
    ).toBe(400);
    expect((await s.post('/api/sync/push', { deviceId: 'd', mutations: [] })).status).toBe(401);
  });
});

describe('pull: change feed with cursor, paging and tombstones', () => {
  it('pages through the tenant feed in order; the cursor moves forward', async () => {
    let cursor = 0;
    const seen: any[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await s.get(`/api/sync/pull?cursor=${cursor}&limit=3`, receiver);
      expect(res.status).toBe(200);
      expect(res.body.changes.length).toBeLessThanOrEqual(3);
      if (res.body.changes.length) expect(res.body.cursor).toBeGreaterThan(cursor);
      seen.push(...res.body.changes);
      cursor = res.body.cursor;
      if (!res.body.hasMore) break;
    }
    const tables = new Set(seen.map((c) => c.table));
    expect([...tables].sort()).toEqual(['companies', 'expectedPackages', 'packageScans', 'receiveBatches']);
    const delivered = seen.filter((c) => c.table === 'expectedPackages' && c.row.status === 'delivered');
    expect(delivered.map((c) => c.row.trackingNumber)).toEqual(
      expect.arrayContaining(['1Z999AA10123456784', 'TBA123456789000']),
    );
    const again = await s.get(`/api/sync/pull?cursor=${cursor}`, receiver);
    expect(again.body).toEqual({ cursor, hasMore: false, changes: [] });
  });

  it('a withdrawn batch arrives as tombstones', async () => {
    const head = (await s.get('/api/sync/pull?cursor=0&limit=5000', receiver)).body.cursor;
    const b = await s.post(
      '/api/ship/batch',
      { batchName: 'PO-GONE', trackingNumbers: ['GONE-0001', 'GONE-0002'] },
      client.accessToken,
    );
    expect((await s.del(`/api/ship/batch/${b.body.id}`, client.accessToken)).status).toBe(200);
    const res = await s.get(`/api/sync/pull?cursor=${head}`, receiver);
    const ops = res.body.changes.map((c: any) => `${c.op}:${c.table}`);
    expect(ops).toEqual([
      'put:expectedPackages',
      'put:expectedPackages',
      'delete:expectedPackages',
      'delete:expectedPackages',
    ]);
    expect(res.body.changes[2]).not.toHaveProperty('row');
    // A batch with a received package cannot be withdrawn.
    const first = await s.get('/api/ship/batch?q=PO-1001', client.accessToken);
    expect((await s.del(`/api/ship/batch/${first.body.content[0].id}`, client.accessToken)).status).toBe(412);
  });

  it("a client's users pull only their company's rows; another tenant pulls none of these", async () => {
    const res = await s.get('/api/sync/pull?cursor=0&limit=5000', client.accessToken);
    expect(res.body.changes.length).toBeGreaterThan(0);
    for (const c of res.body.changes) {
      expect(['companies', 'expectedPackages']).toContain(c.table);
      if (c.row) expect(c.row.companyId ?? c.row.id).toBe(acmeId);
    }
    const north = await s.get('/api/sync/pull?cursor=0&limit=5000', await s.token('north.admin'));
    expect(north.body.changes.every((c: any) => c.table === 'companies' && c.row.name === 'Polar Goods')).toBe(true);
  });
});

describe('inbound REST around the dock', () => {
  it('batches: clients create for themselves; warehouse staff must name the client', async () => {
    const admin = await s.token('demo.admin');
    expect((await s.post('/api/ship/batch', { batchName: 'W-1', trackingNumbers: ['W1-000001'] }, admin)).status).toBe(
      400,
    );
    const made = await s.post(
      '/api/ship/batch',
      { batchName: 'W-1', companyId: acmeId, trackingNumbers: ['W1-000001', 'w1-000001 '] },
      admin,
    );
    expect(made.status).toBe(201);
    expect(made.body.trackingNumbers).toHaveLength(1);
    expect(
      (await s.post('/api/ship/batch', { batchName: 'W-1', companyId: acmeId, trackingNumbers: ['X1-000001'] }, admin))
        .status,
    ).toBe(409);
    const other = await s.signIn('demo.client2');
    expect((await s.get(`/api/ship/batch/${made.body.id}`, other.accessToken)).status).toBe(404);
    expect((await s.get('/api/ship/batch', other.accessToken)).body.totalElements).toBe(0);
    expect(
      (
        await s.post(
          '/api/ship/batch',
          { batchName: 'Sneaky', companyId: acmeId, trackingNumbers: ['S-000001'] },
          other.accessToken,
        )
      ).status,
    ).toBe(404);
  });

  it('delivered packages: filters, and a client sees its packages turn delivered', async () => {
    const all = await s.get('/api/inbound/delivered-packages?filter=ALL&pageSize=200', client.accessToken);
    expect(all.status).toBe(200);
    const byNumber = Object.fromEntries(all.body.content.map((r: any) => [r.trackingNumber, r.delivery]));
    expect(byNumber['1Z999AA10123456784']).toBe('DELIVERED');
    expect(byNumber['W1-000001']).toBe('NOT_DELIVERED');
    const notFound = await s.get('/api/inbound/delivered-packages?filter=NOT_FOUND&pageSize=200', receiver);
    expect(notFound.body.content.map((r: any) => r.trackingNumber)).toEqual(
      expect.arrayContaining(['ZZ-NOT-EXPECTED-1']),
    );
    const delivered = await s.get('/api/inbound/delivered-packages?filter=DELIVERED&pageSize=200', receiver);
    expect(delivered.body.content.every((r: any) => r.delivery === 'DELIVERED')).toBe(true);
    expect(delivered.body.totalElements).toBe(4);
    expect((await s.get('/api/inbound/delivered-packages?filter=SOMETIMES', receiver)).status).toBe(400);
    const otherClient = await s.get('/api/inbound/delivered-packages?filter=ALL', await s.token('demo.client2'));
    expect(otherClient.body.totalElements).toBe(0);
  });

  it("package-scan list answers a batch's scans with counts; REST scan applies the same rule", async () => {
    const batchId = await openBatch();
    const rest = await s.post(
      '/api/inbound/package-scan',
      { id: randomUUID(), batchId, trackingNumber: 'W1-000001', scannedAt: new Date().toISOString() },
      receiver,
    );
    expect(rest.status).toBe(201);
    expect(rest.body.matchStatus).toBe('matched');
    const list = await s.get(`/api/inbound/package-scan?batchId=${batchId}`, receiver);
    expect(list.body.counts).toEqual({ matched: 1, not_found: 0, duplicate: 0 });
    expect((await s.get(`/api/inbound/package-scan?batchId=${batchId}`, client.accessToken)).status).toBe(403);
    const rb = await s.get('/api/inbound/package-receive-batch?pageSize=50', receiver);
    expect(rb.body.content.find((b: any) => b.id === batchId).scans).toBe(1);
    const [row] = await s.db
      .select()
      .from(trackingNumbers)
      .where(and(eq(trackingNumbers.normalized, 'W1-000001')));
    expect(row.status).toBe('delivered');
  });
});
