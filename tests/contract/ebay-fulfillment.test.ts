/**
 * eBay orders and fulfilments (Sell Fulfillment v1) against the local sandbox over real HTTP: the
 * order source pulls every page and then only what changed as the sandbox clock moves; partial and
 * full shipping fulfillments move the order NOT_STARTED → IN_PROGRESS → FULFILLED; over-fulfilment,
 * unknown lines, cancelled orders and bad carriers or tracking are refused in eBay's error shape;
 * sellers never see each other's orders; throttling is ridden through. The sandbox's answers and
 * the client's request bodies are held to eBay's published model with ajv.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';
import { EbayClient, ebayEndpoints, SANDBOX_EBAY_APP } from '../../server/integrations/ebay/client.js';
import { ebayOrderSource } from '../../server/integrations/ebay/order-source.js';
import type { EbayOrder } from '../../server/integrations/ebay/order-models.js';
import { ProviderFailure } from '../../server/integrations/http.js';
import { marketplaceOrderInputSchema, type MarketplaceOrderInput } from '../../domain/schemas/orders.js';
import { openApiSchema, problemsOf } from '../helpers/reference-models.js';
import { holdSandboxesToReference } from '../helpers/sandbox-contract.js';

/** Every sandbox answer below is held to the provider's published model (../shared/reference). */
const contract = holdSandboxesToReference(import.meta.filename);

const MODEL = 'ebay/order-schemas.json';
const HOUR = 3_600_000;

let s: TestServer;
let sandboxUrl: string;
/** The sandbox clock runs ahead of the wall clock by this much. */
let offset = 0;
const now = () => Date.now() + offset;
let storeIds = 990_100;

beforeAll(async () => {
  s = await TestServer.start({ seed: 'none' });
  contract.attach(s);
  sandboxUrl = await s.listen();
  s.started.deps.now = () => new Date(now());
});
afterAll(() => s.close());

/** Every request the clients send, to hold bodies to the model. */
const sent: { method: string; url: string; body: unknown }[] = [];
/** Faults the sandbox is asked for, one per Sell API call, per client. */
const faultsOf = new WeakMap<EbayClient, string[]>();
function transport(faults: string[]): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    const fault = String(input).includes('/sell/') ? faults.shift() : undefined;
    if (fault) headers.set('x-sandbox-fault', fault);
    sent.push({
      method: init?.method ?? 'GET',
      url: String(input),
      body:
        typeof init?.body === 'string' && headers.get('content-type') === 'application/json'
          ? JSON.parse(init.body)
          : null,
    });
    return fetch(input, { ...init, headers });
  };
}

/** A seller signs in on the sandbox's consent page; the code becomes the client's refresh token. */
async function connectSeller(): Promise<EbayClient> {
  const opts = {
    endpoints: ebayEndpoints('sandbox', sandboxUrl),
    app: { ...SANDBOX_EBAY_APP, ruName: 'http://localhost/ebay/callback' },
    sleep: async () => undefined,
    now,
  };
  const signIn = new EbayClient(opts);
  const page = new URL(signIn.consentUrl(`state-${storeIds}-${Math.random()}`));
  const html = await (await fetch(page)).text();
  const fields = Object.fromEntries(
    [...html.matchAll(/type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2].replace(/&amp;/g, '&')]),
  );
  const back = await fetch(page, {
    method: 'POST',
    body: new URLSearchParams({ ...fields, decision: 'confirm' }),
    redirect: 'manual',
  });
  const code = new URL(back.headers.get('location')!).searchParams.get('code')!;
  const token = await signIn.exchangeCode(code);
  const faults: string[] = [];
  const api = new EbayClient(
    { ...opts, fetch: transport(faults) },
    { storeId: storeIds++, refreshToken: token.refresh_token! },
  );
  faultsOf.set(api, faults);
  return api;
}

