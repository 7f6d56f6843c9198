/**
 * Shopify orders and fulfilments (GraphQL Admin API) against the local sandbox over real HTTP: the
 * order source pulls every cursor page and then only what changed as the sandbox clock moves;
 * fulfillmentCreate ships part of an order, then the rest, and refuses over-fulfilment and unknown
 * or closed fulfillment orders with userErrors; malformed input is a GraphQL error; shops never
 * see each other's orders; the cost-based throttle is ridden through. Every document the client
 * sends, with its variables and the sandbox's answer, is executed against a schema built from an
 * SDL excerpt of Shopify's published reference (tests/reference/shopify/), so the client's
 * queries and the answers' types are held to Shopify's contract, not to the sandbox's own SDL.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, execute, GraphQLScalarType, parse, validate } from 'graphql';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';
import { ShopifyClient, shopifyShopUrl } from '../../server/integrations/shopify/client.js';
import { shopifyOrderSource } from '../../server/integrations/shopify/order-source.js';
import { updatedSince } from '../../server/integrations/shopify/orders.js';
import { ProviderFailure } from '../../server/integrations/http.js';
import { marketplaceOrderInputSchema, type MarketplaceOrderInput } from '../../domain/schemas/orders.js';
import { holdSandboxesToReference } from '../helpers/sandbox-contract.js';

/** Every sandbox answer below is held to the provider's published model (../shared/reference). */
const contract = holdSandboxesToReference(import.meta.filename);

const HOUR = 3_600_000;
const TOKEN = `shpat_${'5e'.repeat(16)}`;

let s: TestServer;
let sandboxUrl: string;
let offset = 0;
const now = () => Date.now() + offset;

beforeAll(async () => {
  s = await TestServer.start({ seed: 'none' });
  contract.attach(s);
  sandboxUrl = await s.listen();
  s.started.deps.now = () => new Date(now());
});
afterAll(() => s.close());

// ---- Shopify's published schema (excerpt), with its scalars' formats checked ----
const reference = buildSchema(
  readFileSync(path.resolve(import.meta.dirname, '../reference/shopify/admin-2025-10.excerpt.graphql'), 'utf8'),
);
const scalar = (name: string, test: RegExp) => {
  const t = reference.getType(name) as GraphQLScalarType;
  t.serialize = (v: unknown) => {
    if (typeof v !== 'string' || !test.test(v)) throw new TypeError(`${name} cannot represent ${JSON.stringify(v)}`);
    return v;
  };
  t.parseValue = t.serialize;
};
scalar('DateTime', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
scalar('Decimal', /^-?\d+(\.\d+)?$/);
scalar('URL', /^https?:\/\/\S+$/);
scalar('UnsignedInt64', /^\d+$/);

interface Call {
  query: string;
  variables: Record<string, unknown>;
  answer: { data?: unknown; errors?: unknown[]; extensions?: { cost?: Record<string, unknown> } };
}
const calls: Call[] = [];

/** The client's transport: records each GraphQL call, and may ask the sandbox for a fault. */
function transport(faults: string[] = []): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    const fault = faults.shift();
    if (fault) headers.set('x-sandbox-fault', fault);
    const res = await fetch(input, { ...init, headers });
    if (String(input).endsWith('/graphql.json') && typeof init?.body === 'string') {
      const sent = JSON.parse(init.body) as { query: string; variables: Record<string, unknown> };
      calls.push({ ...sent, answer: await res.clone().json() });
    }
    return res;
  };
}

/** Waiting is the sandbox clock moving: the throttle's bucket refills while the client sleeps. */
const slept: number[] = [];
const client = (shop: string, faults: string[] = []) =>
  new ShopifyClient({
    shopUrl: shopifyShopUrl('sandbox', shop, sandboxUrl),
    app: null,
    accessToken: TOKEN,
    fetch: transport(faults),
    sleep: async (ms) => {
      slept.push(ms);
      offset += ms;
    },
  });

