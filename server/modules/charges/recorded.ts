/**
 * "Work was recorded": the signal billing listens to so recorded events are priced within seconds
 * (server/modules/billing/recorded-work.ts) instead of at night. `recordChargeEvents` raises it
 * for every event it inserts, with the tenant and the id of the transaction that inserted it: the
 * listener must not price before that transaction commits, or it would find nothing.
 *
 * Listeners are per database (a process may hold several: tests start more than one server), keyed
 * by what a drizzle database shares with every transaction opened on it — its relational schema
 * config, created once per `drizzle()` call. Raising the signal never fails the work: a listener
 * only queues a job, and a lost signal is caught by the next event, the nightly job or the
 * "Price recorded work now" button.
 */
import type { DbOrTx } from '../../db/client.js';

/** Called with each recording's tenant and transaction id (`pg_current_xact_id()` as text). */
export type RecordedWorkListener = (tenantId: number, xid: string) => void;

const listeners = new WeakMap<object, RecordedWorkListener>();

const keyOf = (db: DbOrTx): object | undefined => db._.schema;

/** Listens to the work recorded on `db` and on its transactions; returns the way to stop. */
export function onWorkRecorded(db: DbOrTx, listener: RecordedWorkListener): () => void {
  const key = keyOf(db);
  if (!key) throw new Error('The database has no schema to listen on');
  listeners.set(key, listener);
  return () => {
    if (listeners.get(key) === listener) listeners.delete(key);
  };
}

export function workRecorded(db: DbOrTx, rows: readonly { tenantId: number; xid: string }[]): void {
  const key = keyOf(db);
  const listener = key && listeners.get(key);
  if (!listener) return;
  const seen = new Set<string>();
  for (const r of rows) {
    const k = `${r.tenantId}:${r.xid}`;
    if (seen.has(k)) continue;
    seen.add(k);
    try {
      listener(r.tenantId, r.xid);
    } catch {
      // The work is recorded whatever the listener does; the night prices what it missed.
    }
  }
}
