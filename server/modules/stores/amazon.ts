/**
 * A store's Amazon connection: the seller authorises Dockside on Seller Central's consent page
 * (the sandbox's own page for a sandbox store), the callback exchanges the code for the store's
 * refresh token (sealed), and every later call goes through the Amazon client with the store's
 * health kept up to date — connected, or "reconnect needed" when Amazon refuses the token.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  AMAZON_MARKETPLACE_IDS,
  isAmazon,
  secretHint,
  type StoreMarketplace,
  type StoreRow,
} from '../../../domain/schemas/stores.js';
import type { Deps, RequestContext } from '../../context.js';
import { audit } from '../../audit.js';
import { integrationCalls, stores } from '../../db/schema/index.js';
import { seal } from '../../crypto/secret-box.js';
import { ApiError, badGateway, businessRule, providerUnavailable } from '../../http/errors.js';
import {
  AmazonClient,
  amazonEndpoints,
  forgetToken,
  SANDBOX_APP,
  type AmazonApp,
} from '../../integrations/amazon/client.js';
import { ProviderFailure, type CallLog } from '../../integrations/http.js';
import { credentialsOf, getStore, storeRecord, type StoreRecord } from './service.js';
import { accountValues } from './accounts.js';

export const AMAZON_CALLBACK_PATH = '/api/common/stores/amazon/callback';

/** This server's own address, where its sandboxes answer. */
export const sandboxBase = (deps: Deps): string =>
  deps.config.sandboxUrl ?? deps.config.publicUrl ?? `http://127.0.0.1:${deps.config.port}`;

/** Sandbox stores sign in as the sandbox's app; production ones as the warehouse's own developer app. */
async function appFor(deps: Deps, store: Pick<StoreRecord, 'environment' | 'tenantId'>): Promise<AmazonApp> {
  if (store.environment === 'sandbox') return SANDBOX_APP;
  const app = await accountValues(deps, store.tenantId, 'amazon_app');
  if (!app?.applicationId || !app.clientId || !app.clientSecret)
    throw businessRule(
      'Production Amazon stores need the warehouse’s Amazon developer app: enter it in Company Credentials',
    );
  return { applicationId: app.applicationId, clientId: app.clientId, clientSecret: app.clientSecret };
}

function assertAmazon(store: Pick<StoreRecord, 'marketplace'>): void {
  if (!isAmazon(store.marketplace)) throw businessRule('This store is not an Amazon store');
}

/** Each call is logged for support, masked, against the store. */
function callLog(deps: Deps, store: Pick<StoreRecord, 'id' | 'tenantId' | 'companyId'>): CallLog {
  return async (r) => {
    await deps.db.insert(integrationCalls).values({
      tenantId: store.tenantId,
      companyId: store.companyId,
      storeId: store.id,
      provider: r.provider,
      operation: r.operation,
      method: r.method,
      url: r.url,
      status: r.status,
      durationMs: r.durationMs,
      attempt: r.attempt,
      error: r.error,
      requestExcerpt: r.requestExcerpt,
      responseExcerpt: r.responseExcerpt,
    });
  };
}

export interface ClientDeps {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
}
/** Tests and benches substitute the transport's timing; production uses the defaults. */
export const clientOverrides: ClientDeps = {};

export async function amazonClientFor(deps: Deps, store: StoreRecord): Promise<AmazonClient> {
  assertAmazon(store);
  const creds = credentialsOf(deps, store);
  return new AmazonClient(
    {
      endpoints: amazonEndpoints(
        store.environment as 'sandbox' | 'production',
        store.marketplace as StoreMarketplace,
        sandboxBase(deps),
      ),
      app: await appFor(deps, store),
      log: callLog(deps, store),
      ...clientOverrides,
    },
    {
      storeId: store.id,
      refreshToken: creds.refreshToken ?? null,
      onToken: async (expiresAt) => {
        await deps.db.update(stores).set({ tokenExpiresAt: expiresAt.toISOString() }).where(eq(stores.id, store.id));
      },
    },
  );
}

/**
 * Runs provider work for a store and keeps its health: a success marks it connected; Amazon
 * refusing the token marks it "reconnect needed" (jobs then stop retrying it); every failure
 * leaves its plain-words message on the store and becomes the right HTTP answer.
 */
export async function withStore<T>(deps: Deps, store: StoreRecord, work: () => Promise<T>): Promise<T> {
  try {
    const value = await work();
    await deps.db
      .update(stores)
      .set({ connection: 'connected', lastSuccessAt: new Date().toISOString(), lastError: null })
      .where(eq(stores.id, store.id));
    return value;
  } catch (err) {
    if (!(err instanceof ProviderFailure)) throw err;
    const message = err.messages.join('; ');
    await deps.db
      .update(stores)
      .set({ ...(err.kind === 'auth' ? { connection: 'reconnect_needed' } : {}), lastError: message })
      .where(eq(stores.id, store.id));
    if (err.kind === 'auth') forgetToken(store.id);
    throw apiErrorOf(err);
  }
}

