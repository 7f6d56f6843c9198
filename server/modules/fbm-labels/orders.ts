/**
 * The orders the bulk screen offers (spec /bulk/order/items): FBM orders not shipped or cancelled
 * with units picked (on the packing cart) or boxed, by store, pick batch or client, in pick order,
 * each with its labels so far.
 */
import { sql } from 'drizzle-orm';
import type { BulkOrderRow } from '../../../domain/schemas/fbm-labels.js';
import { FBM_RESERVATION_STATION } from '../../../domain/schemas/fbm-pick.js';
import type { Deps, RequestContext } from '../../context.js';
import { selectRows } from '../../db/rows.js';
import type { marketplaceOrders } from '../../db/schema/index.js';
import { warehouseOnly } from '../fbm-pack/service.js';
import { boxFacts } from './boxes.js';
import { orderLabels } from './documents.js';

type BulkShipTo = (typeof marketplaceOrders.$inferSelect)['shipTo'];

export async function bulkOrders(
  deps: Deps,
  ctx: RequestContext,
  q: { storeId?: number; batchId?: number; companyId?: number },
): Promise<BulkOrderRow[]> {
  warehouseOnly(ctx, 'The bulk label screen is the warehouse’s');
  const rows = await selectRows<{
    id: number;
    marketplace_order_id: string;
    company_id: number;
    company_name: string;
    store_id: number;
    store_name: string;
    sales_channel: string;
    batch_number: string | null;
    units: number;
    boxes: number;
    ship_to: BulkShipTo;
    programs: string[] | null;
  }>(
    deps.db,
    sql`with picked as (
          select l.order_id, sum(r.quantity)::int as units from item_reservations r
            join marketplace_order_lines l on l.id = r.order_line_id
          where r.tenant_id = ${ctx.tenantId} and r.station = ${FBM_RESERVATION_STATION} and r.state = 'consumed'
          group by l.order_id
        ), latest as (
          select bl.order_id, max(bl.batch_id) as batch_id, min(bl.sequence) as seq from pick_batch_lines bl
          where bl.tenant_id = ${ctx.tenantId} group by bl.order_id
        )
        select o.id, o.marketplace_order_id, o.company_id, c.name as company_name, o.store_id, s.name as store_name,
          o.sales_channel, pb.number as batch_number, coalesce(p.units, 0) as units,
          (select count(*)::int from fbm_boxes b where b.order_id = o.id) as boxes, o.ship_to, o.programs
        from marketplace_orders o
        join companies c on c.id = o.company_id
        join stores s on s.id = o.store_id
        left join picked p on p.order_id = o.id
        left join latest lt on lt.order_id = o.id
        left join pick_batches pb on pb.id = lt.batch_id
        where o.tenant_id = ${ctx.tenantId} and o.status not in ('SHIPPED', 'CANCELED')
          -- Units waiting at FBM-PACK, or boxes packed and not shipped yet: an order marked shipped
          -- (with labels of any provider) leaves the list even while another line keeps it open.
          and (p.units > 0 or (exists (select 1 from fbm_boxes b where b.order_id = o.id)
            and not exists (select 1 from fbm_shipments fs where fs.order_id = o.id and fs.status = 'shipped')))
          ${q.storeId ? sql`and o.store_id = ${q.storeId}` : sql``}
          ${q.companyId ? sql`and o.company_id = ${q.companyId}` : sql``}
          ${q.batchId ? sql`and exists (select 1 from pick_batch_lines bl where bl.order_id = o.id and bl.batch_id = ${q.batchId})` : sql``}
        order by lt.batch_id nulls last, lt.seq nulls last, o.purchased_at, o.id
        limit 500`,
  );
  const labelled = new Map<number, BulkOrderRow['labels']>();
  for (const r of rows) labelled.set(Number(r.id), await orderLabels(deps, ctx, Number(r.id)));
  const facts = await boxFacts(
    deps.db,
    ctx.tenantId,
    rows.map((r) => ({
      id: Number(r.id),
      companyId: Number(r.company_id),
      shipTo: r.ship_to,
      programs: r.programs ?? [],
      labels: labelled.get(Number(r.id))!,
    })),
  );
  const out: BulkOrderRow[] = [];
  for (const r of rows) {
    const to = r.ship_to;
    out.push({
      orderId: Number(r.id),
      marketplaceOrderId: r.marketplace_order_id,
      companyId: Number(r.company_id),
      companyName: r.company_name,
      storeId: Number(r.store_id),
      storeName: r.store_name,
      salesChannel: r.sales_channel,
      batchNumber: r.batch_number,
      units: Number(r.units),
      boxes: Number(r.boxes),
      shipTo: [to?.name, to?.city, to?.state, to?.countryCode].filter(Boolean).join(', '),
      international: !!to?.countryCode && to.countryCode.toUpperCase() !== 'US',
      labels: labelled.get(Number(r.id))!,
      ...facts.get(Number(r.id))!,
    });
  }
  return out;
}
