/**
 * Walmart, eBay and Shopify stores (issue 17): each connects the way its marketplace lets a seller
 * connect (Walmart keys; eBay's consent page; Shopify's app install or a custom app token) against
 * the local sandboxes over real HTTP on loopback; tests the connection; keeps the store's health;
 * rides through throttling; keeps secrets out of answers and logs; and answers in the providers'
 * published shapes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { ebayConsent } from '../helpers/ebay-consent.js';
import { credentialsGoneStale } from '../helpers/revoked.js';
import { integrationCalls, stores, users } from '../../server/db/schema/index.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { WalmartClient, walmartBaseUrl } from '../../server/integrations/walmart/client.js';
import { EbayClient, ebayEndpoints, SANDBOX_EBAY_APP } from '../../server/integrations/ebay/client.js';
import { SANDBOX_SHOPIFY_APP, ShopifyClient, shopifyShopUrl } from '../../server/integrations/shopify/client.js';
import { ProviderFailure } from '../../server/integrations/http.js';
import { excerptSchema, openApiSchema, problemsOf } from '../helpers/reference-models.js';

let s: TestServer;
let sandboxUrl: string;
let admin: string;
let client: string;
let client2: string;
let north: string;
let acmeId: number;

const WALMART_ID = '3f1c2b7a-9d4e-4c1a-8b2f-6e5d4c3b2a19';
const WALMART_SECRET = 'wm-secret-0123456789abcdef';

beforeAll(async () => {
  s = await TestServer.start();
  sandboxUrl = await s.listen();
  clientOverrides.sleep = async () => undefined;
  clientOverrides.timeoutMs = 1_500;
  [admin, client, client2, north] = await Promise.all(
    ['demo.admin', 'demo.client', 'demo.client2', 'north.admin'].map((u) => s.token(u)),
  );
  acmeId = (await s.signIn('demo.client')).userData.companyId;
});
afterAll(() => s.close());

const addStore = async (body: Record<string, unknown>, token = admin) => {
  const res = await s.post('/api/common/stores', { companyId: acmeId, ...body }, token);
  expect(res.status, JSON.stringify(res.meta)).toBe(201);
  return res.body.id as number;
};

/** Follows a sandbox consent page as the seller's browser would; answers the callback's redirect. */
const consent = (storeId: number, decision: 'confirm' | 'deny' = 'confirm', token = admin) =>
  ebayConsent(s, token, storeId, decision);

async function followCallback(callback: URL) {
  const back = await s.started.app.request(callback.pathname + callback.search);
  expect(back.status).toBe(302);
  return new URL(back.headers.get('location')!, 'http://x');
}

/** A fetch that adds a sandbox fault to the first `times` calls. */
function faulty(fault: string, times: number): typeof fetch {
  let left = times;
  return (input, init) => {
    const headers = new Headers(init?.headers);
    if (left-- > 0) headers.set('x-sandbox-fault', fault);
    return fetch(input, { ...init, headers });
  };
}

