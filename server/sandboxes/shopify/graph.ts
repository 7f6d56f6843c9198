/**
 * The Shopify sandbox's GraphQL root for one shop: orders (search query, sort, cursor pages), an
 * order, a fulfillment order, and fulfillmentCreate — which refuses as Shopify does, with
 * userErrors (an unknown or closed fulfillment order, an unknown line, more units than remain)
 * and leaves the order untouched then. Objects are plain values whose connection fields are
 * functions of their arguments, which graphql-js's default resolver calls.
 */
import { GraphQLError } from 'graphql';
import type { Deps } from '../../context.js';
import { lineAmountCents } from '../../../domain/rules/money.js';
import { HOUR_MS } from '../arrivals.js';
import {
  dateTime,
  fulfilledOf,
  newFulfillment,
  saveShopOrder,
  shopOrderOf,
  shopOrdersOf,
  type ShopFulfillment,
  type ShopLine,
  type ShopOrder,
} from './state.js';

/** Orders older than this are not readable without the read_all_orders scope. */
const READABLE_DAYS = 60;

const gid = (type: string, id: string) => `gid://shopify/${type}/${id}`;
/** The number in a gid of the type; a GraphQL error for anything that is not such a gid. */
function idOf(type: string, value: string): string {
  const m = /^gid:\/\/shopify\/(\w+)\/(\d+)$/.exec(value);
  if (!m)
    throw new GraphQLError(`Invalid global id '${value}'`, { extensions: { code: 'argumentLiteralsIncompatible' } });
  return m[1] === type ? m[2] : '';
}

const money = (amount: string, currency: string) => {
  const m = { amount, currencyCode: currency };
  return { shopMoney: m, presentmentMoney: m };
};
const decimal = (cents: number) => (cents / 100).toFixed(2);

interface PageArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  reverse?: boolean | null;
}

const cursorOf = (key: string) => Buffer.from(JSON.stringify({ k: key })).toString('base64url');
function keyOfCursor(cursor: string): string {
  try {
    const k = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { k?: unknown }).k;
    if (typeof k === 'string') return k;
  } catch {
    // falls through to the refusal
  }
  throw new GraphQLError(`Invalid cursor for current pagination sort.`, { extensions: { code: 'BAD_REQUEST' } });
}

/**
 * A Relay connection over items already in order, each with a sort key: `after`/`before` are
 * positions in that order, so a page stays right while other items change.
 */
