/**
 * What an order's bought labels say about its shipment: each package's latest bought label
 * (fbm_order_labels → shipping_labels, written by the FBM labels module) with the units packed in
 * that package's box (fbm_boxes / fbm_box_items). An order whose labels were bought without boxes
 * ships every picked unit in one package with its latest label. Used by bulk purchase-and-ship and
 * by the auto-close job.
 */
import { sql } from 'drizzle-orm';
import type { ShipPackage } from '../../../domain/schemas/fbm-ship.js';
import type { DbOrTx } from '../../db/client.js';
import { selectRows } from '../../db/rows.js';
import { pickedOf } from './ship.js';

export interface OrderLabel {
  label_id: number;
  package_number: number;
  carrier: string;
  service: string;
  tracking_number: string | null;
  created_at: string;
  created_by: number | null;
}

/** Each package's latest bought label of the order, package order. */
export async function boughtLabels(tx: DbOrTx, tenantId: number, orderId: number): Promise<OrderLabel[]> {
  // The label is the shipping_labels row of the package's purchase key (its latest attempt); the
  // key, not shipping_label_id, is what a purchase writes first.
  return selectRows<OrderLabel>(
    tx,
    sql`select distinct on (fol.package_number) sl.id as label_id, fol.package_number, sl.carrier, sl.service,
          sl.tracking_number, sl.created_at, sl.created_by
        from fbm_order_labels fol
        join shipping_labels sl on sl.tenant_id = fol.tenant_id and sl.request_key = fol.request_key
        where fol.tenant_id = ${tenantId} and fol.order_id = ${orderId} and sl.status = 'bought'
        order by fol.package_number, fol.attempt desc, sl.id desc`,
  );
}

/** Units packed per box number and order line of the order. */
export async function boxedLines(
  tx: DbOrTx,
  tenantId: number,
  orderId: number,
): Promise<{ number: number; orderLineId: number; quantity: number }[]> {
  const rows = await selectRows<{ number: number; order_line_id: number; quantity: number }>(
    tx,
    sql`select b.number, i.order_line_id, sum(i.quantity)::int as quantity
        from fbm_boxes b join fbm_box_items i on i.box_id = b.id
        where b.tenant_id = ${tenantId} and b.order_id = ${orderId}
        group by b.number, i.order_line_id order by b.number, i.order_line_id`,
  );
  return rows.map((r) => ({
    number: Number(r.number),
    orderLineId: Number(r.order_line_id),
    quantity: Number(r.quantity),
  }));
}

/** The packages to mark shipped from the order's labels, or why there are none. */
export async function packagesFromLabels(
  tx: DbOrTx,
  tenantId: number,
  orderId: number,
): Promise<{ ok: true; labels: OrderLabel[]; packages: ShipPackage[] } | { ok: false; message: string }> {
  const labels = (await boughtLabels(tx, tenantId, orderId)).filter((l) => l.tracking_number);
  if (!labels.length) return { ok: false, message: 'No label with a tracking number is bought for this order' };
  const boxed = (await boxedLines(tx, tenantId, orderId)).map((b) => ({
    number: b.number,
    order_line_id: b.orderLineId,
    quantity: b.quantity,
  }));
  const pkg = (l: OrderLabel, lines: { orderLineId: number; quantity: number }[]): ShipPackage => ({
    carrier: l.carrier,
    service: l.service,
    trackingNumber: l.tracking_number!,
    lines,
  });
  if (boxed.length) {
    const packages = labels
      .map((l) =>
        pkg(
          l,
          boxed
            .filter((b) => Number(b.number) === Number(l.package_number))
            .map((b) => ({ orderLineId: Number(b.order_line_id), quantity: Number(b.quantity) })),
        ),
      )
      .filter((p) => p.lines.length);
    if (packages.length) return { ok: true, labels, packages };
  }
  const lineIds = await selectRows<{ id: number }>(
    tx,
    sql`select id from marketplace_order_lines where order_id = ${orderId} order by id`,
  );
  const picked = await pickedOf(
    tx,
    lineIds.map((l) => Number(l.id)),
  );
  const lines = [...picked]
    .filter(([, p]) => p.quantity > 0)
    .map(([id, p]) => ({ orderLineId: id, quantity: p.quantity }));
  if (!lines.length) return { ok: false, message: 'No units of the order are picked: pick them before shipping' };
  return { ok: true, labels, packages: [pkg(labels[labels.length - 1], lines)] };
}