describe('Walmart stores', () => {
  let storeId: number;

  it('take a client id and secret, nothing else; the secret never comes back', async () => {
    storeId = await addStore({ marketplace: 'walmart', name: 'Acme Walmart' });
    const wrongKind = await s.put(`/api/common/stores/${storeId}/credentials`, { refreshToken: 'abcdefgh1234' }, admin);
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.meta.error_list[0].message).toMatch(/Walmart store takes clientId and clientSecret/);
    const noAuthorize = await s.post(`/api/common/stores/${storeId}/authorize`, {}, admin);
    expect(noAuthorize.status).toBe(412);
    const saved = await s.put(
      `/api/common/stores/${storeId}/credentials`,
      { clientId: WALMART_ID, clientSecret: WALMART_SECRET },
      admin,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.credentialHint).toBe('•••• cdef');
    expect(JSON.stringify(saved.body)).not.toContain(WALMART_SECRET);
  });

  it('test connection signs in for a token and makes a real call; the store is connected', async () => {
    const tested = await s.post(`/api/common/stores/${storeId}/test`, {}, admin);
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ ok: true, connection: 'connected', message: expect.stringMatching(/Walmart/) });
    const store = (await s.get(`/api/common/stores/${storeId}`, admin)).body;
    expect(store.tokenExpiresAt).not.toBeNull();
    // Walmart's tokens last fifteen minutes.
    expect(new Date(store.tokenExpiresAt).getTime() - Date.now()).toBeLessThanOrEqual(900_000);
    const calls = (await s.get(`/api/common/stores/${storeId}/calls`, admin)).body;
    expect(calls.map((c: { operation: string }) => c.operation)).toEqual(
      expect.arrayContaining(['token', 'getInboundShipments']),
    );
    const text = JSON.stringify(calls);
    expect(text).not.toContain(WALMART_SECRET);
    expect(text).not.toMatch(/wmsbx\.[A-Za-z0-9_-]{20}/);
  });

  it('a malformed key pair is refused as Walmart does: the store needs new keys, said in words', async () => {
    // Typed in Merchant Connect, Walmart's refusal is said at once and the store keeps its keys.
    const refused = await s.put(
      `/api/common/stores/${storeId}/credentials`,
      { clientId: 'not-a-uuid', clientSecret: WALMART_SECRET },
      admin,
    );
    expect(refused.status).toBe(412);
    expect(refused.meta.error_list[0].message).toMatch(/Walmart does not accept the store’s client id or secret/);
    // Keys that went bad since (changed in Seller Center): the test says so.
    await credentialsGoneStale(s, storeId, { clientId: 'not-a-uuid', clientSecret: WALMART_SECRET });
    const tested = await s.post(`/api/common/stores/${storeId}/test`, {}, admin);
    expect(tested.status).toBe(200);
    expect(tested.body.ok).toBe(false);
    expect(tested.body.connection).toBe('reconnect_needed');
    expect(tested.body.message).toMatch(/Walmart does not accept the store’s client id or secret/);
    // Entering good keys again puts it right.
    const fixed = await s.put(
      `/api/common/stores/${storeId}/credentials`,
      { clientId: WALMART_ID, clientSecret: WALMART_SECRET },
      admin,
    );
    expect(fixed.body.connection).toBe('connected');
    expect((await s.post(`/api/common/stores/${storeId}/test`, {}, admin)).body.ok).toBe(true);
  });

  it('the client rides through throttling and answers in Walmart’s published shape', async () => {
    const api = new WalmartClient(
      { baseUrl: walmartBaseUrl('sandbox', sandboxUrl), fetch: faulty('throttle', 2), sleep: async () => undefined },
      { storeId: 999_001, clientId: WALMART_ID, clientSecret: WALMART_SECRET },
    );
    const page = await api.inboundShipments({ limit: 2 });
    expect(page.payload!.length).toBeGreaterThan(0);
    expect(page.headers!.totalCount).toBeGreaterThanOrEqual(page.payload!.length);
    // The raw answer against the model Walmart publishes.
    const token = await api.accessToken();
    const raw = await fetch(`${walmartBaseUrl('sandbox', sandboxUrl)}/v3/fulfillment/inbound-shipments?limit=5`, {
      headers: { 'WM_SEC.ACCESS_TOKEN': token, 'WM_SVC.NAME': 'Dockside', 'WM_QOS.CORRELATION_ID': 'c-1' },
    });
    const validate = excerptSchema('walmart/getInboundShipments.200.json');
    expect(validate(await raw.json()), problemsOf(validate)).toBe(true);
    // Walmart refuses calls without its required headers.
    const bare = await fetch(`${walmartBaseUrl('sandbox', sandboxUrl)}/v3/fulfillment/inbound-shipments`, {
      headers: { 'WM_SEC.ACCESS_TOKEN': token },
    });
    expect(bare.status).toBe(400);
    expect((await bare.json()).errors[0].description).toMatch(/WM_SVC.NAME/);
  });

  it('a long outage is a provider failure in words, not a crash', async () => {
    const api = new WalmartClient(
      { baseUrl: walmartBaseUrl('sandbox', sandboxUrl), fetch: faulty('error', 10), sleep: async () => undefined },
      { storeId: 999_002, clientId: WALMART_ID, clientSecret: WALMART_SECRET },
    );
    await api.accessToken();
    const err = await api.inboundShipments().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderFailure);
    expect((err as ProviderFailure).kind).toBe('unavailable');
  });
});