function connection<T>(items: T[], keyOf: (item: T) => string, args: PageArgs, view: (item: T) => unknown) {
  if (args.first == null && args.last == null)
    throw new GraphQLError('you must provide one of first or last', { extensions: { code: 'BAD_REQUEST' } });
  if ((args.first ?? 0) > 250 || (args.last ?? 0) > 250)
    throw new GraphQLError('The first and last arguments cannot exceed 250', { extensions: { code: 'BAD_REQUEST' } });
  const sorted = args.reverse ? [...items].reverse() : items;
  const direction = args.reverse ? -1 : 1;
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0) * direction;
  let window = sorted;
  if (args.after) {
    const k = keyOfCursor(args.after);
    window = window.filter((i) => cmp(keyOf(i), k) > 0);
  }
  if (args.before) {
    const k = keyOfCursor(args.before);
    window = window.filter((i) => cmp(keyOf(i), k) < 0);
  }
  let page = window;
  if (args.first != null) page = page.slice(0, Math.max(0, args.first));
  if (args.last != null) page = page.slice(Math.max(0, page.length - args.last));
  const edges = page.map((i) => ({ cursor: cursorOf(keyOf(i)), node: view(i) }));
  return {
    edges,
    nodes: edges.map((e) => e.node),
    pageInfo: {
      hasNextPage: page.length > 0 && window.indexOf(page[page.length - 1]) < window.length - 1,
      hasPreviousPage: page.length > 0 && sorted.indexOf(page[0]) > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}
const byPlace = (_: unknown, i: number) => String(i).padStart(4, '0');
const indexed = <T>(items: T[]) => items.map((item, i) => ({ item, key: byPlace(item, i) }));
const listConnection = <T>(items: T[], args: PageArgs, view: (item: T) => unknown) =>
  connection(
    indexed(items),
    (x) => x.key,
    args,
    (x) => view(x.item),
  );

type Status = 'OPEN' | 'IN_PROGRESS' | 'CLOSED';
/** The fulfillment order's state: closed when cancelled or done, in progress once part has shipped. */
function foStatus(order: ShopOrder): Status {
  if (order.cancelledAt) return 'CLOSED';
  const done = fulfilledOf(order);
  const left = order.lines.reduce((n, l) => n + l.quantity - (done.get(l.id) ?? 0), 0);
  if (left <= 0) return 'CLOSED';
  return done.size ? 'IN_PROGRESS' : 'OPEN';
}

function displayStatus(order: ShopOrder): string {
  const done = fulfilledOf(order);
  const shipped = order.lines.reduce((n, l) => n + (done.get(l.id) ?? 0), 0);
  const units = order.lines.reduce((n, l) => n + l.quantity, 0);
  return shipped === 0 ? 'UNFULFILLED' : shipped >= units ? 'FULFILLED' : 'PARTIALLY_FULFILLED';
}

const subtotalCents = (o: ShopOrder) => o.lines.reduce((t, l) => t + lineAmountCents(l.quantity, l.unitPrice), 0);

function lineView(order: ShopOrder, line: ShopLine) {
  const fulfilled = fulfilledOf(order).get(line.id) ?? 0;
  const current = order.cancelledAt ? 0 : line.quantity;
  return {
    id: gid('LineItem', line.id),
    name: line.variantTitle ? `${line.title} - ${line.variantTitle}` : line.title,
    title: line.title,
    variantTitle: line.variantTitle,
    sku: line.sku,
    quantity: line.quantity,
    // A cancelled order is refunded and restocked: nothing is left to ship.
    currentQuantity: current,
    unfulfilledQuantity: Math.max(0, current - fulfilled),
    fulfillableQuantity: Math.max(0, current - fulfilled),
    nonFulfillableQuantity: line.quantity - current,
    requiresShipping: line.sku !== null,
    originalUnitPriceSet: money(line.unitPrice, order.currency),
    variant: {
      id: gid('ProductVariant', line.variantId),
      title: line.variantTitle ?? 'Default Title',
      sku: line.sku,
      barcode: line.barcode,
    },
  };
}

function fulfillmentOrderView(order: ShopOrder) {
  const done = fulfilledOf(order);
  const status = foStatus(order);
  return {
    id: gid('FulfillmentOrder', order.fulfillmentOrderId),
    status,
    requestStatus: 'UNSUBMITTED',
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    fulfillAt: order.createdAt,
    fulfillBy: order.fulfillBy,
    orderId: gid('Order', order.id),
    orderName: order.name,
    order: () => orderView(order),
    deliveryMethod: {
      id: gid('DeliveryMethod', order.fulfillmentOrderId),
      methodType: 'SHIPPING',
      minDeliveryDateTime: order.deliverFrom,
      maxDeliveryDateTime: order.deliverBy,
    },
    lineItems: (args: PageArgs) =>
      listConnection(order.lines, args, (l) => ({
        id: gid('FulfillmentOrderLineItem', l.foLineId),
        sku: l.sku,
        productTitle: l.title,
        totalQuantity: l.quantity,
        remainingQuantity: status === 'CLOSED' ? 0 : l.quantity - (done.get(l.id) ?? 0),
        requiresShipping: l.sku !== null,
        lineItem: lineView(order, l),
      })),
  };
}

function fulfillmentView(order: ShopOrder, f: ShopFulfillment) {
  return {
    id: gid('Fulfillment', f.id),
    legacyResourceId: f.id,
    name: f.name,
    status: 'SUCCESS',
    createdAt: f.createdAt,
    updatedAt: f.createdAt,
    totalQuantity: f.lines.reduce((n, l) => n + l.quantity, 0),
    trackingInfo: ({ first }: { first?: number | null }) => (first == null ? f.tracking : f.tracking.slice(0, first)),
    fulfillmentLineItems: (args: PageArgs) =>
      listConnection(f.lines, args, (l) => ({
        id: gid('FulfillmentLineItem', l.id),
        quantity: l.quantity,
        lineItem: lineView(
          order,
          order.lines.find((x) => x.id === l.lineId)!,
        ),
      })),
    order: () => orderView(order),
  };
}

function orderView(order: ShopOrder) {
  const subtotal = subtotalCents(order);
  const shipping = lineAmountCents(1, order.shipping.price);
  const a = order.address;
  return {
    id: gid('Order', order.id),
    legacyResourceId: order.id,
    name: order.name,
    email: order.email,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    processedAt: order.createdAt,
    cancelledAt: order.cancelledAt,
    cancelReason: order.cancelReason,
    closed: displayStatus(order) === 'FULFILLED' || !!order.cancelledAt,
    displayFulfillmentStatus: displayStatus(order),
    displayFinancialStatus: order.cancelledAt ? 'REFUNDED' : 'PAID',
    currencyCode: order.currency,
    subtotalPriceSet: money(decimal(subtotal), order.currency),
    totalShippingPriceSet: money(order.shipping.price, order.currency),
    totalPriceSet: money(decimal(subtotal + shipping), order.currency),
    shippingAddress: {
      id: gid('MailingAddress', `${order.id}1`),
      name: `${a.firstName} ${a.lastName}`,
      ...a,
      countryCodeV2: a.countryCode,
      company: null,
    },
    shippingLine: {
      id: gid('ShippingLine', `${order.id}2`),
      title: order.shipping.title,
      code: order.shipping.code,
      originalPriceSet: money(order.shipping.price, order.currency),
    },
    lineItems: (args: PageArgs) => listConnection(order.lines, args, (l) => lineView(order, l)),
    fulfillmentOrders: (args: PageArgs) => listConnection([order], args, fulfillmentOrderView),
    fulfillments: ({ first }: { first?: number | null }) =>
      order.fulfillments.slice(0, first ?? undefined).map((f) => fulfillmentView(order, f)),
  };
}

/** Shopify's order search syntax, the terms the sandbox knows; others are warned about and ignored. */
interface OrderSearch {
  test: (o: ShopOrder) => boolean;
  /** The earliest moment the terms admit (for how far back to look). */
  from?: number;
  warnings: { field: string; message: string }[];
}
const TERM = /(\w+):(>=|<=|>|<)?(?:'([^']*)'|"([^"]*)"|(\S+))/g;

