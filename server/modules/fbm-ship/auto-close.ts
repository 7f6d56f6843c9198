/**
 * Auto-close after label purchase (spec company/store settings "auto close after label purchase",
 * "FBM order auto-close delay hours", "FBM store order auto-close delay hours"): when on, an order
 * whose label was bought is marked shipped with that label's carrier and tracking once the delay
 * has passed — the parcel is assumed gone with the carrier's pickup.
 *
 * Two ways in, one rule (`autoCloseOrder`): the labels module calls `scheduleAutoClose` right
 * after a purchase (a job for that order at purchase + delay), and the `fbm.auto-close` cron sweep
 * every quarter hour catches any order whose label is old enough (a purchase made while the
 * setting was off and then switched on, a lost job). Marking the same tracking twice moves nothing
 * (markOrderShipped answers the first shipment), so both may run for an order.
 *
 * Settings are read most specific first: the store's row, then the client's (COMPANY), then the
 * warehouse's (any other scope); the store delay key wins over the order delay key.
 */
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { AUTO_CLOSE_KEYS } from '../../../domain/schemas/fbm-ship.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { selectRows } from '../../db/rows.js';
import { marketplaceOrders, settings } from '../../db/schema/index.js';
import { ApiError } from '../../http/errors.js';
import { provideJob } from '../../jobs/store-pulls.js';
import { packagesFromLabels } from './labels.js';
import { markOrderShipped } from './ship.js';

type Scope = { tenantId: number; companyId: number; storeId: number };

/** The most specific stored value of a key for the order's store and client (JSON text parsed), else undefined. */
async function settingOf(db: DbOrTx, key: string, s: Scope): Promise<unknown> {
  const rows = await db
    .select({ referenceType: settings.referenceType, referenceId: settings.referenceId, value: settings.value })
    .from(settings)
    .where(and(eq(settings.tenantId, s.tenantId), eq(settings.settingKey, key)))
    .orderBy(desc(settings.updatedAt), desc(settings.id));
  const rank = (r: (typeof rows)[number]) =>
    r.referenceType === 'STORE'
      ? r.referenceId === s.storeId
        ? 0
        : 9
      : r.referenceType === 'COMPANY'
        ? r.referenceId === s.companyId
          ? 1
          : 9
        : r.referenceType === 'USER'
          ? 9
          : 2;
  const best = rows.filter((r) => rank(r) < 9).sort((a, b) => rank(a) - rank(b))[0];
  if (!best) return undefined;
  try {
    return JSON.parse(best.value);
  } catch {
    return best.value;
  }
}

const truthy = (v: unknown) => v === true || v === 'true' || v === 1 || v === '1';
const hours = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 ? Math.min(n, 24 * 30) : null;
};

/** Whether auto-close is on for the order's store, and after how many hours. */
export async function autoClosePolicy(db: DbOrTx, s: Scope): Promise<{ enabled: boolean; delayHours: number }> {
  const enabled = truthy(await settingOf(db, AUTO_CLOSE_KEYS.enabled, s));
  const delay =
    hours(await settingOf(db, AUTO_CLOSE_KEYS.storeDelayHours, s)) ??
    hours(await settingOf(db, AUTO_CLOSE_KEYS.orderDelayHours, s)) ??
    0;
  return { enabled, delayHours: delay };
}

/** The job's stand-in for a person: acting for whoever bought the label. */
function systemCtx(tenantId: number, companyId: number, userId: number): RequestContext {
  return {
    tenantId,
    tenantKey: '',
    companyId,
    userId,
    username: 'auto-close',
    audience: 'Warehouse',
    roleName: 'system',
    roleId: 0,
    abilities: [],
    extendedResources: [],
    isClient: false,
    platformAdmin: false,
    sessionId: 'fbm.auto-close',
  };
}

export type AutoCloseOutcome = { orderId: number; closed: boolean; reason: string };

