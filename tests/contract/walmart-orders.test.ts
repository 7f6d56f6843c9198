/**
 * Walmart Marketplace Orders API v3 and Items API v3: the real client (and the order source the
 * pull job uses) against the local Walmart sandbox over real HTTP on loopback — every page of a
 * pull, a later pull seeing only what changed as the sandbox clock moves, acknowledge, full and
 * partial shipments, cancellation, Walmart's refusals, the catalogue with WFS and seller-fulfilled
 * items, one seller never seeing another's, throttling ridden through. Every answer and every
 * request body is held to the JSON Schema excerpts of Walmart's published models
 * (tests/reference/walmart/), besides the client's own zod check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidateFunction } from 'ajv';
import { TestServer } from '../helpers/server.js';
import { WalmartClient, walmartBaseUrl } from '../../server/integrations/walmart/client.js';
import { ProviderFailure } from '../../server/integrations/http.js';
import { walmartOrderSource } from '../../server/integrations/walmart/order-source.js';
import type { WalmartOrder } from '../../server/integrations/walmart/orders-models.js';
import { isWalmartFulfilled, type WalmartItem } from '../../server/integrations/walmart/items-models.js';
import type { MarketplaceOrderInput } from '../../domain/schemas/orders.js';
import { excerptSchema, problemsOf } from '../helpers/reference-models.js';
import { holdSandboxesToReference } from '../helpers/sandbox-contract.js';

/** Every sandbox answer below is held to the provider's published model (../shared/reference). */
const contract = holdSandboxesToReference(import.meta.filename);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SECRET = 'wm-secret-0123456789abcdef';
const SELLER_A = '5d0c2b7a-1a4e-4c1a-8b2f-6e5d4c3b2a01';
const SELLER_B = '5d0c2b7a-1a4e-4c1a-8b2f-6e5d4c3b2a02';

let s: TestServer;
let base: string;
/** The sandbox's clock and the clients' run `offset` ahead, so orders arrive as time passes. */
let offset = 0;
const now = () => Date.now() + offset;

interface Exchange {
  method: string;
  path: string;
  status: number;
  request: unknown;
  answer: unknown;
}
const exchanges: Exchange[] = [];
/** A fetch that keeps each Walmart call's request body and answer for the contract checks. */
const recording =
  (inner: typeof fetch = fetch): typeof fetch =>
  async (input, init) => {
    const res = await inner(input, init);
    const url = new URL(String(input));
    const text = await res.clone().text();
    exchanges.push({
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/sandbox\/walmart/, ''),
      status: res.status,
      request: typeof init?.body === 'string' && init.body.startsWith('{') ? JSON.parse(init.body) : undefined,
      answer: text.startsWith('{') ? JSON.parse(text) : text,
    });
    return res;
  };
/** A fetch that makes the first `times` calls meet a sandbox fault. */
const faulty =
  (fault: string, times: number): typeof fetch =>
  (input, init) => {
    const headers = new Headers(init?.headers);
    if (times-- > 0) headers.set('x-sandbox-fault', fault);
    return fetch(input, { ...init, headers });
  };

let storeIds = 970_000;
const clientFor = (clientId: string, fetchImpl: typeof fetch = recording()) =>
  new WalmartClient(
    { baseUrl: walmartBaseUrl('sandbox', base), fetch: fetchImpl, sleep: async () => undefined, now },
    { storeId: storeIds++, clientId, clientSecret: SECRET },
  );
let seller: WalmartClient;
let other: WalmartClient;

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as ProviderFailure,
  );
const expectValid = (v: ValidateFunction, data: unknown) => expect(v(data), problemsOf(v)).toBe(true);
const exchangesOf = (method: string, path: RegExp) => exchanges.filter((e) => e.method === method && path.test(e.path));

/** Every page of the order source from `since`, as the pull job walks it. */
async function pull(client: WalmartClient, since: Date) {
  const source = walmartOrderSource(client, { now });
  const orders: MarketplaceOrderInput[] = [];
  let next: string | null = null;
  let pages = 0;
  do {
    const page = await source.changedSince(since, next);
    orders.push(...page.orders);
    next = page.next;
    pages++;
  } while (next && pages < 50);
  return { orders, pages };
}

