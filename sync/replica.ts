/**
 * The device's IndexedDB, through Dexie — the one file of sync/ that knows Dexie (ARCHITECTURE.md:
 * one adapter per side-effect library). It owns the schema, the indexes and every query that
 * depends on them; outbox.ts, pull.ts and the mutations (sync/mutations/) call the methods below.
 *
 * One database per tenant and user (`dockside-<tenantKey>-<userId>`): two people sharing a
 * handheld never see each other's pending scans, and signing out deletes nothing.
 */
import Dexie, { type EntityTable, type Table } from 'dexie';
import type { MutationName } from '../domain/mutations.js';
import type {
  ExpectedPackageRow,
  InboundItemRow,
  MatchStatus,
  PackageScanRow,
  ReceiveBatchRow,
} from '../domain/schemas/inbound.js';
import type { CompanyRow, RejectionCode, ReplicaTable } from '../domain/sync-protocol.js';
import type { MoveBatchRow, MoveRow } from '../domain/schemas/inventory.js';
import type { LocationRow } from '../domain/schemas/locations.js';
import type { LpnRow } from '../domain/schemas/lpn.js';
import type { BenchBoxItemRow, BenchBoxRow, BenchLineRow, BenchPlanRow } from '../domain/schemas/bench.js';
import type { PickBatchRow, PickLineRow } from '../domain/schemas/fbm-pick.js';

// ---- Rows ---------------------------------------------------------------------------------

export type BatchCounts = Record<MatchStatus, number>;
/** `counts` is derived on the device from packageScans (never sent by the server). */
export type LocalReceiveBatch = ReceiveBatchRow & { counts: BatchCounts };
export type LocalPackageScan = PackageScanRow & {
  /** The number as scanned, before normalisation (trackingNumber is normalised). */
  rawTrackingNumber?: string;
  /** The verdict the device gave when it scanned. */
  localMatchStatus?: MatchStatus;
  /** The server's verdict once the scan is applied; `differed` when it overruled the device. */
  serverMatchStatus?: MatchStatus;
  differed?: boolean;
};

/** `codes`: the item's codes upper-cased, derived on the device for the scan's index lookup. */
export type LocalInboundItem = InboundItemRow & { codes: string[] };
export const itemCodes = (i: Pick<InboundItemRow, 'fnsku' | 'asin' | 'msku' | 'upc'>): string[] => [
  ...new Set([i.fnsku, i.asin, i.msku, i.upc].filter((c): c is string => !!c).map((c) => c.toUpperCase())),
];

/** A move as the device knows it: `provisional` until the server's row replaces it. */
export type LocalInventoryMove = MoveRow & { provisional?: boolean };

export interface LocalRows {
  moveBatches: MoveBatchRow;
  inventoryMoves: LocalInventoryMove;
  companies: CompanyRow;
  expectedPackages: ExpectedPackageRow;
  receiveBatches: LocalReceiveBatch;
  packageScans: LocalPackageScan;
  inboundItems: LocalInboundItem;
  locations: LocationRow;
  lpns: LpnRow;
  benchPlans: BenchPlanRow;
  benchLines: BenchLineRow;
  benchBoxes: BenchBoxRow;
  benchBoxItems: BenchBoxItemRow;
  pickBatches: PickBatchRow;
  pickLines: PickLineRow;
}
export type LocalRow = LocalRows[ReplicaTable];

/** A row as it was before a pending mutation changed it (null = it did not exist). */
export interface RowImage {
  table: ReplicaTable;
  key: string;
  row: LocalRow | null;
}

export interface OutboxEntry {
  /** Auto-increment: the send order. */
  seq?: number;
  id: string;
  name: MutationName;
  args: unknown;
  createdAt: string;
  deviceId: string;
  attempts: number;
  lastError: string | null;
  /** `table:key` of each replica row the optimistic apply wrote (see pull.ts, rule 2). */
  touches: string[];
  /** Pre-images of those rows, to undo the optimistic change if the server refuses it. */
  undo: RowImage[];
  localResult: unknown;
}

