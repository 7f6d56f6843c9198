/**
 * Every quarter hour (the `stores.schedule-order-pulls` cron): an orders pull queued for every
 * connected store of every marketplace — one waiting per store at a time, so a slow marketplace
 * never piles pulls up. Stores waiting to be reconnected are left alone.
 */
import { eq } from 'drizzle-orm';
import type { Deps } from '../../context.js';
import { stores } from '../../db/schema/index.js';
import { provideJob } from '../../jobs/store-pulls.js';

export const orderPullKey = (storeId: number): string => `orders:${storeId}`;

export async function scheduleOrderPulls(deps: Deps): Promise<{ queued: number }> {
  const connected = await deps.db
    .select({ id: stores.id, tenantId: stores.tenantId })
    .from(stores)
    .where(eq(stores.connection, 'connected'));
  let queued = 0;
  for (const s of connected) {
    const id = await deps.jobs.enqueue(
      'stores.pull-orders',
      { tenantId: s.tenantId, storeId: s.id },
      { tenantId: s.tenantId, singletonKey: orderPullKey(s.id) },
    );
    if (id) queued++;
  }
  return { queued };
}

export function provideOrderPullSchedule(): void {
  provideJob('stores.schedule-order-pulls', async (_data, _job, deps) => scheduleOrderPulls(deps));
}
