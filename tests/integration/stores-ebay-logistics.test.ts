/**
 * eBay Logistics for production eBay stores, an opt-in store setting (the warehouse's keyset must
 * be approved for eBay's Limited Release sell.logistics scope). A production store, its eBay calls
 * answered by the eBay sandbox (auth.ebay.com and api.ebay.com reached there over real HTTP):
 * off by default, its consent asks no sell.logistics and its FBM orders get the aggregator's rates
 * only; turned on, it needs reconnecting, eBay refuses the scope to a keyset it has not approved
 * (said in words: turn the setting off), and with an approved keyset the consent asks the scope
 * and the order is quoted and bought through eBay Logistics; turned off again, the store's
 * authorisation keeps working and no eBay rate is offered. Validation, rights and tenancy as for the
 * store's other settings; the sandbox holds tokens to their scopes as eBay does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { labelsSetup } from '../helpers/fbm-labels.js';
import { TestServer } from '../helpers/server.js';
import { ebayConsent } from '../helpers/ebay-consent.js';
import { fbmWorld, line, order, orderId, saveOrders, stock, type FbmWorld } from '../helpers/fbm.js';
import { auditLog, shippingLabels, stores } from '../../server/db/schema/index.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { EbayClient, ebayEndpoints, SANDBOX_EBAY_APP } from '../../server/integrations/ebay/client.js';
import { EBAY_LOGISTICS_SCOPE, EBAY_SCOPES, ebayScopes } from '../../server/integrations/ebay/models.js';
import { ProviderFailure } from '../../server/integrations/http.js';
import { approveEbayKeyset } from '../../server/sandboxes/ebay/scopes.js';
import { fieldRule, fieldRules } from '../helpers/refusals.js';

let s: TestServer;
let w: FbmWorld;
let sandboxUrl: string;
let receiver: string;
const F = '/api/fbm/web';
/** The warehouse's production keyset (well formed, as eBay issues them). */
const KEYSET = { clientId: 'Acme-Dockside-PRD-5f2c9e1a7-3b4d6e8f', clientSecret: 'PRD-5f2c9e1a73b4-d6e8f0a1' };
let storeId: number;
let sandboxStoreId: number;
let walmartStoreId: number;
let ebayOrder: number;
/** The paths Dockside called at eBay, production hosts included. */
const called: string[] = [];

/** Production eBay, answered by this server's sandbox. */
const toSandbox = (url: URL): URL => {
  if (url.origin !== 'https://auth.ebay.com' && url.origin !== 'https://api.ebay.com') return url;
  return new URL(`${sandboxUrl}/sandbox/ebay${url.pathname}${url.search}`);
};
const settings = (id: number, body: unknown, token = w.admin) =>
  s.put(`/api/common/stores/${id}/settings`, body, token);
const storeOf = async (id: number) => (await s.get(`/api/common/stores/${id}`, w.admin)).body;
const ratesOf = async (id: number) => {
  const res = await s.post(`${F}/label/psh/rates`, { orderIds: [id] }, w.admin);
  expect(res.status, JSON.stringify(res.meta)).toBe(200);
  return res.body[0] as {
    rates: { provider: string; rateId: string }[];
    refused: { provider: string; reason: string }[];
  };
};
const scopesOf = (page: URL) => (page.searchParams.get('scope') ?? '').split(' ');

/** The seller's consent on eBay and Dockside's callback; answers where Dockside sent the browser. */
async function consent(id: number) {
  const { page, callback } = await ebayConsent(s, w.admin, id, 'confirm', toSandbox);
  const back = await s.started.app.request(callback.pathname + callback.search);
  expect(back.status).toBe(302);
  return { page, screen: new URL(back.headers.get('location')!, 'http://x') };
}