function parseSearch(query: string | null | undefined): OrderSearch {
  const tests: ((o: ShopOrder) => boolean)[] = [];
  const warnings: OrderSearch['warnings'] = [];
  let from: number | undefined;
  for (const m of (query ?? '').matchAll(TERM)) {
    const [, field, op = '', q1, q2, bare] = m;
    const value = q1 ?? q2 ?? bare ?? '';
    if (field === 'updated_at' || field === 'created_at') {
      const t = Date.parse(value);
      if (Number.isNaN(t)) {
        warnings.push({ field, message: `Invalid date value '${value}'.` });
        continue;
      }
      const at = (o: ShopOrder) => Date.parse(field === 'updated_at' ? o.updatedAt : o.createdAt);
      const compare = {
        '>': (x: number) => x > t,
        '>=': (x: number) => x >= t,
        '<': (x: number) => x < t,
        '<=': (x: number) => x <= t,
        '': (x: number) => x >= t && x < t + 1000,
      }[op]!;
      tests.push((o) => compare(at(o)));
      // An order unchanged since it arrived changed within its hour.
      if (op === '>' || op === '>=' || op === '')
        from = Math.max(from ?? -Infinity, field === 'updated_at' ? t - HOUR_MS : t);
    } else if (field === 'status') {
      if (value === 'open') tests.push((o) => !o.cancelledAt && displayStatus(o) !== 'FULFILLED');
      else if (value === 'closed') tests.push((o) => !o.cancelledAt && displayStatus(o) === 'FULFILLED');
      else if (value === 'cancelled') tests.push((o) => !!o.cancelledAt);
      else if (value !== 'any') warnings.push({ field, message: `Invalid value '${value}'.` });
    } else if (field === 'fulfillment_status') {
      const wanted = {
        shipped: 'FULFILLED',
        unshipped: 'UNFULFILLED',
        unfulfilled: 'UNFULFILLED',
        partial: 'PARTIALLY_FULFILLED',
      }[value];
      if (wanted) tests.push((o) => displayStatus(o) === wanted);
      else if (value !== 'any') warnings.push({ field, message: `Invalid value '${value}'.` });
    } else warnings.push({ field, message: 'Invalid search field for this query.' });
  }
  return { test: (o) => tests.every((t) => t(o)), from, warnings };
}

const SORT_KEYS: Record<string, (o: ShopOrder) => string> = {
  CREATED_AT: (o) => o.createdAt,
  PROCESSED_AT: (o) => o.createdAt,
  UPDATED_AT: (o) => o.updatedAt,
  ORDER_NUMBER: (o) => o.name.slice(1).padStart(8, '0'),
  TOTAL_PRICE: (o) => String(subtotalCents(o)).padStart(12, '0'),
  ID: () => '',
};

interface CreateArgs {
  fulfillment: {
    lineItemsByFulfillmentOrder: {
      fulfillmentOrderId: string;
      fulfillmentOrderLineItems?: { id: string; quantity: number }[] | null;
    }[];
    notifyCustomer?: boolean | null;
    trackingInfo?: {
      company?: string | null;
      number?: string | null;
      numbers?: string[] | null;
      url?: string | null;
      urls?: string[] | null;
    } | null;
  };
}

export interface ShopRoot {
  /** Search warnings for the answer's `extensions.search`. */
  searchWarnings: { path: string[]; query: string; warnings: { field: string; message: string }[] }[];
  root: Record<string, unknown>;
}

