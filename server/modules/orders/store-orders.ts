/**
 * Orders read from a marketplace become rows of marketplace_orders and their lines, upserted by
 * (store, marketplace order id) and (order, line id): storing the same page twice — a retried job,
 * an overlapping window — changes nothing, and an older picture of an order never overwrites a
 * newer one. Lines are linked to the client's products by SKU (its MSKU), ASIN or GTIN, within the
 * store's client only.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { FBM_RESERVATION_STATION } from '../../../domain/schemas/fbm-pick.js';
import type { MarketplaceOrderInput, OrderLineInput } from '../../../domain/schemas/orders.js';
import type { Tx } from '../../db/client.js';
import { selectRows } from '../../db/rows.js';
import { marketplaceOrderLines, marketplaceOrders, productCodes } from '../../db/schema/index.js';
import { releaseClosedOrders, RESERVABLE_STATUSES } from '../fbm-pick/reserve.js';

export interface OrderStore {
  id: number;
  tenantId: number;
  companyId: number;
}

export interface StoredPage {
  /** Orders seen for the first time. */
  created: number;
  /** Orders whose newer picture replaced the stored one. */
  changed: number;
  /** Orders already stored as they are (or newer). */
  unchanged: number;
}

export async function storeOrders(
  tx: Tx,
  store: OrderStore,
  orders: MarketplaceOrderInput[],
  pulledAt: string,
): Promise<StoredPage> {
  // The same order twice in one page (a marketplace reshuffling pages): keep its newest picture.
  const newest = new Map<string, MarketplaceOrderInput>();
  for (const o of orders) {
    const seen = newest.get(o.marketplaceOrderId);
    if (!seen || Date.parse(seen.updatedAt) <= Date.parse(o.updatedAt)) newest.set(o.marketplaceOrderId, o);
  }
  const unique = [...newest.values()];
  if (!unique.length) return { created: 0, changed: 0, unchanged: 0 };
  // One statement and one parameter per table (the rows as JSON): a page of any size — a pull's
  // hundred or a file's five thousand orders — stays far below PostgreSQL's 65,535 bind
  // parameters, and the server parses it once instead of thousands of placeholders (bench
  // fbm-import).
  const written = (
    await selectRows<{ id: number; marketplace_order_id: string; inserted: boolean }>(
      tx,
      sql`insert into ${marketplaceOrders} (tenant_id, company_id, store_id, marketplace_order_id, display_id,
          sales_channel, fulfillment_network, status, marketplace_status, purchased_at, marketplace_updated_at,
          ship_by, deliver_by, shipping_service, currency, total, ship_to, programs, pulled_at)
        select ${store.tenantId}, ${store.companyId}, ${store.id}, v.marketplace_order_id, v.display_id,
          v.sales_channel, v.fulfillment_network, v.status, v.marketplace_status, v.purchased_at,
          v.marketplace_updated_at, v.ship_by, v.deliver_by, v.shipping_service, v.currency, v.total, v.ship_to,
          coalesce(v.programs, '[]'::jsonb),
          ${pulledAt}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(
          unique.map((o) => ({
            marketplace_order_id: o.marketplaceOrderId,
            display_id: o.displayId ?? null,
            sales_channel: o.salesChannel,
            fulfillment_network: o.fulfillmentNetwork,
            status: o.status,
            marketplace_status: o.marketplaceStatus,
            purchased_at: o.purchasedAt,
            marketplace_updated_at: o.updatedAt,
            ship_by: o.shipBy,
            deliver_by: o.deliverBy,
            shipping_service: o.shippingService,
            currency: o.currency,
            total: o.total,
            ship_to: o.shipTo,
            programs: o.programs ?? [],
          })),
        )}::jsonb) as v(marketplace_order_id text, display_id text, sales_channel text, fulfillment_network text,
          status text, marketplace_status text, purchased_at timestamptz, marketplace_updated_at timestamptz,
          ship_by timestamptz, deliver_by timestamptz, shipping_service text, currency text, total integer,
          ship_to jsonb, programs jsonb)
        on conflict (store_id, marketplace_order_id) do update set
          display_id = excluded.display_id, sales_channel = excluded.sales_channel,
          fulfillment_network = excluded.fulfillment_network, status = excluded.status,
          marketplace_status = excluded.marketplace_status, marketplace_updated_at = excluded.marketplace_updated_at,
          ship_by = excluded.ship_by, deliver_by = excluded.deliver_by, shipping_service = excluded.shipping_service,
          currency = excluded.currency, total = excluded.total, ship_to = excluded.ship_to, programs = excluded.programs,
          pulled_at = excluded.pulled_at, updated_at = now()
        -- Only a strictly newer picture replaces the stored one: a repeat of the same is "unchanged".
        where ${marketplaceOrders}.marketplace_updated_at < excluded.marketplace_updated_at
        -- xmax is 0 for a row this statement inserted, the updating transaction's id otherwise.
        returning id, marketplace_order_id, (xmax = 0) as inserted`,
    )
  ).map((r) => ({ id: Number(r.id), marketplaceOrderId: r.marketplace_order_id, inserted: r.inserted }));
  const created = written.filter((w) => w.inserted).length;
  if (written.length) {
    const inputs = written.flatMap((w) => newest.get(w.marketplaceOrderId)!.lines);
    const productOf = await productFinder(tx, store, inputs);
    const lines = written.flatMap((w) =>
      newest.get(w.marketplaceOrderId)!.lines.map((l) => ({
        tenantId: store.tenantId,
        orderId: w.id,
        lineId: l.lineId,
        sku: l.sku,
        asin: l.asin,
        gtin: l.gtin,
        title: l.title,
        quantityOrdered: l.quantityOrdered,
        quantityShipped: l.quantityShipped,
        unitPrice: l.unitPrice,
        productId: productOf(l),
      })),
    );
    await tx.execute(
      sql`insert into ${marketplaceOrderLines} (tenant_id, order_id, line_id, sku, asin, gtin, title,
          quantity_ordered, quantity_shipped, unit_price, product_id)
        select ${store.tenantId}, v.order_id, v.line_id, v.sku, v.asin, v.gtin, v.title, v.quantity_ordered,
          v.quantity_shipped, v.unit_price, v.product_id
        from jsonb_to_recordset(${JSON.stringify(
          lines.map((l) => ({
            order_id: l.orderId,
            line_id: l.lineId,
            sku: l.sku,
            asin: l.asin,
            gtin: l.gtin,
            title: l.title,
            quantity_ordered: l.quantityOrdered,
            quantity_shipped: l.quantityShipped,
            unit_price: l.unitPrice,
            product_id: l.productId,
          })),
        )}::jsonb) as v(order_id integer, line_id text, sku text, asin text, gtin text, title text,
          quantity_ordered integer, quantity_shipped integer, unit_price integer, product_id integer)
        on conflict (order_id, line_id) do update set
          sku = excluded.sku, asin = excluded.asin, gtin = excluded.gtin, title = excluded.title,
          quantity_ordered = excluded.quantity_ordered,
          -- Units Dockside shipped stay shipped until the marketplace's picture has caught up with
          -- them (its confirmation may still be on its way): a newer picture never un-ships them.
          quantity_shipped = greatest(excluded.quantity_shipped, ${dockSideShipped(sql`${marketplaceOrderLines}.id`)}),
          unit_price = excluded.unit_price,
          -- A line keeps the product it was linked to; one not linked yet takes what is found now.
          product_id = coalesce(${marketplaceOrderLines}.product_id, excluded.product_id)`,
    );
    // An order still awaiting on the marketplace but shipped by Dockside keeps the status its
    // lines say (a cancellation on the marketplace stands: the desk shows it beside the shipment).
    await tx.execute(
      sql`update ${marketplaceOrders} o set status = case
            when not exists (select 1 from ${marketplaceOrderLines} l where l.order_id = o.id
              and l.quantity_shipped < l.quantity_ordered) then 'SHIPPED' else 'PARTIALLY_SHIPPED' end
          where o.id in (${sql.join(
            written.map((w) => sql`${w.id}`),
            sql`, `,
          )}) and o.status in ('AWAITING', 'PARTIALLY_SHIPPED')
            and exists (select 1 from ${marketplaceOrderLines} l where l.order_id = o.id
              and ${dockSideShipped(sql`l.id`)} > 0)`,
    );
    // An order cancelled (or shipped elsewhere) gives back the units its lines hold (decision 0017).
    const closed = written.filter(
      (w) => !(RESERVABLE_STATUSES as readonly string[]).includes(newest.get(w.marketplaceOrderId)!.status),
    );
    await releaseClosedOrders(
      tx,
      store.tenantId,
      closed.map((w) => w.id),
    );
  }
  return { created, changed: written.length - created, unchanged: unique.length - written.length };
}

