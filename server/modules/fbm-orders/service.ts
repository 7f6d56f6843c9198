/**
 * The orders desk (issue 20): marketplace orders listed, counted by status, searched and opened,
 * a store's pull started on request, and an unmatched line linked to a product. Every query is
 * limited to the caller's tenant and, for a client, to its own company: another client's order is
 * simply not there (404), never a 403 that would confirm it exists.
 */
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { can } from '../../../domain/permissions.js';
import { pageOffset, type PageRequest } from '../../../domain/paging.js';
import {
  DESK_CHANNELS,
  type LineLinkInput,
  type OrderDetail,
  type OrderListQuery,
  type OrderRow,
  type OrderStatusCounts,
} from '../../../domain/schemas/fbm-orders.js';
import { FBM_ORDER_STATUSES, type FbmOrderStatus } from '../../../domain/schemas/orders.js';
import { productInputSchema } from '../../../domain/schemas/products.js';
import type { Deps, RequestContext } from '../../context.js';
import { outer } from '../../db/outer.js';
import {
  companies,
  marketplaceOrderLines,
  marketplaceOrders,
  productCodes,
  products,
  stores,
} from '../../db/schema/index.js';
import { businessRule, forbidden, notFound } from '../../http/errors.js';
import { likeContains } from '../../http/like.js';
import { scoped } from '../../http/scope.js';
import { orderPullKey } from '../orders/schedule.js';
import { createProduct } from '../products/service.js';

/** Warehouse staff work every client's orders; a client sees its own company's only. */
const inScope = (ctx: RequestContext): SQL =>
  scoped(ctx, marketplaceOrders.tenantId, marketplaceOrders.companyId, !ctx.isClient);

const lineOf = outer(marketplaceOrders.id);

const rowColumns = {
  id: marketplaceOrders.id,
  companyId: marketplaceOrders.companyId,
  companyName: companies.name,
  accountNo: companies.accountNo,
  storeId: marketplaceOrders.storeId,
  storeName: stores.name,
  marketplace: stores.marketplace,
  marketplaceOrderId: marketplaceOrders.marketplaceOrderId,
  displayId: marketplaceOrders.displayId,
  salesChannel: marketplaceOrders.salesChannel,
  fulfillmentNetwork: marketplaceOrders.fulfillmentNetwork,
  status: marketplaceOrders.status,
  marketplaceStatus: marketplaceOrders.marketplaceStatus,
  purchasedAt: marketplaceOrders.purchasedAt,
  shipBy: marketplaceOrders.shipBy,
  shippingService: marketplaceOrders.shippingService,
  currency: marketplaceOrders.currency,
  total: marketplaceOrders.total,
  buyerName: sql<string | null>`${marketplaceOrders.shipTo}->>'name'`,
  programs: marketplaceOrders.programs,
  lines: sql<number>`(select count(*)::int from marketplace_order_lines l where l.order_id = ${lineOf})`,
  units: sql<number>`(select coalesce(sum(l.quantity_ordered), 0)::int from marketplace_order_lines l where l.order_id = ${lineOf})`,
  unmatchedLines: sql<number>`(select count(*)::int from marketplace_order_lines l where l.order_id = ${lineOf} and l.product_id is null)`,
};

/** Order id or number, buyer, or a line's SKU, ASIN, UPC or title. */
function matching(term: string): SQL {
  const like = likeContains(term);
  return or(
    ilike(marketplaceOrders.marketplaceOrderId, like),
    ilike(marketplaceOrders.displayId, like),
    sql`${marketplaceOrders.shipTo}->>'name' ilike ${like}`,
    sql`exists (select 1 from marketplace_order_lines l where l.order_id = ${lineOf} and (l.sku ilike ${like} or l.asin ilike ${like} or l.gtin ilike ${like} or l.title ilike ${like}))`,
  ) as SQL;
}

function conditions(ctx: RequestContext, q: Omit<OrderListQuery, 'pageNumber' | 'pageSize'>, withStatus = true) {
  return and(
    inScope(ctx),
    q.desk ? inArray(marketplaceOrders.salesChannel, [...DESK_CHANNELS[q.desk]]) : undefined,
    withStatus && q.status ? eq(marketplaceOrders.status, q.status) : undefined,
    q.salesChannel ? eq(marketplaceOrders.salesChannel, q.salesChannel) : undefined,
    q.companyId ? eq(marketplaceOrders.companyId, q.companyId) : undefined,
    q.accountNo ? eq(companies.accountNo, q.accountNo) : undefined,
    q.storeId ? eq(marketplaceOrders.storeId, q.storeId) : undefined,
    q.program ? sql`${marketplaceOrders.programs} @> ${JSON.stringify([q.program])}::jsonb` : undefined,
    q.q ? matching(q.q) : undefined,
  ) as SQL;
}