beforeAll(async () => {
  s = await TestServer.start();
  sandboxUrl = await s.listen();
  clientOverrides.sleep = async () => undefined;
  clientOverrides.fetch = (input, init) => {
    const url = toSandbox(new URL(String(input instanceof Request ? input.url : input)));
    called.push(url.pathname);
    return fetch(url, init);
  };
  w = await fbmWorld(s, 'EbLogistics');
  receiver = await s.token('demo.receiver');
  await labelsSetup(s, w);
  const keyset = await s.put(
    '/api/common/credentials/ebay_app',
    { ...KEYSET, ruName: `${sandboxUrl}/api/common/stores/ebay/callback` },
    w.admin,
  );
  expect(keyset.status, JSON.stringify(keyset.meta)).toBe(200);
  const add = async (marketplace: string, name: string, environment: string) => {
    const res = await s.post('/api/common/stores', { companyId: w.acmeId, marketplace, name, environment }, w.admin);
    expect(res.status, JSON.stringify(res.meta)).toBe(201);
    return res.body.id as number;
  };
  storeId = await add('ebay', 'Acme eBay live', 'production');
  sandboxStoreId = await add('ebay', 'Acme eBay practice', 'sandbox');
  walmartStoreId = await add('walmart', 'Acme Walmart', 'sandbox');
  // An FBM order of the production store, stocked, reserved, picked and boxed.
  await stock(s, w, w.acmeId, 'MUG-1', 'A-1', 1);
  await saveOrders(s, { id: storeId, tenantId: w.tenantId, companyId: w.acmeId }, [
    order('21-04321-65432', { salesChannel: 'Ebay', lines: [line('1', 'MUG-1', 1)] }),
  ]);
  expect((await s.post(`${F}/reserve/awaiting/items/store/${storeId}`, {}, w.admin)).status).toBe(200);
  ebayOrder = await orderId(s, '21-04321-65432');
  const batch = await s.post(`${F}/pick/batch`, { orderIds: [ebayOrder] }, w.admin);
  expect(batch.status, JSON.stringify(batch.meta)).toBe(201);
  for (const b of batch.body.lines)
    await s.post(`${F}/pick/batch/${batch.body.id}/pick`, { batchLineId: b.id, quantity: b.quantity }, w.admin);
  const box = { lengthIn: 10, widthIn: 8, heightIn: 4, weightLb: 2 };
  expect((await s.put(`${F}/order/${ebayOrder}/default/box/dimensions`, box, w.admin)).status).toBe(200);
}, 120_000);
afterAll(async () => {
  clientOverrides.fetch = undefined;
  await s?.close();
});

describe('a production eBay store with eBay Logistics off (the default)', () => {
  it('asks eBay for no sell.logistics at consent, and connects', async () => {
    expect((await storeOf(storeId)).ebayLogistics).toBe(false);
    const { page, screen } = await consent(storeId);
    expect(page.origin).toBe('https://auth.ebay.com');
    expect(page.searchParams.get('client_id')).toBe(KEYSET.clientId);
    expect(scopesOf(page).sort()).toEqual([...EBAY_SCOPES].sort());
    expect(screen.searchParams.get('connected')).toBe('ebay');
    expect((await storeOf(storeId)).connection).toBe('connected');
  });

  it('gets the aggregator’s rates only: eBay Logistics is never asked', async () => {
    const before = called.filter((p) => p.includes('/sell/logistics/')).length;
    const o = await ratesOf(ebayOrder);
    expect(o.rates.length).toBeGreaterThan(0);
    expect([...new Set(o.rates.map((r) => r.provider))]).toEqual(['shipengine']);
    expect(o.refused.filter((r) => r.provider === 'ebay')).toEqual([]);
    expect(called.filter((p) => p.includes('/sell/logistics/')).length).toBe(before);
  });

  it('a sandbox store still asks for eBay Logistics (the sandbox’s keyset is approved)', async () => {
    const started = await s.post(`/api/common/stores/${sandboxStoreId}/authorize`, {}, w.admin);
    expect(scopesOf(new URL(started.body.url))).toContain(EBAY_LOGISTICS_SCOPE);
  });
});