/** Units of an order line that Dockside has shipped (its FBM holds turned `shipped`). */
const dockSideShipped = (lineId: SQL) =>
  sql`coalesce((select sum(r.quantity) from item_reservations r where r.order_line_id = ${lineId}
    and r.station = ${FBM_RESERVATION_STATION} and r.state = 'shipped'), 0)`;

/**
 * Which of the client's products a line is: the one whose codes hold its SKU, else its ASIN, else
 * its GTIN — looked up for a whole page at once on the (tenant, client, code) index. Products added
 * later link on the order's next change.
 */
async function productFinder(
  tx: Tx,
  store: OrderStore,
  lines: OrderLineInput[],
): Promise<(line: OrderLineInput) => number | null> {
  const codesOf = (l: OrderLineInput) => [l.sku?.toUpperCase(), l.asin, l.gtin];
  const codes = [...new Set(lines.flatMap(codesOf).filter((c): c is string => !!c))];
  const found = codes.length
    ? await tx
        .select({ code: productCodes.code, productId: productCodes.productId })
        .from(productCodes)
        .where(
          and(
            eq(productCodes.tenantId, store.tenantId),
            eq(productCodes.companyId, store.companyId),
            // At most three codes a line: a whole file's lines stay below the bind-parameter limit.
            inArray(productCodes.code, codes),
          ),
        )
    : [];
  const byCode = new Map(found.map((r) => [r.code, r.productId]));
  return (line) =>
    codesOf(line)
      .map((c) => (c ? byCode.get(c) : undefined))
      .find((id) => id !== undefined) ?? null;
}