export interface NeedsAttentionEntry {
  id: string;
  name: MutationName;
  args: unknown;
  createdAt: string;
  deviceId: string;
  attempts: number;
  code: RejectionCode | `http_${number}`;
  message: string;
  rejectedAt: string;
}

export interface SyncMeta {
  id: 'sync';
  cursor: number;
  deviceId: string;
  lastSyncAt: string | null;
}

/** A server row held back because a pending mutation touches it (pull.ts, rule 2). */
export interface DeferredChange {
  ref: string;
  table: ReplicaTable;
  key: string;
  /** The server's row as pulled (validated), or null for a tombstone. */
  row: Record<string, unknown> | null;
}

export type StoreName = ReplicaTable | 'outbox' | 'needsAttention' | 'meta' | 'deferred';
export const ENGINE_STORES: StoreName[] = ['outbox', 'needsAttention', 'meta', 'deferred'];

export const rowRef = (table: ReplicaTable, key: string): string => `${table}:${key}`;

// ---- Schema -------------------------------------------------------------------------------

/**
 * Indexes, chosen for the dock's hot path (one scan = a few point lookups among 20,000+ rows):
 *  - expectedPackages `[companyId+trackingNumber]`: a scan matches only the receive batch's
 *    client, so the lookup is one compound-key probe; `trackingNumber` alone serves search.
 *  - packageScans `[receiveBatchId+trackingNumber]`: "already scanned in this batch";
 *    `[receiveBatchId+matchStatus]`: the batch's counts by index count, no row reads.
 *  - outbox `++seq` orders sending; `&id` finds an entry by mutation id; `*touches` (multi-entry)
 *    tells the pull which rows have pending mutations.
 */
const SCHEMA_V1: Record<
  Exclude<
    StoreName,
    | 'inboundItems'
    | 'moveBatches'
    | 'inventoryMoves'
    | 'locations'
    | 'lpns'
    | 'benchPlans'
    | 'benchLines'
    | 'benchBoxes'
    | 'benchBoxItems'
    | 'pickBatches'
    | 'pickLines'
  >,
  string
> = {
  outbox: '++seq, &id, *touches',
  needsAttention: 'id, rejectedAt',
  meta: 'id',
  deferred: 'ref',
  companies: 'id, accountNo, name',
  expectedPackages: 'id, [companyId+trackingNumber], trackingNumber, batchId',
  receiveBatches: 'id, companyId, status',
  packageScans: 'id, receiveBatchId, trackingNumber, [receiveBatchId+trackingNumber], [receiveBatchId+matchStatus]',
};

/**
 * v2 adds the expected items of purchase orders (package scan of items): `batchId` lists a
 * batch's items (a handful to a few thousand: the scan matches among them in memory),
 * `[companyId+batchName]` opens a batch by the name on its paperwork.
 */
const SCHEMA_V2: Partial<Record<StoreName, string>> = { inboundItems: 'id, batchId, [companyId+batchName]' };
/** v3: `*codes` (multi-entry) finds a scanned item by any of its codes without reading the batch. */
const SCHEMA_V3: Partial<Record<StoreName, string>> = { inboundItems: 'id, batchId, [companyId+batchName], *codes' };

/** v4: moves on the floor, grouped in move batches (`moveBatchId` lists a batch's moves). */
const SCHEMA_V4: Partial<Record<StoreName, string>> = {
  moveBatches: 'id, status, createdAt',
  inventoryMoves: 'id, moveBatchId, at',
};

/** v5: the warehouse's locations and LPNs, keyed by code, so a move screen knows a code offline. */
const SCHEMA_V5: Partial<Record<StoreName, string>> = { locations: 'id', lpns: 'id, locationCode' };

