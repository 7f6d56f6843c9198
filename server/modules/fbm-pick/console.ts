/**
 * The force-ship console's counts (/apps/outbound/fbm-force, issue 20): orders awaiting shipment,
 * still to reserve, reserved and ready to pick, on open pick batches, and picked (units at
 * FBM-PACK, not shipped yet) — of those packed, and labelled — with the stores that have orders
 * to reserve and ready to pick. One read per count, all in the caller's scope.
 */
import { sql } from 'drizzle-orm';
import { FBM_RESERVATION_STATION, type ForceSummary } from '../../../domain/schemas/fbm-pick.js';
import { MARKETPLACE_FULFILLED_NETWORKS } from '../../../domain/schemas/orders.js';
import type { Deps, RequestContext } from '../../context.js';
import { selectRows } from '../../db/rows.js';

/** Open orders the warehouse ships: not those Amazon (FBA) or Walmart (WFS) fulfil themselves. */
const AWAITING = sql`o.status in ('AWAITING', 'PARTIALLY_SHIPPED') and o.fulfillment_network not in (${sql.join(
  MARKETPLACE_FULFILLED_NETWORKS.map((n) => sql`${n}`),
  sql`, `,
)})`;
const ON_OPEN_BATCH = sql`exists (select 1 from pick_batch_lines bl join pick_batches pb on pb.id = bl.batch_id
  where bl.order_id = o.id and pb.status in ('open', 'picking') and bl.picked + bl.short < bl.quantity)`;
const HOLDS = sql`exists (select 1 from item_reservations r join marketplace_order_lines l on l.id = r.order_line_id
  where l.order_id = o.id and r.state = 'held' and r.station = ${FBM_RESERVATION_STATION})`;
/**
 * Picked and not shipped: units a pick moved to FBM-PACK that no shipment took out yet (the lines'
 * consumed holds). Not "was ever picked": an order marked shipped with its labels (any provider's)
 * has none left, even while another line keeps it partly shipped.
 */
const PICKED = sql`exists (select 1 from item_reservations r join marketplace_order_lines l on l.id = r.order_line_id
  where l.order_id = o.id and r.state = 'consumed' and r.station = ${FBM_RESERVATION_STATION})`;
/** A line with units to ship that nothing holds or has picked: the order still wants reserving. */
const NEEDS_HOLD = sql`exists (select 1 from marketplace_order_lines l where l.order_id = o.id
  and l.quantity_ordered - l.quantity_shipped > coalesce((select sum(r.quantity) from item_reservations r
    where r.order_line_id = l.id and r.station = ${FBM_RESERVATION_STATION} and r.state in ('held', 'consumed')), 0))`;
/**
 * Boxed: packed into boxes (the order's panel, the packing bench), or given its box on Buy bulk
 * shipping (one box for many orders at once): either way its labels can be bought.
 */
const BOXED = sql`(exists (select 1 from fbm_boxes b where b.order_id = o.id)
  or exists (select 1 from fbm_order_packs p where p.order_id = o.id))`;
/** A label bought for the order (any provider: the aggregator, Amazon Buy Shipping, Walmart, eBay). */
const LABELLED = sql`exists (select 1 from fbm_order_labels fol join shipping_labels sl
  on sl.tenant_id = fol.tenant_id and sl.request_key = fol.request_key
  where fol.order_id = o.id and sl.status = 'bought')`;

export async function forceSummary(deps: Deps, ctx: RequestContext): Promise<ForceSummary> {
  const scope = sql`o.tenant_id = ${ctx.tenantId} ${ctx.isClient ? sql`and o.company_id = ${ctx.companyId}` : sql``}`;
  const [counts] = await selectRows<{
    awaiting: number;
    to_reserve: number;
    reserved: number;
    on_batches: number;
    picked: number;
    packed: number;
    labelled: number;
    open_batches: number;
  }>(
    deps.db,
    sql`select count(*) filter (where ${AWAITING})::int as awaiting,
          count(*) filter (where ${AWAITING} and ${NEEDS_HOLD})::int as to_reserve,
          count(*) filter (where ${AWAITING} and ${HOLDS} and not ${ON_OPEN_BATCH})::int as reserved,
          count(*) filter (where ${AWAITING} and ${ON_OPEN_BATCH})::int as on_batches,
          count(*) filter (where ${AWAITING} and ${PICKED} and not ${ON_OPEN_BATCH})::int as picked,
          count(*) filter (where ${AWAITING} and ${PICKED} and not ${ON_OPEN_BATCH} and ${BOXED}
            and not ${LABELLED})::int as packed,
          count(*) filter (where ${AWAITING} and ${PICKED} and not ${ON_OPEN_BATCH} and ${LABELLED})::int as labelled,
          (select count(*)::int from pick_batches pb where pb.tenant_id = ${ctx.tenantId}
             and pb.status in ('open', 'picking')
             ${ctx.isClient ? sql`and pb.company_id = ${ctx.companyId}` : sql``}) as open_batches
        from marketplace_orders o where ${scope}`,
  );
  const stores = await selectRows<{
    id: number;
    name: string;
    company_id: number;
    company_name: string;
    reserved: number;
  }>(
    deps.db,
    sql`select s.id, s.name, s.company_id, c.name as company_name, count(*)::int as reserved
        from marketplace_orders o join stores s on s.id = o.store_id join companies c on c.id = s.company_id
        where ${scope} and ${AWAITING} and ${HOLDS} and not ${ON_OPEN_BATCH}
        group by s.id, s.name, s.company_id, c.name order by c.name, s.name`,
  );
  const toReserve = await selectRows<{
    id: number;
    name: string;
    company_id: number;
    company_name: string;
    orders: number;
  }>(
    deps.db,
    sql`select s.id, s.name, s.company_id, c.name as company_name, count(*)::int as orders
        from marketplace_orders o join stores s on s.id = o.store_id join companies c on c.id = s.company_id
        where ${scope} and ${AWAITING} and ${NEEDS_HOLD}
        group by s.id, s.name, s.company_id, c.name order by c.name, s.name`,
  );
  return {
    awaiting: Number(counts?.awaiting ?? 0),
    toReserve: Number(counts?.to_reserve ?? 0),
    packed: Number(counts?.packed ?? 0),
    labelled: Number(counts?.labelled ?? 0),
    reserved: Number(counts?.reserved ?? 0),
    onBatches: Number(counts?.on_batches ?? 0),
    picked: Number(counts?.picked ?? 0),
    openBatches: Number(counts?.open_batches ?? 0),
    stores: stores.map((s) => ({
      id: Number(s.id),
      name: s.name,
      companyId: Number(s.company_id),
      companyName: s.company_name,
      reserved: Number(s.reserved),
    })),
    toReserveStores: toReserve.map((s) => ({
      id: Number(s.id),
      name: s.name,
      companyId: Number(s.company_id),
      companyName: s.company_name,
      orders: Number(s.orders),
    })),
  };
}