/** Every page of getAllOrders for the query, following nextCursor. */
async function allOrders(client: WalmartClient, q: Parameters<WalmartClient['orders']['list']>[0]) {
  const pages = [await client.orders.list(q)];
  while (pages[pages.length - 1].list.meta.nextCursor)
    pages.push(await client.orders.next(pages[pages.length - 1].list.meta.nextCursor!));
  return pages;
}

const units = (o: WalmartOrder) => o.orderLines.orderLine.reduce((n, l) => n + Number(l.orderLineQuantity.amount), 0);
const onlyStatus = (o: WalmartOrder, status: string) =>
  o.orderLines.orderLine.every((l) => l.orderLineStatuses.orderLineStatus.every((x) => x.status === status));

/** A seller-fulfilled order still Created with at least `minUnits`, moving the clock until one is placed. */
async function createdOrder(minUnits: number, taken: Set<string>): Promise<WalmartOrder> {
  for (let tries = 0; tries < 8; tries++) {
    const pages = await allOrders(seller, { status: 'Created', limit: 200 });
    const found = pages
      .flatMap((p) => p.list.elements.order)
      .find((o) => onlyStatus(o, 'Created') && units(o) >= minUnits && !taken.has(o.purchaseOrderId));
    if (found) {
      taken.add(found.purchaseOrderId);
      return found;
    }
    offset += 12 * HOUR;
  }
  throw new Error('the sandbox placed no suitable order');
}
const taken = new Set<string>();

const shipLine = (lineNumber: string, quantity: number, trackingNumber: string) => ({
  lineNumber,
  quantity,
  carrier: 'UPS',
  methodCode: 'Standard' as const,
  trackingNumber,
  shipDateTime: new Date(now()),
});

beforeAll(async () => {
  s = await TestServer.start({ seed: 'none' });
  contract.attach(s);
  base = await s.listen();
  s.started.deps.now = () => new Date(now());
  seller = clientFor(SELLER_A);
  other = clientFor(SELLER_B);
});
afterAll(() => s.close());

