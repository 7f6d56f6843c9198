/**
 * Sell Fulfillment v1 in the eBay sandbox, at eBay's paths (/sell/fulfillment/v1/order…): getOrders
 * with its filter grammar and offset paging, getOrder, and shipping fulfillments — created against
 * the order's lines (refusing unknown lines, more units than are left, a cancelled order, an
 * unknown carrier or a malformed tracking number) and read back.
 *
 * Differences from eBay, kept small: orderfulfillmentstatus takes any set of the three states
 * (eBay documents only {NOT_STARTED|IN_PROGRESS} and {FULFILLED|IN_PROGRESS}); the conflict
 * refusals (units beyond what is left, a cancelled order) use the sandbox's own errorIds 32700
 * and 32800 with 409, the status the model gives createShippingFulfillment for conflicts.
 */
import type { Context, Hono } from 'hono';
import type { Deps } from '../../context.js';
import { parseEbayFilter, type EbayOrderFilter } from '../../integrations/ebay/filter.js';
import { shippingFulfillmentDetailsSchema, type EbayOrder } from '../../integrations/ebay/order-models.js';
import { HOUR_MS } from '../arrivals.js';
import { apiError } from './errors.js';
import { addFulfillment, ebayOrderOf, ebayOrdersOf, type SellerOrder, type StoredFulfillment } from './state.js';

const BASE = '/sell/fulfillment/v1/order';
/** getOrders without criteria: the orders created within the last 90 days. */
const DEFAULT_DAYS = 90;
/** Carriers the sandbox knows (eBay's ShippingCarrierCodeType, compared without case or separators). */
const CARRIERS = new Set(
  [
    'USPS',
    'UPS',
    'FedEx',
    'DHL',
    'DHLGlobalMail',
    'OnTrac',
    'LaserShip',
    'AmazonShipping',
    'CanadaPost',
    'Purolator',
    'RoyalMail',
    'Parcelforce',
    'DeutschePost',
    'Hermes',
    'Evri',
    'DPD',
    'GLS',
    'AustraliaPost',
    'Other',
  ].map((c) => c.toLowerCase()),
);
const carrierKnown = (code: string) => CARRIERS.has(code.replace(/[\s_-]/g, '').toLowerCase());
/** Tracking numbers are letters and digits only. */
const TRACKING = /^[A-Za-z0-9]{6,40}$/;

const within = (iso: string | undefined, from?: Date, to?: Date) => {
  const t = Date.parse(iso ?? '');
  return !Number.isNaN(t) && (!from || t >= from.getTime()) && (!to || t <= to.getTime());
};

/** Which orders a filter admits; creationdate wins over lastmodifieddate, as eBay documents. */
const admits = (f: EbayOrderFilter) => (o: EbayOrder) =>
  (f.creationDate
    ? within(o.creationDate, f.creationDate.from, f.creationDate.to)
    : !f.lastModifiedDate ||
      within(o.lastModifiedDate ?? o.creationDate, f.lastModifiedDate.from, f.lastModifiedDate.to)) &&
  (!f.fulfillmentStatus || f.fulfillmentStatus.includes(o.orderFulfillmentStatus));

/** Where this sandbox's Sell APIs answer (for hrefs and Location): the request URL up to /sell/. */
const apiBase = (c: Context) => c.req.url.slice(0, c.req.url.indexOf('/sell/'));