/**
 * v6: the packer's bench — plans at the bench, their lines (`*codes` finds a scanned unit's line by
 * index), boxes by plan and box contents by box and by plan.
 */
const SCHEMA_V6: Partial<Record<StoreName, string>> = {
  benchPlans: 'id, step',
  benchLines: 'id, planId, *codes',
  benchBoxes: 'id, planId',
  benchBoxItems: 'id, boxId, planId',
};

/** v7: the FBM picker's batches and their lines in walking order (`*codes` finds a scanned item's lines). */
const SCHEMA_V7: Partial<Record<StoreName, string>> = {
  pickBatches: 'id, status',
  pickLines: 'id, batchId, *codes',
};

/** Primary keys travel as text on the wire; companies are keyed by their integer id. */
const NUMERIC_KEY: Record<ReplicaTable, boolean> = {
  companies: true,
  expectedPackages: false,
  receiveBatches: false,
  packageScans: false,
  inboundItems: false,
  moveBatches: false,
  inventoryMoves: false,
  locations: false,
  lpns: false,
  benchPlans: true,
  benchLines: true,
  benchBoxes: false,
  benchBoxItems: false,
  pickBatches: true,
  pickLines: true,
};
type DbKey = string | number;
const dbKey = (table: ReplicaTable, key: string): DbKey => (NUMERIC_KEY[table] ? Number(key) : key);
export const keyOfRow = (row: LocalRow): string => String(row.id);

export const replicaDbName = (tenantKey: string, userId: string | number): string => `dockside-${tenantKey}-${userId}`;

export class ReplicaDb extends Dexie {
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  needsAttention!: EntityTable<NeedsAttentionEntry, 'id'>;
  meta!: EntityTable<SyncMeta, 'id'>;
  deferred!: EntityTable<DeferredChange, 'ref'>;
  companies!: EntityTable<CompanyRow, 'id'>;
  expectedPackages!: EntityTable<ExpectedPackageRow, 'id'>;
  receiveBatches!: EntityTable<LocalReceiveBatch, 'id'>;
  packageScans!: EntityTable<LocalPackageScan, 'id'>;
  inboundItems!: EntityTable<LocalInboundItem, 'id'>;
  moveBatches!: EntityTable<MoveBatchRow, 'id'>;
  inventoryMoves!: EntityTable<LocalInventoryMove, 'id'>;
  locations!: EntityTable<LocationRow, 'id'>;
  lpns!: EntityTable<LpnRow, 'id'>;
  benchPlans!: EntityTable<BenchPlanRow, 'id'>;
  benchLines!: EntityTable<BenchLineRow, 'id'>;
  benchBoxes!: EntityTable<BenchBoxRow, 'id'>;
  benchBoxItems!: EntityTable<BenchBoxItemRow, 'id'>;
  pickBatches!: EntityTable<PickBatchRow, 'id'>;
  pickLines!: EntityTable<PickLineRow, 'id'>;

  constructor(name: string) {
    super(name);
    this.version(1).stores(SCHEMA_V1);
    // A device that synced before v2 is past the changes that created its items: pull from the
    // start once (puts are idempotent; pending outbox entries are kept).
    this.version(2)
      .stores(SCHEMA_V2)
      .upgrade((tx) => tx.table('meta').toCollection().modify({ cursor: 0 }));
    this.version(3)
      .stores(SCHEMA_V3)
      .upgrade((tx) =>
        tx
          .table('inboundItems')
          .toCollection()
          .modify((i: LocalInboundItem) => {
            i.codes = itemCodes(i);
          }),
      );
    this.version(4)
      .stores(SCHEMA_V4)
      .upgrade((tx) => tx.table('meta').toCollection().modify({ cursor: 0 }));
    this.version(5)
      .stores(SCHEMA_V5)
      .upgrade((tx) => tx.table('meta').toCollection().modify({ cursor: 0 }));
    this.version(6)
      .stores(SCHEMA_V6)
      .upgrade((tx) => tx.table('meta').toCollection().modify({ cursor: 0 }));
    this.version(7)
      .stores(SCHEMA_V7)
      .upgrade((tx) => tx.table('meta').toCollection().modify({ cursor: 0 }));
  }

