import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { PullResponse } from '../../domain/sync-protocol.js';
import { CLIENT, iso, makeEngine, openBatch, OTHER_CLIENT, uuid, type TestEngine } from './helpers.js';
import { FakeServer } from './fake-server.js';

let t: TestEngine;
afterEach(async () => t?.engine.close());

describe('pull: paging, cursor, tombstones', () => {
  it('loops while hasMore, one page per request, and stores the cursor', async () => {
    const server = new FakeServer();
    server.addCompany(CLIENT);
    server.announce(
      CLIENT.id,
      Array.from({ length: 2_499 }, (_, i) => `EXP${String(i).padStart(9, '0')}`),
    );
    const cursors: number[] = [];
    t = await makeEngine(server, {
      fetchChanges: (cursor) => {
        cursors.push(cursor);
        return server.pull(cursor, 1_000);
      },
    });
    const report = await t.engine.pull();
    expect(cursors).toEqual([0, 1_000, 2_000]);
    expect(report).toMatchObject({ pages: 3, applied: 2_500, deferred: 0, invalid: 0, cursor: 2_500 });
    expect(await t.engine.db.expectedPackages.count()).toBe(2_499);
    expect(await t.engine.db.companies.get(CLIENT.id)).toMatchObject({
      name: CLIENT.name,
      accountNo: CLIENT.accountNo,
    });
    expect((await t.engine.db.readMeta())?.cursor).toBe(2_500);

    // Nothing new: one request from the stored cursor, nothing applied.
    cursors.length = 0;
    expect(await t.engine.pull()).toMatchObject({ pages: 1, applied: 0 });
    expect(cursors).toEqual([2_500]);
  });

  it('applies tombstones, and the last change to a key within a page wins', async () => {
    t = await makeEngine();
    const [a, b] = t.server.announce(CLIENT.id, ['KEEP00001', 'GONE00002']);
    await t.engine.pull();
    t.server.removeExpected(b.id);
    t.server.removeExpected(a.id);
    t.server.announce(CLIENT.id, ['NEW000003']);
    await t.engine.pull();
    expect((await t.engine.db.expectedPackages.toArray()).map((e) => e.trackingNumber)).toEqual(['NEW000003']);

    // Within one page: put then delete of the same key = deleted; delete then put = present.
    const page: PullResponse = {
      cursor: 99,
      hasMore: false,
      changes: [
        { table: 'companies', op: 'put', key: '5', row: { id: 5, name: 'A', accountNo: null, audience: 'Customer' } },
        { table: 'companies', op: 'delete', key: '5' },
        { table: 'companies', op: 'delete', key: '6' },
        { table: 'companies', op: 'put', key: '6', row: { id: 6, name: 'B', accountNo: 'B-6', audience: 'Customer' } },
      ],
    };
    await t.engine.close();
    t = await makeEngine(new FakeServer(), { fetchChanges: async () => page });
    await t.engine.pull();
    expect(await t.engine.db.companies.toArray()).toEqual([
      { id: 6, name: 'B', accountNo: 'B-6', audience: 'Customer' },
    ]);
  });

  it('skips rows that do not fit their schema (and says so), without stopping the pull', async () => {
    const page: PullResponse = {
      cursor: 3,
      hasMore: false,
      changes: [
        { table: 'companies', op: 'put', key: '1', row: { id: 'not a number' } },
        { table: 'companies', op: 'put', key: '2', row: { id: 2, name: 'Ok', accountNo: null, audience: 'Customer' } },
      ],
    };
    t = await makeEngine(new FakeServer(), { fetchChanges: async () => page });
    expect(await t.engine.pull()).toMatchObject({ applied: 1, invalid: 1, cursor: 3 });
  });

  it('a failed page leaves the cursor where the last applied page put it', async () => {
    const server = new FakeServer();
    server.announce(
      CLIENT.id,
      Array.from({ length: 30 }, (_, i) => `P${String(i).padStart(8, '0')}`),
    );
    let calls = 0;
    t = await makeEngine(server, {
      fetchChanges: (cursor) => {
        if (++calls === 2) throw new TypeError('Failed to fetch');
        return server.pull(cursor, 10);
      },
    });
    await expect(t.engine.pull()).rejects.toThrow('Failed to fetch');
    expect((await t.engine.db.readMeta())?.cursor).toBe(10);
    expect(await t.engine.pull()).toMatchObject({ pages: 2, cursor: 30 });
    expect(await t.engine.db.expectedPackages.count()).toBe(30);
  });
});

