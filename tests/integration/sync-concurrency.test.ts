/** Concurrent pushes: each push is one transaction, so two can collide on the same rows. */
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
const pushAs = (token: string, mutations: unknown[], deviceId = 'dev-1') => s.post('/api/sync/push', { deviceId, mutations }, token);

beforeAll(async () => {
  s = await TestServer.start();
  receiver = await s.token('demo.receiver');
  client = await s.signIn('demo.client');
  acmeId = client.userData.companyId;
});
afterAll(async () => s?.close());

async function openBatch(): Promise<string> {
  const id = randomUUID();
  const res = await pushAs(receiver, [{ id: randomUUID(), name: 'packageReceiveBatch.open', args: { id, companyId: acmeId } }]);
  expect(res.body.results[0]).toMatchObject({ status: 'applied' });
  return id;
}

describe('push: concurrent devices', () => {
  it('two devices scan the same 120 packages in opposite orders at once: each matches exactly once, no push fails', async () => {
    // Each push is one transaction; on PostgreSQL these two lock the same rows in opposite orders and
    // deadlock, and the push Postgres aborts is applied again one mutation per transaction.
    const numbers = Array.from({ length: 120 }, (_, i) => `XORDER${String(i).padStart(6, '0')}`);
    expect((await s.post('/api/ship/batch', { batchName: 'PO-XORDER', trackingNumbers: numbers }, client.accessToken)).status).toBe(201);
    const [batchA, batchB] = [await openBatch(), await openBatch()];
    const [a, b] = await Promise.all([
      pushAs(receiver, numbers.map((n) => scan(batchA, n)), 'dev-A'),
      pushAs(receiver, [...numbers].reverse().map((n) => scan(batchB, n)), 'dev-B'),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const verdicts = [...a.body.results, ...b.body.results].map((r: any) => `${r.status}:${r.result?.matchStatus}`);
    expect(verdicts.filter((v) => v === 'applied:matched')).toHaveLength(120);
    expect(verdicts.filter((v) => v === 'applied:duplicate')).toHaveLength(120);
    const delivered = await s.db.select().from(trackingNumbers).where(and(eq(trackingNumbers.companyId, acmeId), eq(trackingNumbers.status, 'delivered')));
    expect(delivered.filter((t) => t.normalized.startsWith('XORDER'))).toHaveLength(120);
  });
});
