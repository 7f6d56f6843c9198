/**
 * A store's Amazon connection: the seller authorises Dockside on Seller Central's consent page
 * (the sandbox's own page for a sandbox store), the callback exchanges the code for the store's
 * refresh token (sealed), and every later call goes through the Amazon client with the store's
 * health kept up to date — connected, or "reconnect needed" when Amazon refuses the token.
 */
import { AMAZON_MARKETPLACE_IDS, isAmazon, type StoreMarketplace } from '../../../domain/schemas/stores.js';
import type { Deps, RequestContext } from '../../context.js';
import { businessRule } from '../../http/errors.js';
import { AmazonClient, amazonEndpoints, SANDBOX_APP, type AmazonApp } from '../../integrations/amazon/client.js';
import { ProviderFailure } from '../../integrations/http.js';
import { callbackUrl, finishAuthorization, startAuthorization } from './authorization.js';
import { callLog, clientOverrides, sandboxBase, tokenKeeping, type StoreOnTrial } from './connection.js';
import { credentialsOf, type StoreRecord } from './service.js';
import { accountValues } from './accounts.js';

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

export async function amazonClientFor(deps: Deps, store: StoreOnTrial): Promise<AmazonClient> {
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
      ...tokenKeeping(deps, store),
      refreshToken: creds.refreshToken ?? null,
    },
  );
}

/** Starts the consent flow: the page to send the seller to. */
export async function authorizeAmazon(deps: Deps, ctx: RequestContext, storeId: number, origin: string) {
  const { store, state } = await startAuthorization(deps, ctx, storeId, 'amazon');
  const client = await amazonClientFor(deps, store);
  return { url: client.consentUrl(state, callbackUrl(deps, 'amazon', origin)) };
}

/** Seller Central's redirect back: the code becomes the store's refresh token. */
export const amazonCallback = (
  deps: Deps,
  q: { state?: string; spapi_oauth_code?: string; selling_partner_id?: string; error?: string },
  origin: string,
): Promise<string> =>
  finishAuthorization(deps, 'amazon', { state: q.state, denied: !!q.error || !q.spapi_oauth_code }, async (store) => {
    const client = await amazonClientFor(deps, store);
    const token = await client.exchangeCode(q.spapi_oauth_code!, callbackUrl(deps, 'amazon', origin));
    if (!token.refresh_token)
      throw new ProviderFailure('garbage', 'Amazon', 'lwa.authorization_code', ['Amazon gave no refresh token']);
    return {
      credentials: { refreshToken: token.refresh_token },
      newest: token.refresh_token,
      sellerId: q.selling_partner_id,
      tokenExpiresAt: new Date(Date.now() + token.expires_in * 1000),
    };
  });

/** A real call with the stored credentials: the first page of FBA inventory. */
export async function probeAmazon(deps: Deps, store: StoreOnTrial): Promise<void> {
  const client = await amazonClientFor(deps, store);
  await client.inventorySummaries(AMAZON_MARKETPLACE_IDS[store.marketplace as keyof typeof AMAZON_MARKETPLACE_IDS]);
}
