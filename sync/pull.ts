/**
 * The pull — protocol step 4. `GET /api/sync/pull?cursor=N` (through an injected fetcher) returns
 * the changes of the user's scope after N; pages are fetched while `hasMore`. Each page is applied
 * in ONE transaction together with its cursor, so a crash between pages neither loses a change
 * nor applies one twice.
 *
 * Conflict rules (deterministic, and the same on every device):
 *  1. A change to a row no pending outbox mutation touches is applied as it comes; within a page
 *     the last change to a key wins (the feed is in sequence order).
 *  2. A change to a row a pending mutation touches is NOT applied: the device's optimistic
 *     version stays visible, and the server row is parked in `deferred` (latest wins).
 *  3. When the last pending mutation touching the row leaves the outbox — applied, or refused
 *     and undone — the parked server row is applied (settle.ts). The server is the authority;
 *     the device only ever shows its own unconfirmed work on top of it.
 *  4. Device-only fields survive a server row: a receive batch's counts are recomputed from its
 *     scans; a scan keeps its raw number and the verdict the device gave.
 */
import type { Change, PullResponse, ReplicaTable } from '../domain/sync-protocol.js';
import { parseReplicaRow, pullResponseSchema, REPLICA_TABLES } from '../domain/sync-protocol.js';
import type { LocalRows, ReplicaDb } from './replica.js';
import { rowRef } from './replica.js';
import { TABLE_RULES, type TableRules } from './tables.js';
import type { StatusStore } from './status.js';

export type ChangeFetcher = (cursor: number) => Promise<PullResponse>;

export interface PullReport {
  pages: number;
  applied: number;
  deferred: number;
  /** Rows that did not fit their table's schema (skipped, reported so it can be noticed). */
  invalid: number;
  cursor: number;
}

/**
 * Write one server row (or tombstone) the way a page would (rule 4); used when settle.ts
 * releases a parked row.
 */
export async function applyServerRow<T extends ReplicaTable>(
  db: ReplicaDb,
  table: T,
  key: string,
  row: Record<string, unknown> | null,
): Promise<void> {
  const before = await db.getRow(table, key);
  const wire = row ? parseReplicaRow(table, row) : null;
  if (row && !wire) return;
  const rules: TableRules<T> = TABLE_RULES[table];
  const batchIds = new Set<string>();
  if (before && rules.countsOf) batchIds.add(rules.countsOf(before));
  if (wire) {
    const local = rules.toLocal(wire, before);
    if (rules.countsOf) batchIds.add(rules.countsOf(local));
    await db.putRow(table, local);
  } else await db.deleteRow(table, key);
  await db.recount(batchIds);
}

interface PageTally {
  applied: number;
  deferred: number;
  invalid: number;
}

/** Rule 1's "last change to a key wins", keeping the feed order of the survivors. */
function lastPerKey(changes: Change[]): Map<string, Change> {
  const latest = new Map<string, Change>();
  for (const c of changes) {
    const ref = rowRef(c.table, c.key);
    latest.delete(ref);
    latest.set(ref, c);
  }
  return latest;
}

async function applyTable<T extends ReplicaTable>(
  db: ReplicaDb,
  table: T,
  changes: Change[],
  tally: PageTally,
  batchIds: Set<string>,
): Promise<void> {
  const rules: TableRules<T> = TABLE_RULES[table];
  const keys = changes.map((c) => c.key);
  const existing = rules.merged ? await db.getRows(table, keys) : [];
  const puts: LocalRows[T][] = [];
  const deletes: string[] = [];
  changes.forEach((c, i) => {
    const before = existing[i];
    if (before && rules.countsOf) batchIds.add(rules.countsOf(before));
    if (c.op === 'delete') {
      deletes.push(c.key);
      return;
    }
    const wire = parseReplicaRow(table, c.row);
    if (!wire) {
      tally.invalid++;
      return;
    }
    const row = rules.toLocal(wire, before);
    if (rules.countsOf) batchIds.add(rules.countsOf(row));
    puts.push(row);
  });
  await db.bulkApply(table, puts, deletes);
  tally.applied += puts.length + deletes.length;
}

/** Apply one page and store its cursor, in one transaction. */
export async function applyPage(db: ReplicaDb, page: PullResponse, now: Date): Promise<PageTally> {
  const tally: PageTally = { applied: 0, deferred: 0, invalid: 0 };
  await db.transact('rw', ['meta', 'deferred', 'outbox', ...REPLICA_TABLES], async () => {
    const latest = lastPerKey(page.changes);
    const pending = await db.pendingRefs([...latest.keys()]);
    const byTable = new Map<ReplicaTable, Change[]>();
    for (const [ref, c] of latest) {
      if (pending.has(ref)) {
        // Rule 2: park the server row until the device's pending work on it is settled.
        const wire = c.op === 'put' ? parseReplicaRow(c.table, c.row) : null;
        if (c.op === 'put' && !wire) tally.invalid++;
        else await db.deferred.put({ ref, table: c.table, key: c.key, row: wire });
        tally.deferred++;
        continue;
      }
      const list = byTable.get(c.table) ?? [];
      list.push(c);
      byTable.set(c.table, list);
    }
    await db.dropDeferred([...latest.keys()].filter((ref) => !pending.has(ref)));
    const batchIds = new Set<string>();
    for (const [table, changes] of byTable) await applyTable(db, table, changes, tally, batchIds);
    await db.recount(batchIds);
    await db.writeMeta({ cursor: page.cursor, lastSyncAt: now.toISOString() });
  });
  return tally;
}

export interface PullerDeps {
  db: ReplicaDb;
  fetchChanges: ChangeFetcher;
  status: StatusStore;
  now?: () => Date;
}

export class Puller {
  private running: Promise<PullReport> | null = null;
  private again = false;

  constructor(private readonly deps: PullerDeps) {}

  /** Pull until `hasMore` is false. One pull at a time; a call during a pull runs one more after it. */
  pull(): Promise<PullReport> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Resolves when a running pull has finished (its outcome is not reported here). */
  async idle(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  private async loop(): Promise<PullReport> {
    const report: PullReport = { pages: 0, applied: 0, deferred: 0, invalid: 0, cursor: 0 };
    do {
      this.again = false;
      await this.pages(report);
    } while (this.again);
    return report;
  }

  private async pages(report: PullReport): Promise<void> {
    const { db, status } = this.deps;
    const now = this.deps.now ?? (() => new Date());
    let cursor = (await db.readMeta())?.cursor ?? 0;
    for (;;) {
      const page = pullResponseSchema.parse(await this.deps.fetchChanges(cursor));
      const tally = await applyPage(db, page, now());
      report.pages++;
      report.applied += tally.applied;
      report.deferred += tally.deferred;
      report.invalid += tally.invalid;
      // A server that answers hasMore without moving the cursor would loop forever: stop.
      const moved = page.cursor !== cursor;
      cursor = report.cursor = page.cursor;
      status.update({ lastSyncAt: now().toISOString() });
      if (!page.hasMore || !moved) return;
    }
  }
}