describe('the setting: validation, rights and tenancy', () => {
  it('refuses bad input field by field (400, in the envelope)', async () => {
    for (const body of [{ ebayLogistics: 'yes' }, {}, { ebayLogistics: null }]) {
      const res = await settings(storeId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fieldRules(res).join(' ')).toMatch(/ebayLogistics/);
    }
    const walmart = await settings(walmartStoreId, { ebayLogistics: true });
    expect(walmart.status).toBe(400);
    expect(fieldRule(walmart.meta.error_list[0])).toMatch(/only eBay stores/);
    expect((await storeOf(storeId)).ebayLogistics).toBe(false);
    expect((await storeOf(walmartStoreId)).ebayLogistics).toBe(false);
  });

  it('another client or tenant cannot see or change it (404); staff without the right are refused (403)', async () => {
    expect((await settings(storeId, { ebayLogistics: true }, w.client2)).status).toBe(404);
    expect((await settings(storeId, { ebayLogistics: true }, w.north)).status).toBe(404);
    expect((await settings(storeId, { ebayLogistics: true }, receiver)).status).toBe(403);
    expect((await settings(999_999, { ebayLogistics: true })).status).toBe(404);
    const [row] = await s.db.select().from(stores).where(eq(stores.id, storeId));
    expect(row).toMatchObject({ ebayLogistics: false, connection: 'connected' });
  });

  it('the client manages its own store’s setting, as its other store settings; a sandbox store needs no reconnect', async () => {
    const res = await settings(sandboxStoreId, { ebayLogistics: true }, w.client);
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body).toMatchObject({ ebayLogistics: true, connection: 'not_connected' });
    expect(res.meta.info_list[0].message).toMatch(/Sandbox stores always get eBay Logistics rates/);
  });
});

describe('turned on', () => {
  it('the connected store needs reconnecting, and the answer says so', async () => {
    const res = await settings(storeId, { ebayLogistics: true });
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body).toMatchObject({ ebayLogistics: true, connection: 'reconnect_needed' });
    expect(res.meta.warn_list[0].message).toMatch(/reconnect the store to grant eBay Logistics/);
    expect(res.body.lastError).toMatch(/reconnect the store to grant eBay Logistics/);
    const audits = await s.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'store'), eq(auditLog.entityId, String(storeId))))
      .orderBy(asc(auditLog.id));
    expect(JSON.stringify(audits.at(-1))).toMatch(/"ebayLogistics":true/);
    // Saved again as it is: nothing changes, nothing to reconnect for.
    const again = await settings(storeId, { ebayLogistics: true });
    expect(again.meta.info_list[0].message).toMatch(/already on/);
  });

  it('until reconnected, eBay refuses the refresh that asks for more than was granted: said in words', async () => {
    const o = await ratesOf(ebayOrder);
    expect(o.rates.every((r) => r.provider === 'shipengine')).toBe(true);
    const refusal = o.refused.find((r) => r.provider === 'ebay');
    expect(refusal?.reason).toMatch(/eBay Logistics gave no quotes: .*not approved for eBay Logistics.*setting off/);
  });

  it('a keyset eBay has not approved: the consent is refused, and the store says to turn the setting off', async () => {
    const { page, screen } = await consent(storeId);
    expect(scopesOf(page)).toContain(EBAY_LOGISTICS_SCOPE);
    expect(screen.searchParams.get('connected')).toBeNull();
    expect(screen.searchParams.get('error')).toMatch(
      /keyset is probably not approved for eBay Logistics.*Turn the store’s “eBay Logistics \(approved keyset\)” setting off/,
    );
    const store = await storeOf(storeId);
    expect(store.connection).toBe('reconnect_needed');
    expect(store.lastError).toMatch(/probably not approved for eBay Logistics/);
  });

  it('an approved keyset: the consent asks sell.logistics; the order is quoted by eBay Logistics and one is bought', async () => {
    await approveEbayKeyset(s.deps, KEYSET.clientId);
    const { page, screen } = await consent(storeId);
    expect(scopesOf(page).sort()).toEqual([...ebayScopes(true)].sort());
    expect(screen.searchParams.get('connected')).toBe('ebay');
    expect((await storeOf(storeId)).connection).toBe('connected');
    const o = await ratesOf(ebayOrder);
    expect([...new Set(o.rates.map((r) => r.provider))].sort()).toEqual(['ebay', 'shipengine']);
    expect(o.refused.filter((r) => r.provider === 'ebay')).toEqual([]);
    const rate = o.rates.find((r) => r.provider === 'ebay')!;
    expect(rate.rateId).toMatch(/^ebay:[0-9a-f-]+:[0-9a-f-]+$/);
    const bought = await s.post(`${F}/label/psh/purchase`, { orderId: ebayOrder, rateId: rate.rateId }, w.admin);
    expect(bought.status, JSON.stringify(bought.meta)).toBe(200);
    const [label] = await s.db.select().from(shippingLabels).where(eq(shippingLabels.id, bought.body.labelIds[0]));
    expect(label).toMatchObject({ provider: 'ebay', status: 'bought' });
    expect(label.trackingNumber).toBeTruthy();
    // Bought at eBay (the production host, answered by the sandbox).
    expect(called).toContain('/sandbox/ebay/sell/logistics/v1_beta/shipment/create_from_shipping_quote');
  });
});

