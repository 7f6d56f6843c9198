/**
 * The device engine (sync/, on fake-indexeddb) against the real server and database: what a
 * receiver scans offline reaches the server once, the verdicts agree, and the pull brings the
 * server's truth (delivered packages, scan rows, counts) back into the replica.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncEngine, type SyncEngine } from '../../sync/engine.js';
import { createHttpSync, type FetchLike } from '../../sync/http.js';
import { TestServer } from '../helpers/server.js';

let s: TestServer;
let receiverToken: string;
let receiverId: number;
let acmeId: number;
let northClientToken: string;
const NUMBERS = ['1Z999AA10123456784', 'TBA123456789001', '9400100000000000000099'];

/** fetch over the in-process app; `online=false` makes it fail like a dropped Wi-Fi. */
let online = true;
const appFetch: FetchLike = async (input, init) => {
  if (!online) throw new TypeError('Failed to fetch');
  return s.started.app.request(input, init);
};

async function engineFor(token: () => string | null, userId: number, tenantKey = 'demo'): Promise<SyncEngine> {
  const http = createHttpSync({ fetch: appFetch, getToken: token });
  return createSyncEngine({
    tenantKey: `${tenantKey}-${randomUUID().slice(0, 6)}`,
    userId,
    transport: http.push,
    fetchChanges: http.fetchChanges,
    intervalMs: 0,
    windowEvents: null,
    serviceWorker: null,
    backoff: { baseMs: 1, capMs: 2 },
  });
}

beforeAll(async () => {
  s = await TestServer.start();
  const receiver = await s.signIn('demo.receiver');
  receiverToken = receiver.accessToken;
  receiverId = receiver.userData.id;
  const client = await s.signIn('demo.client');
  acmeId = client.userData.companyId;
  northClientToken = (await s.signIn('north.client')).accessToken;
  const batch = await s.post(
    '/api/ship/batch',
    { batchName: 'PO-ENGINE', trackingNumbers: NUMBERS },
    client.accessToken,
  );
  expect(batch.status).toBe(201);
});
afterAll(async () => s?.close());