/** The sandbox's raw answer, for the model's validators. */
async function raw(api: EbayClient, path: string, init: RequestInit = {}) {
  const res = await fetch(`${sandboxUrl}/sandbox/ebay/sell/fulfillment/v1${path}`, {
    ...init,
    headers: { authorization: `Bearer ${await api.accessToken()}`, 'content-type': 'application/json' },
  });
  return { status: res.status, headers: res.headers, body: res.status === 204 ? null : await res.json() };
}

const valid = (schema: string, body: unknown) => {
  const v = openApiSchema(MODEL, schema);
  expect(v(body), `${schema}: ${problemsOf(v)}`).toBe(true);
};

/** Everything the order source gives from `since`, page by page. */
async function pullAll(api: EbayClient, since: Date, pageSize = 7) {
  const source = ebayOrderSource(api, pageSize);
  const orders: MarketplaceOrderInput[] = [];
  let next: string | null = null;
  let pages = 0;
  do {
    const page = await source.changedSince(since, next);
    orders.push(...page.orders);
    next = page.next;
    pages++;
  } while (next && pages < 100);
  return { orders, pages };
}

/** Moves the sandbox clock until `found` finds an order (at most two weeks). */
async function waitForOrder(api: EbayClient, found: (o: EbayOrder) => boolean): Promise<EbayOrder> {
  for (let step = 0; step < 14; step++) {
    const page = await api.fulfillment.orders({ limit: 200 });
    const hit = page.orders?.find(found);
    if (hit) return hit;
    offset += 24 * HOUR;
  }
  throw new Error('no such order arrived in two weeks of sandbox time');
}

const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e as ProviderFailure,
  );

