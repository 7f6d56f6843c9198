/**
 * Telling the marketplace (issue 20 step 7): the `fbm.confirm-shipment` job, one per order at a
 * time (stately queue keyed by order), sends each standing shipment's packages not told yet
 * through the store's marketplace (marketplaces.ts) and records each package as soon as the
 * marketplace holds it. What happens on the way is kept on the shipment for the desk:
 *
 * - the marketplace took everything: `sent`;
 * - it refused (4xx in its words, the store's credentials refused): `failed` with its words, and
 *   no retry — retrying cannot fix a wrong carrier; the desk sends it again once fixed;
 * - it was down, throttled us, or answered nonsense: still `pending` with its words, and the job
 *   fails so pg-boss retries it with backoff.
 *
 * A retried job never confirms twice: packages recorded as told are skipped, and each provider
 * function reads what the marketplace already holds before writing.
 */
import { and, asc, eq } from 'drizzle-orm';
import { providerOf, type StoreMarketplace } from '../../../domain/schemas/stores.js';
import type { Deps } from '../../context.js';
import { fbmShipments, marketplaceOrders, stores } from '../../db/schema/index.js';
import type { StoredShipPackage } from '../../db/schema/fbm-ship.js';
import { ApiError } from '../../http/errors.js';
import { provideJob } from '../../jobs/store-pulls.js';
import { withStore } from '../stores/connection.js';
import { confirmAmazon, confirmEbay, confirmShopify, confirmWalmart, type ConfirmTarget } from './marketplaces.js';

/** Queues the order's confirmation (one queued per order; a duplicate while one waits is dropped). */
export async function queueConfirmation(deps: Deps, tenantId: number, orderId: number, userId: number | null) {
  return deps.jobs.enqueue(
    'fbm.confirm-shipment',
    { tenantId, orderId },
    { tenantId, startedBy: userId, singletonKey: `fbm-confirm:${orderId}` },
  );
}

const SENDERS = {
  amazon: confirmAmazon,
  walmart: confirmWalmart,
  ebay: confirmEbay,
  shopify: confirmShopify,
} as const;

export interface ConfirmOutcome {
  orderId: number;
  sent: number;
  failed: number;
  pending: number;
}

/** A marketplace answer retrying cannot change (a refusal in words, credentials refused). */
const isFinal = (err: ApiError) => err.status === 412 || (err.status >= 400 && err.status < 429);

export async function confirmOrderShipments(
  deps: Deps,
  data: { tenantId: number; orderId: number },
): Promise<ConfirmOutcome> {
  const out: ConfirmOutcome = { orderId: data.orderId, sent: 0, failed: 0, pending: 0 };
  const [order] = await deps.db
    .select()
    .from(marketplaceOrders)
    .where(and(eq(marketplaceOrders.id, data.orderId), eq(marketplaceOrders.tenantId, data.tenantId)));
  if (!order) return out;
  const [store] = await deps.db.select().from(stores).where(eq(stores.id, order.storeId));
  const waiting = await deps.db
    .select()
    .from(fbmShipments)
    .where(
      and(
        eq(fbmShipments.orderId, order.id),
        eq(fbmShipments.status, 'shipped'),
        eq(fbmShipments.confirmation, 'pending'),
      ),
    )
    .orderBy(asc(fbmShipments.id));
  let retry: unknown = null;
  for (const shipment of waiting) {
    const packages: StoredShipPackage[] = shipment.packages.map((p) => ({ ...p }));
    const attempt = async (set: Partial<typeof fbmShipments.$inferInsert>) =>
      deps.db
        .update(fbmShipments)
        .set({
          ...set,
          packages,
          confirmationAttempts: shipment.confirmationAttempts + 1,
          updatedAt: deps.now().toISOString(),
        })
        // A shipment cancelled meanwhile keeps its cancellation.
        .where(and(eq(fbmShipments.id, shipment.id), eq(fbmShipments.status, 'shipped')));
    const target: ConfirmTarget = {
      deps,
      store,
      marketplaceOrderId: order.marketplaceOrderId,
      sellerOrderId: `DS-${order.id}`,
      shipmentId: shipment.id,
      shipDate: new Date(shipment.shipDate).toISOString(),
      packages: packages.filter((p) => !p.confirmedAt),
    };
    try {
      const send = SENDERS[providerOf(store.marketplace as StoreMarketplace)];
      const told = await withStore(deps, store, () => send(target));
      const at = deps.now().toISOString();
      for (const p of packages)
        if (told.has(p.sequence)) {
          p.confirmedAt = at;
          p.providerRef = told.get(p.sequence) || null;
        }
      await attempt({ confirmation: 'sent', confirmationMessage: null, confirmedAt: at });
      out.sent++;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const words = err.messages.join('; ');
      if (isFinal(err)) {
        await attempt({ confirmation: 'failed', confirmationMessage: words });
        out.failed++;
      } else {
        await attempt({ confirmationMessage: `${words} (tried again automatically)` });
        out.pending++;
        retry ??= err;
      }
    }
  }
  // An outage or throttling: the job fails and pg-boss tries again later.
  if (retry) throw retry;
  return out;
}

export function provideShipmentConfirmation(): void {
  provideJob('fbm.confirm-shipment', async (data, _job, deps) => confirmOrderShipments(deps, data));
}