/** Marks the order shipped from its labels when auto-close is on and the delay has passed. */
export async function autoCloseOrder(deps: Deps, tenantId: number, orderId: number): Promise<AutoCloseOutcome> {
  const no = (reason: string) => ({ orderId, closed: false, reason });
  const [order] = await deps.db
    .select()
    .from(marketplaceOrders)
    .where(and(eq(marketplaceOrders.id, orderId), eq(marketplaceOrders.tenantId, tenantId)));
  if (!order) return no('The order no longer exists');
  if (!['AWAITING', 'PARTIALLY_SHIPPED'].includes(order.status)) return no(`The order is ${order.status}`);
  const policy = await autoClosePolicy(deps.db, { tenantId, companyId: order.companyId, storeId: order.storeId });
  if (!policy.enabled) return no('Auto-close after label purchase is off');
  const found = await packagesFromLabels(deps.db, tenantId, order.id);
  if (!found.ok) return no(found.message);
  const newest = Math.max(...found.labels.map((l) => Date.parse(l.created_at)));
  if (newest + policy.delayHours * 3600_000 > deps.now().getTime()) return no('The auto-close delay has not passed');
  const buyer = found.labels.find((l) => l.created_by)?.created_by;
  if (!buyer) return no('Nobody is named as the label’s buyer');
  try {
    await markOrderShipped(
      deps,
      systemCtx(tenantId, order.companyId, buyer),
      order.id,
      { packages: found.packages },
      { source: 'auto_close', labelId: found.labels[0].label_id },
    );
    return { orderId, closed: true, reason: 'Marked shipped from its label' };
  } catch (err) {
    // A refusal (not picked, nothing left) waits for people; the desk shows the order open.
    if (err instanceof ApiError && err.status < 500) return no(err.messages.join('; '));
    throw err;
  }
}

/**
 * Hook for the labels module, right after a label is bought for an order: when auto-close is on,
 * a job closes the order once the delay has passed. Returns when it will run (null: off).
 */
export async function scheduleAutoClose(
  deps: Deps,
  a: { tenantId: number; orderId: number; purchasedAt?: Date },
): Promise<{ runAt: string } | null> {
  const [order] = await deps.db
    .select({ companyId: marketplaceOrders.companyId, storeId: marketplaceOrders.storeId })
    .from(marketplaceOrders)
    .where(and(eq(marketplaceOrders.id, a.orderId), eq(marketplaceOrders.tenantId, a.tenantId)));
  if (!order) return null;
  const policy = await autoClosePolicy(deps.db, { tenantId: a.tenantId, ...order });
  if (!policy.enabled) return null;
  const runAt = new Date((a.purchasedAt ?? deps.now()).getTime() + policy.delayHours * 3600_000);
  await deps.jobs.enqueue(
    'fbm.auto-close',
    { tenantId: a.tenantId, orderId: a.orderId },
    { tenantId: a.tenantId, singletonKey: `fbm-auto-close:${a.orderId}`, startAfter: runAt },
  );
  return { runAt: runAt.toISOString() };
}

/** The quarter-hour sweep: every open order with a bought label in tenants where auto-close is on somewhere. */
export async function sweepAutoClose(deps: Deps, tenantId?: number): Promise<AutoCloseOutcome[]> {
  const on = await deps.db
    .selectDistinct({ tenantId: settings.tenantId })
    .from(settings)
    .where(
      and(
        eq(settings.settingKey, AUTO_CLOSE_KEYS.enabled),
        or(eq(settings.value, 'true'), eq(settings.value, '"true"'), eq(settings.value, '1')),
        tenantId ? eq(settings.tenantId, tenantId) : undefined,
      ),
    );
  const out: AutoCloseOutcome[] = [];
  for (const t of on) {
    const candidates = await selectRows<{ id: number }>(
      deps.db,
      sql`select distinct o.id from marketplace_orders o
          join fbm_order_labels fol on fol.order_id = o.id
          join shipping_labels sl on sl.tenant_id = fol.tenant_id and sl.request_key = fol.request_key
            and sl.status = 'bought'
          where o.tenant_id = ${t.tenantId} and o.status in ('AWAITING', 'PARTIALLY_SHIPPED')
            and not exists (select 1 from fbm_shipments s where s.order_id = o.id and s.status = 'shipped'
              and s.packages @> jsonb_build_array(jsonb_build_object('trackingNumber', sl.tracking_number)))
          order by o.id limit 500`,
    );
    for (const c of candidates) out.push(await autoCloseOrder(deps, t.tenantId, Number(c.id)));
  }
  return out;
}

export function provideAutoClose(): void {
  provideJob('fbm.auto-close', async (data, _job, deps) =>
    data.tenantId && data.orderId
      ? autoCloseOrder(deps, data.tenantId, data.orderId)
      : sweepAutoClose(deps, data.tenantId),
  );
}
