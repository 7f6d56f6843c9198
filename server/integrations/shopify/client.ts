/**
 * Shopify Admin for one shop: the OAuth install (consent on the shop's own admin, a callback signed
 * with the app's secret, the code exchanged for an offline token) or a custom app's Admin API token,
 * then GraphQL Admin API calls. Shopify throttles GraphQL by query cost with a leaky bucket and
 * answers a throttled call with 200 and a THROTTLED error, so this client waits for the bucket to
 * refill (from the cost extension) and tries again. A sandbox store talks to /sandbox/shopify/.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type { StoreEnvironment } from '../../../domain/schemas/stores.js';
import { ProviderFailure, ProviderHttp, type CallLog } from '../http.js';
import { sandboxResetAnswer } from '../sandbox-reset.js';
import { explainGraphqlErrors, explainShopify } from './errors.js';
import {
  graphqlEnvelopeSchema,
  SHOPIFY_API_VERSION,
  SHOPIFY_SCOPES,
  shopifyTokenSchema,
  shopQueryDataSchema,
} from './models.js';
import { ShopifyOrders } from './orders.js';

/** The shop's own address: https://{shop}, or the sandbox's stand-in for it. */
export const shopifyShopUrl = (env: StoreEnvironment, shop: string, sandboxBase: string): string =>
  env === 'sandbox' ? `${sandboxBase.replace(/\/$/, '')}/sandbox/shopify/${shop}` : `https://${shop}`;

export interface ShopifyApp {
  apiKey: string;
  apiSecret: string;
}

/** The sandbox's own app (the one app its partner dashboard knows). */
export const SANDBOX_SHOPIFY_APP: ShopifyApp = {
  apiKey: 'dockside0sandbox0app0key00000001',
  apiSecret: 'shpss_dockside_sandbox_app_secret_0001',
};

/** Shopify signs the callback's query (all but `hmac`, sorted) with the app's secret, hex. */
export function signShopifyQuery(params: Record<string, string>, secret: string): string {
  const message = Object.keys(params)
    .filter((k) => k !== 'hmac' && k !== 'signature')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHmac('sha256', secret).update(message).digest('hex');
}

export function verifyShopifyQuery(params: Record<string, string>, secret: string): boolean {
  const given = Buffer.from(params.hmac ?? '', 'hex');
  const expected = Buffer.from(signShopifyQuery(params, secret), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface ShopifyClientOptions {
  shopUrl: string;
  app: ShopifyApp | null;
  accessToken: string | null;
  log?: CallLog;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  maxAttempts?: number;
  timeoutMs?: number;
}

const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class ShopifyClient {
  private readonly oauth: ProviderHttp;
  private readonly admin: ProviderHttp;
  /** Orders and their fulfilment. */
  readonly orders = new ShopifyOrders(this);

  constructor(private readonly opts: ShopifyClientOptions) {
    const common = {
      provider: 'Shopify',
      baseUrl: opts.shopUrl,
      explain: explainShopify,
      log: opts.log,
      fetch: opts.fetch,
      sleep: opts.sleep,
      maxAttempts: opts.maxAttempts,
      timeoutMs: opts.timeoutMs,
    };
    this.oauth = new ProviderHttp(common);
    this.admin = new ProviderHttp({
      ...common,
      auth: async () => {
        if (!opts.accessToken)
          throw new ProviderFailure('auth', 'Shopify', 'graphql', [
            'The store is not connected to Shopify yet: connect it',
          ]);
        return { 'x-shopify-access-token': opts.accessToken };
      },
    });
  }

  private requireApp(): ShopifyApp {
    if (!this.opts.app) throw new Error('ShopifyClient: no app to sign in as');
    return this.opts.app;
  }

  consentUrl(state: string, redirectUri: string): string {
    const url = new URL(`${this.opts.shopUrl}/admin/oauth/authorize`);
    url.searchParams.set('client_id', this.requireApp().apiKey);
    url.searchParams.set('scope', SHOPIFY_SCOPES.join(','));
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('state', state);
    return url.toString();
  }

  exchangeCode(code: string) {
    const app = this.requireApp();
    return this.oauth.call({
      name: 'oauth.access_token',
      method: 'POST',
      path: '/admin/oauth/access_token',
      json: { client_id: app.apiKey, client_secret: app.apiSecret, code },
      schema: shopifyTokenSchema,
    });
  }

  /** One GraphQL Admin call; waits out THROTTLED answers (the bucket's restore rate says how long). */
  async graphql<T>(name: string, query: string, variables: Record<string, unknown>, data: z.ZodType<T>): Promise<T> {
    const attempts = this.opts.maxAttempts ?? 4;
    for (let attempt = 1; ; attempt++) {
      const answer = await this.admin.call({
        name,
        method: 'POST',
        // A query changes nothing; a mutation may have been applied before a failure.
        repeatable: !/^\s*mutation\b/.test(query),
        path: `/admin/api/${SHOPIFY_API_VERSION}/graphql.json`,
        json: { query, variables },
        schema: graphqlEnvelopeSchema,
      });
      const throttled = answer.errors?.some((e) => e.extensions?.code === 'THROTTLED');
      if (throttled && attempt < attempts) {
        const cost = answer.extensions?.cost;
        const status = cost?.throttleStatus;
        const need = (cost?.requestedQueryCost ?? 50) - (status?.currentlyAvailable ?? 0);
        const waitMs = status ? Math.ceil((Math.max(need, 1) / status.restoreRate) * 1000) : 1000;
        await (this.opts.sleep ?? realSleep)(Math.min(waitMs, 10_000));
        continue;
      }
      if (throttled)
        throw new ProviderFailure('throttled', 'Shopify', name, ['Shopify is throttling requests; try again shortly']);
      if (answer.errors?.length)
        throw new ProviderFailure('refused', 'Shopify', name, explainGraphqlErrors(answer.errors));
      const checked = data.safeParse(answer.data);
      if (!checked.success)
        throw new ProviderFailure('garbage', 'Shopify', name, [
          `Shopify answered ${name} in an unexpected shape; nothing was changed`,
        ]);
      return checked.data;
    }
  }

  shop() {
    return this.graphql(
      'shop',
      'query Shop { shop { id name myshopifyDomain currencyCode } }',
      {},
      shopQueryDataSchema,
    );
  }

  /** Sandbox only: forget what the shop holds there. */
  resetSandbox() {
    return this.admin.call({
      name: 'sandbox.reset',
      method: 'POST',
      path: '/admin/sandbox/reset',
      schema: sandboxResetAnswer,
    });
  }
}