describe('eBay order pulls', () => {
  let api: EbayClient;
  beforeAll(async () => {
    api = await connectSeller();
  });

  it('read every page; each order maps into Dockside’s shape; answers and paging follow eBay’s model', async () => {
    const since = new Date(now() - 30 * 86_400_000);
    const { orders, pages } = await pullAll(api, since);
    const total = (await api.fulfillment.orders({ limit: 1, filter: { lastModifiedDate: { from: since } } })).total!;
    expect(total).toBeGreaterThan(7);
    expect(pages).toBe(Math.ceil(total / 7));
    expect(new Set(orders.map((o) => o.marketplaceOrderId)).size).toBe(total);
    for (const o of orders) {
      expect(marketplaceOrderInputSchema.safeParse(o).success).toBe(true);
      expect(o).toMatchObject({ salesChannel: 'Ebay', fulfillmentNetwork: 'EBAY', currency: 'USD' });
      expect(o.shipTo?.countryCode).toBe('US');
      expect(o.shipBy).not.toBeNull();
      const expected = o.lines.reduce((t, l) => t + l.unitPrice! * l.quantityOrdered, 0);
      expect(o.total).toBeGreaterThanOrEqual(expected);
    }
    // The raw answers, held to eBay's model.
    const first = await raw(api, '/order?limit=3&offset=2');
    valid('OrderSearchPagedCollection', first.body);
    expect(first.body).toMatchObject({ limit: 3, offset: 2, total });
    expect(new URL(first.body.next).searchParams.get('offset')).toBe('5');
    expect(new URL(first.body.prev).searchParams.get('offset')).toBe('0');
    const one = await raw(api, `/order/${first.body.orders[0].orderId}`);
    valid('Order', one.body);
    expect(one.body.cancelStatus.cancelState).toBeTruthy();
  });

  it('filters as eBay documents: creation and modification windows, open orders, order ids', async () => {
    const all = (await api.fulfillment.orders({ limit: 200 })).orders!;
    const open = (
      await api.fulfillment.orders({ limit: 200, filter: { fulfillmentStatus: ['NOT_STARTED', 'IN_PROGRESS'] } })
    ).orders!;
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((o) => o.orderFulfillmentStatus !== 'FULFILLED')).toBe(true);
    expect(open.length).toBe(all.filter((o) => o.orderFulfillmentStatus !== 'FULFILLED').length);
    const sorted = all.map((o) => o.creationDate).sort();
    const middle = new Date(sorted[Math.floor(sorted.length / 2)]);
    const newer = (await api.fulfillment.orders({ limit: 200, filter: { creationDate: { from: middle } } })).orders!;
    expect(newer.length).toBe(all.filter((o) => Date.parse(o.creationDate) >= middle.getTime()).length);
    const older = (
      await api.fulfillment.orders({ limit: 200, filter: { creationDate: { from: new Date(0), to: middle } } })
    ).orders!;
    expect(older.every((o) => Date.parse(o.creationDate) <= middle.getTime())).toBe(true);
    const byId = await api.fulfillment.orders({ orderIds: [all[0].orderId, all[1].orderId], filter: 'nonsense' });
    expect(byId.orders!.map((o) => o.orderId).sort()).toEqual([all[0].orderId, all[1].orderId].sort());
    // getOrders empties cancelRequests; getOrder fills them in.
    const canceled = await waitForOrder(api, (o) => o.cancelStatus?.cancelState === 'CANCELED');
    expect(canceled.cancelStatus!.cancelRequests).toEqual([]);
    expect((await api.fulfillment.order(canceled.orderId)).cancelStatus!.cancelRequests!.length).toBe(1);
  });

  it('maps cancelled and partly shipped orders, counting the units of a partly shipped line from its packages', async () => {
    const canceled = await waitForOrder(api, (o) => o.cancelStatus?.cancelState === 'CANCELED');
    const partial = await waitForOrder(api, (o) =>
      o.lineItems.some(
        (l) =>
          l.lineItemFulfillmentStatus === 'IN_PROGRESS' ||
          (l.lineItemFulfillmentStatus === 'FULFILLED' && o.orderFulfillmentStatus === 'IN_PROGRESS'),
      ),
    );
    const { orders } = await pullAll(api, new Date(now() - 30 * 86_400_000), 50);
    const mappedCanceled = orders.find((o) => o.marketplaceOrderId === canceled.orderId)!;
    expect(mappedCanceled).toMatchObject({ status: 'CANCELED', marketplaceStatus: 'CANCELED' });
    const mappedPartial = orders.find((o) => o.marketplaceOrderId === partial.orderId)!;
    expect(mappedPartial.status).toBe('PARTIALLY_SHIPPED');
    const packages = (await api.fulfillment.shippingFulfillments(partial.orderId)).fulfillments!;
    for (const line of mappedPartial.lines) {
      const inPackages = packages.flatMap((f) => f.lineItems).filter((l) => l.lineItemId === line.lineId);
      expect(line.quantityShipped).toBe(inPackages.reduce((n, l) => n + l.quantity, 0));
    }
  });

  it('a second pull after the clock moves sees only what changed: new orders and ones the seller shipped', async () => {
    const firstPullAt = new Date(now());
    const before = await pullAll(api, new Date(now() - 30 * 86_400_000), 50);
    const shipNow = before.orders.find((o) => o.status === 'AWAITING')!;
    offset += 12 * HOUR;
    const order = await api.fulfillment.order(shipNow.marketplaceOrderId);
    await api.fulfillment.createShippingFulfillment(order.orderId, {
      lineItems: [{ lineItemId: order.lineItems[0].lineItemId, quantity: order.lineItems[0].quantity }],
      shippingCarrierCode: 'USPS',
      trackingNumber: '9400111899223197428490',
    });
    const after = await pullAll(api, firstPullAt, 50);
    const seen = new Set(before.orders.map((o) => o.marketplaceOrderId));
    expect(after.orders.length).toBeGreaterThan(1);
    expect(after.orders.length).toBeLessThan(before.orders.length + after.orders.length);
    for (const o of after.orders) {
      expect(Date.parse(o.updatedAt)).toBeGreaterThanOrEqual(firstPullAt.getTime());
      if (o.marketplaceOrderId !== shipNow.marketplaceOrderId) expect(seen.has(o.marketplaceOrderId)).toBe(false);
    }
    const shipped = after.orders.find((o) => o.marketplaceOrderId === shipNow.marketplaceOrderId)!;
    expect(shipped.lines[0].quantityShipped).toBe(shipped.lines[0].quantityOrdered);
    expect(shipped.status).toBe(shipped.lines.length === 1 ? 'SHIPPED' : 'PARTIALLY_SHIPPED');
    // An hour with nothing new: nothing to pull.
    const quiet = await pullAll(api, new Date(now() + HOUR));
    expect(quiet.orders).toEqual([]);
  });
});