  /**
   * Run `fn` in one IndexedDB transaction; only awaits of this database may happen inside.
   * The scope is always an `async` function: Dexie follows native awaits through nested async
   * calls only from an async scope (a plain arrow returning a promise commits too early).
   */
  transact<T>(mode: 'r' | 'rw', stores: StoreName[], fn: () => Promise<T>): Promise<T> {
    return this.transaction(mode, stores, async () => await fn());
  }

  // The generic accessors cast once here: Dexie's table type is per table, ReplicaTable a union.
  private replicaTable<T extends ReplicaTable>(table: T): Table<LocalRows[T], DbKey> {
    return this.table(table) as Table<LocalRows[T], DbKey>;
  }

  getRow<T extends ReplicaTable>(table: T, key: string): Promise<LocalRows[T] | undefined> {
    return this.replicaTable(table).get(dbKey(table, key));
  }

  async putRow<T extends ReplicaTable>(table: T, row: LocalRows[T]): Promise<void> {
    await this.replicaTable(table).put(row);
  }

  async deleteRow(table: ReplicaTable, key: string): Promise<void> {
    await this.replicaTable(table).delete(dbKey(table, key));
  }

  /** Write a row image: the row, or its absence. */
  async writeImage(image: RowImage): Promise<void> {
    if (image.row) await this.replicaTable(image.table).put(image.row);
    else await this.deleteRow(image.table, image.key);
  }

  async getRows<T extends ReplicaTable>(table: T, keys: string[]): Promise<(LocalRows[T] | undefined)[]> {
    return this.replicaTable(table).bulkGet(keys.map((k) => dbKey(table, k)));
  }

  async bulkApply<T extends ReplicaTable>(table: T, puts: LocalRows[T][], deletes: string[]): Promise<void> {
    if (deletes.length) await this.replicaTable(table).bulkDelete(deletes.map((k) => dbKey(table, k)));
    if (puts.length) await this.replicaTable(table).bulkPut(puts);
  }

  // ---- Dock lookups ----

  expectedByNumber(companyId: number, trackingNumber: string): Promise<ExpectedPackageRow[]> {
    return this.expectedPackages.where('[companyId+trackingNumber]').equals([companyId, trackingNumber]).toArray();
  }

  scanInBatch(receiveBatchId: string, trackingNumber: string): Promise<LocalPackageScan | undefined> {
    return this.packageScans.where('[receiveBatchId+trackingNumber]').equals([receiveBatchId, trackingNumber]).first();
  }

  /** Recompute a receive batch's counts from its scans (index counts, no row reads). */
  async recount(receiveBatchIds: Iterable<string>): Promise<void> {
    for (const id of new Set(receiveBatchIds)) {
      const batch = await this.receiveBatches.get(id);
      if (!batch) continue;
      const counts: BatchCounts = { matched: 0, not_found: 0, duplicate: 0 };
      for (const status of Object.keys(counts) as MatchStatus[]) {
        counts[status] = await this.packageScans.where('[receiveBatchId+matchStatus]').equals([id, status]).count();
      }
      await this.receiveBatches.put({ ...batch, counts });
    }
  }

  /** The expected items of one purchase order. */
  itemsOfBatch(batchId: number): Promise<LocalInboundItem[]> {
    return this.inboundItems.where('batchId').equals(batchId).toArray();
  }

  /** Items of a purchase order having any of these (upper-case) codes, by index. */
  async itemsWithCodes(batchId: number, codes: string[]): Promise<LocalInboundItem[]> {
    const rows = await this.inboundItems.where('codes').anyOf(codes).toArray();
    return rows.filter((r) => r.batchId === batchId);
  }

