/**
 * The Walmart sandbox's Orders API v3 (Walmart's published "Order Management" OpenAPI 3.0.1):
 * getAllOrders (GET /v3/orders) with its filters and nextCursor pages, getAllReleasedOrders,
 * getAnOrder, acknowledgeOrders, shippingUpdates and cancelOrderLines, per seller account
 * (orders-state.ts keeps the orders and moves them as the sandbox clock moves).
 *
 * As Walmart does: createdStartDate defaults to seven days back and createdEndDate to now; limit is
 * at most 200 (default 100); shipNodeType defaults to SellerFulfilled; a search that matches
 * nothing is a 404 CONTENT_NOT_FOUND; nextCursor is the query string of the next request, with
 * the first page's createdEndDate pinned so orders placed meanwhile do not shift the pages.
 *
 * Sandbox choices, kept small: orders come newest first; a nextCursor carries the seller it was
 * given to (sellerId) and another seller's is refused; shippingUpdates' processMode (tracking
 * updates after shipment) is not supported and says so.
 */
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { Deps } from '../../context.js';
import {
  cancellationRequestSchema,
  SHIP_NODE_TYPES,
  shippingRequestSchema,
  WALMART_LINE_STATUSES,
  type WalmartOrder,
} from '../../integrations/walmart/orders-models.js';
import { intParam, sellerTag, type WalmartSandboxContext } from './items.js';
import {
  acknowledge,
  cancel,
  lastModifiedOf,
  ORDER_API,
  ordersOf,
  saveOrder,
  ship,
  type Outcome,
} from './orders-state.js';

const DAY = 86_400_000;

