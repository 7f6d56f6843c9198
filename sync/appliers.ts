/**
 * The device's half of each floor mutation, keyed by the names of domain/mutations.ts:
 *  - `apply` makes the optimistic change in the replica (inside mutate's transaction) and returns
 *    the result the screen shows at once;
 *  - `confirm` reconciles the replica with the server's result once the mutation is applied.
 * The server's half is server/sync/registry.ts; both judge with the same domain rules.
 */
import type { MutationName, MutationResult, ParsedMutationArgs } from '../domain/mutations.js';
import { dockVerdict, readDockScan } from '../domain/rules/dock-verdict.js';
import { countItemScan, itemMatches, readItemCode } from '../domain/rules/item-scan.js';
import { checkSort, unitsToSort } from '../domain/rules/sorting.js';
import { DELIVERED, EXPECTED, type MatchStatus } from '../domain/schemas/inbound.js';
import type { ReplicaTable } from '../domain/sync-protocol.js';
import type { LocalRows, OutboxEntry, ReplicaDb, RowImage } from './replica.js';
import { rowRef } from './replica.js';

/** A refusal the device can give by itself (nothing is queued). */
export class LocalRejection extends Error {
  constructor(
    readonly code: 'not_found' | 'business_rule',
    message: string,
  ) {
    super(message);
    this.name = 'LocalRejection';
  }
}

/**
 * Writes of an optimistic apply go through here, so every row a mutation changes is recorded
 * with its pre-image (to undo a refusal) and its ref (so the pull does not overwrite it).
 */
export class TrackedWrites {
  readonly images = new Map<string, RowImage>();
  constructor(readonly db: ReplicaDb) {}

  private async remember(table: ReplicaTable, key: string): Promise<void> {
    const ref = rowRef(table, key);
    if (!this.images.has(ref)) this.images.set(ref, { table, key, row: (await this.db.getRow(table, key)) ?? null });
  }

  async put<T extends ReplicaTable>(table: T, key: string, row: LocalRows[T]): Promise<void> {
    await this.remember(table, key);
    await this.db.putRow(table, row);
  }

  get touches(): string[] {
    return [...this.images.keys()];
  }
}

export interface ApplyMeta {
  id: string;
  createdAt: string;
}

export interface LocalApplier<N extends MutationName> {
  /** The replica tables the apply and confirm transactions open read-write. */
  stores: ReplicaTable[];
  apply(db: ReplicaDb, writes: TrackedWrites, args: ParsedMutationArgs<N>, meta: ApplyMeta): Promise<MutationResult<N>>;
  /** Runs after the generic settle step removed the entry from the outbox (settle.ts). */
  confirm?(
    db: ReplicaDb,
    args: ParsedMutationArgs<N>,
    server: MutationResult<N> | undefined,
    entry: OutboxEntry,
  ): Promise<void>;
}

export type LocalAppliers = { [N in MutationName]: LocalApplier<N> };

const emptyCounts = (): Record<MatchStatus, number> => ({ matched: 0, not_found: 0, duplicate: 0 });

async function openBatchOrThrow(db: ReplicaDb, id: string) {
  const batch = await db.receiveBatches.get(id);
  if (!batch) throw new LocalRejection('not_found', 'Receive batch not found on this device');
  if (batch.status !== 'open')
    throw new LocalRejection('business_rule', 'This receive batch is closed; open a new one to keep scanning');
  return batch;
}

const DOCK_APPLIERS: Pick<LocalAppliers, 'packageReceiveBatch.open' | 'packageReceiveBatch.close' | 'package.scan'> = {
  'packageReceiveBatch.open': {
    stores: ['receiveBatches'],
    async apply(db, writes, args, meta) {
      const existing = await db.receiveBatches.get(args.id);
      if (existing) return { id: existing.id, status: existing.status };
      await writes.put('receiveBatches', args.id, {
        id: args.id,
        companyId: args.companyId,
        warehouseId: args.warehouseId ?? null,
        status: 'open',
        openedAt: meta.createdAt,
        closedAt: null,
        counts: emptyCounts(),
      });
      return { id: args.id, status: 'open' };
    },
  },

  'packageReceiveBatch.close': {
    stores: ['receiveBatches'],
    async apply(db, writes, args, meta) {
      const batch = await db.receiveBatches.get(args.id);
      if (!batch) throw new LocalRejection('not_found', 'Receive batch not found on this device');
      if (batch.status !== 'closed')
        await writes.put('receiveBatches', batch.id, { ...batch, status: 'closed', closedAt: meta.createdAt });
      return { id: batch.id, status: 'closed' };
    },
  },

  /** The dock verdict (domain/rules/dock-verdict.ts), as the server gives it. */
  'package.scan': {
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
  },
};

/**
 * Item scans (domain/rules/item-scan.ts) against the batch's expected items on this device. An
 * unknown code changes nothing here: the server turns it into a problem when it arrives.
 * The item row is a tracked write, so the pull holds the server's version back until every
 * pending scan of it has been applied (pull.ts rule 2) and the counts never jump backwards.
 */
