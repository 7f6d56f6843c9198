/**
 * What each replica table needs beyond storing the server's row, in one map keyed by the
 * protocol's tables (a table added to domain/sync-protocol.ts without its rules here fails to
 * compile): how a server row becomes the device's row (device-only fields merged), and which
 * receive batch's counts a row feeds. pull.ts and settle.ts stay generic.
 */
import type { ReplicaTable, ReplicaWireRow } from '../domain/sync-protocol.js';
import { itemCodes, type LocalRows } from './replica.js';

export interface TableRules<T extends ReplicaTable> {
  toLocal: (wire: ReplicaWireRow<T>, existing: LocalRows[T] | undefined) => LocalRows[T];
  /** The local row carries device-only fields: the pull reads it before writing the server's. */
  merged?: true;
  /** The receive batch whose counts (the dock's tiles) this row feeds, recounted after a page. */
  countsOf?: (row: LocalRows[T]) => string;
}

export const TABLE_RULES: { [T in ReplicaTable]: TableRules<T> } = {
  companies: { toLocal: (w) => w },
  expectedPackages: { toLocal: (w) => w },
  receiveBatches: {
    toLocal: (w, e) => ({ ...w, counts: e?.counts ?? { matched: 0, not_found: 0, duplicate: 0 } }),
    merged: true,
    countsOf: (row) => row.id,
  },
  packageScans: {
    toLocal: (w, e) =>
      e
        ? {
            ...e,
            ...w,
            serverMatchStatus: w.matchStatus,
            differed: e.localMatchStatus !== undefined && e.localMatchStatus !== w.matchStatus,
          }
        : w,
    merged: true,
    countsOf: (row) => row.receiveBatchId,
  },
  inboundItems: { toLocal: (w) => ({ ...w, codes: itemCodes(w) }) },
  moveBatches: { toLocal: (w) => w },
  inventoryMoves: { toLocal: (w) => ({ ...w, provisional: false }) },
  locations: { toLocal: (w) => w },
  lpns: { toLocal: (w) => w },
  benchPlans: { toLocal: (w) => w },
  benchLines: { toLocal: (w) => w },
  benchBoxes: { toLocal: (w) => w },
  benchBoxItems: { toLocal: (w) => w },
  pickBatches: { toLocal: (w) => w },
  pickLines: { toLocal: (w) => w },
};