  /** Whether the device holds any item of this purchase order. */
  async hasBatch(batchId: number): Promise<boolean> {
    return (await this.inboundItems.where('batchId').equals(batchId).limit(1).count()) > 0;
  }

  // ---- Moves ----

  /** A move batch's moves, newest first. */
  async movesOfBatch(moveBatchId: string): Promise<LocalInventoryMove[]> {
    const rows = await this.inventoryMoves.where('moveBatchId').equals(moveBatchId).toArray();
    return rows.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  }

  // ---- The bench ----

  /** A plan's lines, boxes and box contents, read together (one plan is tens of lines, hundreds of boxes). */
  async benchOf(planId: number): Promise<{ lines: BenchLineRow[]; boxes: BenchBoxRow[]; items: BenchBoxItemRow[] }> {
    const [lines, boxes, items] = await Promise.all([
      this.benchLines.where('planId').equals(planId).toArray(),
      this.benchBoxes.where('planId').equals(planId).toArray(),
      this.benchBoxItems.where('planId').equals(planId).toArray(),
    ]);
    return { lines, boxes: boxes.sort((a, b) => a.boxNo - b.boxNo), items };
  }

  // ---- Outbox ----

  async appendOutbox(entry: OutboxEntry): Promise<void> {
    const { seq: _ignored, ...rest } = entry;
    await this.outbox.add(rest);
  }

  oldestOutbox(limit: number): Promise<OutboxEntry[]> {
    return this.outbox.orderBy('seq').limit(limit).toArray();
  }

  outboxEntry(id: string): Promise<OutboxEntry | undefined> {
    return this.outbox.where('id').equals(id).first();
  }

  async removeOutbox(ids: string[]): Promise<void> {
    await this.outbox.where('id').anyOf(ids).delete();
  }

  async recordAttempt(ids: string[], lastError: string | null): Promise<void> {
    await this.outbox
      .where('id')
      .anyOf(ids)
      .modify((e) => {
        e.attempts += 1;
        e.lastError = lastError;
      });
  }

  async recordError(ids: string[], lastError: string): Promise<void> {
    await this.outbox.where('id').anyOf(ids).modify({ lastError });
  }

  /** Of the given row refs, those a pending outbox entry touches. */
  async pendingRefs(refs: string[]): Promise<Set<string>> {
    if (refs.length === 0 || (await this.outbox.count()) === 0) return new Set();
    const wanted = new Set(refs);
    const entries = await this.outbox.where('touches').anyOf(refs).toArray();
    return new Set(entries.flatMap((e) => e.touches).filter((r) => wanted.has(r)));
  }

  /** Pending entries after `seq` that touch `ref`, oldest first. */
  laterTouching(ref: string, seq: number): Promise<OutboxEntry[]> {
    return this.outbox
      .where('touches')
      .equals(ref)
      .filter((e) => (e.seq ?? 0) > seq)
      .sortBy('seq');
  }

  async replaceOutbox(entry: OutboxEntry): Promise<void> {
    await this.outbox.put(entry);
  }

  /** Forget parked server rows that a newer, directly applied change replaced. */
  async dropDeferred(refs: string[]): Promise<void> {
    if (refs.length === 0 || (await this.deferred.count()) === 0) return;
    await this.deferred.bulkDelete(refs);
  }

  // ---- Meta ----

  async readMeta(): Promise<SyncMeta | undefined> {
    return this.meta.get('sync');
  }

  async writeMeta(patch: Partial<Omit<SyncMeta, 'id'>>): Promise<SyncMeta> {
    const current = (await this.meta.get('sync')) ?? { id: 'sync', cursor: 0, deviceId: '', lastSyncAt: null };
    const next: SyncMeta = { ...current, ...patch, id: 'sync' };
    await this.meta.put(next);
    return next;
  }
}

export function openReplica(tenantKey: string, userId: string | number): ReplicaDb {
  return new ReplicaDb(replicaDbName(tenantKey, userId));
}
