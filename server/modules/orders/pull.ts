/**
 * A store's new and changed orders, pulled from its marketplace into marketplace_orders — the
 * `stores.pull-orders` job, queued on request and every quarter hour for every connected store.
 *
 * 1. The window starts a little before the store's high-water mark (marketplaces index changes
 *    late) or, on a first pull, ORDER_LOOKBACK_DAYS back.
 * 2. Each page is stored in its own transaction by upsert, so a pull cut short (a crash, a
 *    provider outage) has lost nothing and repeats nothing when it runs again.
 * 3. Only when every page is stored does the mark move, to the moment the pull began.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../context.js';
import { storePulls, stores } from '../../db/schema/index.js';
import { ApiError } from '../../http/errors.js';
import type { JobContext } from '../../jobs/queue.js';
import { provideJob } from '../../jobs/store-pulls.js';
import { withStore } from '../stores/connection.js';
import { orderSourceFor } from './sources.js';
import { storeOrders } from './store-orders.js';

/** How far back a store's first pull reads. */
export const ORDER_LOOKBACK_DAYS = 30;
/** How far before the high-water mark each later pull starts. */
export const ORDER_PULL_OVERLAP_MS = 10 * 60_000;
/** A runaway guard: 1,000 pages is some 50,000 orders in one window. */
const MAX_PAGES = 1000;
const KIND = 'orders';

export interface OrderPullResult {
  storeId: number;
  /** Orders read from the marketplace in the window. */
  read: number;
  created: number;
  changed: number;
  since: string;
  skipped?: string;
}

export async function pullOrders(
  deps: Deps,
  data: { tenantId: number; storeId: number },
  job?: Pick<JobContext, 'progress'>,
): Promise<OrderPullResult> {
  const startedAt = deps.now();
  const skip = (skipped: string): OrderPullResult => ({
    storeId: data.storeId,
    read: 0,
    created: 0,
    changed: 0,
    since: startedAt.toISOString(),
    skipped,
  });
  const [store] = await deps.db
    .select()
    .from(stores)
    .where(and(eq(stores.id, data.storeId), eq(stores.tenantId, data.tenantId)));
  if (!store) return skip('The store no longer exists');
  // A store whose credentials the marketplace refused waits for the seller: no retry storm.
  if (store.connection === 'reconnect_needed') return skip('The store needs reconnecting');
  if (store.connection === 'not_connected') return skip('The store is not connected yet');

  const [mark] = await deps.db
    .select()
    .from(storePulls)
    .where(and(eq(storePulls.storeId, store.id), eq(storePulls.kind, KIND)));
  const since = mark
    ? new Date(Date.parse(mark.highWater) - ORDER_PULL_OVERLAP_MS)
    : new Date(startedAt.getTime() - ORDER_LOOKBACK_DAYS * 86_400_000);
  const totals = { read: 0, created: 0, changed: 0 };
  const pulledAt = startedAt.toISOString();

  await withStore(deps, store, async () => {
    const source = await orderSourceFor(deps, store);
    let next: string | null = null;
    for (let page = 1; page <= MAX_PAGES; page++) {
      const res = await source.changedSince(since, next);
      const stored = await deps.db.transaction((tx) => storeOrders(tx, store, res.orders, pulledAt));
      totals.read += res.orders.length;
      totals.created += stored.created;
      totals.changed += stored.changed;
      await job?.progress(page, null, `${totals.read} orders read, ${totals.created} new`);
      next = res.next;
      if (!next) break;
    }
  });

  await deps.db
    .insert(storePulls)
    .values({ storeId: store.id, kind: KIND, highWater: pulledAt, lastPulledAt: pulledAt, lastCount: totals.read })
    .onConflictDoUpdate({
      target: [storePulls.storeId, storePulls.kind],
      set: {
        // Never backwards: a slow pull finishing after a newer one keeps the newer mark.
        highWater: sql`greatest(${storePulls.highWater}, excluded.high_water)`,
        lastPulledAt: sql`excluded.last_pulled_at`,
        lastCount: sql`excluded.last_count`,
      },
    });
  return { storeId: store.id, ...totals, since: since.toISOString() };
}

/** The job's runner: a refusal retrying cannot fix (reconnect, not supported) ends the job; glitches retry. */
export function provideOrderPull(): void {
  provideJob('stores.pull-orders', async (data, job, deps) => {
    try {
      return await pullOrders(deps, data, job);
    } catch (err) {
      if (err instanceof ApiError && err.status === 412) return { ...data, skipped: err.messages.join('; ') };
      throw err;
    }
  });
}