describe('eBay stores', () => {
  let storeId: number;

  it('connect through eBay’s consent page; the refresh token is sealed and never answered', async () => {
    storeId = await addStore({ marketplace: 'ebay', name: 'Acme eBay shop' });
    const { page, callback } = await consent(storeId);
    expect(page.pathname).toBe('/sandbox/ebay/oauth2/authorize');
    expect(page.searchParams.get('scope')).toContain('sell.fulfillment');
    expect(callback.pathname).toBe('/api/common/stores/ebay/callback');
    const back = await followCallback(callback);
    expect(back.searchParams.get('connected')).toBe('ebay');
    const store = (await s.get(`/api/common/stores/${storeId}`, admin)).body;
    expect(store.connection).toBe('connected');
    expect(store.credentialHint).toMatch(/^•••• .{4}$/);
    const [row] = await s.db.select().from(stores).where(eq(stores.id, storeId));
    expect(row.sealedCredentials).not.toContain('v^1.1');
    // The state is spent: the same callback again changes nothing.
    expect((await followCallback(callback)).searchParams.get('error')).toMatch(/already used/);
  });

  it('test connection reads orders with a token from the refresh token', async () => {
    const tested = await s.post(`/api/common/stores/${storeId}/test`, {}, admin);
    expect(tested.body).toMatchObject({ ok: true, connection: 'connected' });
    const calls = (await s.get(`/api/common/stores/${storeId}/calls`, admin)).body;
    expect(calls.map((c: { operation: string }) => c.operation)).toEqual(
      expect.arrayContaining(['oauth.authorization_code', 'oauth.refresh_token', 'getOrders']),
    );
    expect(JSON.stringify(calls)).not.toContain(SANDBOX_EBAY_APP.clientSecret);
    // Buyers' user names are personal data: masked in the log.
    expect(JSON.stringify(calls)).not.toMatch(/buyer_[a-z0-9]{6}/);
  });

  it('a seller who declines on eBay changes nothing and is told so', async () => {
    const other = await addStore({ marketplace: 'ebay', name: 'Acme eBay 2' });
    const { callback } = await consent(other, 'deny');
    expect((await followCallback(callback)).searchParams.get('cancelled')).toBe('ebay');
    expect((await s.get(`/api/common/stores/${other}`, admin)).body.connection).toBe('not_connected');
  });

  it('a refresh token eBay did not issue marks the store "reconnect needed"', async () => {
    const refused = await s.put(
      `/api/common/stores/${storeId}/credentials`,
      { refreshToken: 'v^1.1#i^1#r^1#forged' },
      admin,
    );
    expect(refused.status).toBe(412);
    expect((await s.get(`/api/common/stores/${storeId}`, admin)).body.connection).toBe('connected');
    await credentialsGoneStale(s, storeId, { refreshToken: 'v^1.1#i^1#r^1#forged' });
    const tested = await s.post(`/api/common/stores/${storeId}/test`, {}, admin);
    expect(tested.body.ok).toBe(false);
    expect(tested.body.connection).toBe('reconnect_needed');
    expect(tested.body.message).toMatch(/eBay no longer accepts this store’s authorisation: reconnect/);
  });

  it('production eBay stores need the warehouse’s keyset; the sandbox answers in eBay’s published shape', async () => {
    const prod = await s.post(
      '/api/common/stores',
      { companyId: acmeId, marketplace: 'ebay', name: 'Live eBay', environment: 'production' },
      admin,
    );
    expect(prod.status).toBe(412);
    expect(prod.meta.error_list[0].message).toMatch(/eBay developer keyset/);
    // The client against the sandbox, with a throttled first try.
    const fresh = await addStore({ marketplace: 'ebay', name: 'Acme eBay 3' });
    const back = await followCallback((await consent(fresh)).callback);
    expect(back.searchParams.get('connected')).toBe('ebay');
    const [row] = await s.db.select().from(stores).where(eq(stores.id, fresh));
    const { open } = await import('../../server/crypto/secret-box.js');
    const refreshToken = JSON.parse(open(s.started.deps.config.jwtSecret, row.sealedCredentials!)).refreshToken;
    const api = new EbayClient(
      {
        endpoints: ebayEndpoints('sandbox', sandboxUrl),
        app: { ...SANDBOX_EBAY_APP, ruName: 'http://localhost/cb' },
        fetch: faulty('throttle', 1),
        sleep: async () => undefined,
      },
      { storeId: 999_003, refreshToken },
    );
    const page = await api.orders({ limit: 2 });
    expect(page.orders!.length).toBe(2);
    expect(page.next).toBeTruthy();
    const raw = await fetch(`${sandboxUrl}/sandbox/ebay/sell/fulfillment/v1/order?limit=3`, {
      headers: { authorization: `Bearer ${await api.accessToken()}` },
    });
    const validate = openApiSchema('ebay/order-schemas.json', 'OrderSearchPagedCollection');
    expect(validate(await raw.json()), problemsOf(validate)).toBe(true);
    const filtered = await api.orders({ filter: 'orderfulfillmentstatus:{FULFILLED}' });
    expect(filtered.orders!.every((o) => o.orderFulfillmentStatus === 'FULFILLED')).toBe(true);
  });
});

