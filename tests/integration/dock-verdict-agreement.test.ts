/**
 * One dock rule (issue 16): on random runs of scans — repeats, expected and delivered numbers,
 * numbers nobody announced, codes too short to be tracking numbers, in any case and with stray
 * spaces — the server (the sync push on the real database) and the device (the scan screen's
 * instant prediction, and the rule over the replica's facts) give the same verdict to every scan.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeDockScans } from '../../domain/rules/dock-verdict.js';
import { normaliseTrackingNumber } from '../../domain/rules/tracking-number.js';
import { DockVerdictCache } from '../../sync/mutations/package-scan.js';
import { TestServer } from '../helpers/server.js';

let s: TestServer;
let client: string;
let receiver: string;
let companyId: number;
let run = 0;

beforeAll(async () => {
  s = await TestServer.start();
  const c = await s.signIn('demo.client');
  client = c.accessToken;
  companyId = c.userData.companyId;
  receiver = await s.token('demo.receiver');
});
afterAll(() => s.close());

type Verdict = string; // matched | duplicate | not_found | refused

async function push(mutations: { name: string; args: Record<string, unknown> }[]) {
  const res = await s.post(
    '/api/sync/push',
    {
      deviceId: 'agreement',
      mutations: mutations.map((m) => ({ id: randomUUID(), createdAt: new Date().toISOString(), ...m })),
    },
    receiver,
  );
  expect(res.status).toBe(200);
  return res.body.results as { status: string; result?: { matchStatus: string } }[];
}

/** Every scan's verdict from the server, pushed as one run (the set-based path) after opening a batch. */
async function serverVerdicts(raws: string[]): Promise<Verdict[]> {
  const batchId = randomUUID();
  const scannedAt = new Date().toISOString();
  const results = await push([
    { name: 'packageReceiveBatch.open', args: { id: batchId, companyId } },
    ...raws.map((trackingNumber) => ({
      name: 'package.scan',
      args: { id: randomUUID(), batchId, trackingNumber, scannedAt },
    })),
  ]);
  return results.slice(1).map((r) => (r.status === 'applied' ? r.result!.matchStatus : 'refused'));
}

const scanVariant = fc.constantFrom<(n: string) => string>(
  (n) => n,
  (n) => n.toLowerCase(),
  (n) => `  ${n} `,
);

describe('server and device agree on the dock verdict', () => {
  it('for random runs of scans', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 3 }),
        fc.array(fc.tuple(fc.nat(40), scanVariant), { minLength: 1, maxLength: 14 }),
        async (expectedCount, deliveredCount, picks) => {
          const prefix = `1ZAG${String(++run).padStart(4, '0')}`;
          const expected = Array.from({ length: expectedCount }, (_, i) => `${prefix}E${i}`);
          const delivered = Array.from({ length: deliveredCount }, (_, i) => `${prefix}D${i}`);
          const unknown = [`${prefix}U0`, `${prefix}U1`];
          const pool = [...expected, ...delivered, ...unknown, '12', 'ab '];
          const announced = await s.post(
            '/api/ship/batch',
            { batchName: `AGREE-${run}`, trackingNumbers: [...expected, ...delivered] },
            client,
          );
          expect(announced.status).toBe(201);
          if (delivered.length) expect(await serverVerdicts(delivered)).toEqual(delivered.map(() => 'matched'));

          const raws = picks.map(([i, variant]) => variant(pool[i % pool.length]));
          const server = await serverVerdicts(raws);

          // The device: the screen's prediction over the replica's rows, scan by scan…
          const cache = new DockVerdictCache();
          cache.load(
            [
              ...expected.map((trackingNumber) => ({ trackingNumber, status: 'expected' })),
              ...delivered.map((trackingNumber) => ({ trackingNumber, status: 'delivered' })),
            ],
            [],
          );
          const predicted = raws.map((raw) => {
            const p = cache.predict(raw);
            if (!p) return 'refused';
            cache.record(p.number, p.status);
            return p.status;
          });
          // …and the rule itself over the same facts, as one run.
          const ruled = judgeDockScans(raws, {
            scanned: new Set(),
            expected: new Set(expected),
            known: new Set([...expected, ...delivered].map(normaliseTrackingNumber)),
          }).map((j) => ('verdict' in j ? j.verdict : 'refused'));

          expect(predicted).toEqual(server);
          expect(ruled).toEqual(server);
        },
      ),
      { numRuns: 25 },
    );
  });
});