/** Every call so far: the document is valid against Shopify's schema, and so is the answer. */
async function heldToReference(since = 0) {
  for (const call of calls.slice(since)) {
    const document = parse(call.query);
    expect(validate(reference, document).map((e) => e.message)).toEqual([]);
    if (!call.answer.data) continue;
    const replayed = await execute({
      schema: reference,
      document,
      rootValue: call.answer.data,
      variableValues: call.variables,
    });
    expect(replayed.errors?.map((e) => `${e.path?.join('.')}: ${e.message}`) ?? []).toEqual([]);
    expect(replayed.data).toEqual(call.answer.data);
  }
}

async function pullAll(api: ShopifyClient, since: Date) {
  const source = shopifyOrderSource(api);
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

const idsSchema = z.object({ orders: z.object({ nodes: z.array(z.object({ id: z.string() })) }) });
const countSince = async (api: ShopifyClient, since: Date) =>
  (
    await api.graphql(
      'count',
      'query Count($q: String) { orders(first: 250, query: $q) { nodes { id } } }',
      { q: updatedSince(since) },
      idsSchema,
    )
  ).orders.nodes.length;

const orderSchema = z.object({
  order: z
    .object({
      id: z.string(),
      updatedAt: z.string(),
      cancelledAt: z.string().nullable(),
      displayFulfillmentStatus: z.string(),
      lineItems: z.object({
        nodes: z.array(z.object({ id: z.string(), quantity: z.number(), unfulfilledQuantity: z.number() })),
      }),
    })
    .nullable(),
});
const ORDER = /* GraphQL */ `
  query One($id: ID!) {
    order(id: $id) {
      id
      updatedAt
      cancelledAt
      displayFulfillmentStatus
      lineItems(first: 50) {
        nodes {
          id
          quantity
          unfulfilledQuantity
        }
      }
    }
  }
`;
const readOrder = async (api: ShopifyClient, id: string) =>
  (await api.graphql('order', ORDER, { id }, orderSchema)).order;

/** Moves the sandbox clock a day at a time until an order the source maps matches (two weeks at most). */
async function waitForOrder(api: ShopifyClient, found: (o: MarketplaceOrderInput) => boolean) {
  for (let day = 0; day < 14; day++) {
    const hit = (await pullAll(api, new Date(now() - 50 * 86_400_000))).orders.find(found);
    if (hit) return hit;
    offset += 24 * HOUR;
  }
  throw new Error('no such order arrived in two weeks of sandbox time');
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e as ProviderFailure,
  );

describe('Shopify order pulls', () => {
  let api: ShopifyClient;
  beforeAll(() => {
    api = client('pull-goods.myshopify.com');
  });

  it('read every cursor page; each order maps into Dockside’s shape; queries and answers follow Shopify’s schema', async () => {
    const since = new Date(now() - 30 * 86_400_000);
    const mark = calls.length;
    const { orders, pages } = await pullAll(api, since);
    const total = await countSince(api, since);
    expect(total).toBeGreaterThan(10);
    expect(pages).toBe(Math.ceil(total / 10));
    expect(new Set(orders.map((o) => o.marketplaceOrderId)).size).toBe(total);
    for (const o of orders) {
      expect(marketplaceOrderInputSchema.safeParse(o).success).toBe(true);
      expect(o).toMatchObject({ salesChannel: 'Shopify', fulfillmentNetwork: 'MFN', currency: 'USD' });
      expect(o.marketplaceOrderId).toMatch(/^gid:\/\/shopify\/Order\/\d+$/);
      expect(o.shipTo?.countryCode).toBe('US');
      expect(o.shipBy).not.toBeNull();
      expect(o.total).toBeGreaterThanOrEqual(o.lines.reduce((t, l) => t + l.unitPrice! * l.quantityOrdered, 0));
    }
    // Oldest change first: pulls resume where they stopped.
    const updated = orders.map((o) => o.updatedAt);
    expect(updated).toEqual([...updated].sort());
    // GTINs come from the variant's barcode when it is one.
    expect(orders.flatMap((o) => o.lines).some((l) => l.gtin && /^\d{13}$/.test(l.gtin))).toBe(true);
    await heldToReference(mark);
  });

  it('maps cancelled and partly fulfilled orders', async () => {
    const canceled = await waitForOrder(api, (o) => o.status === 'CANCELED');
    expect(canceled.marketplaceStatus).toBe('CANCELLED');
    expect(canceled.lines.every((l) => l.quantityOrdered > 0 && l.quantityShipped === 0)).toBe(true);
    const partial = await waitForOrder(api, (o) => o.status === 'PARTIALLY_SHIPPED');
    expect(partial.marketplaceStatus).toBe('PARTIALLY_FULFILLED');
    const raw = (await readOrder(api, partial.marketplaceOrderId))!;
    for (const line of partial.lines) {
      const l = raw.lineItems.nodes.find((x) => x.id === line.lineId)!;
      expect(line.quantityShipped).toBe(l.quantity - l.unfulfilledQuantity);
    }
  });

  it('a second pull after the clock moves sees only what changed: new orders and ones the shop fulfilled', async () => {
    const firstPullAt = new Date(now());
    const before = await pullAll(api, new Date(now() - 30 * 86_400_000));
    const open = before.orders.find((o) => o.status === 'AWAITING')!;
    offset += 12 * HOUR;
    await api.orders.fulfilLines(open.marketplaceOrderId, [
      { lineItemId: open.lines[0].lineId, quantity: open.lines[0].quantityOrdered },
    ]);
    const after = await pullAll(api, firstPullAt);
    const seen = new Set(before.orders.map((o) => o.marketplaceOrderId));
    expect(after.orders.length).toBeGreaterThan(1);
    for (const o of after.orders) {
      expect(Date.parse(o.updatedAt)).toBeGreaterThanOrEqual(firstPullAt.getTime() - 1000);
      if (o.marketplaceOrderId !== open.marketplaceOrderId) expect(seen.has(o.marketplaceOrderId)).toBe(false);
    }
    const shipped = after.orders.find((o) => o.marketplaceOrderId === open.marketplaceOrderId)!;
    expect(shipped.lines[0].quantityShipped).toBe(shipped.lines[0].quantityOrdered);
    expect((await pullAll(api, new Date(now() + HOUR))).orders).toEqual([]);
  });
});

describe('Shopify fulfilments', () => {
  let api: ShopifyClient;
  beforeAll(() => {
    api = client('ship-goods.myshopify.com');
  });

  it('fulfil part of an order, then the rest: the order and its fulfillment order follow; over-fulfilment refused', async () => {
    const mark = calls.length;
    const order = await waitForOrder(api, (o) => o.status === 'AWAITING' && o.lines.some((l) => l.quantityOrdered > 1));
    const line = order.lines.find((l) => l.quantityOrdered > 1)!;
    const before = (await readOrder(api, order.marketplaceOrderId))!;
    offset += 60_000;
    const first = await api.orders.fulfilLines(order.marketplaceOrderId, [{ lineItemId: line.lineId, quantity: 1 }], {
      company: 'UPS',
      number: '1Z999AA10123456784',
      url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    expect(first).toMatchObject({
      status: 'SUCCESS',
      trackingInfo: [{ company: 'UPS', number: '1Z999AA10123456784' }],
    });
    const partly = (await readOrder(api, order.marketplaceOrderId))!;
    expect(partly.displayFulfillmentStatus).toBe('PARTIALLY_FULFILLED');
    expect(Date.parse(partly.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    const [fo] = (await api.orders.fulfillmentOrders(order.marketplaceOrderId))!;
    expect(fo.status).toBe('IN_PROGRESS');
    const foLine = fo.lineItems.nodes.find((l) => l.lineItem.id === line.lineId)!;
    expect(foLine.remainingQuantity).toBe(line.quantityOrdered - 1);

    // More than remains: Shopify's userError, and nothing changes.
    const over = await refusal(
      api.orders.createFulfillment({
        lineItemsByFulfillmentOrder: [
          { fulfillmentOrderId: fo.id, fulfillmentOrderLineItems: [{ id: foLine.id, quantity: line.quantityOrdered }] },
        ],
      }),
    );
    expect(over).toBeInstanceOf(ProviderFailure);
    expect(over.kind).toBe('refused');
    expect(over.messages[0]).toMatch(/Invalid fulfillment order line item quantity requested/);
    expect((await readOrder(api, order.marketplaceOrderId))!.displayFulfillmentStatus).toBe('PARTIALLY_FULFILLED');

    // The rest (no lines named: everything left on the fulfillment order).
    await api.orders.createFulfillment({
      lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo.id }],
      notifyCustomer: false,
    });
    const done = (await readOrder(api, order.marketplaceOrderId))!;
    expect(done.displayFulfillmentStatus).toBe('FULFILLED');
    expect(done.lineItems.nodes.every((l) => l.unfulfilledQuantity === 0)).toBe(true);
    expect((await api.orders.fulfillmentOrders(order.marketplaceOrderId))![0].status).toBe('CLOSED');
    const closed = await refusal(
      api.orders.createFulfillment({ lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo.id }] }),
    );
    expect(closed.messages[0]).toMatch(/unfulfillable status= closed/);
    const mapped = (await pullAll(api, new Date(now() - HOUR))).orders.find(
      (o) => o.marketplaceOrderId === order.marketplaceOrderId,
    )!;
    expect(mapped.status).toBe('SHIPPED');
    await heldToReference(mark);
  });

  it('refuses as Shopify does: userErrors for what the shop lacks, GraphQL errors for malformed documents', async () => {
    const canceled = await waitForOrder(api, (o) => o.status === 'CANCELED');
    const cancelledFos = (await api.orders.fulfillmentOrders(canceled.marketplaceOrderId))!;
    expect(cancelledFos[0].status).toBe('CLOSED');
    const refusedCancelled = await refusal(
      api.orders.fulfilLines(canceled.marketplaceOrderId, [{ lineItemId: canceled.lines[0].lineId, quantity: 1 }]),
    );
    expect(refusedCancelled.messages[0]).toMatch(/nothing left to fulfil/);
    const missing = await refusal(
      api.orders.createFulfillment({
        lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: 'gid://shopify/FulfillmentOrder/1' }],
      }),
    );
    expect(missing.messages[0]).toMatch(
      /lineItemsByFulfillmentOrder\.0\.fulfillmentOrderId\): Fulfillment order does not exist/,
    );
    const open = await waitForOrder(api, (o) => o.status === 'AWAITING');
    const [fo] = (await api.orders.fulfillmentOrders(open.marketplaceOrderId))!;
    const strangerLine = await refusal(
      api.orders.createFulfillment({
        lineItemsByFulfillmentOrder: [
          {
            fulfillmentOrderId: fo.id,
            fulfillmentOrderLineItems: [{ id: 'gid://shopify/FulfillmentOrderLineItem/42', quantity: 1 }],
          },
        ],
      }),
    );
    expect(strangerLine.messages[0]).toMatch(/Fulfillment order line item does not exist/);
    // A tracking URL that is not one, and a malformed id, never reach the resolver.
    const badUrl = await refusal(
      api.orders.createFulfillment({
        lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo.id }],
        trackingInfo: { number: '1Z999AA10123456784', url: 'ups tracking page' },
      }),
    );
    expect(badUrl.messages[0]).toMatch(/Invalid URL/);
    const badId = await refusal(api.graphql('order', ORDER, { id: 'order-17' }, orderSchema));
    expect(badId.messages[0]).toMatch(/Invalid global id 'order-17'/);
    const noPage = await refusal(api.graphql('orders', '{ orders { nodes { id } } }', {}, z.unknown()));
    expect(noPage.messages[0]).toMatch(/you must provide one of first or last/);
    const tooDear = await refusal(
      api.graphql(
        'orders',
        '{ orders(first: 250) { nodes { id lineItems(first: 250) { nodes { id } } } } }',
        {},
        z.unknown(),
      ),
    );
    expect(tooDear.messages[0]).toMatch(/exceeds the single query max cost limit \(1000\)/);
    const last = calls[calls.length - 1].answer;
    expect(last.errors).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'MAX_COST_EXCEEDED' }) }),
    ]);
    // Nothing was fulfilled by any of it.
    expect((await readOrder(api, open.marketplaceOrderId))!.displayFulfillmentStatus).toBe('UNFULFILLED');
  });
});