describe('device engine ↔ real server', () => {
  it('pulls the clients and their expected packages into the replica', async () => {
    const engine = await engineFor(() => receiverToken, receiverId);
    try {
      await engine.pull();
      const acme = await engine.db.companies.get(acmeId);
      expect(acme?.name).toBe('Acme Sellers');
      const expected = await engine.db.expectedByNumber(acmeId, '1Z999AA10123456784');
      expect(expected).toHaveLength(1);
      // Tenancy: nothing of the other tenant arrives.
      const names = (await engine.db.companies.toArray()).map((c) => c.name);
      expect(names).not.toContain('Polar Goods');
    } finally {
      await engine.close();
    }
  });

  it('scans taken offline reach the server exactly once with the same verdicts, and come back as server rows', async () => {
    const engine = await engineFor(() => receiverToken, receiverId);
    try {
      await engine.pull();
      online = false;
      const batchId = randomUUID();
      await engine.mutate('packageReceiveBatch.open', { id: batchId, companyId: acmeId });
      const verdicts: string[] = [];
      for (const raw of [' 1z999aa10123456784 ', 'NOPE-0001', '1Z999AA10123456784', '420902109261290300090501234567']) {
        const r = await engine.mutate('package.scan', {
          id: randomUUID(),
          batchId,
          trackingNumber: raw,
          scannedAt: new Date().toISOString(),
        });
        verdicts.push(r.matchStatus);
      }
      expect(verdicts).toEqual(['matched', 'not_found', 'duplicate', 'not_found']);
      await engine.drain();
      expect(engine.status.getSnapshot().pendingCount).toBe(5);

      // Offline, the drainer backs off instead of hammering; the browser's 'online' event wakes it.
      expect(engine.status.getSnapshot().online).toBe(false);
      online = true;
      engine.wake('online');
      await engine.drain();
      await engine.refresh();
      expect(engine.status.getSnapshot().pendingCount).toBe(0);
      // Draining again (e.g. a retried request after a lost answer) changes nothing on the server.
      await engine.drain();
      const listed = await s.get(`/api/inbound/package-scan?batchId=${batchId}`, receiverToken);
      expect(listed.status).toBe(200);
      const scans = JSON.stringify(listed.body);
      expect((scans.match(/"matchStatus":"matched"/g) ?? []).length).toBe(1);
      expect((scans.match(/"matchStatus":"duplicate"/g) ?? []).length).toBe(1);
      expect((scans.match(/"matchStatus":"not_found"/g) ?? []).length).toBe(2);

      await engine.pull();
      const local = await engine.db.packageScans.where('receiveBatchId').equals(batchId).toArray();
      expect(local).toHaveLength(4);
      expect(local.every((r) => r.provisional === false)).toBe(true);
      const batch = await engine.db.receiveBatches.get(batchId);
      expect(batch?.counts).toEqual({ matched: 1, not_found: 2, duplicate: 1 });
      const [delivered] = await engine.db.expectedByNumber(acmeId, '1Z999AA10123456784');
      expect(delivered.status).toBe('delivered');
    } finally {
      online = true;
      await engine.close();
    }
  });

  it('item scans offline: the device counts from its replica, the server counts the same once, the pull confirms', async () => {
    const client = await s.signIn('demo.client');
    const po = await s.post(
      '/api/ship/batch',
      {
        batchName: 'PO-ENGINE-ITEMS',
        items: [
          { title: 'Water bottle', fnsku: 'X00ENGINE1', upc: '4006381333931', expectedQty: 24, packSize: 12 },
          { title: 'Tote bag', msku: 'TOTE-1', expectedQty: 2 },
        ],
      },
      client.accessToken,
    );
    const batchId = po.body.id as number;
    const engine = await engineFor(() => receiverToken, receiverId);
    try {
      await engine.pull();
      const items = await engine.db.inboundItems
        .where('[companyId+batchName]')
        .equals([acmeId, 'PO-ENGINE-ITEMS'])
        .toArray();
      expect(items.map((i) => i.title).sort()).toEqual(['Tote bag', 'Water bottle']);

      online = false;
      const scan = (code: string, extra: Record<string, unknown> = {}) =>
        engine.mutate('item.scan', { id: randomUUID(), batchId, code, scannedAt: new Date().toISOString(), ...extra });
      const local = [
        await scan('x00engine1'), // one unit
        await scan('(01)14006381333938'), // a case of 12 (GS1, packaging indicator 1)
        await scan('TOTE-1'),
        await scan('TOTE-1', { count: 2 }), // bulk count: over-received by 1
        await scan('TOTE-1', { damaged: { damageType: 'wet' } }),
        await scan('NOT-ON-PO-1'),
      ];
      expect(local.map((r) => [r.verdict, r.units])).toEqual([
        ['received', 1],
        ['received', 12],
        ['received', 1],
        ['over_received', 2],
        ['damaged', 1],
        ['unknown', 0],
      ]);
      const bottle = items.find((i) => i.title === 'Water bottle')!;
      expect(await engine.db.inboundItems.get(bottle.id)).toMatchObject({
        receivedQty: 13,
        status: 'partially_delivered',
      });

      online = true;
      engine.wake('online');
      await engine.drain();
      await engine.drain();
      const server = await s.get(`/api/ship/batch/${batchId}`, receiverToken);
      const byTitle = Object.fromEntries(
        (server.body.items as { title: string; receivedQty: number; damagedQty: number; status: string }[]).map((i) => [
          i.title,
          i,
        ]),
      );
      expect(byTitle['Water bottle']).toMatchObject({ receivedQty: 13, damagedQty: 0, status: 'partially_delivered' });
      expect(byTitle['Tote bag']).toMatchObject({ receivedQty: 3, damagedQty: 1, status: 'received' });
      const problems = await s.get('/api/problem-management/problem?pageSize=100', receiverToken);
      const mine = (problems.body.content as { code: string | null; type: string; itemTitle: string | null }[]).filter(
        (p) => p.code === 'NOT-ON-PO-1' || p.itemTitle === 'Tote bag',
      );
      expect(mine.map((p) => p.type).sort()).toEqual(['damaged', 'item_mismatch']);

      await engine.pull();
      const tote = (await engine.db.itemsOfBatch(batchId)).find((i) => i.title === 'Tote bag');
      expect(tote).toMatchObject({ receivedQty: 3, damagedQty: 1, status: 'received' });
    } finally {
      online = true;
      await engine.close();
    }
  });

  it("a client user's scans are refused by the server and land in needs-attention, undone locally", async () => {
    const north = await s.signIn('north.client');
    const engine = await engineFor(() => northClientToken, north.userData.id, 'north');
    try {
      await engine.mutate('packageReceiveBatch.open', { id: randomUUID(), companyId: north.userData.companyId });
      await engine.drain();
      await engine.refresh();
      const attention = await engine.needsAttention();
      expect(attention).toHaveLength(1);
      expect(attention[0].message.length).toBeGreaterThan(0);
      expect(engine.status.getSnapshot()).toMatchObject({ pendingCount: 0, needsAttentionCount: 1 });
      expect(await engine.db.receiveBatches.count()).toBe(0);
    } finally {
      await engine.close();
    }
  });

  it('a signed-out device keeps its scans and sends them after sign-in', async () => {
    let token: string | null = null;
    const engine = await engineFor(() => token, receiverId);
    try {
      const batchId = randomUUID();
      await engine.mutate('packageReceiveBatch.open', { id: batchId, companyId: acmeId });
      await engine.drain();
      await engine.refresh();
      expect(engine.status.getSnapshot().pendingCount).toBe(1);
      token = receiverToken;
      engine.resumeAfterAuth();
      await engine.drain();
      await engine.refresh();
      expect(engine.status.getSnapshot().pendingCount).toBe(0);
      const listed = await s.get(`/api/inbound/package-scan?batchId=${batchId}`, receiverToken);
      expect(listed.status).toBe(200);
    } finally {
      await engine.close();
    }
  });
});
