/**
 * Amazon orders (Orders v2026-01-01 reads, Orders v0 shipment writes): the Amazon client and
 * `amazonOrderSource` against the sandbox over real HTTP — a seller's orders page by page with
 * only the datasets asked for, Amazon's refusals of bad searches, shipment confirmation changing
 * the order (and refusing more than was ordered, unknown items, FBA and cancelled orders),
 * in-store pickup, isolation between sellers, and pulls into Dockside's order shape as the
 * sandbox clock moves — every answer and request body held to Amazon's published models.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';
import { sandboxAuthorisation } from '../helpers/amazon-sandbox.js';
import { problemsOf, swaggerDefinition } from '../helpers/reference-models.js';
import { AmazonClient, amazonEndpoints, SANDBOX_APP } from '../../server/integrations/amazon/client.js';
import { ProviderFailure } from '../../server/integrations/http.js';
import { amazonOrderSource, centsOf } from '../../server/integrations/amazon/order-source.js';
import type { Order, SearchOrdersQuery } from '../../server/integrations/amazon/orders-models.js';
import type { MarketplaceOrderInput } from '../../domain/schemas/orders.js';
import { holdSandboxesToReference } from '../helpers/sandbox-contract.js';

/** Every sandbox answer below is held to the provider's published model (../shared/reference). */
const contract = holdSandboxesToReference(import.meta.filename);

const US = 'ATVPDKIKX0DER';
const V2026 = 'amazon/orders_2026-01-01.json';
const V0 = 'amazon/ordersV0.json';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ALL_DATA: SearchOrdersQuery['includedData'] = [
  'BUYER',
  'RECIPIENT',
  'PROCEEDS',
  'FULFILLMENT',
  'CANCELLATION',
  'PACKAGES',
];

let s: TestServer;
let sandboxUrl: string;
/** The server's clock and the clients' run `offset` ahead, so orders arrive and fates come due. */
let offset = 0;
const now = () => Date.now() + offset;
let storeIds = 980_000;
let sellerA: { sellerId: string; refreshToken: string };
let sellerB: { sellerId: string; refreshToken: string };

const sent: { url: string; body: unknown }[] = [];
const recording: typeof fetch = async (input, init) => {
  if (typeof init?.body === 'string' && String(input).includes('/orders/'))
    sent.push({ url: String(input), body: JSON.parse(init.body) });
  return fetch(input, init);
};
const lastSent = () => sent.at(-1)!.body;

/** A fresh client (and so a fresh searchOrders burst of 20) for a seller. */
const clientOf = (seller: { refreshToken: string }) =>
  new AmazonClient(
    {
      endpoints: amazonEndpoints('sandbox', 'amazon_us', sandboxUrl),
      app: SANDBOX_APP,
      sleep: async () => undefined,
      fetch: recording,
      now,
    },
    { storeId: storeIds++, refreshToken: seller.refreshToken },
  );
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as ProviderFailure,
  );

/** Every order of a search, through all its pages, each page held to the model. */
async function searchAll(client: AmazonClient, q: SearchOrdersQuery): Promise<Order[]> {
  const v = swaggerDefinition(V2026, 'SearchOrdersResponse');
  const out: Order[] = [];
  let token: string | undefined;
  do {
    const page = await client.orders.searchOrders({ ...q, paginationToken: token });
    expect(v(page), problemsOf(v)).toBe(true);
    out.push(...page.orders);
    token = page.pagination?.nextToken;
  } while (token);
  return out;
}

/** A raw SP-API call with the seller's token, for refusals whose body the test reads. */
async function raw(client: AmazonClient, path: string, init: RequestInit = {}) {
  const res = await fetch(`${sandboxUrl}/sandbox/amazon${path}`, {
    ...init,
    headers: { 'x-amz-access-token': await client.accessToken(), 'content-type': 'application/json', ...init.headers },
  });
  return { status: res.status, body: (await res.json()) as unknown };
}
const errorList = swaggerDefinition(V2026, 'ErrorList');