/** A date parameter: yyyy-MM-dd or an ISO 8601 timestamp; undefined when absent, null when neither. */
function dateParam(v: string | undefined): number | null | undefined {
  if (!v) return undefined;
  const t = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00Z` : v);
  return /^\d{4}-\d{2}-\d{2}/.test(v) && Number.isFinite(t) ? t : null;
}

const DATE_PARAMS = [
  'createdStartDate',
  'createdEndDate',
  'lastModifiedStartDate',
  'lastModifiedEndDate',
  'fromExpectedShipDate',
  'toExpectedShipDate',
] as const;
/** Filters a cursor repeats as they were asked. */
const KEPT_PARAMS = ['status', 'shipNodeType', 'sku', 'customerOrderId', 'purchaseOrderId', 'productInfo'] as const;

export function mountWalmartOrders(app: Hono, deps: Deps, ctx: WalmartSandboxContext): void {
  const invalidParam = (c: Context, description: string, field: string) =>
    ctx.error(c, 400, `INVALID_REQUEST_PARAM.${ORDER_API}`, description, 'Request parameter is invalid.', field);
  const notFound = (c: Context, description: string) =>
    ctx.error(c, 404, `CONTENT_NOT_FOUND.${ORDER_API}`, description, 'Requested content could not be found.');

  async function search(c: Context, released: boolean) {
    const account = ctx.accountOf(c)!;
    const q = c.req.query();
    const now = deps.now().getTime();
    const limit = intParam(q.limit, 100, 1, 200);
    if (limit === null) return invalidParam(c, 'limit must be a whole number from 1 to 200', 'limit');
    const offset = intParam(q.poIndex, 0, 0, Number.MAX_SAFE_INTEGER);
    if (offset === null) return invalidParam(c, 'poIndex must be a whole number', 'nextCursor');
    if (q.sellerId !== undefined && q.sellerId !== sellerTag(account))
      return invalidParam(c, 'nextCursor was given to another seller', 'nextCursor');
    const dates: Partial<Record<(typeof DATE_PARAMS)[number], number>> = {};
    for (const name of DATE_PARAMS) {
      const t = dateParam(q[name]);
      if (t === null) return invalidParam(c, `${name} must be yyyy-MM-dd or an ISO 8601 timestamp`, name);
      if (t !== undefined) dates[name] = t;
    }
    const createdStart = dates.createdStartDate ?? now - 7 * DAY;
    const createdEnd = dates.createdEndDate ?? now;
    const status = released ? 'Created' : q.status;
    if (status && !(WALMART_LINE_STATUSES as readonly string[]).includes(status))
      return invalidParam(c, `status must be one of ${WALMART_LINE_STATUSES.join(', ')}`, 'status');
    const shipNodeType = q.shipNodeType ?? 'SellerFulfilled';
    if (!(SHIP_NODE_TYPES as readonly string[]).includes(shipNodeType))
      return invalidParam(c, `shipNodeType must be one of ${SHIP_NODE_TYPES.join(', ')}`, 'shipNodeType');

    const within = (t: number, from?: number, to?: number) =>
      (from === undefined || t >= from) && (to === undefined || t <= to);
    const matching = (await ordersOf(deps, account))
      .filter((o) => (o.shipNode?.type ?? 'SellerFulfilled') === shipNodeType)
      .filter((o) => within(o.orderDate, createdStart, createdEnd))
      .filter((o) => within(lastModifiedOf(o), dates.lastModifiedStartDate, dates.lastModifiedEndDate))
      .filter((o) => within(o.shippingInfo.estimatedShipDate, dates.fromExpectedShipDate, dates.toExpectedShipDate))
      .filter(
        (o) =>
          !status ||
          o.orderLines.orderLine.some((l) => l.orderLineStatuses.orderLineStatus.some((s) => s.status === status)),
      )
      .filter((o) => !q.sku || o.orderLines.orderLine.some((l) => l.item.sku === q.sku))
      .filter((o) => !q.customerOrderId || o.customerOrderId === q.customerOrderId)
      .filter((o) => !q.purchaseOrderId || o.purchaseOrderId === q.purchaseOrderId)
      .sort((a, b) => b.orderDate - a.orderDate || a.purchaseOrderId.localeCompare(b.purchaseOrderId));
    const page = matching.slice(offset, offset + limit);
    if (!page.length) return notFound(c, 'No orders found for the given search criteria');

    let nextCursor: string | undefined;
    if (offset + limit < matching.length) {
      const next = new URLSearchParams({
        limit: String(limit),
        hasMoreElements: 'true',
        soIndex: String(matching.length),
        poIndex: String(offset + limit),
        sellerId: sellerTag(account),
        createdStartDate: new Date(createdStart).toISOString(),
        createdEndDate: new Date(createdEnd).toISOString(),
      });
      for (const name of DATE_PARAMS.slice(2))
        if (dates[name] !== undefined) next.set(name, new Date(dates[name]!).toISOString());
      for (const name of KEPT_PARAMS)
        if (q[name] !== undefined && !(released && name === 'status')) next.set(name, q[name]);
      nextCursor = `?${next.toString()}`;
    }
    return c.json({
      list: {
        meta: { totalCount: matching.length, limit, ...(nextCursor ? { nextCursor } : {}) },
        elements: { order: page },
      },
    });
  }

  app.get('/v3/orders', (c) => search(c, false));
  app.get('/v3/orders/released', (c) => search(c, true));

  /** The seller's order, or Walmart's 404 (another seller's order is not found either). */
  async function orderOf(c: Context): Promise<WalmartOrder | null> {
    const id = c.req.param('purchaseOrderId');
    return (await ordersOf(deps, ctx.accountOf(c)!)).find((o) => o.purchaseOrderId === id) ?? null;
  }
  const missing = (c: Context) => notFound(c, `No purchase order ${c.req.param('purchaseOrderId')} for this seller`);

  /** Applies an update: Walmart's refusal, or the updated order kept and answered. */
  async function answer(c: Context, outcome: Outcome) {
    if ('refusal' in outcome) {
      const r = outcome.refusal;
      return ctx.error(c, r.status, r.code, r.description, 'Request content is invalid.', r.field);
    }
    await saveOrder(deps, ctx.accountOf(c)!, outcome.order);
    return c.json({ order: outcome.order });
  }

  /** A request body against Walmart's published request model, or its refusal. */
  async function bodyOf<T>(c: Context, schema: z.ZodType<T>) {
    const parsed = schema.safeParse(await c.req.json().catch(() => undefined));
    if (parsed.success) return { data: parsed.data };
    const issue = parsed.error.issues[0];
    return {
      refused: ctx.error(
        c,
        400,
        `INVALID_REQUEST_CONTENT.${ORDER_API}`,
        `${issue.path.join('.') || 'body'}: ${issue.message}`,
        'Request content is invalid.',
        String(issue.path[issue.path.length - 1] ?? 'data'),
      ),
    };
  }

  app.get('/v3/orders/:purchaseOrderId', async (c) => {
    const order = await orderOf(c);
    return order ? c.json({ order }) : missing(c);
  });

  app.post('/v3/orders/:purchaseOrderId/acknowledge', async (c) => {
    const order = await orderOf(c);
    if (!order) return missing(c);
    return answer(c, acknowledge(order, deps.now().getTime()));
  });

  app.post('/v3/orders/:purchaseOrderId/shipping', async (c) => {
    const order = await orderOf(c);
    if (!order) return missing(c);
    const body = await bodyOf(c, shippingRequestSchema);
    if ('refused' in body) return body.refused;
    return answer(c, ship(order, body.data, deps.now().getTime()));
  });

  app.post('/v3/orders/:purchaseOrderId/cancel', async (c) => {
    const order = await orderOf(c);
    if (!order) return missing(c);
    const body = await bodyOf(c, cancellationRequestSchema);
    if ('refused' in body) return body.refused;
    return answer(c, cancel(order, body.data, deps.now().getTime()));
  });
}