describe('eBay shipping fulfillments', () => {
  let api: EbayClient;
  let order: EbayOrder;
  beforeAll(async () => {
    api = await connectSeller();
    order = await waitForOrder(
      api,
      (o) =>
        o.orderFulfillmentStatus === 'NOT_STARTED' &&
        o.cancelStatus?.cancelState === 'NONE_REQUESTED' &&
        o.lineItems.some((l) => l.quantity > 1),
    );
  });

  it('ship part of an order, then the rest: NOT_STARTED → IN_PROGRESS → FULFILLED, over-fulfilment refused', async () => {
    const line = order.lineItems.find((l) => l.quantity > 1)!;
    const before = Date.parse(order.lastModifiedDate!);
    offset += 60_000;
    const first = await api.fulfillment.createShippingFulfillment(order.orderId, {
      lineItems: [{ lineItemId: line.lineItemId, quantity: 1 }],
      shippedDate: new Date(now() - 60_000).toISOString(),
      shippingCarrierCode: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(first.location).toMatch(
      new RegExp(`/sell/fulfillment/v1/order/${order.orderId}/shipping_fulfillment/${first.fulfillmentId}$`),
    );
    const request = sent.findLast((r) => r.method === 'POST' && r.url.endsWith('/shipping_fulfillment'))!;
    valid('ShippingFulfillmentDetails', request.body);
    const partly = await api.fulfillment.order(order.orderId);
    expect(partly.orderFulfillmentStatus).toBe('IN_PROGRESS');
    expect(partly.lineItems.find((l) => l.lineItemId === line.lineItemId)!.lineItemFulfillmentStatus).toBe(
      'IN_PROGRESS',
    );
    expect(Date.parse(partly.lastModifiedDate!)).toBeGreaterThan(before);
    expect(partly.fulfillmentHrefs).toEqual([first.location]);
    const pkg = await api.fulfillment.shippingFulfillment(order.orderId, first.fulfillmentId);
    expect(pkg).toMatchObject({ shippingCarrierCode: 'UPS', shipmentTrackingNumber: '1Z999AA10123456784' });
    valid(
      'ShippingFulfillment',
      (await raw(api, `/order/${order.orderId}/shipping_fulfillment/${first.fulfillmentId}`)).body,
    );

    // More units than are left: refused, and nothing changes.
    const over = await failureOf(
      api.fulfillment.createShippingFulfillment(order.orderId, {
        lineItems: [{ lineItemId: line.lineItemId, quantity: line.quantity }],
        shippingCarrierCode: 'UPS',
        trackingNumber: '1Z999AA10123456785',
      }),
    );
    expect(over).toBeInstanceOf(ProviderFailure);
    expect(over.kind).toBe('refused');
    expect(over.status).toBe(409);
    expect(over.messages[0]).toMatch(/eBay \(32700\).*units left to ship/);
    expect((await api.fulfillment.shippingFulfillments(order.orderId)).total).toBe(1);

    // The rest of every line: the order is fulfilled.
    await api.fulfillment.createShippingFulfillment(order.orderId, {
      lineItems: order.lineItems.map((l) => ({
        lineItemId: l.lineItemId,
        quantity: l.lineItemId === line.lineItemId ? l.quantity - 1 : l.quantity,
      })),
      shippingCarrierCode: 'FedEx',
      trackingNumber: '794612345678',
    });
    const done = await raw(api, `/order/${order.orderId}`);
    valid('Order', done.body);
    expect(done.body.orderFulfillmentStatus).toBe('FULFILLED');
    expect(
      done.body.lineItems.every(
        (l: { lineItemFulfillmentStatus: string }) => l.lineItemFulfillmentStatus === 'FULFILLED',
      ),
    ).toBe(true);
    const all = await raw(api, `/order/${order.orderId}/shipping_fulfillment`);
    valid('ShippingFulfillmentPagedCollection', all.body);
    expect(all.body.total).toBe(2);
    // A fulfilled order takes nothing more.
    const again = await failureOf(
      api.fulfillment.createShippingFulfillment(order.orderId, {
        lineItems: [{ lineItemId: line.lineItemId, quantity: 1 }],
      }),
    );
    expect(again.status).toBe(409);
    // And the order source sees it shipped.
    const mapped = (await pullAll(api, new Date(now() - HOUR))).orders.find(
      (o) => o.marketplaceOrderId === order.orderId,
    )!;
    expect(mapped.status).toBe('SHIPPED');
  });

  it('refuses what eBay refuses, in eBay’s error shape', async () => {
    const target = await waitForOrder(
      api,
      (o) => o.orderFulfillmentStatus === 'NOT_STARTED' && o.cancelStatus?.cancelState === 'NONE_REQUESTED',
    );
    const lineItemId = target.lineItems[0].lineItemId;
    const post = (body: unknown, orderId = target.orderId) =>
      raw(api, `/order/${orderId}/shipping_fulfillment`, { method: 'POST', body: JSON.stringify(body) });
    const cases: [unknown, number, number, RegExp][] = [
      [{ lineItems: [{ lineItemId: '999', quantity: 1 }] }, 400, 32500, /Invalid line item ID: 999/],
      [{ lineItems: [{ lineItemId, quantity: 0 }] }, 400, 32600, /quantity/],
      [
        { lineItems: [{ lineItemId, quantity: 1 }], shippingCarrierCode: 'Pigeon', trackingNumber: 'AB123456' },
        400,
        32200,
        /carrier code: Pigeon/,
      ],
      [
        { lineItems: [{ lineItemId, quantity: 1 }], shippingCarrierCode: 'USPS', trackingNumber: '94-00 11' },
        400,
        32210,
        /tracking number/,
      ],
      [{ lineItems: [{ lineItemId, quantity: 1 }], trackingNumber: 'AB123456' }, 400, 32200, /carrier/],
      [
        { lineItems: [{ lineItemId, quantity: 1 }], shippedDate: new Date(now() + 86_400_000).toISOString() },
        400,
        32300,
        /shipped date/,
      ],
      [{ lineItems: [] }, 400, 32600, /line items/],
    ];
    for (const [body, status, errorId, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      valid('Error', res.body.errors[0]);
      expect(res.body.errors[0]).toMatchObject({ errorId, domain: 'API_FULFILLMENT', category: 'REQUEST' });
      expect(res.body.errors[0].message).toMatch(message);
    }
    expect((await api.fulfillment.shippingFulfillments(target.orderId)).total).toBe(0);
    // A cancelled order cannot be shipped; an unknown one is not found.
    const canceled = await waitForOrder(api, (o) => o.cancelStatus?.cancelState === 'CANCELED');
    const refused = await post(
      { lineItems: [{ lineItemId: canceled.lineItems[0].lineItemId, quantity: 1 }] },
      canceled.orderId,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].errorId).toBe(32800);
    const missing = await raw(api, '/order/01-23456-78901');
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0]).toMatchObject({
      errorId: 32100,
      parameters: [{ name: 'orderId', value: '01-23456-78901' }],
    });
    // getOrders' own refusals, and how the client words them.
    expect((await raw(api, '/order?limit=201')).status).toBe(400);
    const badName = await raw(api, `/order?filter=${encodeURIComponent('buyer:{x}')}`);
    expect(badName.body.errors[0].errorId).toBe(30500);
    const badValue = await failureOf(api.fulfillment.orders({ filter: 'creationdate:[yesterday..]' }));
    expect(badValue.messages[0]).toMatch(
      /eBay \(30700\): Invalid filter value \[yesterday\.\.\] for filter creationdate/,
    );
  });
});