const base = (deps: Deps) =>
  deps.db
    .select(rowColumns)
    .from(marketplaceOrders)
    .innerJoin(companies, eq(companies.id, marketplaceOrders.companyId))
    .innerJoin(stores, eq(stores.id, marketplaceOrders.storeId));

/** A page of orders, newest purchase first. */
export async function listOrders(deps: Deps, ctx: RequestContext, page: PageRequest, q: OrderListQuery) {
  const where = conditions(ctx, q);
  const [rows, [{ total }]] = await Promise.all([
    base(deps)
      .where(where)
      .orderBy(desc(marketplaceOrders.purchasedAt), desc(marketplaceOrders.id))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    deps.db
      .select({ total: sql<number>`count(*)::int` })
      .from(marketplaceOrders)
      .innerJoin(companies, eq(companies.id, marketplaceOrders.companyId))
      .where(where),
  ]);
  return {
    content: rows as OrderRow[],
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    totalElements: Number(total),
  };
}

/** How many orders each status tab holds under the same filters (the status filter aside). */
export async function statusCounts(deps: Deps, ctx: RequestContext, q: OrderListQuery): Promise<OrderStatusCounts> {
  const rows = await deps.db
    .select({ status: marketplaceOrders.status, n: sql<number>`count(*)::int` })
    .from(marketplaceOrders)
    .innerJoin(companies, eq(companies.id, marketplaceOrders.companyId))
    .where(conditions(ctx, q, false))
    .groupBy(marketplaceOrders.status);
  const counts = Object.fromEntries(FBM_ORDER_STATUSES.map((s) => [s, 0])) as Record<FbmOrderStatus, number>;
  for (const r of rows) if (r.status in counts) counts[r.status as FbmOrderStatus] = Number(r.n);
  return { ...counts, total: Object.values(counts).reduce((a, b) => a + b, 0) };
}

/** One order with its lines and each line's product (or none: unmatched). */
export async function getOrder(deps: Deps, ctx: RequestContext, id: number): Promise<OrderDetail> {
  const [row] = await deps.db
    .select({
      ...rowColumns,
      deliverBy: marketplaceOrders.deliverBy,
      pulledAt: marketplaceOrders.pulledAt,
      shipTo: marketplaceOrders.shipTo,
    })
    .from(marketplaceOrders)
    .innerJoin(companies, eq(companies.id, marketplaceOrders.companyId))
    .innerJoin(stores, eq(stores.id, marketplaceOrders.storeId))
    .where(and(eq(marketplaceOrders.id, id), inScope(ctx)));
  if (!row) throw notFound('Order');
  const lines = await deps.db
    .select({
      id: marketplaceOrderLines.id,
      lineId: marketplaceOrderLines.lineId,
      sku: marketplaceOrderLines.sku,
      asin: marketplaceOrderLines.asin,
      gtin: marketplaceOrderLines.gtin,
      title: marketplaceOrderLines.title,
      quantityOrdered: marketplaceOrderLines.quantityOrdered,
      quantityShipped: marketplaceOrderLines.quantityShipped,
      unitPrice: marketplaceOrderLines.unitPrice,
      productId: products.id,
      productTitle: products.title,
      productMsku: products.msku,
      productAsin: products.asin,
    })
    .from(marketplaceOrderLines)
    // Only a product of the order's own client counts as its match.
    .leftJoin(products, and(eq(products.id, marketplaceOrderLines.productId), eq(products.companyId, row.companyId)))
    .where(and(eq(marketplaceOrderLines.orderId, id), eq(marketplaceOrderLines.tenantId, ctx.tenantId)))
    .orderBy(asc(marketplaceOrderLines.id));
  return {
    ...(row as OrderRow & Pick<OrderDetail, 'deliverBy' | 'pulledAt' | 'shipTo'>),
    orderLines: lines.map(({ productId, productTitle, productMsku, productAsin, ...l }) => ({
      ...l,
      product:
        productId !== null ? { id: productId, title: productTitle ?? '', msku: productMsku, asin: productAsin } : null,
    })),
  };
}

/** A store in the caller's scope, or 404. */
async function storeInScope(deps: Deps, ctx: RequestContext, storeId: number) {
  const [store] = await deps.db
    .select()
    .from(stores)
    .where(and(eq(stores.id, storeId), scoped(ctx, stores.tenantId, stores.companyId, !ctx.isClient)));
  if (!store) throw notFound('Store');
  return store;
}

/** Spec /web/view/orders/store/{storeId}/search/{term}: one store's orders matching the term. */
export async function searchStoreOrders(
  deps: Deps,
  ctx: RequestContext,
  storeId: number,
  term: string,
  page: PageRequest,
) {
  await storeInScope(deps, ctx, storeId);
  return listOrders(deps, ctx, page, { storeId, q: term });
}