describe('Shopify shops and a busy Shopify', () => {
  it('keep shops apart: another shop can neither read nor fulfil an order', async () => {
    const a = client('alpha-goods.myshopify.com');
    const b = client('beta-goods.myshopify.com');
    const order = await waitForOrder(a, (o) => o.status === 'AWAITING');
    expect(await readOrder(b, order.marketplaceOrderId)).toBeNull();
    expect(await b.orders.fulfillmentOrders(order.marketplaceOrderId)).toBeNull();
    const [fo] = (await a.orders.fulfillmentOrders(order.marketplaceOrderId))!;
    const stranger = await refusal(
      b.orders.createFulfillment({ lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo.id }] }),
    );
    expect(stranger.messages[0]).toMatch(/Fulfillment order does not exist/);
    const theirs = await pullAll(b, new Date(now() - 30 * 86_400_000));
    expect(theirs.orders.some((o) => o.marketplaceOrderId === order.marketplaceOrderId)).toBe(false);
    expect((await readOrder(a, order.marketplaceOrderId))!.displayFulfillmentStatus).toBe('UNFULFILLED');
  });

  it('throttles by query cost as Shopify does, and the client waits for the bucket to refill', async () => {
    const shop = 'busy-goods.myshopify.com';
    const api = client(shop);
    const post = async (query: string) => {
      const res = await fetch(`${sandboxUrl}/sandbox/shopify/${shop}/admin/api/2025-10/graphql.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopify-access-token': TOKEN },
        body: JSON.stringify({ query }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as Call['answer'];
    };
    // Priced on the page asked for (2 + 196 × (1 + 2 + 2) = 982), charged on what came back.
    const dear = '{ orders(first: 196) { nodes { id lineItems(first: 2) { nodes { id } } } } }';
    const few = await post(dear);
    expect(few.extensions!.cost).toMatchObject({ requestedQueryCost: 982 });
    expect(few.extensions!.cost!.actualQueryCost).toBeLessThan(982);
    // Ten days of orders later, the same page costs nearly what it asks: the bucket of 2,000 drains.
    offset += 10 * 24 * HOUR;
    let throttled: Call['answer'] | null = null;
    for (let i = 0; i < 5 && !throttled; i++) {
      const answer = await post(dear);
      if (answer.errors) throttled = answer;
    }
    expect(throttled).not.toBeNull();
    expect(throttled!.data).toBeUndefined();
    expect(throttled!.errors).toEqual([
      expect.objectContaining({ message: 'Throttled', extensions: expect.objectContaining({ code: 'THROTTLED' }) }),
    ]);
    const cost = throttled!.extensions!.cost as {
      requestedQueryCost: number;
      actualQueryCost: null;
      throttleStatus: Record<string, number>;
    };
    expect(cost).toMatchObject({ requestedQueryCost: 982, actualQueryCost: null });
    expect(cost.throttleStatus).toMatchObject({ maximumAvailable: 2000, restoreRate: 100 });
    expect(cost.throttleStatus.currentlyAvailable).toBeLessThan(982);
    // The client, throttled the same way, sleeps as long as the bucket needs and then goes on.
    const waitsBefore = slept.length;
    const { orders, pages } = await pullAll(api, new Date(now() - 30 * 86_400_000));
    expect(pages).toBeGreaterThan(10);
    expect(orders.length).toBeGreaterThan(100);
    const waited = slept.slice(waitsBefore);
    expect(waited.length).toBeGreaterThan(0);
    expect(waited.every((ms) => ms > 0 && ms <= 10_000)).toBe(true);
    // A fault-injected throttle (x-sandbox-fault) is ridden through too.
    const faulty = client(shop, ['throttle', 'throttle']);
    expect((await pullAll(faulty, new Date(now() - HOUR))).pages).toBe(1);
  });
});

it('answers every operation it covers, each held to the published model', () => contract.expectCovered());