const units = (o: Order) => o.orderItems.reduce((t, i) => t + i.quantityOrdered, 0);
const since = (ms: number) => new Date(now() - ms).toISOString();

beforeAll(async () => {
  s = await TestServer.start();
  contract.attach(s);
  sandboxUrl = await s.listen();
  s.started.deps.now = () => new Date(now());
  [sellerA, sellerB] = await Promise.all([sandboxAuthorisation(sandboxUrl), sandboxAuthorisation(sandboxUrl)]);
});
afterAll(() => s.close());

describe('Amazon orders against the sandbox', () => {
  it('searches a week of orders page by page, oldest change first, with only the datasets asked for', async () => {
    const client = clientOf(sellerA);
    const q: SearchOrdersQuery = { lastUpdatedAfter: since(8 * DAY), marketplaceIds: [US], includedData: ALL_DATA };
    const all = await searchAll(client, { ...q, maxResultsPerPage: 25 });
    expect(all.length).toBeGreaterThan(25);
    expect(new Set(all.map((o) => o.orderId)).size).toBe(all.length);
    const times = all.map((o) => o.lastUpdatedTime);
    expect([...times].sort((a, b) => Date.parse(a) - Date.parse(b))).toEqual(times);
    for (const o of all) {
      expect(o.orderId).toMatch(/^\d{3}-\d{7}-\d{7}$/);
      expect(Date.parse(o.createdTime)).toBeLessThanOrEqual(now());
      const f = o.fulfillment!;
      const address = o.recipient!.deliveryAddress!;
      if (f.fulfilledBy === 'AMAZON') {
        // Amazon hides the buyer's phone on FBA orders and keeps no seller packages for them.
        expect(address.phone).toBeUndefined();
        expect(o.packages).toBeUndefined();
      } else expect(o.packages).toBeDefined();
      // The order's proceeds add up from its breakdown.
      const sum = o.proceeds!.breakdowns!.reduce((t, b) => t + centsOf(b.subtotal)!, 0);
      expect(centsOf(o.proceeds!.grandTotal)).toBe(sum);
      expect(Date.parse(f.shipByWindow!.latestDateTime!)).toBeGreaterThan(Date.parse(o.createdTime));
    }
    const by = (fb: string, st: string) =>
      all.some((o) => o.fulfillment!.fulfilledBy === fb && o.fulfillment!.fulfillmentStatus === st);
    expect(by('MERCHANT', 'UNSHIPPED')).toBe(true);
    expect(by('MERCHANT', 'SHIPPED')).toBe(true);
    expect(by('AMAZON', 'SHIPPED')).toBe(true);
    expect(all.some((o) => o.fulfillment!.fulfillmentStatus === 'CANCELLED')).toBe(true);

    // The same orders every time; without includedData only the core of each order.
    const again = await searchAll(client, { lastUpdatedAfter: q.lastUpdatedAfter, marketplaceIds: [US] });
    expect(again.map((o) => o.orderId)).toEqual(all.map((o) => o.orderId));
    expect(again.every((o) => !o.fulfillment && !o.recipient && !o.proceeds && !o.orderItems[0].fulfillment)).toBe(
      true,
    );
    // Filters: only seller-fulfilled, unshipped orders.
    const waiting = await searchAll(client, { ...q, fulfilledBy: ['MERCHANT'], fulfillmentStatuses: ['UNSHIPPED'] });
    expect(waiting.map((o) => o.orderId).sort()).toEqual(
      all
        .filter((o) => o.fulfillment!.fulfilledBy === 'MERCHANT' && o.fulfillment!.fulfillmentStatus === 'UNSHIPPED')
        .map((o) => o.orderId)
        .sort(),
    );
    // createdAfter finds orders by when they were placed.
    const recent = await searchAll(client, { createdAfter: since(DAY), marketplaceIds: [US] });
    expect(recent.every((o) => Date.parse(o.createdTime) >= now() - DAY - 60_000)).toBe(true);

    const one = await client.orders.getOrder(all[0].orderId, ['FULFILLMENT', 'RECIPIENT']);
    const vGet = swaggerDefinition(V2026, 'GetOrderResponse');
    expect(vGet(one), problemsOf(vGet)).toBe(true);
    expect(one.order).toMatchObject({ orderId: all[0].orderId, fulfillment: all[0].fulfillment });
    expect(one.order.proceeds).toBeUndefined();
  });

  it('refuses bad searches as Amazon does, in its error shape', async () => {
    const client = clientOf(sellerA);
    const path = (q: Record<string, string>) => `/orders/2026-01-01/orders?${new URLSearchParams(q)}`;
    const after = since(DAY);
    const cases: [Record<string, string>, RegExp][] = [
      [{ createdAfter: after, lastUpdatedAfter: after }, /cannot be combined/],
      [{ createdAfter: after, lastUpdatedBefore: since(HOUR) }, /cannot be combined/],
      [{ marketplaceIds: US }, /Exactly one of createdAfter and lastUpdatedAfter/],
      [{ createdAfter: new Date(now() + HOUR).toISOString() }, /in the future/],
      [{ lastUpdatedAfter: after, lastUpdatedBefore: since(30_000) }, /two minutes before/],
      [{ lastUpdatedAfter: after, lastUpdatedBefore: since(2 * DAY) }, /equal to or after/],
      [{ lastUpdatedAfter: 'yesterday' }, /Invalid lastUpdatedAfter/],
      [{ lastUpdatedAfter: after, marketplaceIds: 'A1F83G8C2ARO7P' }, /Invalid marketplaceId/],
      [{ lastUpdatedAfter: after, fulfillmentStatuses: 'Unshipped' }, /fulfillmentStatuses/],
      [{ lastUpdatedAfter: after, fulfilledBy: 'AFN' }, /fulfilledBy/],
      [{ lastUpdatedAfter: after, includedData: 'EVERYTHING' }, /includedData/],
      [{ lastUpdatedAfter: after, maxResultsPerPage: '101' }, /between 1 and 100/],
      [{ lastUpdatedAfter: after, paginationToken: 'not-a-token' }, /paginationToken/],
    ];
    for (const [q, message] of cases) {
      const res = await raw(client, path(q));
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(errorList(res.body), problemsOf(errorList)).toBe(true);
      const [e] = (res.body as { errors: { code: string; message: string }[] }).errors;
      expect(e.code).toBe('InvalidInput');
      expect(e.message).toMatch(message);
    }
    // A page token belongs to its query: changing another parameter refuses it.
    const first = await client.orders.searchOrders({ lastUpdatedAfter: since(8 * DAY), maxResultsPerPage: 2 });
    const token = first.pagination!.nextToken!;
    const changed = await raw(
      client,
      path({ lastUpdatedAfter: since(7 * DAY), maxResultsPerPage: '2', paginationToken: token }),
    );
    expect(changed.status).toBe(400);
    // Through the client, a refusal is an answer with Amazon's words, not retried.
    const refused = await failure(client.orders.searchOrders({ createdAfter: after, lastUpdatedAfter: after }));
    expect(refused).toMatchObject({ kind: 'refused', status: 400 });
    expect(refused!.messages[0]).toMatch(/Amazon \(InvalidInput\)/);
    // The fault gate speaks Amazon's throttling.
    const throttled = await raw(client, path({ lastUpdatedAfter: after }), {
      headers: { 'x-sandbox-fault': 'throttle' },
    });
    expect(throttled).toMatchObject({ status: 429, body: { errors: [{ code: 'QuotaExceeded' }] } });
    // Without a token, Amazon's 403.
    const anonymous = await fetch(`${sandboxUrl}/sandbox/amazon${path({ lastUpdatedAfter: after })}`);
    expect(anonymous.status).toBe(403);
  });

  it('confirms shipments: items shipped, status moves, over-shipping and unknown items refused', async () => {
    const client = clientOf(sellerA);
    const before = new Date(now() - 1000).toISOString();
    const all = await searchAll(client, {
      lastUpdatedAfter: since(8 * DAY),
      marketplaceIds: [US],
      includedData: ALL_DATA,
    });
    const order = all.find(
      (o) =>
        o.fulfillment!.fulfilledBy === 'MERCHANT' &&
        o.fulfillment!.fulfillmentStatus === 'UNSHIPPED' &&
        units(o) >= 2 &&
        !o.programs?.includes('IN_STORE_PICK_UP'),
    )!;
    expect(order).toBeDefined();
    const [first, ...rest] = order.orderItems;
    const confirm = (items: { orderItemId: string; quantity: number }[], ref = '1', marketplaceId = US) =>
      client.orders.confirmShipment(order.orderId, {
        marketplaceId,
        packageDetail: {
          packageReferenceId: ref,
          carrierCode: 'UPS',
          shippingMethod: 'UPS Ground',
          trackingNumber: `1Z999AA10${ref}23456784`,
          shipDate: new Date(now()).toISOString(),
          orderItems: items,
        },
      });
    // Each refusal is sent when its turn comes (a call made early and refused unawaited is an unhandled rejection).
    const refusals: [() => Promise<unknown>, RegExp][] = [
      [() => confirm([{ orderItemId: first.orderItemId, quantity: first.quantityOrdered + 1 }]), /exceed/],
      [() => confirm([{ orderItemId: '99999999999999', quantity: 1 }]), /not an item of order/],
      [() => confirm([{ orderItemId: first.orderItemId, quantity: 0 }]), /at least 1/],
      [() => confirm([{ orderItemId: first.orderItemId, quantity: 1 }], '1', 'A2EUQ1WTGCTBG2'), /not the marketplace/],
      [() => confirm([{ orderItemId: first.orderItemId, quantity: 1 }], 'PKG-1'), /packageReferenceId/],
    ];
    for (const [send, message] of refusals) {
      const f = await failure(send());
      expect(f).toMatchObject({ kind: 'refused', status: 400 });
      expect(f!.messages.join(' ')).toMatch(message);
    }
    // Nothing changed.
    expect((await client.orders.getOrder(order.orderId, ['FULFILLMENT'])).order.fulfillment!.fulfillmentStatus).toBe(
      'UNSHIPPED',
    );

    // One unit: partially shipped; the body is Amazon's ConfirmShipmentRequest.
    await expect(confirm([{ orderItemId: first.orderItemId, quantity: 1 }])).resolves.toBeNull();
    const vReq = swaggerDefinition(V0, 'ConfirmShipmentRequest');
    expect(vReq(lastSent()), problemsOf(vReq)).toBe(true);
    const changed = await searchAll(client, { lastUpdatedAfter: before, marketplaceIds: [US], includedData: ALL_DATA });
    const partial = changed.find((o) => o.orderId === order.orderId)!;
    expect(partial.fulfillment!.fulfillmentStatus).toBe('PARTIALLY_SHIPPED');
    expect(partial.orderItems[0].fulfillment).toEqual({
      quantityFulfilled: 1,
      quantityUnfulfilled: first.quantityOrdered - 1,
    });
    expect(partial.packages!.at(-1)).toMatchObject({
      packageReferenceId: '1',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(Date.parse(partial.lastUpdatedTime)).toBeGreaterThan(Date.parse(before));
    // The same package reference twice is refused; the rest ships under another.
    const again = await failure(confirm([{ orderItemId: first.orderItemId, quantity: 1 }]));
    expect(again!.messages.join(' ')).toMatch(/already used/);
    const remaining = [
      ...(first.quantityOrdered > 1 ? [{ orderItemId: first.orderItemId, quantity: first.quantityOrdered - 1 }] : []),
      ...rest.map((i) => ({ orderItemId: i.orderItemId, quantity: i.quantityOrdered })),
    ];
    await confirm(remaining, '2');
    const shipped = (await client.orders.getOrder(order.orderId, ['FULFILLMENT', 'PACKAGES'])).order;
    expect(shipped.fulfillment!.fulfillmentStatus).toBe('SHIPPED');
    expect(shipped.packages).toHaveLength(2);
    expect(
      (await failure(confirm([{ orderItemId: first.orderItemId, quantity: 1 }], '3')))!.messages.join(' '),
    ).toMatch(/exceed/);

    // FBA and cancelled orders cannot be confirmed by the seller.
    const afn = all.find((o) => o.fulfillment!.fulfilledBy === 'AMAZON')!;
    const afnRefusal = await failure(
      client.orders.confirmShipment(afn.orderId, {
        marketplaceId: US,
        packageDetail: {
          packageReferenceId: '1',
          carrierCode: 'UPS',
          trackingNumber: '1Z1',
          shipDate: new Date(now()).toISOString(),
          orderItems: [{ orderItemId: afn.orderItems[0].orderItemId, quantity: 1 }],
        },
      }),
    );
    expect(afnRefusal!.messages.join(' ')).toMatch(/fulfilled by Amazon/);
    // (An in-store pickup order is refused first for being one, whatever its state.)
    const cancelled = all.find(
      (o) =>
        o.fulfillment!.fulfilledBy === 'MERCHANT' &&
        o.fulfillment!.fulfillmentStatus === 'CANCELLED' &&
        !o.programs?.includes('IN_STORE_PICK_UP'),
    );
    if (cancelled) {
      const r = await failure(
        client.orders.confirmShipment(cancelled.orderId, {
          marketplaceId: US,
          packageDetail: {
            packageReferenceId: '9',
            carrierCode: 'UPS',
            trackingNumber: '1Z1',
            shipDate: new Date(now()).toISOString(),
            orderItems: [{ orderItemId: cancelled.orderItems[0].orderItemId, quantity: 1 }],
          },
        }),
      );
      expect(r!.messages.join(' ')).toMatch(/canceled/);
    }
    // A refusal body is Amazon's ConfirmShipmentErrorResponse.
    const body = await raw(client, `/orders/v0/orders/${order.orderId}/shipmentConfirmation`, {
      method: 'POST',
      body: JSON.stringify({
        marketplaceId: US,
        packageDetail: {
          packageReferenceId: '5',
          carrierCode: 'UPS',
          trackingNumber: 'x',
          shipDate: '02/21/2022',
          orderItems: [],
        },
      }),
    });
    expect(body.status).toBe(400);
    const vErr = swaggerDefinition(V0, 'ConfirmShipmentErrorResponse');
    expect(vErr(body.body), problemsOf(vErr)).toBe(true);
  });

  it('keeps sellers apart: another seller’s orders are neither listed nor found nor shippable', async () => {
    const a = clientOf(sellerA);
    const b = clientOf(sellerB);
    const q: SearchOrdersQuery = {
      lastUpdatedAfter: since(8 * DAY),
      marketplaceIds: [US],
      includedData: ['FULFILLMENT'],
    };
    const [mine, theirs] = await Promise.all([searchAll(a, q), searchAll(b, q)]);
    const ids = new Set(mine.map((o) => o.orderId));
    expect(theirs.some((o) => ids.has(o.orderId))).toBe(false);
    const target = mine.find(
      (o) => o.fulfillment!.fulfillmentStatus === 'UNSHIPPED' && o.fulfillment!.fulfilledBy === 'MERCHANT',
    )!;
    expect((await failure(b.orders.getOrder(target.orderId)))!.status).toBe(404);
    const shipped = await failure(
      b.orders.confirmShipment(target.orderId, {
        marketplaceId: US,
        packageDetail: {
          packageReferenceId: '1',
          carrierCode: 'USPS',
          trackingNumber: '9400',
          shipDate: new Date(now()).toISOString(),
          orderItems: [{ orderItemId: target.orderItems[0].orderItemId, quantity: 1 }],
        },
      }),
    );
    expect(shipped!.status).toBe(404);
    const res = await raw(b, `/orders/2026-01-01/orders/${target.orderId}`);
    expect(errorList(res.body), problemsOf(errorList)).toBe(true);
  });

  it('pulls into Dockside’s shape: all pages, then only what changed once the clock moves', async () => {
    const client = clientOf(sellerA);
    const source = amazonOrderSource(client, US);
    const start = new Date(now() - 8 * DAY);
    const pull = async (from: Date) => {
      const out: MarketplaceOrderInput[] = [];
      let next: string | null = null;
      let pages = 0;
      do {
        const page = await source.changedSince(from, next);
        out.push(...page.orders);
        next = page.next;
        pages++;
      } while (next);
      return { orders: out, pages };
    };
    const first = await pull(start);
    // The first pull's moment: the next pull asks for what changed since.
    const t0 = new Date(now());
    const raws = await searchAll(client, {
      lastUpdatedAfter: start.toISOString(),
      marketplaceIds: [US],
      includedData: ALL_DATA,
    });
    expect(first.pages).toBe(Math.ceil(raws.length / 100));
    expect(first.orders.map((o) => o.marketplaceOrderId).sort()).toEqual(raws.map((o) => o.orderId).sort());
    for (const o of first.orders) {
      const r = raws.find((x) => x.orderId === o.marketplaceOrderId)!;
      const afn = r.fulfillment!.fulfilledBy === 'AMAZON';
      expect(o).toMatchObject({
        salesChannel: afn ? 'Amazon' : 'Merchant',
        fulfillmentNetwork: afn ? 'AFN' : 'MFN',
        marketplaceStatus: r.fulfillment!.fulfillmentStatus,
        purchasedAt: r.createdTime,
        updatedAt: r.lastUpdatedTime,
        shipBy: r.fulfillment!.shipByWindow!.latestDateTime,
        deliverBy: r.fulfillment!.deliverByWindow!.latestDateTime,
        shippingService: r.fulfillment!.fulfillmentServiceLevel,
        currency: 'USD',
        total: Math.round(Number(r.proceeds!.grandTotal!.amount) * 100),
      });
      expect(o.shipTo).toMatchObject({ line1: r.recipient!.deliveryAddress!.addressLine1, countryCode: 'US' });
      // Amazon hides the phone on FBA orders (and on delivered seller-fulfilled ones).
      if (afn) expect(o.shipTo!.phone).toBeNull();
      o.lines.forEach((l, i) => {
        const item = r.orderItems[i];
        expect(l).toMatchObject({
          lineId: item.orderItemId,
          sku: item.product.sellerSku,
          asin: item.product.asin,
          quantityOrdered: item.quantityOrdered,
        });
        expect(l.unitPrice).toBe(Math.round(Number(item.product.price!.unitPrice!.amount) * 100));
        expect(Number.isInteger(l.unitPrice)).toBe(true);
      });
    }
    // A cancelled order maps to CANCELLED whatever was shipped; a partly shipped one by its lines.
    const cancelled = first.orders.find((o) => o.marketplaceStatus === 'CANCELLED')!;
    expect(cancelled.status).toBe('CANCELED');
    const pickups = new Set(raws.filter((o) => o.programs?.includes('IN_STORE_PICK_UP')).map((o) => o.orderId));
    const waiting = first.orders.find(
      (o) =>
        o.fulfillmentNetwork === 'MFN' &&
        o.status === 'AWAITING' &&
        !pickups.has(o.marketplaceOrderId) &&
        o.lines.reduce((t, l) => t + l.quantityOrdered, 0) >= 2,
    )!;
    const line = waiting.lines[0];
    await client.orders.confirmShipment(waiting.marketplaceOrderId, {
      marketplaceId: US,
      packageDetail: {
        packageReferenceId: '7',
        carrierCode: 'USPS',
        trackingNumber: '9400111899223344556677',
        shipDate: new Date(now()).toISOString(),
        orderItems: [{ orderItemId: line.lineId, quantity: 1 }],
      },
    });

    // Twelve hours later: new orders have arrived, FBA orders have shipped; the next pull finds
    // what changed since the first, and nothing else.
    const unchanged = new Set(first.orders.map((o) => o.marketplaceOrderId));
    offset += 12 * HOUR;
    const second = await pull(t0);
    const changedRaw = (await searchAll(client, { lastUpdatedAfter: t0.toISOString(), marketplaceIds: [US] })).map(
      (o) => o.orderId,
    );
    expect(second.orders.map((o) => o.marketplaceOrderId).sort()).toEqual(changedRaw.sort());
    expect(second.orders.length).toBeLessThan(first.orders.length);
    expect(second.orders.every((o) => Date.parse(o.updatedAt) >= t0.getTime())).toBe(true);
    expect(
      second.orders.some((o) => !unchanged.has(o.marketplaceOrderId) && Date.parse(o.purchasedAt) > t0.getTime()),
    ).toBe(true);
    const partly = second.orders.find((o) => o.marketplaceOrderId === waiting.marketplaceOrderId)!;
    expect(partly.status).toBe('PARTIALLY_SHIPPED');
    expect(partly.lines.find((l) => l.lineId === line.lineId)!.quantityShipped).toBe(1);
  });

  it('in-store pickup: ready, then picked up; other orders refuse updateShipmentStatus', async () => {
    const client = clientOf(sellerA);
    const q: SearchOrdersQuery = { lastUpdatedAfter: since(8 * DAY), marketplaceIds: [US], includedData: ALL_DATA };
    let all = await searchAll(client, q);
    const pickup = (os: Order[]) =>
      os.find((o) => o.programs?.includes('IN_STORE_PICK_UP') && o.fulfillment!.fulfillmentStatus === 'UNSHIPPED');
    // Pickup orders are rare: let the weeks pass until one arrives.
    for (let week = 0; !pickup(all) && week < 6; week++) {
      offset += 7 * DAY;
      all = await searchAll(clientOf(sellerA), { ...q, lastUpdatedAfter: since(7 * DAY) });
    }
    const order = pickup(all)!;
    expect(order).toBeDefined();
    const other = all.find(
      (o) => o.fulfillment!.fulfilledBy === 'MERCHANT' && !o.programs?.includes('IN_STORE_PICK_UP'),
    )!;
    const c = clientOf(sellerA);
    const notPickup = await failure(
      c.orders.updateShipmentStatus(other.orderId, { marketplaceId: US, shipmentStatus: 'ReadyForPickup' }),
    );
    expect(notPickup!.messages.join(' ')).toMatch(/not an in-store pickup order/);
    const unknown = await raw(c, `/orders/v0/orders/${order.orderId}/shipment`, {
      method: 'POST',
      body: JSON.stringify({ marketplaceId: '1', shipmentStatus: 'ReadyForPickup' }),
    });
    expect(unknown).toMatchObject({
      status: 400,
      body: { errors: [{ code: 'InvalidInput', message: 'Marketplace ID is not defined', details: '1001' }] },
    });
    const early = await failure(
      c.orders.updateShipmentStatus(order.orderId, { marketplaceId: US, shipmentStatus: 'PickedUp' }),
    );
    expect(early!.messages.join(' ')).toMatch(/not ready for pickup/);

    await c.orders.updateShipmentStatus(order.orderId, { marketplaceId: US, shipmentStatus: 'ReadyForPickup' });
    const vReq = swaggerDefinition(V0, 'UpdateShipmentStatusRequest');
    expect(vReq(lastSent()), problemsOf(vReq)).toBe(true);
    await c.orders.updateShipmentStatus(order.orderId, { marketplaceId: US, shipmentStatus: 'PickedUp' });
    const after = (await c.orders.getOrder(order.orderId, ['FULFILLMENT'])).order;
    expect(after.fulfillment!.fulfillmentStatus).toBe('SHIPPED');
    expect(after.orderItems.every((i) => i.fulfillment!.quantityUnfulfilled === 0)).toBe(true);
    const late = await failure(
      c.orders.updateShipmentStatus(order.orderId, { marketplaceId: US, shipmentStatus: 'RefusedPickup' }),
    );
    expect(late!.messages.join(' ')).toMatch(/picked up/);
  });
});

it('answers every operation it covers, each held to the published model', () => contract.expectCovered());
