/**
 * Stores and the Amazon connection (issue 17): write-only credentials, tenant and client
 * isolation, the consent flow against the Amazon sandbox over real HTTP on loopback, the store's
 * health, the FBA inventory pull, and the client riding through throttling and outages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { auditLog, integrationCalls, stores } from '../../server/db/schema/index.js';
import { clientOverrides } from '../../server/modules/stores/connection.js';
import { pullFbaInventory, scheduleStorePulls } from '../../server/modules/stores/fba-inventory.js';
import { AmazonClient, amazonEndpoints, SANDBOX_APP } from '../../server/integrations/amazon/client.js';
import { ProviderFailure } from '../../server/integrations/http.js';
import { inventorySummariesResponseSchema } from '../../server/integrations/amazon/models.js';
import { problemsOf, swaggerDefinition } from '../helpers/reference-models.js';
import { connectAmazonStore, sandboxRefreshToken } from '../helpers/amazon-sandbox.js';
import { credentialsGoneStale } from '../helpers/revoked.js';

let s: TestServer;
let sandboxUrl: string;
let admin: string;
let client: string;
let client2: string;
let north: string;
let acmeId: number;

beforeAll(async () => {
  s = await TestServer.start();
  sandboxUrl = await s.listen();
  // Retries wait for nothing in tests; the sandbox's stall outlasts a short time-out.
  clientOverrides.sleep = async () => undefined;
  clientOverrides.timeoutMs = 1_500;
  [admin, client, client2, north] = await Promise.all(
    ['demo.admin', 'demo.client', 'demo.client2', 'north.admin'].map((u) => s.token(u)),
  );
  acmeId = (await s.signIn('demo.client')).userData.companyId;
});
afterAll(() => s.close());

const connectAmazon = (storeId: number, token: string, decision: 'confirm' | 'deny' = 'confirm') =>
  connectAmazonStore(s, sandboxUrl, storeId, token, decision);

describe('stores', () => {
  let storeId: number;

  it('a warehouse user adds a client’s store; bad input is refused field by field', async () => {
    const bad = await s.post('/api/common/stores', { companyId: acmeId, marketplace: 'amazon_de', name: '' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.meta.error_list.map((e) => e.message).join(' ')).toMatch(/marketplace/i);
    const noClient = await s.post('/api/common/stores', { marketplace: 'amazon_us', name: 'Acme US' }, admin);
    expect(noClient.status).toBe(400);
    const created = await s.post(
      '/api/common/stores',
      { companyId: acmeId, marketplace: 'amazon_us', name: 'Acme US' },
      admin,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      companyId: acmeId,
      connection: 'not_connected',
      environment: 'sandbox',
      credentialHint: null,
    });
    storeId = created.body.id;
    // Production needs complete credentials first.
    const prod = await s.put(`/api/common/stores/${storeId}`, { name: 'Acme US', environment: 'production' }, admin);
    expect(prod.status).toBe(412);
  });

  it('credentials are write-only: sealed at rest, answered only as a hint, never in the audit trail', async () => {
    const secret = 'wm-client-secret-0123456789abcd';
    const walmart = await s.post(
      '/api/common/stores',
      { companyId: acmeId, marketplace: 'walmart', name: 'Acme Walmart' },
      admin,
    );
    const saved = await s.put(
      `/api/common/stores/${walmart.body.id}/credentials`,
      { clientId: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e', clientSecret: secret },
      admin,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.credentialHint).toBe('•••• abcd');
    const everything = JSON.stringify([
      saved.body,
      (await s.get(`/api/common/stores/${walmart.body.id}`, admin)).body,
      (await s.get('/api/common/stores', admin)).body,
    ]);
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain('sealed');
    const [row] = await s.db.select().from(stores).where(eq(stores.id, walmart.body.id));
    expect(row.sealedCredentials).toMatch(/^v1\./);
    expect(row.sealedCredentials).not.toContain(secret);
    const audits = await s.db.select().from(auditLog).where(eq(auditLog.entity, 'store'));
    expect(audits.length).toBeGreaterThan(0);
    expect(JSON.stringify(audits)).not.toContain(secret);
    // Complete credentials: now it may go to production.
    const prod = await s.put(
      `/api/common/stores/${walmart.body.id}`,
      { name: 'Acme Walmart', environment: 'production' },
      admin,
    );
    expect(prod.status).toBe(200);
  });

  it('a client sees and manages only its own company’s stores; another tenant sees none', async () => {
    const own = await s.post('/api/common/stores', { marketplace: 'ebay', name: 'Acme eBay' }, client);
    expect(own.status).toBe(201);
    expect(own.body.companyId).toBe(acmeId);
    const mine = await s.get('/api/common/stores', client);
    expect(mine.body.every((r: { companyId: number }) => r.companyId === acmeId)).toBe(true);
    expect((await s.get('/api/common/stores', client2)).body).toEqual([]);
    expect((await s.get(`/api/common/stores/${storeId}`, client2)).status).toBe(404);
    expect(
      (await s.put(`/api/common/stores/${storeId}/credentials`, { refreshToken: 'stolen-token-123' }, client2)).status,
    ).toBe(404);
    expect((await s.get(`/api/common/stores/${storeId}`, north)).status).toBe(404);
    expect((await s.get('/api/common/stores', north)).body).toEqual([]);
    expect((await s.post(`/api/common/stores/${storeId}/authorize`, {}, north)).status).toBe(404);
    // Support's call log is for the warehouse's administrators.
    expect((await s.get(`/api/common/stores/${storeId}/calls`, client)).status).toBe(403);
  });

  it('connects through the sandbox’s consent page; the refresh token is sealed and the store healthy', async () => {
    const back = await connectAmazon(storeId, admin);
    expect(back.pathname).toBe('/apps/account/merchant-connect');
    expect(back.searchParams.get('connected')).toBe('amazon');
    const store = (await s.get(`/api/common/stores/${storeId}`, admin)).body;
    expect(store.connection).toBe('connected');
    expect(store.sellerId).toMatch(/^A[A-Z0-9]{12}$/);
    expect(store.credentialHint).toMatch(/^•••• .{4}$/);
    expect(store.lastSuccessAt).not.toBeNull();
    // The callback's state is single-use.
    const [row] = await s.db.select().from(stores).where(eq(stores.id, storeId));
    expect(row.oauthState).toBeNull();
    expect(row.sealedCredentials).not.toContain('Atzr|');
  });

  it('a seller who cancels on the consent page changes nothing and is told so', async () => {
    const other = await s.post(
      '/api/common/stores',
      { companyId: acmeId, marketplace: 'amazon_ca', name: 'Acme CA' },
      admin,
    );
    const back = await connectAmazon(other.body.id, admin, 'deny');
    expect(back.searchParams.get('cancelled')).toBe('amazon');
    expect((await s.get(`/api/common/stores/${other.body.id}`, admin)).body.connection).toBe('not_connected');
  });

  it('tests the connection with a real call and pulls FBA inventory into Inventory by type', async () => {
    const tested = await s.post(`/api/common/stores/${storeId}/test`, {}, admin);
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ ok: true, connection: 'connected' });
    const pulled = await pullFbaInventory(s.deps, { tenantId: 1, storeId });
    expect(pulled.lines).toBeGreaterThanOrEqual(12);
    const list = await s.get(`/api/inventory/marketplace?type=fba&companyId=${acmeId}&pageSize=100`, admin);
    expect(list.status).toBe(200);
    expect(list.body.totalElements).toBe(pulled.lines);
    expect(list.body.content[0].sku).toMatch(/^SBX-/);
    // The same seller always holds the same stock: a second pull replaces, never doubles.
    const again = await pullFbaInventory(s.deps, { tenantId: 1, storeId });
    expect(again.lines).toBe(pulled.lines);
    expect((await s.get(`/api/inventory/marketplace?type=fba&companyId=${acmeId}`, admin)).body.totalElements).toBe(
      pulled.lines,
    );
    // Another client sees none of it.
    expect((await s.get('/api/inventory/marketplace?type=fba', client2)).body.totalElements).toBe(0);
  });

  it('a token Amazon refuses marks the store "reconnect needed"; its jobs then stop instead of retrying', async () => {
    const store = await s.post(
      '/api/common/stores',
      { companyId: acmeId, marketplace: 'amazon_mx', name: 'Acme MX' },
      admin,
    );
    // Merchant Connect refuses a token Amazon does not accept (store-credentials.test.ts): this
    // one is left on the store as a revoked authorisation would be.
    const refused = await s.put(
      `/api/common/stores/${store.body.id}/credentials`,
      { refreshToken: 'Atzr|not-one-amazon-issued' },
      admin,
    );
    expect(refused.status).toBe(412);
    await credentialsGoneStale(s, store.body.id, { refreshToken: 'Atzr|not-one-amazon-issued' });
    const tested = await s.post(`/api/common/stores/${store.body.id}/test`, {}, admin);
    expect(tested.status).toBe(200);
    expect(tested.body.ok).toBe(false);
    expect(tested.body.connection).toBe('reconnect_needed');
    expect(tested.body.message).toMatch(/reconnect the store/);
    const row = (await s.get(`/api/common/stores/${store.body.id}`, admin)).body;
    expect(row.lastError).toMatch(/reconnect the store/);
    const pulled = await pullFbaInventory(s.deps, { tenantId: 1, storeId: store.body.id });
    expect(pulled).toMatchObject({ lines: 0, skipped: 'The store needs reconnecting' });
  });

  it('"pull FBA inventory" runs as a background job of the user who asked, once per store at a time', async () => {
    const started = await s.post(`/api/common/stores/${storeId}/pull/fba-inventory`, {}, admin);
    expect(started.status).toBe(201);
    expect(started.body.queued).toBe(true);
    await expect
      .poll(async () => (await s.get(`/api/jobs/batch-process/${started.body.jobId}`, admin)).body.state, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe('completed');
    // A store not connected yet has nothing to pull.
    const fresh = await s.post(
      '/api/common/stores',
      { companyId: acmeId, marketplace: 'amazon_br', name: 'Acme BR' },
      admin,
    );
    expect((await s.post(`/api/common/stores/${fresh.body.id}/pull/fba-inventory`, {}, admin)).status).toBe(412);
  });

  it('the hourly schedule queues the pulls of each connected Amazon store, none for the others', async () => {
    const states = (await s.get('/api/common/stores', admin)).body.map(
      (r: { marketplace: string; connection: string }) => `${r.marketplace}:${r.connection}`,
    );
    expect(states).toEqual(expect.arrayContaining(['amazon_mx:reconnect_needed', 'amazon_ca:not_connected']));
    const connectedAmazon = states.filter((x: string) => x.startsWith('amazon_') && x.endsWith(':connected')).length;
    expect(connectedAmazon).toBe(1);
    // One FBA inventory pull and one listings pull.
    expect(await scheduleStorePulls(s.deps)).toEqual({ queued: 2 });
  });

  it('logs every call for support with the tokens masked', async () => {
    const calls = await s.get(`/api/common/stores/${storeId}/calls`, admin);
    expect(calls.status).toBe(200);
    const ops = calls.body.map((c: { operation: string }) => c.operation);
    expect(ops).toEqual(
      expect.arrayContaining(['lwa.authorization_code', 'lwa.refresh_token', 'getInventorySummaries']),
    );
    const text = JSON.stringify(calls.body);
    expect(text).not.toMatch(/Atzr\|sbx\.[A-Za-z0-9_-]{20}/);
    expect(text).not.toMatch(/Atza\|sbx\.[A-Za-z0-9_-]{20}/);
    expect(text).not.toContain(SANDBOX_APP.clientSecret);
    const rows = await s.db.select().from(integrationCalls).where(eq(integrationCalls.storeId, storeId));
    expect(rows.every((r) => r.tenantId === 1)).toBe(true);
  });
});

describe('the Amazon client against its sandbox', () => {
  const endpoints = () => amazonEndpoints('sandbox', 'amazon_us', sandboxUrl);
  const refreshToken = () => sandboxRefreshToken(sandboxUrl);
  const clientWith = async (fetchImpl?: typeof fetch) => {
    let n = 0;
    return new AmazonClient(
      { endpoints: endpoints(), app: SANDBOX_APP, sleep: async () => undefined, fetch: fetchImpl, timeoutMs: 1_500 },
      { storeId: 900_000 + Math.floor(Math.random() * 99_999) + n++, refreshToken: await refreshToken() },
    );
  };
  /** A fetch that adds the fault header to the first `times` SP-API calls. */
  const faulty = (fault: string, times: number): typeof fetch => {
    let left = times;
    return (input, init) => {
      const url = String(input);
      if (url.includes('/fba/') && left-- > 0)
        return fetch(input, {
          ...init,
          headers: { ...(init?.headers as Record<string, string>), 'x-sandbox-fault': fault },
        });
      return fetch(input, init);
    };
  };

  it('answers in the shape of Amazon’s published model (fbaInventory.json), page by page', async () => {
    const c = await clientWith();
    const first = await c.inventorySummaries('ATVPDKIKX0DER');
    expect(inventorySummariesResponseSchema.safeParse(first).success).toBe(true);
    // The sandbox's raw answers, and its refusals, against Amazon's own definitions.
    const model = swaggerDefinition('amazon/fbaInventory.json', 'GetInventorySummariesResponse');
    const token = await c.accessToken();
    let next: string | undefined;
    let pages = 0;
    do {
      const url = new URL(`${sandboxUrl}/sandbox/amazon/fba/inventory/v1/summaries`);
      for (const [k, v] of Object.entries({
        details: 'true',
        granularityType: 'Marketplace',
        granularityId: 'ATVPDKIKX0DER',
        marketplaceIds: 'ATVPDKIKX0DER',
        ...(next ? { nextToken: next } : {}),
      }))
        url.searchParams.set(k, v);
      const raw = await (await fetch(url, { headers: { 'x-amz-access-token': token } })).json();
      expect(model(raw), problemsOf(model)).toBe(true);
      next = raw.pagination?.nextToken;
      pages++;
    } while (next && pages < 10);
    const refused = await fetch(`${sandboxUrl}/sandbox/amazon/fba/inventory/v1/summaries?granularityType=Marketplace`, {
      headers: { 'x-amz-access-token': token },
    });
    expect(refused.status).toBe(400);
    const errors = swaggerDefinition('amazon/fbaInventory.json', 'GetInventorySummariesResponse');
    expect(errors(await refused.json()), problemsOf(errors)).toBe(true);
    expect(first.payload!.granularity.granularityId).toBe('ATVPDKIKX0DER');
    expect(first.payload!.inventorySummaries[0].inventoryDetails?.fulfillableQuantity).toEqual(expect.any(Number));
  });

  it('rides through throttling and a passing outage (retried with backoff)', async () => {
    expect((await (await clientWith(faulty('throttle', 2))).inventorySummaries('ATVPDKIKX0DER')).payload).toBeDefined();
    expect((await (await clientWith(faulty('error', 3))).inventorySummaries('ATVPDKIKX0DER')).payload).toBeDefined();
  });

  it('surfaces what retrying cannot fix: a long outage, a time-out, a refusal, garbage', async () => {
    const outage = (await clientWith(faulty('error', 10))).inventorySummaries('ATVPDKIKX0DER');
    await expect(outage).rejects.toMatchObject({ kind: 'unavailable', status: 503 });
    const stalled = (await clientWith(faulty('timeout', 10))).inventorySummaries('ATVPDKIKX0DER');
    await expect(stalled).rejects.toMatchObject({ kind: 'unavailable' });
    const invalid = (await clientWith(faulty('invalid', 1))).inventorySummaries('ATVPDKIKX0DER');
    await expect(invalid).rejects.toMatchObject({ kind: 'refused', status: 400 });
    await invalid.catch((e: ProviderFailure) => expect(e.messages[0]).toMatch(/^Amazon \(InvalidInput\)/));
    const html: typeof fetch = async (input, init) =>
      String(input).includes('/fba/') ? new Response('<html>Bad gateway</html>', { status: 200 }) : fetch(input, init);
    await expect((await clientWith(html)).inventorySummaries('ATVPDKIKX0DER')).rejects.toMatchObject({
      kind: 'garbage',
    });
  });

  it('a refresh token the sandbox did not issue is refused as Amazon does', async () => {
    const c = new AmazonClient(
      { endpoints: endpoints(), app: SANDBOX_APP },
      { storeId: 999_999, refreshToken: 'Atzr|forged-token-123' },
    );
    await expect(c.inventorySummaries('ATVPDKIKX0DER')).rejects.toMatchObject({ kind: 'auth' });
    await c
      .inventorySummaries('ATVPDKIKX0DER')
      .catch((e: ProviderFailure) => expect(e.messages[0]).toMatch(/reconnect the store/));
  });
});