describe('eBay sellers and a struggling eBay', () => {
  it('keep sellers apart: another seller can neither read nor ship an order, nor see its packages', async () => {
    const [a, b] = [await connectSeller(), await connectSeller()];
    const mine = await waitForOrder(
      a,
      (o) => o.orderFulfillmentStatus === 'NOT_STARTED' && o.cancelStatus?.cancelState === 'NONE_REQUESTED',
    );
    const theirs = (await b.fulfillment.orders({ limit: 200 })).orders!;
    expect(theirs.some((o) => o.orderId === mine.orderId)).toBe(false);
    expect((await failureOf(b.fulfillment.order(mine.orderId))).status).toBe(404);
    const ship = await failureOf(
      b.fulfillment.createShippingFulfillment(mine.orderId, {
        lineItems: [{ lineItemId: mine.lineItems[0].lineItemId, quantity: 1 }],
      }),
    );
    expect(ship.status).toBe(404);
    await a.fulfillment.createShippingFulfillment(mine.orderId, {
      lineItems: [{ lineItemId: mine.lineItems[0].lineItemId, quantity: 1 }],
    });
    expect((await failureOf(b.fulfillment.shippingFulfillments(mine.orderId))).status).toBe(404);
    // Resetting one seller's sandbox leaves the other's as it was.
    await b.resetSandbox();
    expect((await a.fulfillment.shippingFulfillments(mine.orderId)).total).toBe(1);
    await a.resetSandbox();
    expect((await a.fulfillment.shippingFulfillments(mine.orderId)).total).toBe(0);
  });

  it('rides through throttling and outages on reads; shipping is not sent twice blind (the new fulfillment is still named)', async () => {
    const api = await connectSeller();
    const faults = faultsOf.get(api)!;
    faults.push('throttle', 'error', 'throttle');
    const { orders } = await pullAll(api, new Date(now() - 30 * 86_400_000), 50);
    expect(faults).toEqual([]);
    const open = orders.find((o) => o.status === 'AWAITING')!;
    const order = await api.fulfillment.order(open.marketplaceOrderId);
    const ship = () =>
      api.fulfillment.createShippingFulfillment(order.orderId, {
        lineItems: [{ lineItemId: order.lineItems[0].lineItemId, quantity: 1 }],
      });
    // An outage while shipping: eBay may have applied it, so the client says so rather than ship again…
    faults.push('error');
    const outage = await failureOf(ship());
    expect(outage).toMatchObject({ kind: 'unavailable' });
    expect(outage.messages[0]).toMatch(/may have been applied/);
    // …the caller reads eBay's state (nothing shipped) and ships; a throttled call is simply sent again.
    expect((await api.fulfillment.shippingFulfillments(order.orderId)).total).toBe(0);
    faults.push('throttle');
    const made = await ship();
    expect(faults).toEqual([]);
    expect(
      (await api.fulfillment.shippingFulfillments(order.orderId)).fulfillments!.map((f) => f.fulfillmentId),
    ).toEqual([made.fulfillmentId]);
    // Beyond the retries the client gives up, saying eBay is throttling.
    faults.push('throttle', 'throttle', 'throttle', 'throttle');
    const gaveUp = await failureOf(api.fulfillment.orders());
    expect(gaveUp.kind).toBe('throttled');
  });
});

it('answers every operation it covers, each held to the published model', () => contract.expectCovered());