describe('turned off again', () => {
  it('the store’s authorisation keeps working; no eBay rate, and eBay Logistics is not asked any more', async () => {
    const res = await settings(storeId, { ebayLogistics: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ebayLogistics: false, connection: 'connected' });
    expect(res.meta.info_list[0].message).toMatch(/no longer asks eBay for it.*keeps working/);
    // A refresh asking fewer scopes than granted is one eBay allows.
    const tested = await s.post(`/api/common/stores/${storeId}/test`, {}, w.admin);
    expect(tested.body).toMatchObject({ ok: true, connection: 'connected' });
    const o = await ratesOf(ebayOrder);
    expect(o.rates.every((r) => r.provider === 'shipengine')).toBe(true);
    const started = await s.post(`/api/common/stores/${storeId}/authorize`, {}, w.admin);
    expect(scopesOf(new URL(started.body.url))).not.toContain(EBAY_LOGISTICS_SCOPE);
  });

  it('a label bought through eBay Logistics is not voided blind: turning the setting back on is said', async () => {
    const [label] = await s.db.select().from(shippingLabels).where(eq(shippingLabels.provider, 'ebay'));
    const res = await s.del(`${F}/label/${label.id}`, w.admin);
    expect(res.status).toBe(412);
    expect(fieldRule(res.meta.error_list[0])).toMatch(/eBay Logistics is off .* turn it on/);
    const [still] = await s.db.select().from(shippingLabels).where(eq(shippingLabels.id, label.id));
    expect(still.status).toBe('bought');
  });
});