describe('company credentials (the warehouse’s own provider accounts)', () => {
  const app = {
    applicationId: 'amzn1.sp.solution.0f1e2d3c-warehouse',
    clientId: 'amzn1.application-oa2-client.0f1e2d3c4b5a',
    clientSecret: 'lwa-secret-for-the-warehouse-9f8e',
  };

  it('are the warehouse’s alone, validated per kind, and write-only', async () => {
    expect((await s.get('/api/common/credentials', client)).status).toBe(403);
    expect((await s.put('/api/common/credentials/amazon_app', app, client)).status).toBe(403);
    const bad = await s.put('/api/common/credentials/amazon_app', { ...app, applicationId: 'my-app' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.meta.error_list[0].message).toMatch(/amzn1\.sp\.solution\./);
    expect((await s.put('/api/common/credentials/telepathy', { apiKey: 'abcd1234' }, admin)).status).toBe(400);

    const saved = await s.put('/api/common/credentials/amazon_app', app, admin);
    expect(saved.status).toBe(200);
    expect(saved.body.values).toEqual({
      applicationId: app.applicationId,
      clientId: app.clientId,
      clientSecret: '•••• 9f8e',
    });
    const list = await s.get('/api/common/credentials', admin);
    expect(list.body.map((a: { kind: string; configured: boolean }) => `${a.kind}:${a.configured}`)).toEqual([
      'amazon_app:true',
      'ebay_app:false',
      'shopify_app:false',
      'shipengine:false',
      'freight:false',
      'payments:false',
    ]);
    const audits = await s.db.select().from(auditLog).where(eq(auditLog.entity, 'provider_account'));
    expect(JSON.stringify([saved.body, list.body, audits])).not.toContain(app.clientSecret);
    // Another tenant has its own (none).
    const theirs = await s.get('/api/common/credentials', north);
    expect(theirs.body.every((a: { configured: boolean }) => !a.configured)).toBe(true);
  });

  it('a production Amazon store signs in with the warehouse’s app on the real Seller Central', async () => {
    const made = await s.post(
      '/api/common/stores',
      { companyId: acmeId, marketplace: 'amazon_us', name: 'Acme live', environment: 'production' },
      admin,
    );
    expect(made.status).toBe(201);
    const started = await s.post(`/api/common/stores/${made.body.id}/authorize`, {}, admin);
    const url = new URL(started.body.url);
    expect(url.origin).toBe('https://sellercentral.amazon.com');
    expect(url.searchParams.get('application_id')).toBe(app.applicationId);
    // Without the app, production is refused in words.
    expect((await s.del('/api/common/credentials/amazon_app', admin)).status).toBe(200);
    const refused = await s.post(
      '/api/common/stores',
      { companyId: acmeId, marketplace: 'amazon_us', name: 'Acme live 2', environment: 'production' },
      admin,
    );
    expect(refused.status).toBe(412);
    expect(refused.meta.error_list[0].message).toMatch(/Company Credentials/);
  });
});