describe('Shopify stores', () => {
  let storeId: number;
  const shop = 'acme-goods.myshopify.com';

  it('are known by their shop domain', async () => {
    const bad = await s.post(
      '/api/common/stores',
      { companyId: acmeId, marketplace: 'shopify', name: 'Acme Shopify' },
      admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.meta.error_list[0].message).toMatch(/myshopify\.com domain/);
    storeId = await addStore({ marketplace: 'shopify', name: 'Acme Shopify', sellerId: shop });
  });

  it('install the app on the shop: the callback’s signature is checked, the code becomes an offline token', async () => {
    const { page, callback } = await consent(storeId);
    expect(page.pathname).toBe(`/sandbox/shopify/${shop}/admin/oauth/authorize`);
    expect(page.searchParams.get('client_id')).toBe(SANDBOX_SHOPIFY_APP.apiKey);
    // A callback whose signature does not match is refused, and spends the state.
    const tampered = new URL(callback);
    tampered.searchParams.set('shop', 'evil-shop.myshopify.com');
    expect((await followCallback(tampered)).searchParams.get('error')).toMatch(/not signed by the app/);
    const again = await consent(storeId);
    const back = await followCallback(again.callback);
    expect(back.searchParams.get('connected')).toBe('shopify');
    const tested = await s.post(`/api/common/stores/${storeId}/test`, {}, admin);
    expect(tested.body).toMatchObject({ ok: true, connection: 'connected', message: expect.stringMatching(/Shopify/) });
    const store = (await s.get(`/api/common/stores/${storeId}`, admin)).body;
    // Shopify's offline tokens do not expire.
    expect(store.tokenExpiresAt).toBeNull();
    const calls = JSON.stringify((await s.get(`/api/common/stores/${storeId}/calls`, admin)).body);
    expect(calls).not.toMatch(/shpca_sbx[A-Za-z0-9_-]{20}/);
    expect(calls).not.toContain(SANDBOX_SHOPIFY_APP.apiSecret);
  });

  it('or take a custom app’s Admin API token; a malformed one is refused as Shopify does', async () => {
    const other = await addStore({
      marketplace: 'shopify',
      name: 'Acme outlet',
      sellerId: 'acme-outlet.myshopify.com',
    });
    const wrongKind = await s.put(`/api/common/stores/${other}/credentials`, { clientSecret: 'abcdefgh12345' }, admin);
    expect(wrongKind.status).toBe(400);
    const bad = await s.put(
      `/api/common/stores/${other}/credentials`,
      { accessToken: 'shpat_not-a-real-token' },
      admin,
    );
    expect(bad.status).toBe(412);
    expect(bad.meta.error_list[0].message).toMatch(/Shopify does not accept the store’s access token/);
    await credentialsGoneStale(s, other, { accessToken: 'shpat_not-a-real-token' });
    const refused = await s.post(`/api/common/stores/${other}/test`, {}, admin);
    expect(refused.body).toMatchObject({ ok: false, connection: 'reconnect_needed' });
    expect(refused.body.message).toMatch(/Shopify does not accept the store’s access token/);
    await s.put(
      `/api/common/stores/${other}/credentials`,
      { accessToken: `shpat_${'0123456789abcdef'.repeat(2)}` },
      admin,
    );
    expect((await s.post(`/api/common/stores/${other}/test`, {}, admin)).body.ok).toBe(true);
  });

  it('the GraphQL client waits out Shopify’s throttle, and reports GraphQL errors by field', async () => {
    const token = `shpat_${'ab'.repeat(16)}`;
    const api = new ShopifyClient({
      shopUrl: shopifyShopUrl('sandbox', shop, sandboxUrl),
      app: null,
      accessToken: token,
      fetch: faulty('throttle', 2),
      sleep: async () => undefined,
    });
    const answer = await api.shop();
    expect(answer.shop).toMatchObject({ myshopifyDomain: shop, name: 'Acme Goods', currencyCode: 'USD' });
    const { z } = await import('zod');
    const err = await api.graphql('bad', '{ shop { colour } }', {}, z.unknown()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderFailure);
    expect((err as ProviderFailure).messages[0]).toMatch(/Cannot query field "colour" on type "Shop"/);
  });
});