export function shopRoot(deps: Deps, shop: string, shopInfo: () => unknown): ShopRoot {
  const searchWarnings: ShopRoot['searchWarnings'] = [];
  const userError = (field: string[], message: string) => ({ fulfillment: null, userErrors: [{ field, message }] });

  const fulfillmentCreate = async ({ fulfillment: input }: CreateArgs) => {
    const groups = input.lineItemsByFulfillmentOrder;
    if (!groups.length)
      return userError(
        ['fulfillment', 'lineItemsByFulfillmentOrder'],
        'Line items by fulfillment order must not be empty.',
      );
    const foIds = groups.map((g) => idOf('FulfillmentOrder', g.fulfillmentOrderId));
    const orders = await Promise.all(foIds.map((id) => (id ? shopOrderOf(deps, shop, id) : null)));
    const lines: { lineId: string; quantity: number }[] = [];
    for (const [i, group] of groups.entries()) {
      const order = orders[i];
      const where = ['fulfillment', 'lineItemsByFulfillmentOrder', String(i), 'fulfillmentOrderId'];
      if (!order || order.fulfillmentOrderId !== foIds[i]) return userError(where, 'Fulfillment order does not exist.');
      if (order.id !== orders[0]!.id)
        return userError(
          where,
          'All fulfillment orders must belong to the same order and be assigned to the same location.',
        );
      const status = foStatus(order);
      if (status === 'CLOSED')
        return userError(
          where,
          `Fulfillment order ${order.fulfillmentOrderId} has an unfulfillable status= ${status.toLowerCase()}.`,
        );
      const done = fulfilledOf(order);
      // No lines named: every unit the fulfillment order has left.
      const wanted =
        group.fulfillmentOrderLineItems ??
        order.lines
          .map((l) => ({
            id: gid('FulfillmentOrderLineItem', l.foLineId),
            quantity: l.quantity - (done.get(l.id) ?? 0),
          }))
          .filter((w) => w.quantity > 0);
      for (const [j, w] of wanted.entries()) {
        const at = ['fulfillment', 'lineItemsByFulfillmentOrder', String(i), 'fulfillmentOrderLineItems', String(j)];
        const line = order.lines.find((l) => gid('FulfillmentOrderLineItem', l.foLineId) === w.id);
        if (!line) return userError([...at, 'id'], 'Fulfillment order line item does not exist.');
        const remaining =
          line.quantity -
          (done.get(line.id) ?? 0) -
          lines.filter((x) => x.lineId === line.id).reduce((n, x) => n + x.quantity, 0);
        if (w.quantity < 1 || w.quantity > remaining)
          return userError([...at, 'quantity'], 'Invalid fulfillment order line item quantity requested.');
        lines.push({ lineId: line.id, quantity: w.quantity });
      }
    }
    const order = orders[0]!;
    const now = deps.now().getTime();
    const t = input.trackingInfo;
    const numbers = t?.numbers ?? (t?.number ? [t.number] : []);
    const urls = t?.urls ?? (t?.url ? [t.url] : []);
    const made = {
      ...newFulfillment(order, now, lines),
      tracking: numbers.map((number, k) => ({ company: t?.company ?? null, number, url: urls[k] ?? null })),
    };
    const updated: ShopOrder = { ...order, updatedAt: dateTime(now), fulfillments: [...order.fulfillments, made] };
    await saveShopOrder(deps, shop, updated);
    return { fulfillment: fulfillmentView(updated, made), userErrors: [] };
  };

  const root = {
    shop: shopInfo,
    order: async ({ id }: { id: string }) => {
      const n = idOf('Order', id);
      const order = n ? await shopOrderOf(deps, shop, n) : null;
      return order && order.id === n ? orderView(order) : null;
    },
    fulfillmentOrder: async ({ id }: { id: string }) => {
      const n = idOf('FulfillmentOrder', id);
      const order = n ? await shopOrderOf(deps, shop, n) : null;
      return order && order.fulfillmentOrderId === n ? fulfillmentOrderView(order) : null;
    },
    orders: async (args: PageArgs & { query?: string | null; sortKey?: string | null }) => {
      const search = parseSearch(args.query);
      if (search.warnings.length)
        searchWarnings.push({ path: ['orders'], query: args.query ?? '', warnings: search.warnings });
      const readableFrom = deps.now().getTime() - READABLE_DAYS * 86_400_000;
      const all = await shopOrdersOf(deps, shop, Math.max(search.from ?? -Infinity, readableFrom - HOUR_MS));
      const key = SORT_KEYS[args.sortKey ?? 'PROCESSED_AT'] ?? SORT_KEYS.ID;
      // Ties (and ID itself) fall back to the id, so every order has one place.
      const keyOf = (o: ShopOrder) => `${key(o)}|${o.id}`;
      const chosen = all
        .filter((o) => Date.parse(o.createdAt) >= readableFrom && search.test(o))
        .sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
      return connection(chosen, keyOf, args, orderView);
    },
    fulfillmentCreate,
  };
  return { searchWarnings, root };
}
