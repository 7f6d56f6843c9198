import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { LocalRejection } from '../../sync/mutations/index.js';
import { CLIENT, iso, makeEngine, OTHER_CLIENT, uuid, type TestEngine } from './helpers.js';

let t: TestEngine;
afterEach(async () => t?.engine.close());

/** An engine whose replica holds the client's announced numbers, with the network down. */
async function dockOffline(): Promise<{ t: TestEngine; batchId: string }> {
  t = await makeEngine();
  t.server.addCompany(CLIENT);
  t.server.addCompany(OTHER_CLIENT);
  t.server.announce(CLIENT.id, ['1Z999AA10123456784', '9400111899223197428490', '1001901781990001000300617767839437']);
  t.server.announce(OTHER_CLIENT.id, ['TBA304958671000']);
  await t.engine.pull();
  t.server.online = false;
  const batchId = uuid();
  await t.engine.mutate('packageReceiveBatch.open', { id: batchId, companyId: CLIENT.id });
  return { t, batchId };
}

const scan = (batchId: string, trackingNumber: string) =>
  t.engine.mutate('package.scan', { id: uuid(), batchId, trackingNumber, scannedAt: iso() });

describe('mutate: optimistic package.scan verdicts (offline)', () => {
  it('matched, not_found and duplicate, from the replica alone', async () => {
    const { batchId } = await dockOffline();
    expect(await scan(batchId, '1Z999AA10123456784')).toEqual({ matchStatus: 'matched' });
    expect(await scan(batchId, '1Z999AA10123456784')).toEqual({ matchStatus: 'duplicate' }); // same batch
    expect(await scan(batchId, 'NOPE12345')).toEqual({ matchStatus: 'not_found' });
    // Another client's number is not this batch's client's: not found.
    expect(await scan(batchId, 'TBA304958671000')).toEqual({ matchStatus: 'not_found' });

    const expected = await t.engine.db.expectedPackages.where('trackingNumber').equals('1Z999AA10123456784').first();
    expect(expected).toMatchObject({ status: 'delivered', deliveredAt: iso() });
    const batch = await t.engine.db.receiveBatches.get(batchId);
    expect(batch?.counts).toEqual({ matched: 1, not_found: 2, duplicate: 1 });
    const scans = await t.engine.db.packageScans.where('receiveBatchId').equals(batchId).toArray();
    expect(scans).toHaveLength(4);
    expect(scans.every((s) => s.provisional)).toBe(true);
    // Nothing was sent: all five mutations wait in the outbox, in order.
    await t.engine.refresh();
    expect(t.engine.status.getSnapshot().pendingCount).toBe(5);
    expect((await t.engine.db.outbox.orderBy('seq').toArray()).map((e) => e.name)).toEqual([
      'packageReceiveBatch.open',
      'package.scan',
      'package.scan',
      'package.scan',
      'package.scan',
    ]);
  });

  it('a package delivered in an earlier batch is a duplicate in a new one', async () => {
    const { batchId } = await dockOffline();
    await scan(batchId, '1Z999AA10123456784');
    const second = uuid();
    await t.engine.mutate('packageReceiveBatch.open', { id: second, companyId: CLIENT.id });
    expect(await scan(second, '1Z999AA10123456784')).toEqual({ matchStatus: 'duplicate' });
  });

  it('normalises locally: case, spaces, 420+ZIP prefix and long FedEx barcodes', async () => {
    const { batchId } = await dockOffline();
    expect(await scan(batchId, '  1z999aa10123456784 ')).toEqual({ matchStatus: 'matched' });
    // The replica stores the normalised form the server sent: the 34-digit barcode's last 12.
    expect(await scan(batchId, '617767839437')).toEqual({ matchStatus: 'matched' });
    // USPS label with its 420+ZIP prefix finds the plain IMpb number... of a different value here.
    expect(await scan(batchId, '420902109400111899223197428490')).toEqual({ matchStatus: 'not_found' });
    expect(await scan(batchId, '9400111899223197428490')).toEqual({ matchStatus: 'matched' });
    const rows = await t.engine.db.packageScans.where('receiveBatchId').equals(batchId).toArray();
    // The args schema trims (so the outbox and server see the same value); the case stays raw.
    const first = rows.find((r) => r.rawTrackingNumber === '1z999aa10123456784');
    expect(first?.trackingNumber).toBe('1Z999AA10123456784');
  });

  it('validates with the domain schema and writes nothing when invalid', async () => {
    const { batchId } = await dockOffline();
    const before = await t.engine.db.outbox.count();
    await expect(
      t.engine.mutate('package.scan', {
        id: 'not-a-uuid',
        batchId,
        trackingNumber: '1Z999AA10123456784',
        scannedAt: iso(),
      }),
    ).rejects.toBeInstanceOf(ZodError);
    await expect(
      t.engine.mutate('package.scan', { id: uuid(), batchId, trackingNumber: 'x'.repeat(81), scannedAt: iso() }),
    ).rejects.toBeInstanceOf(ZodError);
    expect(await t.engine.db.outbox.count()).toBe(before);
  });

  it('refuses on the device what can never succeed: unknown or closed batch (one transaction, nothing left behind)', async () => {
    const { batchId } = await dockOffline();
    await expect(scan(uuid(), '1Z999AA10123456784')).rejects.toBeInstanceOf(LocalRejection);
    await t.engine.mutate('packageReceiveBatch.close', { id: batchId });
    await expect(scan(batchId, '1Z999AA10123456784')).rejects.toThrow(/closed/);
    expect(await t.engine.db.packageScans.count()).toBe(0);
    expect(await t.engine.db.expectedPackages.filter((e) => e.status === 'delivered').count()).toBe(0);
    expect(await t.engine.db.outbox.count()).toBe(2); // open + close only
  });

  it('looks a number up among 20,000 expected packages by index, fast', async () => {
    t = await makeEngine();
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      id: String(i + 1),
      batchId: 1,
      companyId: CLIENT.id,
      trackingNumber: `TN${String(i).padStart(12, '0')}`,
      status: 'expected',
      deliveredAt: null,
    }));
    await t.engine.db.expectedPackages.bulkPut(rows);
    t.server.online = false;
    const batchId = uuid();
    await t.engine.mutate('packageReceiveBatch.open', { id: batchId, companyId: CLIENT.id });
    const started = performance.now();
    for (let i = 0; i < 50; i++)
      expect((await scan(batchId, `tn${String(i * 397).padStart(12, '0')}`)).matchStatus).toBe('matched');
    const perScan = (performance.now() - started) / 50;
    expect(perScan).toBeLessThan(50); // fake-indexeddb; far less in Chromium
  });
});

