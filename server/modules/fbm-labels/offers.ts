/**
 * A marketplace's own label API quoted beside the aggregator in the FBM rate shop (Walmart's Ship
 * With Walmart in walmart.ts, eBay's Logistics API in ebay.ts): each package's offers merged into
 * the order's (a service is offered when every package has it), each package's label drawn with
 * the warehouse's upcharge, the cost and upcharge for the warehouse's eyes only. Also what the
 * providers' voiders share: the store a bought label's order belongs to.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { OrderRate } from '../../../domain/schemas/fbm-labels.js';
import type { Deps, RequestContext } from '../../context.js';
import { selectRows } from '../../db/rows.js';
import { fbmOrderLabels, marketplaceOrders, shippingLabels, stores } from '../../db/schema/index.js';
import { ProviderFailure } from '../../integrations/http.js';
import { labelUpchargeCents } from '../finance/label-funds.js';
import type { FeeSettingValues } from '../../../domain/fee-settings.js';
import { apiErrorOf } from '../stores/connection.js';
import type { StoreRecord } from '../stores/service.js';

/** One package's offer of one service. `key` is the same for the service across packages. */
export interface PackageOffer {
  key: string;
  rateId: string;
  carrier: string;
  carrierCode: string;
  service: string;
  serviceCode: string;
  costCents: number;
  currency: string;
  deliveryDays: number | null;
}

type Quote = Omit<OrderRate, 'cheapest' | 'fastest'>;
type Fees = Pick<FeeSettingValues, 'SHIPPING_UPCHARGE_PERCENT' | 'SHIPPING_UPCHARGE_MINIMUM_DOLLAR'>;

/** The order's quotes from each package's offers: services every package has, rate ids joined by `|`. */
export function orderQuotes(
  provider: OrderRate['provider'],
  perPackage: PackageOffer[][],
  fees: Fees,
  ctx: RequestContext,
  separator: string,
): Quote[] {
  const [first, ...rest] = perPackage;
  if (!first) return [];
  const quotes: Quote[] = [];
  for (const offer of first) {
    const all = [offer, ...rest.map((p) => p.find((o) => o.key === offer.key))];
    if (all.some((o) => !o)) continue;
    const offers = all as PackageOffer[];
    const cost = offers.reduce((n, o) => n + o.costCents, 0);
    // Each package's label is drawn from the client's funds with its own upcharge (and minimum).
    const upcharge = offers.reduce(
      (n, o) =>
        n + labelUpchargeCents(o.costCents, fees.SHIPPING_UPCHARGE_PERCENT, fees.SHIPPING_UPCHARGE_MINIMUM_DOLLAR),
      0,
    );
    const days = offers.map((o) => o.deliveryDays);
    quotes.push({
      provider,
      rateId: offers.map((o) => o.rateId).join(separator),
      carrier: offer.carrier,
      carrierCode: offer.carrierCode,
      service: offer.service,
      serviceCode: offer.serviceCode,
      totalCents: cost + upcharge,
      currency: offer.currency,
      deliveryDays: days.some((d) => d === null) ? null : Math.max(...(days as number[])),
      cost: ctx.isClient ? null : { costCents: cost, upchargeCents: upcharge },
    });
  }
  return quotes;
}

const DAY = 86_400_000;
/** Whole days from now until a promised delivery (at least 1). */
export const daysUntil = (now: Date, until: string | undefined): number | null =>
  until ? Math.max(1, Math.ceil((Date.parse(until) - now.getTime()) / DAY)) : null;

/** The order's store when it is of the marketplace, or null. */
export async function storeOfOrder(
  deps: Deps,
  order: { storeId: number },
  marketplace: string,
): Promise<StoreRecord | null> {
  const [store] = await deps.db.select().from(stores).where(eq(stores.id, order.storeId));
  return store && store.marketplace === marketplace ? store : null;
}

/** The store of the order a bought label is for (the label row's purchase key ties them). */
export async function storeOfLabel(
  deps: Deps,
  ctx: RequestContext,
  row: typeof shippingLabels.$inferSelect,
  marketplace: string,
): Promise<StoreRecord | null> {
  const [link] = await deps.db
    .select({ storeId: marketplaceOrders.storeId })
    .from(fbmOrderLabels)
    .innerJoin(marketplaceOrders, eq(marketplaceOrders.id, fbmOrderLabels.orderId))
    .where(and(eq(fbmOrderLabels.tenantId, ctx.tenantId), eq(fbmOrderLabels.requestKey, row.requestKey)));
  return link ? storeOfOrder(deps, link, marketplace) : null;
}

/** The package's order lines and how many of each: its box's, or (the default box) the order's. */
export async function packageLines(deps: Deps, orderId: number, packageNumber: number) {
  const rows = await selectRows<{ line_id: string; sku: string | null; quantity: number }>(
    deps.db,
    sql`select l.line_id, l.sku, sum(bi.quantity)::int as quantity from fbm_box_items bi
          join fbm_boxes b on b.id = bi.box_id
          join marketplace_order_lines l on l.id = bi.order_line_id
        where b.order_id = ${orderId} and b.number = ${packageNumber}
        group by l.line_id, l.sku`,
  );
  if (rows.length) return rows.map((r) => ({ lineId: r.line_id, sku: r.sku, quantity: Number(r.quantity) }));
  const lines = await selectRows<{ line_id: string; sku: string | null; quantity: number }>(
    deps.db,
    sql`select line_id, sku, (quantity_ordered - quantity_shipped)::int as quantity from marketplace_order_lines
        where order_id = ${orderId} and quantity_ordered > quantity_shipped`,
  );
  return lines.map((r) => ({ lineId: r.line_id, sku: r.sku, quantity: Number(r.quantity) }));
}

/** A provider's failure in the API's terms (refusals 412, outages 503, garbage 502). */
export const failureOf = (err: unknown) => (err instanceof ProviderFailure ? apiErrorOf(err) : err);
