/**
 * A package scanned at the dock: the dock verdict (domain/rules/dock-verdict.ts) as the server
 * gives it, applied to the replica; confirmed or corrected by the server's verdict.
 */
import { dockVerdict, readDockScan } from '../../domain/rules/dock-verdict.js';
import { DELIVERED, EXPECTED } from '../../domain/schemas/inbound.js';
import type { MatchStatus } from '../../domain/schemas/inbound.js';
import type { ReplicaDb } from '../replica.js';
import { LocalRejection, type LocalApplier } from './types.js';

async function openBatchOrThrow(db: ReplicaDb, id: string) {
  const batch = await db.receiveBatches.get(id);
  if (!batch) throw new LocalRejection('not_found', 'Receive batch not found on this device');
  if (batch.status !== 'open')
    throw new LocalRejection('business_rule', 'This receive batch is closed; open a new one to keep scanning');
  return batch;
}

export const packageScan: LocalApplier<'package.scan'> = {
  stores: ['receiveBatches', 'packageScans', 'expectedPackages'],
  async apply(db, writes, args) {
    const batch = await openBatchOrThrow(db, args.batchId);
    const { number, ok } = readDockScan(args.trackingNumber);
    if (!ok) throw new LocalRejection('business_rule', 'Tracking number too short after normalisation');

    const alreadyScanned = !!(await db.scanInBatch(batch.id, number));
    const candidates = alreadyScanned ? [] : await db.expectedByNumber(batch.companyId, number);
    const matchStatus = dockVerdict(
      alreadyScanned,
      candidates.map((c) => c.status),
    );
    if (matchStatus === 'matched') {
      const expected = candidates.find((c) => c.status === EXPECTED)!;
      await writes.put('expectedPackages', expected.id, {
        ...expected,
        status: DELIVERED,
        deliveredAt: args.scannedAt,
      });
    }
    await writes.put('packageScans', args.id, {
      id: args.id,
      receiveBatchId: batch.id,
      trackingNumber: number,
      rawTrackingNumber: args.trackingNumber,
      matchStatus,
      localMatchStatus: matchStatus,
      provisional: true,
      scannedAt: args.scannedAt,
    });
    // Counts are derived, not a tracked write: every scan of a batch would otherwise "touch"
    // the batch row and hold back the server's version of it.
    await db.receiveBatches.put({
      ...batch,
      counts: { ...batch.counts, [matchStatus]: batch.counts[matchStatus] + 1 },
    });
    return { matchStatus };
  },

  async confirm(db, args, server, entry) {
    const scan = await db.packageScans.get(args.id);
    if (!scan || !server) return;
    const local = scan.localMatchStatus ?? scan.matchStatus;
    await db.packageScans.put({
      ...scan,
      matchStatus: server.matchStatus,
      serverMatchStatus: server.matchStatus,
      provisional: false,
      differed: local !== server.matchStatus,
    });
    if (local === 'matched' && server.matchStatus !== 'matched') {
      // The device claimed an expected package the server did not give it: put the package back
      // as it was (a server row parked for it, if any, is applied after this by settle.ts).
      for (const image of entry.undo) if (image.table === 'expectedPackages') await db.writeImage(image);
    } else if (local !== 'matched' && server.matchStatus === 'matched') {
      const batch = await db.receiveBatches.get(scan.receiveBatchId);
      const expected =
        batch && (await db.expectedByNumber(batch.companyId, scan.trackingNumber)).find((c) => c.status === EXPECTED);
      if (expected) await db.expectedPackages.put({ ...expected, status: DELIVERED, deliveredAt: scan.scannedAt });
    }
    await db.recount([scan.receiveBatchId]);
  },
};

/**
 * The mutation's `predict`: the scan screen's in-memory picture of one receive batch: the client's announced numbers and
 * what this batch already scanned. It answers the dock verdict synchronously, so the tone, the
 * flash and the panel change in the frame of the scan; the device's transaction (and later the
 * server) confirm it, and the screen corrects itself in the rare case they differ.
 */
export class DockVerdictCache {
  /** Normalised number → statuses of the client's expected packages with that number. */
  private expected = new Map<string, string[]>();
  private scanned = new Set<string>();

  load(expected: Iterable<{ trackingNumber: string; status: string }>, scannedNumbers: Iterable<string>): void {
    this.expected.clear();
    for (const row of expected) {
      const list = this.expected.get(row.trackingNumber);
      if (list) list.push(row.status);
      else this.expected.set(row.trackingNumber, [row.status]);
    }
    this.scanned = new Set(scannedNumbers);
  }

  /** The verdict the device will give, or null when the code cannot be a tracking number. */
  predict(raw: string): { number: string; status: MatchStatus } | null {
    const { number, ok } = readDockScan(raw);
    if (!ok) return null;
    return { number, status: dockVerdict(this.scanned.has(number), this.expected.get(number) ?? []) };
  }

  /** Take a scan into the picture (so the next scan of the same number is a duplicate). */
  record(number: string, status: MatchStatus): void {
    this.scanned.add(number);
    if (status === 'matched') {
      const list = this.expected.get(number);
      const i = list?.indexOf('expected') ?? -1;
      if (list && i >= 0) list[i] = 'delivered';
    }
  }
}