const ITEM_SCAN_APPLIER: LocalApplier<'item.scan'> = {
  stores: ['inboundItems'],
  async apply(db, writes, args) {
    const scanned = readItemCode(args.code);
    // By index: a scan reads the few items having the code, not the whole purchase order.
    const items = await db.itemsWithCodes(args.batchId, scanned.candidates);
    const item = items.sort((a, b) => Number(a.id) - Number(b.id)).find((i) => itemMatches(i, scanned));
    if (!item) {
      if (!(await db.hasBatch(args.batchId)))
        throw new LocalRejection(
          'not_found',
          'This purchase order is not on this device; connect to the network to sync it',
        );
      return { verdict: 'unknown', units: 0 };
    }
    const counted = countItemScan(item, { scanned, count: args.count, damaged: !!args.damaged });
    await writes.put('inboundItems', item.id, {
      ...item,
      receivedQty: counted.receivedQty,
      damagedQty: counted.damagedQty,
      status: counted.status,
    });
    return {
      verdict: counted.verdict,
      itemId: Number(item.id),
      title: item.title,
      units: counted.units,
      receivedQty: counted.receivedQty,
      damagedQty: counted.damagedQty,
      expectedQty: item.expectedQty,
      overReceived: counted.overReceived,
    };
  },
};

/** Sorting (domain/rules/sorting.ts): refused at once on the device when the place or the count is wrong. */
const ITEM_SORT_APPLIER: LocalApplier<'item.sort'> = {
  stores: ['inboundItems'],
  async apply(db, writes, args) {
    const item = await db.inboundItems.get(String(args.batchItemId));
    if (!item)
      throw new LocalRejection('not_found', 'This item is not on this device; connect to the network to sync it');
    const check = checkSort(item, args.quantity, args.location);
    if (!check.ok) throw new LocalRejection('business_rule', check.message);
    const next = { ...item, sortedQty: check.sortedQty, status: check.status };
    await writes.put('inboundItems', item.id, next);
    return {
      itemId: Number(item.id),
      quantity: args.quantity,
      location: check.location,
      sortedQty: check.sortedQty,
      remaining: unitsToSort(next),
      status: check.status,
    };
  },
};

/** A photo changes nothing on the device: it waits in the outbox until the server files it. */
const PROBLEM_PHOTO_APPLIER: LocalApplier<'problem.photo'> = {
  stores: [],
  apply: async () => ({}),
};

/**
 * Moves: the device cannot know every balance, so a move is recorded as provisional and the
 * server decides (a move of more than is on hand comes back in needs-attention, changing nothing).
 * What the device can judge — a closed batch — it refuses at once.
 */
const MOVE_APPLIERS: Pick<LocalAppliers, 'moveBatch.open' | 'moveBatch.close' | 'inventory.move'> = {
  'moveBatch.open': {
    stores: ['moveBatches'],
    async apply(db, writes, args) {
      const existing = await db.moveBatches.get(args.id);
      if (existing) return { id: existing.id, status: existing.status };
      await writes.put('moveBatches', args.id, {
        id: args.id,
        name: args.name,
        reason: args.reason,
        status: 'open',
        createdAt: args.openedAt,
        closedAt: null,
      });
      return { id: args.id, status: 'open' };
    },
  },
  'moveBatch.close': {
    stores: ['moveBatches'],
    async apply(db, writes, args) {
      const batch = await db.moveBatches.get(args.id);
      if (!batch) throw new LocalRejection('not_found', 'Move batch not found on this device');
      if (batch.status !== 'closed')
        await writes.put('moveBatches', batch.id, { ...batch, status: 'closed', closedAt: args.closedAt });
      return { id: batch.id, status: 'closed' };
    },
  },
  'inventory.move': {
    stores: ['moveBatches', 'inventoryMoves'],
    async apply(db, writes, args) {
      if (args.moveBatchId) {
        const batch = await db.moveBatches.get(args.moveBatchId);
        if (batch?.status === 'closed')
          throw new LocalRejection('business_rule', `Move batch ${batch.name} is closed; open a new one`);
      }
      const kind = args.productCode ? 'units' : 'lpn';
      await writes.put('inventoryMoves', args.id, {
        id: args.id,
        moveBatchId: args.moveBatchId ?? null,
        kind,
        fromCode: args.from,
        toCode: args.to,
        productKey: args.productCode ?? null,
        title: null,
        quantity: args.quantity ?? 0,
        reason: args.reason,
        at: args.movedAt,
        provisional: true,
      });
      return {
        kind,
        from: args.from,
        to: args.to,
        productKey: args.productCode ?? null,
        title: null,
        quantity: args.quantity ?? 0,
        location: args.to,
      };
    },
  },
};

export const LOCAL_APPLIERS: LocalAppliers = {
  ...DOCK_APPLIERS,
  ...MOVE_APPLIERS,
  'item.scan': ITEM_SCAN_APPLIER,
  'item.sort': ITEM_SORT_APPLIER,
  'problem.photo': PROBLEM_PHOTO_APPLIER,
};

export function applierFor<N extends MutationName>(name: N): LocalApplier<N> {
  return LOCAL_APPLIERS[name];
}