describe('server verdicts replace the provisional ones', () => {
  it('marks the scan confirmed, and records when the server disagreed', async () => {
    const { batchId } = await dockOffline();
    const a = uuid();
    const b = uuid();
    await t.engine.mutate('package.scan', { id: a, batchId, trackingNumber: '1Z999AA10123456784', scannedAt: iso() });
    await t.engine.mutate('package.scan', { id: b, batchId, trackingNumber: 'LATE0000001', scannedAt: iso() });
    // Meanwhile the client announced LATE0000001 on the server: the device could not know.
    t.server.announce(CLIENT.id, ['LATE0000001']);
    t.server.online = true;
    t.engine.wake('online');
    await t.engine.drain();

    expect(await t.engine.db.packageScans.get(a)).toMatchObject({
      matchStatus: 'matched',
      provisional: false,
      serverMatchStatus: 'matched',
      differed: false,
    });
    expect(await t.engine.db.packageScans.get(b)).toMatchObject({
      matchStatus: 'matched',
      localMatchStatus: 'not_found',
      provisional: false,
      differed: true,
    });
    expect((await t.engine.db.receiveBatches.get(batchId))?.counts).toEqual({ matched: 2, not_found: 0, duplicate: 0 });
    expect(t.engine.status.getSnapshot().pendingCount).toBe(0);
  });

  it('gives the expected package back when the server did not grant the device’s match', async () => {
    const { batchId } = await dockOffline();
    const id = uuid();
    await t.engine.mutate('package.scan', { id, batchId, trackingNumber: '1Z999AA10123456784', scannedAt: iso() });
    // Another dock delivered it first on the server.
    const onServer = [...t.server.expected.values()].find((e) => e.trackingNumber === '1Z999AA10123456784');
    t.server.expected.set(onServer!.id, { ...onServer!, status: 'delivered', deliveredAt: iso(1) });
    t.server.online = true;
    t.engine.wake('online');
    await t.engine.drain();
    expect(await t.engine.db.packageScans.get(id)).toMatchObject({
      matchStatus: 'duplicate',
      differed: true,
      provisional: false,
    });
    expect(await t.engine.db.expectedPackages.get(onServer!.id)).toMatchObject({
      status: 'expected',
      deliveredAt: null,
    });
  });
});
