/**
 * Orders read from a marketplace become rows of marketplace_orders and their lines, upserted by
 * (store, marketplace order id) and (order, line id): storing the same page twice — a retried job,
 * an overlapping window — changes nothing, and an older picture of an order never overwrites a
 * newer one. Lines are linked to the client's products by SKU (its MSKU), ASIN or GTIN, within the
 * store's client only.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MarketplaceOrderInput, OrderLineInput } from '../../../domain/schemas/orders.js';
import type { Tx } from '../../db/client.js';
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

const excluded = (column: string) => sql.raw(`excluded.${column}`);

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
  const written = await tx
    .insert(marketplaceOrders)
    .values(
      unique.map((o) => ({
        tenantId: store.tenantId,
        companyId: store.companyId,
        storeId: store.id,
        marketplaceOrderId: o.marketplaceOrderId,
        displayId: o.displayId ?? null,
        salesChannel: o.salesChannel,
        fulfillmentNetwork: o.fulfillmentNetwork,
        status: o.status,
        marketplaceStatus: o.marketplaceStatus,
        purchasedAt: o.purchasedAt,
        marketplaceUpdatedAt: o.updatedAt,
        shipBy: o.shipBy,
        deliverBy: o.deliverBy,
        shippingService: o.shippingService,
        currency: o.currency,
        total: o.total,
        shipTo: o.shipTo,
        pulledAt,
      })),
    )
    .onConflictDoUpdate({
      target: [marketplaceOrders.storeId, marketplaceOrders.marketplaceOrderId],
      set: {
        displayId: excluded('display_id'),
        salesChannel: excluded('sales_channel'),
        fulfillmentNetwork: excluded('fulfillment_network'),
        status: excluded('status'),
        marketplaceStatus: excluded('marketplace_status'),
        marketplaceUpdatedAt: excluded('marketplace_updated_at'),
        shipBy: excluded('ship_by'),
        deliverBy: excluded('deliver_by'),
        shippingService: excluded('shipping_service'),
        currency: excluded('currency'),
        total: excluded('total'),
        shipTo: excluded('ship_to'),
        pulledAt: excluded('pulled_at'),
        updatedAt: sql`now()`,
      },
      // Only a strictly newer picture replaces the stored one: a repeat of the same is "unchanged".
      setWhere: sql`${marketplaceOrders.marketplaceUpdatedAt} < excluded.marketplace_updated_at`,
    })
    .returning({
      id: marketplaceOrders.id,
      marketplaceOrderId: marketplaceOrders.marketplaceOrderId,
      // xmax is 0 for a row this statement inserted, the updating transaction's id otherwise.
      inserted: sql<boolean>`(xmax = 0)`,
    });
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
    await tx
      .insert(marketplaceOrderLines)
      .values(lines)
      .onConflictDoUpdate({
        target: [marketplaceOrderLines.orderId, marketplaceOrderLines.lineId],
        set: {
          sku: excluded('sku'),
          asin: excluded('asin'),
          gtin: excluded('gtin'),
          title: excluded('title'),
          quantityOrdered: excluded('quantity_ordered'),
          quantityShipped: excluded('quantity_shipped'),
          unitPrice: excluded('unit_price'),
          // A line keeps the product it was linked to; one not linked yet takes what is found now.
          productId: sql`coalesce(${marketplaceOrderLines.productId}, excluded.product_id)`,
        },
      });
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
