/**
 * Replacing a store's credentials (issue 38, defect 14): new credentials are tried against the
 * marketplace (the sandboxes, over real HTTP on loopback) before they replace the stored ones. A
 * refusal is a 412 in the envelope naming the marketplace's answer, and the store keeps its
 * working connection — same credentials, still connected, still answering; credentials the
 * marketplace accepts replace them. Cancelling a reconnect on the marketplace's page leaves a
 * connected store connected with no error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { stores } from '../../server/db/schema/index.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { connectAmazonStore, sandboxRefreshToken } from '../helpers/amazon-sandbox.js';

let s: TestServer;
let sandboxUrl: string;
let admin: string;
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
  [admin, client2, north] = await Promise.all(['demo.admin', 'demo.client2', 'north.admin'].map((u) => s.token(u)));
  acmeId = (await s.signIn('demo.client')).userData.companyId;
});
afterAll(() => s.close());

const addStore = async (body: Record<string, unknown>) => {
  const res = await s.post('/api/common/stores', { companyId: acmeId, ...body }, admin);
  expect(res.status, JSON.stringify(res.meta)).toBe(201);
  return res.body.id as number;
};
const sealedOf = async (id: number) => (await s.db.select().from(stores).where(eq(stores.id, id)))[0].sealedCredentials;
const errorsOf = (r: { meta: { error_list: { message: string }[] } }) => r.meta.error_list.map((e) => e.message);

describe('Walmart keys typed by hand', () => {
  let storeId: number;

  it('good keys are tried, then stored: the store is connected at once', async () => {
    storeId = await addStore({ marketplace: 'walmart', name: 'Acme Walmart (trial)' });
    const saved = await s.put(
      `/api/common/stores/${storeId}/credentials`,
      { clientId: WALMART_ID, clientSecret: WALMART_SECRET },
      admin,
    );
    expect(saved.status, JSON.stringify(saved.meta)).toBe(200);
    expect(saved.body).toMatchObject({ connection: 'connected', credentialHint: '•••• cdef', lastError: null });
    expect(saved.body.lastSuccessAt).not.toBeNull();
    // The trial's call is in the support log, against the store.
    const calls = (await s.get(`/api/common/stores/${storeId}/calls`, admin)).body;
    expect(calls.map((c: { operation: string }) => c.operation)).toEqual(
      expect.arrayContaining(['token', 'getInboundShipments']),
    );
  });

  it('keys Walmart refuses are refused (412, Walmart’s answer named); the working connection stays', async () => {
    const before = await sealedOf(storeId);
    const bad = await s.put(
      `/api/common/stores/${storeId}/credentials`,
      { clientId: 'not-a-walmart-id', clientSecret: 'a-secret-of-sixteen-chars' },
      admin,
    );
    expect(bad.status).toBe(412);
    const said = errorsOf(bad).join(' ');
    expect(said).toMatch(/^Walmart refused the new credentials \(HTTP 401: /);
    expect(said).toMatch(/Walmart does not accept the store’s client id or secret/);
    expect(said).toMatch(/nothing was replaced: the store keeps the credentials it had/);
    expect(await sealedOf(storeId)).toBe(before);
    const row = (await s.get(`/api/common/stores/${storeId}`, admin)).body;
    expect(row).toMatchObject({ connection: 'connected', credentialHint: '•••• cdef', lastError: null });
    // …and it still works: the old keys answer.
    const tested = await s.post(`/api/common/stores/${storeId}/test`, {}, admin);
    expect(tested.body).toMatchObject({ ok: true, connection: 'connected' });
  });

  it('malformed input is a 400 naming the field; nothing is tried', async () => {
    const short = await s.put(`/api/common/stores/${storeId}/credentials`, { clientSecret: 'short' }, admin);
    expect(short.status).toBe(400);
    expect(errorsOf(short).join(' ')).toMatch(/client ?secret/i);
    const foreign = await s.put(`/api/common/stores/${storeId}/credentials`, { refreshToken: 'abcdefgh1234' }, admin);
    expect(foreign.status).toBe(400);
    expect((await s.get(`/api/common/stores/${storeId}`, admin)).body.connection).toBe('connected');
  });

  it('when Walmart cannot be reached the keys cannot be tried: 503, nothing changed', async () => {
    const before = await sealedOf(storeId);
    clientOverrides.fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      if (!String(input).endsWith('/v3/token')) headers.set('x-sandbox-fault', 'error');
      return fetch(input, { ...init, headers });
    };
    try {
      const down = await s.put(
        `/api/common/stores/${storeId}/credentials`,
        { clientId: WALMART_ID, clientSecret: 'wm-secret-rotated-000000000002' },
        admin,
      );
      expect(down.status).toBe(503);
      expect(errorsOf(down)[0]).toMatch(/^Walmart could not be reached to try the new credentials/);
    } finally {
      delete clientOverrides.fetch;
    }
    expect(await sealedOf(storeId)).toBe(before);
    expect((await s.get(`/api/common/stores/${storeId}`, admin)).body.credentialHint).toBe('•••• cdef');
  });

  it('new keys Walmart accepts replace the old ones', async () => {
    const before = await sealedOf(storeId);
    const rotated = await s.put(
      `/api/common/stores/${storeId}/credentials`,
      { clientId: '7c9d1e2f-3a4b-4c5d-8e6f-0a1b2c3d4e5f', clientSecret: 'wm-secret-rotated-000000000001' },
      admin,
    );
    expect(rotated.status, JSON.stringify(rotated.meta)).toBe(200);
    expect(rotated.body).toMatchObject({ connection: 'connected', credentialHint: '•••• 0001' });
    expect(await sealedOf(storeId)).not.toBe(before);
    expect((await s.post(`/api/common/stores/${storeId}/test`, {}, admin)).body.ok).toBe(true);
  });

  it('another client or tenant cannot replace them (404), and nothing is tried for them', async () => {
    const before = await sealedOf(storeId);
    for (const token of [client2, north]) {
      const res = await s.put(
        `/api/common/stores/${storeId}/credentials`,
        { clientId: WALMART_ID, clientSecret: WALMART_SECRET },
        token,
      );
      expect(res.status).toBe(404);
    }
    expect(await sealedOf(storeId)).toBe(before);
  });
});

describe('an Amazon store connected through the consent page', () => {
  let storeId: number;

  it('a refresh token Amazon refuses does not replace the one that works', async () => {
    storeId = await addStore({ marketplace: 'amazon_us', name: 'Acme US (trial)' });
    const back = await connectAmazonStore(s, sandboxUrl, storeId, admin);
    expect(back.searchParams.get('connected')).toBe('amazon');
    const connected = (await s.get(`/api/common/stores/${storeId}`, admin)).body;
    const before = await sealedOf(storeId);
    const bad = await s.put(
      `/api/common/stores/${storeId}/credentials`,
      { refreshToken: 'Atzr|not-one-amazon-issued' },
      admin,
    );
    expect(bad.status).toBe(412);
    expect(errorsOf(bad)[0]).toMatch(/^Amazon refused the new credentials \(HTTP 400: .*keeps the credentials it had$/);
    expect(await sealedOf(storeId)).toBe(before);
    const after = (await s.get(`/api/common/stores/${storeId}`, admin)).body;
    expect(after).toMatchObject({
      connection: 'connected',
      credentialHint: connected.credentialHint,
      lastError: null,
    });
    expect((await s.post(`/api/common/stores/${storeId}/test`, {}, admin)).body.ok).toBe(true);
  });

  it('a refresh token Amazon issued replaces it', async () => {
    const token = await sandboxRefreshToken(sandboxUrl);
    const good = await s.put(`/api/common/stores/${storeId}/credentials`, { refreshToken: token }, admin);
    expect(good.status, JSON.stringify(good.meta)).toBe(200);
    expect(good.body).toMatchObject({ connection: 'connected', credentialHint: `•••• ${token.slice(-4)}` });
    expect(good.body.tokenExpiresAt).not.toBeNull();
    expect((await s.post(`/api/common/stores/${storeId}/test`, {}, admin)).body.ok).toBe(true);
  });

  it('cancelling a reconnect on Amazon’s page leaves it connected, with no error to show', async () => {
    // An earlier hiccup's words on the store: cancelling is no failure, and the connection works.
    await s.db.update(stores).set({ lastError: 'Amazon was unavailable' }).where(eq(stores.id, storeId));
    const before = await sealedOf(storeId);
    const back = await connectAmazonStore(s, sandboxUrl, storeId, admin, 'deny');
    expect(back.pathname).toBe('/apps/account/merchant-connect');
    expect(back.searchParams.get('cancelled')).toBe('amazon');
    expect(back.searchParams.get('error')).toBeNull();
    const row = (await s.get(`/api/common/stores/${storeId}`, admin)).body;
    expect(row).toMatchObject({ connection: 'connected', lastError: null });
    expect(await sealedOf(storeId)).toBe(before);
  });

  it('cancelling on a store that needs reconnecting keeps saying why it does', async () => {
    await s.db
      .update(stores)
      .set({ connection: 'reconnect_needed', lastError: 'Amazon no longer accepts this store’s authorisation' })
      .where(eq(stores.id, storeId));
    const back = await connectAmazonStore(s, sandboxUrl, storeId, admin, 'deny');
    expect(back.searchParams.get('cancelled')).toBe('amazon');
    const row = (await s.get(`/api/common/stores/${storeId}`, admin)).body;
    expect(row).toMatchObject({
      connection: 'reconnect_needed',
      lastError: 'Amazon no longer accepts this store’s authorisation',
    });
  });
});

describe('a Shopify custom app token', () => {
  it('one Shopify refuses is refused with its answer; one it accepts connects the store', async () => {
    const id = await addStore({
      marketplace: 'shopify',
      name: 'Acme trial shop',
      sellerId: 'acme-trial.myshopify.com',
    });
    const bad = await s.put(`/api/common/stores/${id}/credentials`, { accessToken: 'shpat_not-a-real-token' }, admin);
    expect(bad.status).toBe(412);
    expect(errorsOf(bad)[0]).toMatch(/^Shopify refused the new credentials \(HTTP 401: .*nothing was saved$/);
    const row = (await s.get(`/api/common/stores/${id}`, admin)).body;
    expect(row).toMatchObject({ connection: 'not_connected', credentialHint: null });
    const good = await s.put(
      `/api/common/stores/${id}/credentials`,
      { accessToken: `shpat_${'ef'.repeat(16)}` },
      admin,
    );
    expect(good.status, JSON.stringify(good.meta)).toBe(200);
    expect(good.body).toMatchObject({ connection: 'connected', credentialHint: '•••• efef' });
  });
});
