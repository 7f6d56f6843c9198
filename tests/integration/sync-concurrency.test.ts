/**
 * Pushes of many scans: a run of scans into one receive batch is applied set-based, and must
 * decide exactly as one by one would; each push is one transaction, so two can collide.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingNumbers } from '../../server/db/schema/index.js';
import { TestServer } from '../helpers/server.js';

let s: TestServer;
let receiver: string;
let client: any;
let acmeId: number;

const scan = (batchId: string, trackingNumber: string, id = randomUUID()) => ({
  id,
  name: 'package.scan',
  args: { id, batchId, trackingNumber, scannedAt: new Date().toISOString() },
});
const pushAs = (token: string, mutations: unknown[], deviceId = 'dev-1') =>
  s.post('/api/sync/push', { deviceId, mutations }, token);

beforeAll(async () => {
  s = await TestServer.start();
  receiver = await s.token('demo.receiver');
  client = await s.signIn('demo.client');
  acmeId = client.userData.companyId;
});
afterAll(async () => s?.close());

async function openBatch(): Promise<string> {
  const id = randomUUID();
  const res = await pushAs(receiver, [
    { id: randomUUID(), name: 'packageReceiveBatch.open', args: { id, companyId: acmeId } },
  ]);
  expect(res.body.results[0]).toMatchObject({ status: 'applied' });
  return id;
}

describe('push: concurrent devices', () => {
  it('two devices scan the same 120 packages in opposite orders at once: each matches exactly once, no push fails', async () => {
    // Each push is one transaction and its scans are claimed together in one statement.
    const numbers = Array.from({ length: 120 }, (_, i) => `XORDER${String(i).padStart(6, '0')}`);
    expect(
      (await s.post('/api/ship/batch', { batchName: 'PO-XORDER', trackingNumbers: numbers }, client.accessToken))
        .status,
    ).toBe(201);
    const [batchA, batchB] = [await openBatch(), await openBatch()];
    const [a, b] = await Promise.all([
      pushAs(
        receiver,
        numbers.map((n) => scan(batchA, n)),
        'dev-A',
      ),
      pushAs(
        receiver,
        [...numbers].reverse().map((n) => scan(batchB, n)),
        'dev-B',
      ),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const verdicts = [...a.body.results, ...b.body.results].map((r: any) => `${r.status}:${r.result?.matchStatus}`);
    expect(verdicts.filter((v) => v === 'applied:matched')).toHaveLength(120);
    expect(verdicts.filter((v) => v === 'applied:duplicate')).toHaveLength(120);
    const delivered = await s.db
      .select()
      .from(trackingNumbers)
      .where(and(eq(trackingNumbers.companyId, acmeId), eq(trackingNumbers.status, 'delivered')));
    expect(delivered.filter((t) => t.normalized.startsWith('XORDER'))).toHaveLength(120);
  });

  it('scans applied one by one in opposite orders (alternating receive batches): no deadlock reaches the device', async () => {
    // Alternating batches defeat the set-based run, so each scan locks its row in its own savepoint.
    // Pushes take the change-feed lock first and queue; a deadlock would be retried per mutation.
    const numbers = Array.from({ length: 80 }, (_, i) => `XALT${String(i).padStart(6, '0')}`);
    expect(
      (await s.post('/api/ship/batch', { batchName: 'PO-XALT', trackingNumbers: numbers }, client.accessToken)).status,
    ).toBe(201);
    const [a1, a2, b1, b2] = [await openBatch(), await openBatch(), await openBatch(), await openBatch()];
    const [a, b] = await Promise.all([
      pushAs(
        receiver,
        numbers.map((n, i) => scan(i % 2 ? a2 : a1, n)),
        'dev-A',
      ),
      pushAs(
        receiver,
        [...numbers].reverse().map((n, i) => scan(i % 2 ? b2 : b1, n)),
        'dev-B',
      ),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const verdicts = [...a.body.results, ...b.body.results].map((r: any) => `${r.status}:${r.result?.matchStatus}`);
    expect(verdicts.filter((v) => v === 'applied:matched')).toHaveLength(80);
    expect(verdicts.filter((v) => v === 'applied:duplicate')).toHaveLength(80);
  });
});

describe('push: a run of scans decides as one by one would', () => {
  it('duplicates within the run and with earlier scans, delivered-before, not found, and a bad number rejected alone', async () => {
    expect(
      (
        await s.post(
          '/api/ship/batch',
          { batchName: 'PO-RUN', trackingNumbers: ['RUN-0001', 'RUN-0002', 'RUN-0003'] },
          client.accessToken,
        )
      ).status,
    ).toBe(201);
    const earlier = await openBatch();
    expect((await pushAs(receiver, [scan(earlier, 'RUN-0003')])).body.results[0].result.matchStatus).toBe('matched');
    const batchId = await openBatch();
    const first = scan(batchId, 'run-0001');
    const mutations = [
      first,
      scan(batchId, 'RUN-0001'), // same package again in this run
      scan(batchId, 'RUN-0003'), // delivered in another receive batch before
      scan(batchId, 'NOPE-4242'), // nothing expects it
      scan(batchId, '#-'), // too short after normalisation: rejected alone
      scan(batchId, 'RUN-0002'),
      first, // the same mutation twice in one push applies once
    ];
    const res = await pushAs(receiver, mutations);
    expect(res.status).toBe(200);
    expect(
      res.body.results.map((r: any) => (r.status === 'applied' ? r.result.matchStatus : `${r.status}:${r.code}`)),
    ).toEqual(['matched', 'duplicate', 'duplicate', 'not_found', 'rejected:validation', 'matched', 'matched']);
    expect(res.body.results[6]).toEqual(res.body.results[0]);
    const list = await s.get(`/api/inbound/package-scan?batchId=${batchId}`, receiver);
    expect(list.body.counts).toEqual({ matched: 2, duplicate: 2, not_found: 1 });
    // Pushed again (a retry after a lost answer): every answer is the recorded one, nothing new stored.
    const retry = await pushAs(receiver, mutations);
    expect(retry.body.results.filter((r: any) => r.status === 'applied')).toEqual(
      res.body.results.filter((r: any) => r.status === 'applied'),
    );
    expect((await s.get(`/api/inbound/package-scan?batchId=${batchId}`, receiver)).body.scans).toHaveLength(5);
    const [t] = await s.db
      .select()
      .from(trackingNumbers)
      .where(and(eq(trackingNumbers.normalized, 'RUN-0001'), eq(trackingNumbers.companyId, acmeId)));
    expect(t.deliveredScanId).toBe(first.id);
  });

  it("a run into another tenant's or an unknown receive batch is refused scan by scan, storing nothing", async () => {
    const ghost = randomUUID();
    const res = await pushAs(receiver, [scan(ghost, 'RUN-9001'), scan(ghost, 'RUN-9002')]);
    expect(res.body.results.map((r: any) => `${r.status}:${r.code}`)).toEqual([
      'rejected:not_found',
      'rejected:not_found',
    ]);
  });
});