/** The stores the desk filters by and refreshes: the caller's scope, with their client. */
export async function listOrderStores(deps: Deps, ctx: RequestContext) {
  return deps.db
    .select({
      id: stores.id,
      name: stores.name,
      marketplace: stores.marketplace,
      companyId: stores.companyId,
      companyName: companies.name,
      connection: stores.connection,
    })
    .from(stores)
    .innerJoin(companies, eq(companies.id, stores.companyId))
    .where(scoped(ctx, stores.tenantId, stores.companyId, !ctx.isClient))
    .orderBy(asc(companies.name), asc(stores.name), asc(stores.id));
}

/** Spec /web/refresh/orders: the store's orders pull, the same background job the schedule queues. */
export async function refreshStoreOrders(deps: Deps, ctx: RequestContext, storeId: number) {
  const store = await storeInScope(deps, ctx, storeId);
  if (store.connection === 'not_connected') throw businessRule('Connect the store to its marketplace first');
  if (store.connection === 'reconnect_needed')
    throw businessRule('The store needs reconnecting in Merchant Connect before its orders can be pulled');
  const jobId = await deps.jobs.enqueue(
    'stores.pull-orders',
    { tenantId: ctx.tenantId, storeId: store.id },
    { tenantId: ctx.tenantId, startedBy: ctx.userId, singletonKey: orderPullKey(store.id) },
  );
  return { jobId, queued: jobId !== null };
}

/**
 * Links an unmatched line to one of the order's client's products — by id, by one of its codes, or
 * a new product made from the line's title and codes — and with it the client's other unmatched
 * lines of the same SKU. A product of another client is "not found".
 */
export async function linkLine(deps: Deps, ctx: RequestContext, orderId: number, lineId: number, input: LineLinkInput) {
  const order = await getOrder(deps, ctx, orderId);
  const line = order.orderLines.find((l) => l.id === lineId);
  if (!line) throw notFound('Order line');
  let productId: number;
  let created = false;
  let droppedBarcode: string | null = null;
  if ('productId' in input) {
    const [p] = await deps.db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.id, input.productId),
          eq(products.tenantId, ctx.tenantId),
          eq(products.companyId, order.companyId),
        ),
      );
    if (!p) throw notFound('Product');
    productId = p.id;
  } else if ('code' in input) {
    const [p] = await deps.db
      .select({ id: productCodes.productId })
      .from(productCodes)
      .where(
        and(
          eq(productCodes.tenantId, ctx.tenantId),
          eq(productCodes.companyId, order.companyId),
          eq(productCodes.code, input.code.toUpperCase()),
        ),
      );
    if (!p) throw notFound(`Product with code ${input.code}`);
    productId = p.id;
  } else {
    if (!can(ctx.abilities, 'create', 'productCatalog'))
      throw forbidden('You need create permission on productCatalog');
    const msku = line.sku?.toUpperCase();
    const fields = {
      companyId: order.companyId,
      title: line.title || line.sku || line.asin || line.gtin || 'Order line',
      msku: msku && /^[A-Z0-9._/-]{1,40}$/.test(msku) ? msku : undefined,
      asin: line.asin ?? undefined,
      upc: line.gtin ?? undefined,
    };
    let parsed = productInputSchema.safeParse(fields);
    // Shops do not check barcodes (Shopify takes any text): a wrong one should not stop the SKU
    // from making its product. It is left off, and the desk is told so.
    if (!parsed.success && fields.upc && parsed.error.issues.every((i) => i.path[0] === 'upc')) {
      parsed = productInputSchema.safeParse({ ...fields, upc: undefined });
      if (parsed.success) droppedBarcode = fields.upc;
    }
    if (!parsed.success) throw businessRule('The line’s codes cannot make a product; create it in the catalog');
    productId = (await createProduct(deps, ctx, parsed.data)).id;
    created = true;
  }
  const linked = await deps.db
    .update(marketplaceOrderLines)
    .set({ productId })
    .where(
      and(
        eq(marketplaceOrderLines.tenantId, ctx.tenantId),
        or(
          eq(marketplaceOrderLines.id, line.id),
          line.sku
            ? and(
                sql`${marketplaceOrderLines.productId} is null`,
                sql`upper(${marketplaceOrderLines.sku}) = ${line.sku.toUpperCase()}`,
                sql`${marketplaceOrderLines.orderId} in (select id from marketplace_orders where tenant_id = ${ctx.tenantId} and company_id = ${order.companyId})`,
              )
            : undefined,
        ),
      ),
    )
    .returning({ id: marketplaceOrderLines.id });
  return { productId, created, linkedLines: linked.length, droppedBarcode };
}
