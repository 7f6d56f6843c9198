/**
 * A store's eBay connection: the seller signs in on eBay's consent page (the sandbox's own for a
 * sandbox store) through the warehouse's eBay developer keyset; the code becomes the store's
 * refresh token (sealed, 18 months); calls go through the eBay client, logged against the store.
 * The scopes asked include eBay Logistics' (sell.logistics, Limited Release) for sandbox stores
 * (the sandbox's keyset is approved) and for production stores whose eBay Logistics setting is on.
 */
import type { Deps, RequestContext } from '../../context.js';
import { businessRule } from '../../http/errors.js';
import { EbayClient, ebayEndpoints, SANDBOX_EBAY_APP, type EbayApp } from '../../integrations/ebay/client.js';
import { EBAY_LOGISTICS_REFUSED } from '../../integrations/ebay/errors.js';
import { ebayScopes } from '../../integrations/ebay/models.js';
import { ProviderFailure } from '../../integrations/http.js';
import { accountValues } from './accounts.js';
import { callbackUrl, finishAuthorization, startAuthorization } from './authorization.js';
import { callLog, clientOverrides, sandboxBase, tokenKeeping, type StoreOnTrial } from './connection.js';
import { credentialsOf, type StoreRecord } from './service.js';

/** Sandbox stores use the sandbox's keyset (its RuName is the callback itself); production the warehouse's. */
async function appFor(deps: Deps, store: StoreRecord, origin: string): Promise<EbayApp> {
  if (store.environment === 'sandbox') return { ...SANDBOX_EBAY_APP, ruName: callbackUrl(deps, 'ebay', origin) };
  const app = await accountValues(deps, store.tenantId, 'ebay_app');
  if (!app?.clientId || !app.clientSecret || !app.ruName)
    throw businessRule(
      'Production eBay stores need the warehouse’s eBay developer keyset: enter it in Company Credentials',
    );
  return { clientId: app.clientId, clientSecret: app.clientSecret, ruName: app.ruName };
}

/**
 * Whether Dockside asks the store's seller for eBay Logistics and quotes its orders through it:
 * always in the sandbox, and in production when the store's setting says the keyset is approved.
 */
export const usesEbayLogistics = (store: Pick<StoreRecord, 'environment' | 'ebayLogistics'>): boolean =>
  store.environment === 'sandbox' || store.ebayLogistics;

export async function ebayClientFor(deps: Deps, store: StoreOnTrial, origin = sandboxBase(deps)): Promise<EbayClient> {
  if (store.marketplace !== 'ebay') throw businessRule('This store is not an eBay store');
  return new EbayClient(
    {
      endpoints: ebayEndpoints(store.environment as 'sandbox' | 'production', sandboxBase(deps)),
      app: await appFor(deps, store, origin),
      scopes: ebayScopes(usesEbayLogistics(store)),
      log: callLog(deps, store),
      ...clientOverrides,
    },
    {
      ...tokenKeeping(deps, store),
      refreshToken: credentialsOf(deps, store).refreshToken ?? null,
    },
  );
}

export async function authorizeEbay(deps: Deps, ctx: RequestContext, storeId: number, origin: string) {
  const { store, state } = await startAuthorization(deps, ctx, storeId, 'ebay');
  return { url: (await ebayClientFor(deps, store, origin)).consentUrl(state) };
}

/**
 * eBay's redirect back (the accept URL): `code` and `state`, or `error` when the seller declined —
 * or when eBay refused the scopes asked (invalid_scope: with eBay Logistics asked, most likely a
 * keyset not approved for it).
 */
export const ebayCallback = (
  deps: Deps,
  q: { state?: string; code?: string; error?: string; error_description?: string },
  origin: string,
) =>
  finishAuthorization(
    deps,
    'ebay',
    {
      state: q.state,
      denied: !!q.error || !q.code,
      refused: (store) => {
        if (q.error !== 'invalid_scope') return null;
        const hint = usesEbayLogistics(store)
          ? EBAY_LOGISTICS_REFUSED
          : 'eBay refused the permissions Dockside asked for';
        return [hint, q.error_description].filter(Boolean).join(': ');
      },
    },
    async (store) => {
      const token = await (await ebayClientFor(deps, store, origin)).exchangeCode(q.code!);
      if (!token.refresh_token)
        throw new ProviderFailure('garbage', 'eBay', 'oauth.authorization_code', ['eBay gave no refresh token']);
      return {
        credentials: { refreshToken: token.refresh_token },
        newest: token.refresh_token,
        tokenExpiresAt: new Date(Date.now() + token.expires_in * 1000),
      };
    },
  );

/** A real call with the stored credentials: the newest order. */
export async function probeEbay(deps: Deps, store: StoreOnTrial): Promise<void> {
  await (await ebayClientFor(deps, store)).orders({ limit: 1 });
}
