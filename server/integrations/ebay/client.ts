/**
 * eBay for one seller: OAuth authorisation code (the seller signs in on eBay's consent page; the
 * code becomes an 18-month refresh token), refresh token → two-hour user access token cached until
 * a minute before it expires, and the Sell Fulfillment operations Dockside uses. A sandbox store
 * talks to this server's /sandbox/ebay/.
 */
import type { StoreEnvironment } from '../../../domain/schemas/stores.js';
import { ProviderFailure, ProviderHttp, type CallLog } from '../http.js';
import { basicAuth, oauthTokenSchema, type OAuthToken } from '../oauth.js';
import { cachedToken, forgetToken, storeAccessToken } from '../token-cache.js';
import { sandboxResetAnswer } from '../sandbox-reset.js';
import { explainEbay } from './errors.js';
import { EbayFulfillment, LocationCapture, type OrdersQuery } from './fulfillment.js';
import { EbayLogistics } from './logistics.js';
import { documentFetch } from '../walmart/inbound-documents.js';
import { EBAY_SCOPES } from './models.js';

export interface EbayEndpoints {
  /** The seller's consent page. */
  auth: string;
  /** Identity (token) and Sell APIs. */
  api: string;
}

export function ebayEndpoints(env: StoreEnvironment, sandboxBase: string): EbayEndpoints {
  if (env === 'sandbox') {
    const base = `${sandboxBase.replace(/\/$/, '')}/sandbox/ebay`;
    return { auth: base, api: base };
  }
  return { auth: 'https://auth.ebay.com', api: 'https://api.ebay.com' };
}

/** The developer app (keyset) Dockside signs in as; `ruName` names its registered redirect. */
export interface EbayApp {
  clientId: string;
  clientSecret: string;
  ruName: string;
}

/** The sandbox's own keyset: its "RuName" is the callback URL itself (eBay maps a RuName to one). */
export const SANDBOX_EBAY_APP = {
  clientId: 'Dockside-Dockside-SBX-0d0c5e1a2-7b3c9f10',
  clientSecret: 'SBX-0d0c5e1a27b3-dockside-sandbox',
};

export interface EbaySellerAccess {
  storeId: number;
  refreshToken: string | null;
  onToken?: (expiresAt: Date) => Promise<void> | void;
}

export interface EbayClientOptions {
  endpoints: EbayEndpoints;
  app: EbayApp;
  /**
   * The OAuth scopes asked at consent and at each refresh (EBAY_SCOPES unless given; ebayScopes(true)
   * adds eBay Logistics'). A refresh may ask no more than the seller consented to.
   */
  scopes?: readonly string[];
  log?: CallLog;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  maxAttempts?: number;
  timeoutMs?: number;
  now?: () => number;
}

export class EbayClient {
  private readonly identity: ProviderHttp;
  private readonly sell: ProviderHttp;
  /** Sell Fulfillment: orders and shipping fulfillments. */
  readonly fulfillment: EbayFulfillment;
  /** Logistics (v1_beta): shipping quotes and the labels bought from them (logistics.ts). */
  readonly logistics: EbayLogistics;

  constructor(
    private readonly opts: EbayClientOptions,
    private readonly seller?: EbaySellerAccess,
  ) {
    const scopes = this.scopes;
    const common = {
      provider: 'eBay',
      baseUrl: opts.endpoints.api,
      explain: (status: number, body: unknown) => explainEbay(status, body, scopes),
      log: opts.log,
      fetch: opts.fetch,
      sleep: opts.sleep,
      maxAttempts: opts.maxAttempts,
      timeoutMs: opts.timeoutMs,
    };
    this.identity = new ProviderHttp(common);
    const locations = new LocationCapture(opts.fetch);
    const signedIn = {
      ...common,
      auth: async () => ({ authorization: `Bearer ${await this.accessToken()}` }),
      renewAuth: () => seller && forgetToken(seller.storeId),
    };
    this.sell = new ProviderHttp({ ...signedIn, fetch: locations.fetch });
    this.fulfillment = new EbayFulfillment(this.sell, locations);
    // A label file answers with the PDF itself: documentFetch hands it on as JSON.
    this.logistics = new EbayLogistics(this.sell, new ProviderHttp({ ...signedIn, fetch: documentFetch(opts.fetch) }));
  }

  /** What the client asks eBay for (consent and refresh). */
  get scopes(): readonly string[] {
    return this.opts.scopes ?? EBAY_SCOPES;
  }

  consentUrl(state: string): string {
    const url = new URL(`${this.opts.endpoints.auth}/oauth2/authorize`);
    url.searchParams.set('client_id', this.opts.app.clientId);
    url.searchParams.set('redirect_uri', this.opts.app.ruName);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', this.scopes.join(' '));
    url.searchParams.set('state', state);
    return url.toString();
  }

  private token(form: Record<string, string>, name: string): Promise<OAuthToken> {
    return this.identity.call({
      name,
      method: 'POST',
      repeatable: true, // a token changes nothing
      path: '/identity/v1/oauth2/token',
      form,
      headers: { authorization: basicAuth(this.opts.app.clientId, this.opts.app.clientSecret) },
      schema: oauthTokenSchema,
    });
  }

  exchangeCode(code: string): Promise<OAuthToken> {
    return this.token(
      { grant_type: 'authorization_code', code, redirect_uri: this.opts.app.ruName },
      'oauth.authorization_code',
    );
  }

  async accessToken(): Promise<string> {
    const seller = this.seller;
    if (!seller) throw new Error('EbayClient: no seller to act for');
    const now = (this.opts.now ?? Date.now)();
    const refreshToken = seller.refreshToken;
    if (!refreshToken && !cachedToken(`ebay ${this.opts.endpoints.api}`, seller.storeId, now))
      throw new ProviderFailure('auth', 'eBay', 'oauth.refresh_token', [
        'The store is not connected to eBay yet: connect it',
      ]);
    return storeAccessToken(
      `ebay ${this.opts.endpoints.api}`,
      seller.storeId,
      now,
      () =>
        this.token(
          { grant_type: 'refresh_token', refresh_token: refreshToken!, scope: this.scopes.join(' ') },
          'oauth.refresh_token',
        ),
      seller.onToken,
    );
  }

  /** getOrders (see EbayFulfillment.orders): what a connection test reads. */
  orders(q: OrdersQuery = {}) {
    return this.fulfillment.orders(q);
  }

  /** Sandbox only: forget what the seller holds there. */
  resetSandbox() {
    return this.sell.call({
      name: 'sandbox.reset',
      method: 'POST',
      path: '/sell/sandbox/reset',
      schema: sandboxResetAnswer,
    });
  }
}