describe('Walmart orders through the client and the order source', () => {
  let firstPull: MarketplaceOrderInput[] = [];

  it('pulls every page: seller-fulfilled and WFS orders, in Walmart’s published shape', async () => {
    // Walmart's pages, ten at a time, follow nextCursor to the end without repeating an order.
    const pages = await allOrders(seller, { limit: 10, createdStartDate: new Date(now() - 8 * DAY) });
    expect(pages.length).toBeGreaterThan(1);
    const ids = pages.flatMap((p) => p.list.elements.order.map((o) => o.purchaseOrderId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(pages[0].list.meta.totalCount);
    // Walmart's default ship node is the seller's own.
    expect(pages.flatMap((p) => p.list.elements.order).every((o) => o.shipNode?.type === 'SellerFulfilled')).toBe(true);
    const validate = excerptSchema('walmart/getAllOrders.200.json');
    const answers = exchangesOf('GET', /^\/v3\/orders$/).filter((e) => e.status === 200);
    expect(answers.length).toBeGreaterThanOrEqual(pages.length);
    for (const e of answers) expectValid(validate, e.answer);

    // The order source walks SellerFulfilled, WFSFulfilled and 3PLFulfilled in turn.
    const { orders } = await pull(seller, new Date(now() - 8 * DAY));
    firstPull = orders;
    const sellerFulfilled = orders.filter((o) => o.salesChannel === 'SellerFulfilled');
    const wfs = orders.filter((o) => o.salesChannel === 'WalmartFulfilled');
    expect(sellerFulfilled.length).toBe(ids.length);
    expect(sellerFulfilled.every((o) => o.fulfillmentNetwork === 'MFN')).toBe(true);
    expect(wfs.length).toBeGreaterThan(0);
    expect(wfs.every((o) => o.fulfillmentNetwork === 'WFS')).toBe(true);
    // WFS ships its orders a day after they are placed; the seller's history has every state.
    for (const o of wfs) {
      const due = Date.parse(o.purchasedAt) + DAY;
      // (an order falling due while the pull ran could go either way)
      if (Math.abs(due - now()) > 60_000) expect(o.status).toBe(due <= now() ? 'SHIPPED' : 'AWAITING');
    }
    const statuses = new Set(sellerFulfilled.map((o) => o.status));
    expect(statuses.has('AWAITING') && statuses.has('SHIPPED')).toBe(true);
    for (const o of orders) {
      expect(o.shipBy).not.toBeNull();
      expect(o.shipTo?.countryCode).toBe('US');
      expect(o.total).toBeGreaterThan(0);
      expect(o.lines.every((l) => Number.isInteger(l.unitPrice))).toBe(true);
    }
  });

  it('a later pull, after the clock moves, sees only what changed since', async () => {
    const mark = now();
    offset += DAY;
    const { orders } = await pull(seller, new Date(mark));
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.length).toBeLessThan(firstPull.length);
    expect(orders.every((o) => Date.parse(o.updatedAt) >= mark)).toBe(true);
    // Orders placed since, and WFS orders Walmart shipped meanwhile.
    const known = new Set(firstPull.map((o) => o.marketplaceOrderId));
    expect(orders.some((o) => !known.has(o.marketplaceOrderId) && Date.parse(o.purchasedAt) >= mark)).toBe(true);
    expect(
      orders.filter((o) => known.has(o.marketplaceOrderId)).every((o) => o.salesChannel === 'WalmartFulfilled'),
    ).toBe(true);
  });

  it('acknowledges, then ships part (PARTIALLY_SHIPPED) and the rest (SHIPPED)', async () => {
    const order = await createdOrder(2, taken);
    const po = order.purchaseOrderId;
    const [first, ...rest] = order.orderLines.orderLine;
    // Walmart wants an order acknowledged before it ships.
    const early = await failure(
      seller.orders.ship(po, { sellerOrderId: 'DS-1', lines: [shipLine(first.lineNumber, 1, 'Z1')] }),
    );
    expect(early?.kind).toBe('refused');
    expect(early?.messages.join(' ')).toMatch(/acknowledge/);

    const acked = await seller.orders.acknowledge(po);
    expect(onlyStatus(acked.order, 'Acknowledged')).toBe(true);

    const mark = now();
    offset += HOUR;
    const partial = await seller.orders.ship(po, {
      sellerOrderId: 'DS-1',
      lines: [shipLine(first.lineNumber, 1, '1Z999AA10000000001')],
    });
    const after = partial.order.orderLines.orderLine.find((l) => l.lineNumber === first.lineNumber)!;
    expect(
      after.orderLineStatuses.orderLineStatus.find((x) => x.status === 'Shipped')?.trackingInfo?.trackingNumber,
    ).toBe('1Z999AA10000000001');
    let pulled = (await pull(seller, new Date(mark))).orders.find((o) => o.marketplaceOrderId === po);
    expect(pulled?.status).toBe('PARTIALLY_SHIPPED');

    // The rest of line one in a second package, and every other line.
    const remaining = [
      ...(Number(first.orderLineQuantity.amount) > 1
        ? [shipLine(first.lineNumber, Number(first.orderLineQuantity.amount) - 1, '1Z999AA10000000002')]
        : []),
      ...rest.map((l) => shipLine(l.lineNumber, Number(l.orderLineQuantity.amount), '1Z999AA10000000002')),
    ];
    const done = await seller.orders.ship(po, { sellerOrderId: 'DS-1', lines: remaining });
    expect(onlyStatus(done.order, 'Shipped')).toBe(true);
    pulled = (await pull(seller, new Date(mark))).orders.find((o) => o.marketplaceOrderId === po);
    expect(pulled?.status).toBe('SHIPPED');
    expect(pulled?.lines.every((l) => l.quantityShipped === l.quantityOrdered)).toBe(true);

    // What the client sent and what came back, against Walmart's published models.
    const request = excerptSchema('walmart/shippingUpdates.request.json');
    const answer = excerptSchema('walmart/orderResponse.200.json');
    const shipments = exchangesOf('POST', new RegExp(`^/v3/orders/${po}/shipping$`));
    for (const e of shipments) expectValid(request, e.request);
    await seller.orders.get(po);
    const answers = [
      ...shipments,
      ...exchangesOf('POST', new RegExp(`^/v3/orders/${po}/acknowledge$`)),
      ...exchangesOf('GET', new RegExp(`^/v3/orders/${po}$`)),
    ].filter((x) => x.status === 200);
    expect(answers.length).toBe(4);
    for (const e of answers) expectValid(answer, e.answer);
  });

  it('cancels: every unit cancelled is CANCELED; a partial cancel then shipping the rest is SHIPPED', async () => {
    const whole = await createdOrder(1, taken);
    const cancelled = await seller.orders.cancel(
      whole.purchaseOrderId,
      whole.orderLines.orderLine.map((l) => ({
        lineNumber: l.lineNumber,
        quantity: Number(l.orderLineQuantity.amount),
        reason: 'SELLER_CANCEL_OUT_OF_STOCK' as const,
      })),
    );
    expect(onlyStatus(cancelled.order, 'Cancelled')).toBe(true);

    const part = await createdOrder(2, taken);
    const [line, ...others] = part.orderLines.orderLine;
    await seller.orders.acknowledge(part.purchaseOrderId);
    const mark = now();
    offset += HOUR;
    await seller.orders.cancel(part.purchaseOrderId, [
      { lineNumber: line.lineNumber, quantity: 1, reason: 'SELLER_CANCEL_PRICING_ERROR' },
    ]);
    const open = [
      ...(Number(line.orderLineQuantity.amount) > 1
        ? [shipLine(line.lineNumber, Number(line.orderLineQuantity.amount) - 1, '9400100000000000000001')]
        : []),
      ...others.map((l) => shipLine(l.lineNumber, Number(l.orderLineQuantity.amount), '9400100000000000000001')),
    ];
    await seller.orders.ship(part.purchaseOrderId, { sellerOrderId: 'DS-2', lines: open });

    const pulled = (await pull(seller, new Date(mark))).orders;
    expect(pulled.find((o) => o.marketplaceOrderId === part.purchaseOrderId)?.status).toBe('SHIPPED');
    const wholePulled = (await pull(seller, new Date(now() - 2 * HOUR))).orders;
    expect(wholePulled.find((o) => o.marketplaceOrderId === whole.purchaseOrderId)?.status).toBe('CANCELED');
    const request = excerptSchema('walmart/cancelOrderLines.request.json');
    for (const e of exchangesOf('POST', /\/cancel$/)) expectValid(request, e.request);
  });

  it('refuses what Walmart refuses, in its error shape', async () => {
    const order = await createdOrder(1, taken);
    const po = order.purchaseOrderId;
    const line = order.orderLines.orderLine[0];
    await seller.orders.acknowledge(po);
    const ordered = Number(line.orderLineQuantity.amount);

    const tooMany = await failure(
      seller.orders.ship(po, { sellerOrderId: 'DS-3', lines: [shipLine(line.lineNumber, ordered + 1, 'T1')] }),
    );
    expect(tooMany?.status).toBe(400);
    expect(tooMany?.messages.join(' ')).toMatch(/exceeds/);
    const unknownLine = await failure(
      seller.orders.ship(po, { sellerOrderId: 'DS-3', lines: [shipLine('99', 1, 'T1')] }),
    );
    expect(unknownLine?.messages.join(' ')).toMatch(/no line 99/);
    const badCarrier = await failure(
      seller.orders.ship(po, {
        sellerOrderId: 'DS-3',
        lines: [{ ...shipLine(line.lineNumber, 1, 'T1'), carrier: 'Pigeon Post' }],
      }),
    );
    expect(badCarrier?.messages.join(' ')).toMatch(/not one of Walmart's carriers/);
    const noUrl = await failure(
      seller.orders.ship(po, {
        sellerOrderId: 'DS-3',
        lines: [{ ...shipLine(line.lineNumber, 1, 'T1'), carrier: 'Pigeon Post', otherCarrier: true }],
      }),
    );
    expect(noUrl?.messages.join(' ')).toMatch(/trackingURL/);
    const overCancel = await failure(
      seller.orders.cancel(po, [
        { lineNumber: line.lineNumber, quantity: ordered + 1, reason: 'SELLER_CANCEL_OUT_OF_STOCK' },
      ]),
    );
    expect(overCancel?.messages.join(' ')).toMatch(/exceeds/);
    // Nothing of the refused requests changed the order.
    expect(onlyStatus((await seller.orders.get(po)).order, 'Acknowledged')).toBe(true);

    const missing = await failure(seller.orders.acknowledge('1000000000000'));
    expect(missing?.status).toBe(404);
    // A WFS order is Walmart's to ship.
    const wfs = (await seller.orders.list({ shipNodeType: 'WFSFulfilled' })).list.elements.order[0];
    expect((await failure(seller.orders.acknowledge(wfs.purchaseOrderId)))?.messages.join(' ')).toMatch(
      /Walmart Fulfillment Services/,
    );
    // Walmart's page limit, and a search that finds nothing (Walmart's 404, an empty page to the client).
    await expect(seller.orders.list({ limit: 201 })).rejects.toThrow(RangeError);
    const empty = await seller.orders.list({ purchaseOrderId: '1000000000000' });
    expect(empty.list.elements.order).toEqual([]);

    const errors = exchanges.filter((e) => e.status >= 400 && /^\/v3\/orders/.test(e.path));
    expect(errors.length).toBeGreaterThanOrEqual(7);
    const validate = excerptSchema('walmart/error.json');
    for (const e of errors) expectValid(validate, e.answer);

    // Raw: a limit over 200, and a call without Walmart's required headers.
    const token = await seller.accessToken();
    const headers = { 'WM_SEC.ACCESS_TOKEN': token, 'WM_SVC.NAME': 'Dockside', 'WM_QOS.CORRELATION_ID': 'c-1' };
    const over = await fetch(`${walmartBaseUrl('sandbox', base)}/v3/orders?limit=500`, { headers });
    expect(over.status).toBe(400);
    expectValid(validate, await over.json());
    const bare = await fetch(`${walmartBaseUrl('sandbox', base)}/v3/orders`, {
      headers: { 'WM_SEC.ACCESS_TOKEN': token },
    });
    expect(bare.status).toBe(400);
    expect((await bare.json()).errors[0].description).toMatch(/WM_SVC.NAME/);
  });
});

describe('Walmart items', () => {
  it('pages the catalogue by nextCursor; unpublished items say why', async () => {
    const items: WalmartItem[] = [];
    let cursor: string | undefined;
    let totalItems = 0;
    do {
      const page = await seller.items.list({ limit: 5, nextCursor: cursor });
      items.push(...page.ItemResponse);
      totalItems = page.totalItems ?? 0;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(items.length).toBe(totalItems);
    expect(new Set(items.map((i) => i.sku)).size).toBe(items.length);
    const unpublished = items.filter((i) => i.publishedStatus === 'UNPUBLISHED');
    expect(unpublished.length).toBeGreaterThan(0);
    expect(
      unpublished.filter((i) => i.lifecycleStatus === 'ACTIVE').every((i) => i.unpublishedReasons!.reason.length > 0),
    ).toBe(true);
    expect((await seller.items.list({ publishedStatus: 'UNPUBLISHED' })).totalItems).toBe(unpublished.length);

    const one = await seller.items.get(items[0].sku);
    expect(one.ItemResponse[0]).toEqual(items[0]);
    expect((await failure(seller.items.get('NO-SUCH-SKU')))?.status).toBe(404);
    const validate = excerptSchema('walmart/getAllItems.200.json');
    for (const e of exchangesOf('GET', /^\/v3\/items/).filter((x) => x.status === 200)) expectValid(validate, e.answer);
  });

  it('Catalog Search tells WFS items from seller-fulfilled ones, and orders follow them', async () => {
    const search = (values: string[]) =>
      seller.items.search({ filters: [{ field: 'fulfillmentType', op: 'equals', values }] });
    const wfs = await search(['WFS']);
    const own = await search(['SELLER_FULFILLED']);
    const all = await seller.items.search({});
    expect(wfs.payload.length).toBeGreaterThan(0);
    expect(own.payload.length).toBeGreaterThan(0);
    expect(wfs.payload.every(isWalmartFulfilled)).toBe(true);
    expect(own.payload.some(isWalmartFulfilled)).toBe(false);
    expect(wfs.payload.length + own.payload.length).toBe(all.totalItems);
    // A WFS order is of WFS items; a seller-fulfilled one of the seller's own.
    const wfsSkus = new Set(wfs.payload.map((i) => i.sku));
    const wfsOrders = (await seller.orders.list({ shipNodeType: 'WFSFulfilled' })).list.elements.order;
    const ownOrders = (await seller.orders.list({})).list.elements.order;
    expect(wfsOrders.every((o) => o.orderLines.orderLine.every((l) => wfsSkus.has(l.item.sku)))).toBe(true);
    expect(ownOrders.every((o) => o.orderLines.orderLine.every((l) => !wfsSkus.has(l.item.sku)))).toBe(true);
    const byName = await seller.items.search({
      query: { field: 'productName', value: all.payload[0].productName!.split(' ')[0] },
    });
    expect(byName.payload.map((i) => i.sku)).toContain(all.payload[0].sku);

    const request = excerptSchema('walmart/getCatalogSearch.request.json');
    const answer = excerptSchema('walmart/getCatalogSearch.200.json');
    for (const e of exchangesOf('POST', /^\/v3\/items\/catalog\/search$/)) {
      expectValid(request, e.request);
      expectValid(answer, e.answer);
    }
  });
});

describe('Walmart seller accounts and a struggling Walmart', () => {
  it('another seller account never sees these orders or items', async () => {
    const mine = (await allOrders(seller, { limit: 200 })).flatMap((p) => p.list.elements.order);
    const theirs = (await allOrders(other, { limit: 200 })).flatMap((p) => p.list.elements.order);
    expect(theirs.length).toBeGreaterThan(0);
    const mineIds = new Set(mine.map((o) => o.purchaseOrderId));
    expect(theirs.some((o) => mineIds.has(o.purchaseOrderId))).toBe(false);
    const po = mine[0].purchaseOrderId;
    expect((await failure(other.orders.get(po)))?.status).toBe(404);
    expect(
      (await failure(other.orders.cancel(po, [{ lineNumber: '1', quantity: 1, reason: 'SELLER_CANCEL_OUT_OF_STOCK' }])))
        ?.status,
    ).toBe(404);
    // A cursor given to one seller is no key to another's orders.
    const cursor = (await seller.orders.list({ limit: 2 })).list.meta.nextCursor!;
    expect((await failure(other.orders.next(cursor)))?.messages.join(' ')).toMatch(/another seller/);
    const mySkus = new Set((await seller.items.list({ limit: 50 })).ItemResponse.map((i) => i.sku));
    const theirItems = (await other.items.list({ limit: 50 })).ItemResponse;
    expect(theirItems.some((i) => mySkus.has(i.sku))).toBe(false);
    expect((await failure(other.items.get([...mySkus][0])))?.status).toBe(404);
  });

  it('rides through throttling, and a long outage is a failure in words', async () => {
    const throttled = clientFor(SELLER_A, recording(faulty('throttle', 3)));
    await throttled.accessToken();
    expect((await throttled.orders.list({ limit: 5 })).list.elements.order.length).toBe(5);
    const items = clientFor(SELLER_A, faulty('throttle', 2));
    await items.accessToken();
    expect((await items.items.list({ limit: 5 })).ItemResponse.length).toBe(5);
    const throttles = exchanges.filter((e) => e.status === 429);
    expect(throttles.length).toBeGreaterThan(0);
    expectValid(excerptSchema('walmart/error.json'), throttles[0].answer);

    const down = clientFor(SELLER_A, faulty('error', 20));
    const err = await failure(down.orders.list());
    expect(err?.kind).toBe('unavailable');
  });
});

it('answers every operation it covers, each held to the published model', () => contract.expectCovered());