describe('pull: rows with pending mutations keep the device’s version', () => {
  it('parks the server row while the scan is pending, then applies the server’s truth', async () => {
    t = await makeEngine();
    const [pkg] = t.server.announce(CLIENT.id, ['1Z999AA10123456784']);
    await t.engine.pull();
    const batchId = await openBatch(t);
    t.server.online = false;
    const scanId = uuid();
    expect(
      await t.engine.mutate('package.scan', {
        id: scanId,
        batchId,
        trackingNumber: '1Z999AA10123456784',
        scannedAt: iso(5),
      }),
    ).toEqual({ matchStatus: 'matched' });
    await t.engine.drain(); // fails: offline, backs off

    // The desk edits the expected package on the server (e.g. it moved batch): a newer row.
    t.server.online = true;
    t.server.expected.set(pkg.id, { ...pkg, batchId: 2 });
    t.server.feed.push({
      seq: t.server.feed.length + 1,
      change: { table: 'expectedPackages', op: 'put', key: pkg.id, row: { ...pkg, batchId: 2 } },
    });
    const report = await t.engine.pull();
    expect(report.deferred).toBe(1);
    // Rule 2: the device's optimistic "delivered" stays visible.
    expect(await t.engine.db.expectedPackages.get(pkg.id)).toMatchObject({ status: 'delivered', batchId: 1 });
    expect(await t.engine.db.deferred.count()).toBe(1);

    // Rule 3: once the scan is applied, the parked row is applied; the next pull brings the rest.
    t.engine.wake('online');
    await t.engine.drain();
    expect(await t.engine.db.deferred.count()).toBe(0);
    expect(await t.engine.db.expectedPackages.get(pkg.id)).toMatchObject({ batchId: 2 });
    await t.engine.pull();
    expect(await t.engine.db.expectedPackages.get(pkg.id)).toMatchObject({
      status: 'delivered',
      batchId: 2,
      deliveredAt: iso(5),
    });
    expect(await t.engine.db.packageScans.get(scanId)).toMatchObject({
      provisional: false,
      matchStatus: 'matched',
      rawTrackingNumber: '1Z999AA10123456784',
    });
    expect((await t.engine.db.receiveBatches.get(batchId))?.counts).toEqual({ matched: 1, not_found: 0, duplicate: 0 });
  });

  it('a refused mutation gives way to the parked server row (a tombstone here)', async () => {
    t = await makeEngine();
    const [pkg] = t.server.announce(CLIENT.id, ['TBA304958671000']);
    await t.engine.pull();
    const batchId = await openBatch(t);
    t.server.online = false;
    await t.engine.mutate('package.scan', { id: uuid(), batchId, trackingNumber: 'TBA304958671000', scannedAt: iso() });
    await t.engine.drain();
    t.server.online = true;
    t.server.removeExpected(pkg.id); // the client withdrew it
    await t.engine.pull();
    expect(await t.engine.db.expectedPackages.get(pkg.id)).toBeDefined(); // parked
    const [entry] = await t.engine.db.outbox.toArray();
    t.server.rejectIds.add(entry.id);
    t.engine.wake('online');
    await t.engine.drain();
    expect(await t.engine.db.expectedPackages.get(pkg.id)).toBeUndefined();
    expect(await t.engine.db.deferred.count()).toBe(0);
  });

  it('rows of other clients and other tables are applied as they come', async () => {
    t = await makeEngine();
    t.server.announce(CLIENT.id, ['A0000001']);
    await t.engine.pull();
    const batchId = await openBatch(t);
    t.server.online = false;
    await t.engine.mutate('package.scan', { id: uuid(), batchId, trackingNumber: 'A0000001', scannedAt: iso() });
    await t.engine.drain();
    t.server.online = true;
    t.server.announce(OTHER_CLIENT.id, ['B0000001']);
    t.server.addCompany(OTHER_CLIENT);
    // The receive batch (its open was applied before), the other client's package and company.
    expect(await t.engine.pull()).toMatchObject({ applied: 3, deferred: 0 });
    expect(await t.engine.db.expectedPackages.filter((e) => e.trackingNumber === 'A0000001').first()).toMatchObject({
      status: 'delivered',
    });
  });
});
