/**
 * A store's Shopify connection, either way a merchant can give it: installing Dockside's app on the
 * shop (OAuth on the shop's admin; the callback's signature checked with the app's secret; the code
 * exchanged for an offline token), or pasting a custom app's Admin API access token. The store's
 * seller id is its shop domain (acme-goods.myshopify.com).
 */
import { SHOPIFY_SHOP } from '../../../domain/schemas/stores.js';
import type { Deps, RequestContext } from '../../context.js';
import { businessRule } from '../../http/errors.js';
import { ProviderFailure } from '../../integrations/http.js';
import {
  SANDBOX_SHOPIFY_APP,
  ShopifyClient,
  shopifyShopUrl,
  verifyShopifyQuery,
  type ShopifyApp,
} from '../../integrations/shopify/client.js';
import { accountValues } from './accounts.js';
import { callbackUrl, finishAuthorization, startAuthorization } from './authorization.js';
import { callLog, clientOverrides, sandboxBase } from './connection.js';
import { credentialsOf, type StoreRecord } from './service.js';

async function appFor(deps: Deps, store: StoreRecord): Promise<ShopifyApp | null> {
  if (store.environment === 'sandbox') return SANDBOX_SHOPIFY_APP;
  const app = await accountValues(deps, store.tenantId, 'shopify_app');
  return app?.apiKey && app.apiSecret ? { apiKey: app.apiKey, apiSecret: app.apiSecret } : null;
}

function shopOf(store: StoreRecord): string {
  if (!store.sellerId || !SHOPIFY_SHOP.test(store.sellerId))
    throw businessRule(
      'Enter the shop’s myshopify.com domain as the store’s seller id first (e.g. acme-goods.myshopify.com)',
    );
  return store.sellerId;
}

export async function shopifyClientFor(deps: Deps, store: StoreRecord): Promise<ShopifyClient> {
  if (store.marketplace !== 'shopify') throw businessRule('This store is not a Shopify store');
  return new ShopifyClient({
    shopUrl: shopifyShopUrl(store.environment as 'sandbox' | 'production', shopOf(store), sandboxBase(deps)),
    app: await appFor(deps, store),
    accessToken: credentialsOf(deps, store).accessToken ?? null,
    log: callLog(deps, store),
    ...clientOverrides,
  });
}

export async function authorizeShopify(deps: Deps, ctx: RequestContext, storeId: number, origin: string) {
  const { store, state } = await startAuthorization(deps, ctx, storeId, 'shopify');
  if (!(await appFor(deps, store)))
    throw businessRule(
      'Installing on a production shop needs the warehouse’s Shopify app (Company Credentials), or enter the shop’s custom app token instead',
    );
  return { url: (await shopifyClientFor(deps, store)).consentUrl(state, callbackUrl(deps, 'shopify', origin)) };
}

/** The shop's redirect back: signed by the app's secret; the code becomes an offline token. */
export const shopifyCallback = (deps: Deps, q: Record<string, string>) =>
  finishAuthorization(deps, 'shopify', { state: q.state, denied: !!q.error || !q.code }, async (store) => {
    const app = await appFor(deps, store);
    if (!app || !verifyShopifyQuery(q, app.apiSecret))
      throw new ProviderFailure('refused', 'Shopify', 'oauth.callback', [
        'The answer from Shopify was not signed by the app: start the connection again',
      ]);
    if (q.shop !== store.sellerId)
      throw new ProviderFailure('refused', 'Shopify', 'oauth.callback', [
        `Shopify answered for ${q.shop}, not for this store’s shop ${store.sellerId}: start again from the right shop`,
      ]);
    const token = await (await shopifyClientFor(deps, store)).exchangeCode(q.code);
    return { credentials: { accessToken: token.access_token }, newest: token.access_token, tokenExpiresAt: null };
  });

/** A real call with the stored credentials: the shop itself. */
export async function probeShopify(deps: Deps, store: StoreRecord): Promise<void> {
  await (await shopifyClientFor(deps, store)).shop();
}