export function apiErrorOf(err: ProviderFailure): ApiError {
  switch (err.kind) {
    case 'auth':
      return businessRule(err.messages.join('; '));
    case 'refused':
      return new ApiError(412, err.messages);
    case 'garbage':
      return badGateway(err.messages.join('; '));
    default:
      return providerUnavailable(err.messages.join('; '), err.retryAfterSeconds);
  }
}

/** Starts the consent flow: a one-use state tied to the store, and the page to send the seller to. */
export async function authorizeAmazon(deps: Deps, ctx: RequestContext, storeId: number, origin: string) {
  const store = await storeRecord(deps.db, ctx, storeId);
  assertAmazon(store);
  const state = `${store.id}.${randomBytes(24).toString('base64url')}`;
  await deps.db.update(stores).set({ oauthState: state }).where(eq(stores.id, store.id));
  const client = await amazonClientFor(deps, store);
  return { url: client.consentUrl(state, `${deps.config.publicUrl ?? origin}${AMAZON_CALLBACK_PATH}`) };
}

/**
 * The consent page sends the seller's browser back here (no Dockside token on a redirect: the
 * one-use `state` names the store). Answers where the screen should go next, with what happened.
 */
export async function amazonCallback(
  deps: Deps,
  q: { state?: string; spapi_oauth_code?: string; selling_partner_id?: string; error?: string },
  origin: string,
): Promise<string> {
  const screen = (params: Record<string, string>) =>
    `/apps/account/merchant-connect?${new URLSearchParams(params).toString()}`;
  const storeId = Number(q.state?.split('.')[0]);
  if (!q.state || !Number.isInteger(storeId))
    return screen({ error: 'The authorisation came back without its state; start again' });
  const [store] = await deps.db.select().from(stores).where(eq(stores.id, storeId));
  if (!store || store.oauthState !== q.state)
    return screen({ error: 'This authorisation link was already used or has expired; start again' });
  await deps.db.update(stores).set({ oauthState: null }).where(eq(stores.id, store.id));
  if (q.error || !q.spapi_oauth_code) {
    await deps.db
      .update(stores)
      .set({ lastError: 'The seller did not authorise Dockside on Amazon' })
      .where(eq(stores.id, store.id));
    return screen({ store: String(store.id), error: 'Amazon authorisation was cancelled: nothing changed' });
  }
  try {
    const client = await amazonClientFor(deps, store);
    const token = await client.exchangeCode(
      q.spapi_oauth_code,
      `${deps.config.publicUrl ?? origin}${AMAZON_CALLBACK_PATH}`,
    );
    if (!token.refresh_token)
      throw new ProviderFailure('garbage', 'Amazon', 'lwa.authorization_code', ['Amazon gave no refresh token']);
    const creds = { ...credentialsOf(deps, store), refreshToken: token.refresh_token };
    forgetToken(store.id);
    await deps.db.transaction(async (tx) => {
      await tx
        .update(stores)
        .set({
          sealedCredentials: seal(deps.config.jwtSecret, JSON.stringify(creds)),
          credentialHint: secretHint(token.refresh_token!),
          sellerId: q.selling_partner_id ?? store.sellerId,
          connection: 'connected',
          lastSuccessAt: new Date().toISOString(),
          lastError: null,
          tokenExpiresAt: new Date(Date.now() + token.expires_in * 1000).toISOString(),
          updatedAt: new Date().toISOString(),
        })
        .where(eq(stores.id, store.id));
      await audit(tx, { tenantId: store.tenantId, userId: null }, 'store', store.id, 'update', null, {
        connected: 'amazon',
        sellerId: q.selling_partner_id ?? null,
        credentialHint: secretHint(token.refresh_token!),
      });
    });
    return screen({ store: String(store.id), connected: '1' });
  } catch (err) {
    const message = err instanceof ProviderFailure ? err.messages.join('; ') : (err as Error).message;
    await deps.db.update(stores).set({ lastError: message }).where(eq(stores.id, store.id));
    return screen({ store: String(store.id), error: message });
  }
}

/** A real call with the stored credentials (the first page of FBA inventory). */
export async function testAmazon(deps: Deps, ctx: RequestContext, storeId: number) {
  const store = await storeRecord(deps.db, ctx, storeId);
  const client = await amazonClientFor(deps, store);
  const marketplaceId = AMAZON_MARKETPLACE_IDS[store.marketplace as keyof typeof AMAZON_MARKETPLACE_IDS];
  try {
    await withStore(deps, store, () => client.inventorySummaries(marketplaceId));
    const row: StoreRow = await getStore(deps.db, ctx, storeId);
    return { ok: true, connection: row.connection, message: 'Amazon answered: the store is connected' };
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 400) throw err;
    const row = await getStore(deps.db, ctx, storeId);
    return { ok: false, connection: row.connection, message: err.messages.join('; ') };
  }
}
