/**
 * Orders in the Amazon sandbox: v2026-01-01 searchOrders and getOrder, and the v0 writes
 * confirmShipment and updateShipmentStatus, at Amazon's paths, in Amazon's shapes, over the
 * seller's own orders (orders-state.ts). searchOrders is checked as Amazon checks it — exactly
 * one of createdAfter and lastUpdatedAfter, no mixing of the two families, no dates in the future,
 * a `…Before` at least two minutes old, known marketplaces and enum values, 1–100 a page — and
 * pages with a token tied to the query (oldest first by the filtered time, then order id, so an
 * order changing while pages are read is not skipped: it moves past the first page's bound and
 * the next pull finds it). Sandbox choices Amazon does not publish: without marketplaceIds the
 * seller sells on Amazon.com only; buyer-identifying datasets need no Restricted Data Token.
 */
import { createHash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { Deps } from '../../context.js';
import {
  FULFILLED_BY,
  FULFILLMENT_STATUSES,
  INCLUDED_DATA,
  confirmShipmentRequestSchema,
  updateShipmentStatusRequestSchema,
  type Order,
} from '../../integrations/amazon/orders-models.js';
import { MARKETPLACES, marketplaceById } from './orders-data.js';
import {
  findOrder,
  orderAt,
  saveOrder,
  shipmentRefusal,
  shipUnits,
  storedOrdersOf,
  unshippedOf,
} from './orders-state.js';

type SpError = (c: Context, status: 400 | 404, code: string, message: string, details?: string) => Response;

const MINUTE = 60_000;
const V2026 = '/orders/2026-01-01/orders';
const V0 = '/orders/v0/orders';

/** Every value of a list parameter, whether sent comma-separated or repeated. */
const listOf = (c: Context, name: string) =>
  (c.req.queries(name) ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Only the datasets asked for: without includedData an order carries its core fields alone. */
export function shapeOrder(o: Order, included: Set<string>): Order {
  const { buyer, recipient, proceeds, fulfillment, packages, orderItems, ...core } = o;
  const has = (d: string) => included.has(d);
  return {
    ...core,
    ...(has('BUYER') && buyer ? { buyer } : {}),
    ...(has('RECIPIENT') && recipient ? { recipient } : {}),
    ...(has('PROCEEDS') && proceeds ? { proceeds } : {}),
    ...(has('FULFILLMENT') && fulfillment ? { fulfillment } : {}),
    // Packages exist for seller-fulfilled orders only.
    ...(has('PACKAGES') && packages && fulfillment?.fulfilledBy === 'MERCHANT' ? { packages } : {}),
    orderItems: orderItems.map(({ proceeds: p, fulfillment: f, cancellation, ...item }) => ({
      ...item,
      ...(has('PROCEEDS') && p ? { proceeds: p } : {}),
      ...(has('FULFILLMENT') && f ? { fulfillment: f } : {}),
      ...(has('CANCELLATION') && cancellation ? { cancellation } : {}),
    })),
  };
}

interface PageToken {
  /** The last order of the previous page: its time and id. */
  after: [string, string];
  /** The upper time bound fixed by the first page. */
  bound: string;
  /** The query's other parameters, which must not change between pages. */
  query: string;
}
const encodeToken = (t: PageToken) => Buffer.from(JSON.stringify(t)).toString('base64url');
function decodeToken(token: string): PageToken | null {
  try {
    const t = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as PageToken;
    return Array.isArray(t.after) && typeof t.bound === 'string' && typeof t.query === 'string' ? t : null;
  } catch {
    return null;
  }
}

export function orderRoutes(app: Hono, deps: Deps, sellerOf: (c: Context) => string | null, spError: SpError): void {
  const now = () => deps.now().getTime();
  const invalid = (c: Context, message: string, details?: string) => spError(c, 400, 'InvalidInput', message, details);
  const notFound = (c: Context, orderId: string) =>
    spError(
      c,
      404,
      'NotFound',
      `Order ${orderId} was not found`,
      'No order with this id belongs to the selling partner.',
    );

  /** includedData values, or the refusal naming the unknown one. */
  const includedOf = (c: Context): Set<string> | string => {
    const included = listOf(c, 'includedData');
    const bad = included.find((d) => !(INCLUDED_DATA as readonly string[]).includes(d));
    return bad ? `Invalid includedData value: ${bad}` : new Set(included);
  };

  app.get(V2026, async (c) => {
    const seller = sellerOf(c)!;
    const q = c.req.query();
    const t = now();
    const created = q.createdAfter !== undefined || q.createdBefore !== undefined;
    const updated = q.lastUpdatedAfter !== undefined || q.lastUpdatedBefore !== undefined;
    if (created && updated)
      return invalid(
        c,
        'Invalid date filters: createdAfter/createdBefore cannot be combined with lastUpdatedAfter/lastUpdatedBefore',
      );
    const afterName = created ? 'createdAfter' : 'lastUpdatedAfter';
    const beforeName = created ? 'createdBefore' : 'lastUpdatedBefore';
    const after = q[afterName];
    const before = q[beforeName];
    if (after === undefined) return invalid(c, 'Exactly one of createdAfter and lastUpdatedAfter is required');
    for (const [name, value] of [
      [afterName, after],
      [beforeName, before],
    ] as const)
      if (value !== undefined && (!ISO.test(value) || Number.isNaN(Date.parse(value))))
        return invalid(c, `Invalid ${name}: ${value}`, 'Dates must be in ISO 8601 date-time format.');
    if (Date.parse(after) > t) return invalid(c, `Invalid ${afterName}: the date is in the future`);
    if (before !== undefined) {
      if (Date.parse(before) < Date.parse(after))
        return invalid(c, `Invalid ${beforeName}: it must be equal to or after ${afterName}`);
      if (Date.parse(before) > t - 2 * MINUTE)
        return invalid(c, `Invalid ${beforeName}: it must be at least two minutes before the time of the request`);
    }
    const marketplaceIds = listOf(c, 'marketplaceIds');
    if (marketplaceIds.length > 50) return invalid(c, 'Invalid marketplaceIds: at most 50 marketplace ids');
    const unknown = marketplaceIds.find((id) => !marketplaceById(id));
    if (unknown) return invalid(c, `Invalid marketplaceId: ${unknown}`, 'The marketplace is not one of this region.');
    const statuses = listOf(c, 'fulfillmentStatuses');
    const badStatus = statuses.find((s) => !(FULFILLMENT_STATUSES as readonly string[]).includes(s));
    if (badStatus) return invalid(c, `Invalid fulfillmentStatuses value: ${badStatus}`);
    const fulfilledBy = listOf(c, 'fulfilledBy');
    const badBy = fulfilledBy.find((s) => !(FULFILLED_BY as readonly string[]).includes(s));
    if (badBy) return invalid(c, `Invalid fulfilledBy value: ${badBy}`);
    const included = includedOf(c);
    if (typeof included === 'string') return invalid(c, included);
    const pageSize = q.maxResultsPerPage === undefined ? 100 : Number(q.maxResultsPerPage);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100)
      return invalid(c, 'Invalid maxResultsPerPage: the value must be between 1 and 100');

    const queryKey = createHash('sha256')
      .update(
        JSON.stringify([afterName, after, before, marketplaceIds, statuses, fulfilledBy, [...included], pageSize]),
      )
      .digest('base64url')
      .slice(0, 16);
    const token = q.paginationToken === undefined ? null : decodeToken(q.paginationToken);
    if (q.paginationToken !== undefined && (!token || token.query !== queryKey))
      return invalid(
        c,
        'Invalid paginationToken',
        'Send the nextToken of the previous page with the same other parameters as that request.',
      );
    const bound = token?.bound ?? before ?? new Date(t).toISOString();

    const timeOf = (o: Order) => (created ? o.createdTime : o.lastUpdatedTime);
    const markets = marketplaceIds.length ? marketplaceIds : [MARKETPLACES[0].id];
    const all: Order[] = [];
    for (const id of markets)
      for (const s of await storedOrdersOf(deps, seller, marketplaceById(id)!)) all.push(orderAt(s, t));
    const key = (o: Order): [number, string] => [Date.parse(timeOf(o)), o.orderId];
    const cmp = (a: [number, string], b: [number, string]) => a[0] - b[0] || a[1].localeCompare(b[1]);
    const from: [number, string] | null = token ? [Date.parse(token.after[0]), token.after[1]] : null;
    const matching = all
      .filter((o) => {
        const at = Date.parse(timeOf(o));
        const f = o.fulfillment!;
        return (
          at >= Date.parse(after) &&
          at <= Date.parse(bound) &&
          (!statuses.length || statuses.includes(f.fulfillmentStatus)) &&
          (!fulfilledBy.length || fulfilledBy.includes(f.fulfilledBy ?? '')) &&
          (!from || cmp(key(o), from) > 0)
        );
      })
      .sort((a, b) => cmp(key(a), key(b)));
    const page = matching.slice(0, pageSize);
    const last = page.at(-1);
    const nextToken =
      matching.length > pageSize && last
        ? encodeToken({ after: [timeOf(last), last.orderId], bound, query: queryKey })
        : undefined;
    return c.json({
      orders: page.map((o) => shapeOrder(o, included)),
      ...(nextToken ? { pagination: { nextToken } } : {}),
      ...(created ? { createdBefore: bound } : { lastUpdatedBefore: bound }),
    });
  });

  app.get(`${V2026}/:orderId`, async (c) => {
    const included = includedOf(c);
    if (typeof included === 'string') return invalid(c, included);
    const orderId = c.req.param('orderId');
    const found = await findOrder(deps, sellerOf(c)!, orderId);
    if (!found) return notFound(c, orderId);
    return c.json({ order: shapeOrder(orderAt(found.stored, now()), included) });
  });

  app.post(`${V0}/:orderId/shipmentConfirmation`, async (c) => {
    const parsed = confirmShipmentRequestSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      const i = parsed.error.issues[0];
      return invalid(c, 'Invalid Input', `${i.path.join('.') || 'body'}: ${i.message}`);
    }
    const { marketplaceId, packageDetail: p } = parsed.data;
    const orderId = c.req.param('orderId');
    const seller = sellerOf(c)!;
    const found = await findOrder(deps, seller, orderId);
    if (!found) return notFound(c, orderId);
    if (found.mp.id !== marketplaceId)
      return invalid(c, 'Invalid Input', `marketplaceId ${marketplaceId} is not the marketplace of order ${orderId}`);
    const t = now();
    const order = orderAt(found.stored, t);
    if (order.programs?.includes('IN_STORE_PICK_UP'))
      return invalid(c, 'Invalid Input', `Order ${orderId} is picked up in store: use updateShipmentStatus`);
    if (p.carrierCode === 'Other' && !p.carrierName)
      return invalid(c, 'Invalid Input', 'carrierName is required when carrierCode is Other');
    if (Date.parse(p.shipDate) < Date.parse(order.createdTime))
      return invalid(c, 'Invalid Input', `shipDate ${p.shipDate} is before the order was placed`);
    if (order.packages?.some((x) => x.packageReferenceId === p.packageReferenceId))
      return invalid(
        c,
        'Invalid Input',
        `packageReferenceId ${p.packageReferenceId} is already used by a package of order ${orderId}`,
      );
    const items = p.orderItems.map((i) => ({ orderItemId: i.orderItemId, quantity: i.quantity }));
    const refusal = shipmentRefusal(order, items);
    if (refusal) return invalid(c, 'Invalid Input', refusal);
    shipUnits(
      order,
      items,
      {
        packageReferenceId: p.packageReferenceId,
        createdTime: new Date(t).toISOString(),
        packageStatus: { status: 'SHIPPED' },
        carrier: p.carrierName ?? p.carrierCode,
        shipTime: p.shipDate,
        ...(p.shippingMethod ? { shippingService: p.shippingMethod } : {}),
        trackingNumber: p.trackingNumber,
      },
      t,
    );
    await saveOrder(deps, seller, found.mp, order);
    return c.body(null, 204);
  });

  app.post(`${V0}/:orderId/shipment`, async (c) => {
    const parsed = updateShipmentStatusRequestSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      const i = parsed.error.issues[0];
      return invalid(c, 'Invalid Input', `${i.path.join('.') || 'body'}: ${i.message}`);
    }
    const body = parsed.data;
    // Amazon's own sandbox answer for an unknown marketplace.
    if (!marketplaceById(body.marketplaceId)) return invalid(c, 'Marketplace ID is not defined', '1001');
    const orderId = c.req.param('orderId');
    const seller = sellerOf(c)!;
    const found = await findOrder(deps, seller, orderId);
    if (!found) return notFound(c, orderId);
    if (found.mp.id !== body.marketplaceId)
      return invalid(
        c,
        'Invalid Input',
        `marketplaceId ${body.marketplaceId} is not the marketplace of order ${orderId}`,
      );
    const t = now();
    const order = orderAt(found.stored, t);
    if (!order.programs?.includes('IN_STORE_PICK_UP'))
      return invalid(
        c,
        'Invalid Input',
        `Order ${orderId} is not an in-store pickup order: confirm its shipment instead`,
      );
    if (order.fulfillment!.fulfillmentStatus === 'CANCELLED')
      return invalid(c, 'Invalid Input', `Order ${orderId} is canceled`);
    const ready = order.packages?.find((x) => x.packageStatus?.detailedStatus === 'READY_FOR_PICKUP');
    const at = new Date(t).toISOString();
    if (body.shipmentStatus === 'ReadyForPickup') {
      if (!ready)
        order.packages = [
          ...(order.packages ?? []),
          {
            packageReferenceId: 'PICKUP',
            createdTime: at,
            packageStatus: { status: 'PENDING', detailedStatus: 'READY_FOR_PICKUP' },
          },
        ];
      order.lastUpdatedTime = at;
    } else {
      if (!ready) return invalid(c, 'Invalid Input', `Order ${orderId} is not ready for pickup yet`);
      const items = body.orderItems?.length
        ? body.orderItems.map((i) => ({ orderItemId: i.orderItemId ?? '', quantity: i.quantity ?? 0 }))
        : order.orderItems
            .map((i) => ({ orderItemId: i.orderItemId, quantity: unshippedOf(order, i.orderItemId) }))
            .filter((i) => i.quantity > 0);
      if (body.shipmentStatus === 'PickedUp') {
        const refusal = shipmentRefusal(order, items);
        if (refusal) return invalid(c, 'Invalid Input', refusal);
        shipUnits(
          order,
          items,
          {
            packageReferenceId: String((order.packages?.length ?? 0) + 1),
            createdTime: at,
            packageStatus: { status: 'DELIVERED', detailedStatus: 'PICKED_UP' },
            shipTime: at,
          },
          t,
        );
      } else {
        if (order.orderItems.some((i) => (i.fulfillment?.quantityFulfilled ?? 0) > 0))
          return invalid(c, 'Invalid Input', `Part of order ${orderId} was picked up; it can no longer be refused`);
        order.fulfillment!.fulfillmentStatus = 'CANCELLED';
        for (const i of order.orderItems)
          i.cancellation = { cancellationExecution: { cancelledBy: 'MERCHANT', cancelReason: 'Refused at pickup' } };
        order.lastUpdatedTime = at;
      }
    }
    await saveOrder(deps, seller, found.mp, order);
    return c.body(null, 204);
  });
}