describe('isolation', () => {
  it('another client or tenant cannot see, connect or test these stores', async () => {
    const own = await addStore({ marketplace: 'ebay', name: 'Acme private eBay' }, client);
    for (const token of [client2, north]) {
      expect((await s.get(`/api/common/stores/${own}`, token)).status).toBe(404);
      expect((await s.post(`/api/common/stores/${own}/authorize`, {}, token)).status).toBe(404);
      expect((await s.post(`/api/common/stores/${own}/test`, {}, token)).status).toBe(404);
    }
    // Every call logged is the owning tenant's.
    const rows = await s.db.select().from(integrationCalls);
    const ids = new Set((await s.db.select().from(stores)).filter((r) => r.tenantId === 1).map((r) => r.id));
    expect(rows.filter((r) => r.storeId !== null).every((r) => ids.has(r.storeId!) && r.tenantId === 1)).toBe(true);
  });
});

describe('sandbox administration', () => {
  it('fault rates: administrators see them, only operators set them, and the sandbox then fails that share of calls', async () => {
    const seen = await s.get('/api/sandbox/faults', admin);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual(expect.arrayContaining([{ provider: 'walmart', rate: 0 }]));
    expect((await s.get('/api/sandbox/faults', client)).status).toBe(403);
    const notOperator = await s.put('/api/sandbox/faults/walmart', { rate: 0.5 }, admin);
    expect(notOperator.status).toBe(403);
    expect(notOperator.meta.error_list[0].message).toMatch(/operators/);

    await s.db.update(users).set({ platformAdmin: true }).where(eq(users.username, 'north.admin'));
    s.started.deps.principals.invalidate();
    const operator = await s.token('north.admin');
    expect((await s.put('/api/sandbox/faults/walmart', { rate: 0.9 }, operator)).status).toBe(400);
    expect((await s.put('/api/sandbox/faults/walmart', { rate: 0.5 }, operator)).status).toBe(200);
    try {
      const once = new WalmartClient(
        { baseUrl: walmartBaseUrl('sandbox', sandboxUrl), sleep: async () => undefined, maxAttempts: 1 },
        { storeId: 999_010, clientId: WALMART_ID, clientSecret: WALMART_SECRET },
      );
      // The token endpoint is not behind the gate; the WFS calls are.
      await once.accessToken();
      const outcomes = await Promise.all(
        Array.from({ length: 40 }, () =>
          once.inboundShipments().then(
            () => 'ok',
            (e: ProviderFailure) => e.kind,
          ),
        ),
      );
      expect(outcomes.filter((o) => o === 'ok').length).toBeGreaterThan(0);
      expect(outcomes.filter((o) => o !== 'ok').length).toBeGreaterThan(0);
      expect(new Set(outcomes.filter((o) => o !== 'ok'))).toEqual(new Set(['throttled', 'unavailable']));
    } finally {
      expect((await s.put('/api/sandbox/faults/walmart', { rate: 0 }, operator)).status).toBe(200);
    }
    expect((await s.get('/api/sandbox/faults', admin)).body).toEqual(
      expect.arrayContaining([{ provider: 'walmart', rate: 0 }]),
    );
  });

  it('a sandbox store’s data is reset through its own connection; live and unconnected stores refuse', async () => {
    const store = await addStore({ marketplace: 'ebay', name: 'Acme eBay reset' });
    expect((await s.post(`/api/common/stores/${store}/sandbox/reset`, {}, admin)).status).toBe(412);
    await followCallback((await consent(store)).callback);
    const reset = await s.post(`/api/common/stores/${store}/sandbox/reset`, {}, admin);
    expect(reset.status, JSON.stringify(reset.meta)).toBe(200);
    expect(reset.body.reset).toBe(true);
    const calls = (await s.get(`/api/common/stores/${store}/calls`, admin)).body;
    expect(calls.map((c: { operation: string }) => c.operation)).toContain('sandbox.reset');
    expect((await s.post(`/api/common/stores/${store}/sandbox/reset`, {}, north)).status).toBe(404);
    const shipping = await s.post('/api/sandbox/shipping/reset', {}, admin);
    expect(shipping.status).toBe(200);
    expect(shipping.body.message).toMatch(/practice rates and labels/);
  });
});