describe('the eBay sandbox holds tokens to their scopes, as eBay does', () => {
  let nextClientId = 990_000;
  /** A seller's consent through the sandbox's own keyset, asking `scopes`; answers a client maker. */
  async function sellerClient(scopes: readonly string[]) {
    const opts = {
      endpoints: ebayEndpoints('sandbox', sandboxUrl),
      app: { ...SANDBOX_EBAY_APP, ruName: 'http://localhost/ebay/callback' },
      scopes,
      sleep: async () => undefined,
    };
    const signIn = new EbayClient(opts);
    const page = new URL(signIn.consentUrl(`state-${Math.random()}`));
    const html = await (await fetch(page)).text();
    const fields = Object.fromEntries(
      [...html.matchAll(/type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
        m[1],
        m[2].replace(/&amp;/g, '&'),
      ]),
    );
    const back = await fetch(page, {
      method: 'POST',
      body: new URLSearchParams({ ...fields, decision: 'confirm' }),
      redirect: 'manual',
    });
    const code = new URL(back.headers.get('location')!).searchParams.get('code')!;
    const token = await signIn.exchangeCode(code);
    return (asked: readonly string[]) =>
      new EbayClient({ ...opts, scopes: asked }, { storeId: nextClientId++, refreshToken: token.refresh_token! });
  }
  const quote = {
    packageSpecification: { weight: { value: '2', unit: 'POUND' } },
    shipFrom: {
      fullName: 'W',
      contactAddress: {
        addressLine1: '1 Main St',
        city: 'Newark',
        stateOrProvince: 'NJ',
        postalCode: '07114',
        countryCode: 'US',
      },
    },
    shipTo: {
      fullName: 'Zoe',
      contactAddress: {
        addressLine1: '2 Elm St',
        city: 'Springfield',
        stateOrProvince: 'IL',
        postalCode: '62701',
        countryCode: 'US',
      },
    },
  };

  it('a token without sell.logistics gets eBay’s 403 (errorId 1100) on a Logistics call; the orders still answer', async () => {
    const client = (await sellerClient(EBAY_SCOPES))(EBAY_SCOPES);
    const refusal = await client.logistics.createShippingQuote(quote).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ProviderFailure);
    expect((refusal as ProviderFailure).kind).toBe('auth');
    expect((refusal as ProviderFailure).messages.join()).toMatch(/eBay \(1100\): Insufficient permissions/);
    const raw = await fetch(`${sandboxUrl}/sandbox/ebay/sell/logistics/v1_beta/shipping_quote`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await client.accessToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify(quote),
    });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toEqual({
      errors: [
        {
          errorId: 1100,
          domain: 'ACCESS',
          category: 'REQUEST',
          message: 'Access denied',
          longMessage: 'Insufficient permissions to fulfill the request.',
        },
      ],
    });
    expect((await client.orders({ limit: 1 })).orders).toBeDefined();
  });

  it('a refresh may ask the scopes granted or fewer, never more (invalid_scope)', async () => {
    const granted = await sellerClient(ebayScopes(true));
    expect((await granted(ebayScopes(true)).logistics.createShippingQuote(quote)).rates.length).toBeGreaterThan(0);
    // Fewer: the token works for what it asked, and no more.
    const fewer = granted(EBAY_SCOPES);
    expect((await fewer.orders({ limit: 1 })).orders).toBeDefined();
    expect(
      ((await fewer.logistics.createShippingQuote(quote).catch((e: unknown) => e)) as ProviderFailure).status,
    ).toBe(403);
    // More than the consent gave: refused at the refresh, and said as the keyset's likely cause.
    const more = (await sellerClient(EBAY_SCOPES))(ebayScopes(true));
    const refusal = (await more.accessToken().catch((e: unknown) => e)) as ProviderFailure;
    expect(refusal).toBeInstanceOf(ProviderFailure);
    expect(refusal.messages.join()).toMatch(/probably not approved for eBay Logistics.*invalid, unknown, malformed/);
  });

  it('a keyset not approved for the Limited Release scope is sent back with invalid_scope at consent', async () => {
    const page = new URL(`${sandboxUrl}/sandbox/ebay/oauth2/authorize`);
    page.search = new URLSearchParams({
      client_id: 'Other-Dockside-PRD-0a1b2c3d4-5e6f7a8b',
      redirect_uri: 'http://localhost/ebay/callback',
      response_type: 'code',
      scope: ebayScopes(true).join(' '),
      state: 'st-1',
    }).toString();
    const res = await fetch(page, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ error: 'invalid_scope', state: 'st-1' });
    // Without it, the same keyset is shown the consent page.
    page.searchParams.set('scope', EBAY_SCOPES.join(' '));
    expect((await fetch(page, { redirect: 'manual' })).status).toBe(200);
  });
});
