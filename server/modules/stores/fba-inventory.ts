/**
 * A store's FBA inventory, pulled from Amazon's FBA Inventory API (every page), becomes the
 * client's Amazon FBA lines — the same lines an imported report gives, shown beside what the prep
 * centre holds (Inventory by type). Runs as the `stores.pull-fba-inventory` job: a pull that fails
 * halfway changes nothing; a store Amazon no longer accepts is marked and not retried.
 */
import { and, eq } from 'drizzle-orm';
import { AMAZON_MARKETPLACE_IDS, isAmazon } from '../../../domain/schemas/stores.js';
import type { MarketplaceLineInput } from '../../../domain/schemas/marketplace-inventory.js';
import type { Deps } from '../../context.js';
import { stores } from '../../db/schema/index.js';
import type { InventorySummary } from '../../integrations/amazon/models.js';
import type { JobContext } from '../../jobs/queue.js';
import { provideJob } from '../../jobs/store-pulls.js';
import { replaceMarketplaceLines } from '../inventory/marketplace.js';
import { amazonClientFor } from './amazon.js';
import { withStore } from './connection.js';
import { ApiError } from '../../http/errors.js';

const MAX_PAGES = 400;

export function lineOf(s: InventorySummary): MarketplaceLineInput | null {
  if (!s.sellerSku) return null;
  const d = s.inventoryDetails;
  return {
    type: 'fba',
    sku: s.sellerSku.slice(0, 80),
    title: s.productName?.slice(0, 500) ?? null,
    asin: s.asin ?? null,
    fnsku: s.fnSku ?? null,
    itemId: null,
    gtin: null,
    fulfillable: d?.fulfillableQuantity ?? 0,
    inbound: (d?.inboundWorkingQuantity ?? 0) + (d?.inboundShippedQuantity ?? 0) + (d?.inboundReceivingQuantity ?? 0),
    reserved: d?.reservedQuantity?.totalReservedQuantity ?? 0,
    unsellable: d?.unfulfillableQuantity?.totalUnfulfillableQuantity ?? 0,
  };
}

export interface PullResult {
  storeId: number;
  lines: number;
  matched: number;
  skipped?: string;
}

export async function pullFbaInventory(
  deps: Deps,
  data: { tenantId: number; storeId: number },
  job?: Pick<JobContext, 'progress'>,
): Promise<PullResult> {
  const [store] = await deps.db
    .select()
    .from(stores)
    .where(and(eq(stores.id, data.storeId), eq(stores.tenantId, data.tenantId)));
  if (!store) return { storeId: data.storeId, lines: 0, matched: 0, skipped: 'The store no longer exists' };
  // A store whose authorisation Amazon refused waits for the seller to reconnect: no retry storm.
  if (store.connection === 'reconnect_needed')
    return { storeId: store.id, lines: 0, matched: 0, skipped: 'The store needs reconnecting' };
  const marketplaceId = AMAZON_MARKETPLACE_IDS[store.marketplace as keyof typeof AMAZON_MARKETPLACE_IDS];
  if (!marketplaceId) return { storeId: store.id, lines: 0, matched: 0, skipped: 'Not an Amazon store' };
  const client = await amazonClientFor(deps, store);
  const summaries: InventorySummary[] = [];
  await withStore(deps, store, async () => {
    let next: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const res = await client.inventorySummaries(marketplaceId, next);
      summaries.push(...(res.payload?.inventorySummaries ?? []));
      await job?.progress(page + 1, null, `${summaries.length} SKUs read`);
      next = res.pagination?.nextToken;
      if (!next) break;
    }
  });
  const lines = summaries.map(lineOf).filter((l): l is MarketplaceLineInput => l !== null);
  const result = await replaceMarketplaceLines(
    deps,
    { tenantId: store.tenantId, userId: null },
    {
      marketplace: 'amazon',
      companyId: store.companyId,
      types: ['fba'],
      source: `Amazon FBA Inventory API · ${store.name}`,
      rows: summaries.length,
      lines,
      reportedAt: deps.now().toISOString(),
    },
  );
  return { storeId: store.id, lines: lines.length, matched: result.matched };
}

/** The job's runner: a refusal that retrying cannot fix (reconnect) ends the job; glitches retry. */
export function provideFbaInventoryPull(): void {
  provideJob('stores.pull-fba-inventory', async (data, job, deps) => {
    try {
      return await pullFbaInventory(deps, data, job);
    } catch (err) {
      if (err instanceof ApiError && err.status === 412)
        return { storeId: data.storeId, lines: 0, matched: 0, skipped: err.messages.join('; ') };
      throw err;
    }
  });
}

/**
 * The hourly schedule: every connected Amazon store gets its FBA inventory and listings pulls
 * queued (one of each per store at a time — a pull still waiting is not queued twice). Stores
 * waiting to be reconnected are left alone.
 */
export async function scheduleStorePulls(deps: Deps): Promise<{ queued: number }> {
  const connected = await deps.db
    .select({ id: stores.id, tenantId: stores.tenantId, marketplace: stores.marketplace })
    .from(stores)
    .where(eq(stores.connection, 'connected'));
  let queued = 0;
  for (const s of connected) {
    if (!isAmazon(s.marketplace)) continue;
    const id = await deps.jobs.enqueue(
      'stores.pull-fba-inventory',
      { tenantId: s.tenantId, storeId: s.id },
      { tenantId: s.tenantId, singletonKey: `fba-inventory:${s.id}` },
    );
    if (id) queued++;
    const listings = await deps.jobs.enqueue(
      'stores.pull-listings',
      { tenantId: s.tenantId, storeId: s.id },
      { tenantId: s.tenantId, singletonKey: `listings:${s.id}` },
    );
    if (listings) queued++;
  }
  return { queued };
}

export function provideScheduledPulls(): void {
  provideJob('stores.schedule-pulls', async (_data, _job, deps) => scheduleStorePulls(deps));
}