export function ebayFulfillmentRoutes(app: Hono, deps: Deps, sellerOf: (c: Context) => string): void {
  const fulfillmentHref = (c: Context, f: Pick<StoredFulfillment, 'orderId' | 'fulfillmentId'>) =>
    `${apiBase(c)}${BASE}/${f.orderId}/shipping_fulfillment/${f.fulfillmentId}`;
  /** The order as eBay shows it: its packages linked; getOrders leaves cancelRequests empty. */
  const shown = (c: Context, order: EbayOrder, fulfillments: StoredFulfillment[], full: boolean) => ({
    ...order,
    fulfillmentHrefs: fulfillments.map((f) => fulfillmentHref(c, f)),
    ...(order.cancelStatus && !full ? { cancelStatus: { ...order.cancelStatus, cancelRequests: [] } } : {}),
  });
  const shownFulfillment = ({ orderId: _orderId, ...f }: StoredFulfillment) => f;
  const notFound = (c: Context, orderId: string) =>
    apiError(c, 404, 32100, `Invalid order ID: ${orderId}`, undefined, { name: 'orderId', value: orderId });

  app.get(BASE, async (c) => {
    const q = c.req.query();
    const limit = Number(q.limit ?? 50);
    const offset = Number(q.offset ?? 0);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200)
      return apiError(c, 400, 30700, 'Invalid limit.', 'The limit must be between 1 and 200.', 'limit');
    if (!Number.isInteger(offset) || offset < 0)
      return apiError(c, 400, 30700, 'Invalid offset.', 'The offset must be 0 or more.', 'offset');
    const seller = sellerOf(c);
    let chosen: SellerOrder[];
    if (q.orderIds) {
      // orderIds: up to 50, and every other parameter is ignored.
      const ids = q.orderIds.split(',').filter(Boolean);
      if (ids.length > 50)
        return apiError(c, 400, 30530, 'Too many order IDs.', 'At most 50 order IDs may be given.', 'orderIds');
      const found = await Promise.all(ids.map((id) => ebayOrderOf(deps, seller, id)));
      chosen = found.flatMap((f) => (f ? [f] : []));
    } else {
      const parsed = parseEbayFilter(q.filter ?? '');
      if (!parsed.ok)
        return ['creationdate', 'lastmodifieddate', 'orderfulfillmentstatus'].includes(parsed.name)
          ? apiError(c, 400, 30700, `Invalid filter value ${parsed.value} for filter ${parsed.name}`, undefined, {
              name: parsed.name,
              value: parsed.value,
            })
          : apiError(c, 400, 30500, `Invalid filter name: ${parsed.name}`, undefined, {
              name: 'filter',
              value: parsed.name,
            });
      const f = parsed.filter;
      if (!f.creationDate && !f.lastModifiedDate)
        f.creationDate = { from: new Date(deps.now().getTime() - DEFAULT_DAYS * 86_400_000) };
      // An unchanged order was last modified within its hour: an hour before the bound reaches it.
      const from = f.creationDate?.from ?? f.lastModifiedDate?.from;
      const to = f.creationDate ? f.creationDate.to : undefined;
      const all = await ebayOrdersOf(deps, seller, from && from.getTime() - HOUR_MS, to?.getTime());
      chosen = all
        .filter((o) => admits(f)(o.order))
        .sort(
          (a, b) =>
            b.order.creationDate.localeCompare(a.order.creationDate) || a.order.orderId.localeCompare(b.order.orderId),
        );
    }
    const page = chosen.slice(offset, offset + limit);
    const self = new URL(c.req.url);
    const at = (o: number) => {
      const u = new URL(self);
      u.searchParams.set('offset', String(o));
      u.searchParams.set('limit', String(limit));
      return u.toString();
    };
    return c.json({
      href: self.toString(),
      limit,
      offset,
      total: chosen.length,
      orders: page.map((o) => shown(c, o.order, o.fulfillments, false)),
      ...(offset + limit < chosen.length ? { next: at(offset + limit) } : {}),
      ...(offset > 0 ? { prev: at(Math.max(0, offset - limit)) } : {}),
    });
  });

  app.get(`${BASE}/:orderId`, async (c) => {
    const orderId = c.req.param('orderId');
    const found = await ebayOrderOf(deps, sellerOf(c), orderId);
    return found ? c.json(shown(c, found.order, found.fulfillments, true)) : notFound(c, orderId);
  });

  app.get(`${BASE}/:orderId/shipping_fulfillment`, async (c) => {
    const orderId = c.req.param('orderId');
    const found = await ebayOrderOf(deps, sellerOf(c), orderId);
    if (!found) return notFound(c, orderId);
    return c.json({ fulfillments: found.fulfillments.map(shownFulfillment), total: found.fulfillments.length });
  });

  app.get(`${BASE}/:orderId/shipping_fulfillment/:fulfillmentId`, async (c) => {
    const { orderId, fulfillmentId } = c.req.param();
    const found = await ebayOrderOf(deps, sellerOf(c), orderId);
    if (!found) return notFound(c, orderId);
    const f = found.fulfillments.find((x) => x.fulfillmentId === fulfillmentId);
    return f
      ? c.json(shownFulfillment(f))
      : apiError(c, 404, 32110, `Invalid shipping fulfillment ID: ${fulfillmentId}`, undefined, {
          name: 'fulfillmentId',
          value: fulfillmentId,
        });
  });

  app.post(`${BASE}/:orderId/shipping_fulfillment`, async (c) => {
    const orderId = c.req.param('orderId');
    const seller = sellerOf(c);
    const body = shippingFulfillmentDetailsSchema.safeParse(await c.req.json().catch(() => null));
    if (!body.success)
      return apiError(
        c,
        400,
        32600,
        'Invalid input for line items.',
        'lineItems with lineItemId and quantity are required.',
        'lineItems',
      );
    const found = await ebayOrderOf(deps, seller, orderId);
    if (!found) return notFound(c, orderId);
    const { order } = found;
    const d = body.data;
    if (order.cancelStatus?.cancelState === 'CANCELED')
      return apiError(c, 409, 32800, 'The order is cancelled.', 'A cancelled order cannot be shipped.', {
        name: 'orderId',
        value: orderId,
      });
    const seen = new Set<string>();
    for (const l of d.lineItems) {
      const line = order.lineItems.find((x) => x.lineItemId === l.lineItemId);
      if (!line || seen.has(l.lineItemId))
        return apiError(c, 400, 32500, `Invalid line item ID: ${l.lineItemId}`, undefined, {
          name: 'lineItemId',
          value: l.lineItemId,
        });
      seen.add(l.lineItemId);
      if (!Number.isInteger(l.quantity) || l.quantity < 1)
        return apiError(
          c,
          400,
          32600,
          'Invalid input for line item quantity.',
          'The quantity must be a whole number above zero.',
          {
            name: 'quantity',
            value: String(l.quantity),
          },
        );
      const shipped = found.fulfillments
        .flatMap((f) => f.lineItems)
        .filter((x) => x.lineItemId === l.lineItemId)
        .reduce((n, x) => n + x.quantity, 0);
      if (l.quantity > line.quantity - shipped)
        return apiError(
          c,
          409,
          32700,
          'The quantity exceeds what is left to ship.',
          `Line item ${l.lineItemId} has ${line.quantity - shipped} of ${line.quantity} units left to ship.`,
          { name: 'quantity', value: String(l.quantity) },
        );
    }
    if (d.trackingNumber !== undefined && !d.shippingCarrierCode)
      return apiError(
        c,
        400,
        32200,
        'Invalid shipping carrier code: ',
        'A tracking number needs its carrier.',
        'shippingCarrierCode',
      );
    if (d.shippingCarrierCode !== undefined && !carrierKnown(d.shippingCarrierCode))
      return apiError(c, 400, 32200, `Invalid shipping carrier code: ${d.shippingCarrierCode}`, undefined, {
        name: 'shippingCarrierCode',
        value: d.shippingCarrierCode,
      });
    if (d.trackingNumber !== undefined && !TRACKING.test(d.trackingNumber))
      return apiError(
        c,
        400,
        32210,
        `Invalid shipment tracking number: ${d.trackingNumber}`,
        'A tracking number has 6 to 40 letters and digits.',
        {
          name: 'trackingNumber',
          value: d.trackingNumber,
        },
      );
    const now = deps.now().getTime();
    const shippedAt = d.shippedDate === undefined ? now : Date.parse(d.shippedDate);
    if (Number.isNaN(shippedAt) || shippedAt > now + 5 * 60_000 || shippedAt < Date.parse(order.creationDate))
      return apiError(
        c,
        400,
        32300,
        'Invalid shipped date.',
        'The shipped date must lie between the order’s creation and now.',
        {
          name: 'shippedDate',
          value: d.shippedDate ?? '',
        },
      );
    const created = await addFulfillment(deps, seller, found, {
      lineItems: d.lineItems,
      shippedDate: new Date(shippedAt).toISOString(),
      ...(d.shippingCarrierCode ? { shippingCarrierCode: d.shippingCarrierCode } : {}),
      ...(d.trackingNumber ? { shipmentTrackingNumber: d.trackingNumber } : {}),
    });
    c.header('Location', fulfillmentHref(c, created));
    return c.json({}, 201);
  });
}
