/**
 * Amazon Selling Partner API for one store: Login with Amazon (the authorisation-code exchange,
 * then refresh-token → access token, cached until a minute before it expires) and the SP-API
 * operations Dockside uses, each with Amazon's published rate and burst. A sandbox store talks to
 * this server's /sandbox/amazon/, a production store to Amazon; nothing else differs.
 */
import type { StoreEnvironment, StoreMarketplace } from '../../../domain/schemas/stores.js';
import { ProviderFailure, ProviderHttp, type CallLog } from '../http.js';
import { cachedToken, forgetToken, storeAccessToken } from '../token-cache.js';
import { sandboxResetAnswer } from '../sandbox-reset.js';
import { explainAmazon } from './errors.js';
import { AmazonCatalog } from './catalog.js';
import { AmazonInbound } from './inbound.js';
import { AmazonInboundTransport } from './inbound-transport.js';
import { AmazonOrders } from './orders.js';
import { AmazonMerchantFulfillment } from './merchant-fulfillment.js';
import { AmazonReports, explainDocumentRefusal, reportDocumentFetch } from './reports.js';
import { inventorySummariesResponseSchema, lwaTokenSchema, type LwaToken } from './models.js';

export interface AmazonEndpoints {
  /** Login with Amazon (token exchange). */
  lwa: string;
  /** Selling Partner API. */
  spApi: string;
  /** Seller Central's consent page (the seller authorises Dockside there). */
  consent: string;
}

const SELLER_CENTRAL: Record<string, string> = {
  amazon_us: 'https://sellercentral.amazon.com',
  amazon_ca: 'https://sellercentral.amazon.ca',
  amazon_br: 'https://sellercentral.amazon.com.br',
  amazon_mx: 'https://sellercentral.amazon.com.mx',
};

export function amazonEndpoints(
  env: StoreEnvironment,
  marketplace: StoreMarketplace,
  sandboxBase: string,
): AmazonEndpoints {
  if (env === 'sandbox') {
    const base = `${sandboxBase.replace(/\/$/, '')}/sandbox/amazon`;
    return { lwa: base, spApi: base, consent: base };
  }
  return {
    lwa: 'https://api.amazon.com',
    spApi: 'https://sellingpartnerapi-na.amazon.com',
    consent: SELLER_CENTRAL[marketplace] ?? SELLER_CENTRAL.amazon_us,
  };
}

/** The developer app (LWA client) Dockside signs in as. */
export interface AmazonApp {
  applicationId: string;
  clientId: string;
  clientSecret: string;
}

/** The sandbox's own app: any well-formed credentials work there, as a local sandbox cannot know real ones. */
export const SANDBOX_APP: AmazonApp = {
  applicationId: 'amzn1.sp.solution.dockside-sandbox',
  clientId: 'amzn1.application-oa2-client.dockside-sandbox',
  clientSecret: 'dockside-sandbox-client-secret',
};

export interface AmazonStoreAccess {
  storeId: number;
  refreshToken: string | null;
  onToken?: (expiresAt: Date) => Promise<void> | void;
}

export interface AmazonClientOptions {
  endpoints: AmazonEndpoints;
  app: AmazonApp;
  log?: CallLog;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  maxAttempts?: number;
  timeoutMs?: number;
  now?: () => number;
}

export class AmazonClient {
  private readonly lwa: ProviderHttp;
  private readonly sp: ProviderHttp;
  /** Fulfillment Inbound v2024-03-20 (FBA shipment plans). */
  readonly inbound: AmazonInbound;
  /** Fulfillment Inbound v2024-03-20 transportation, delivery windows, tracking and bills of lading. */
  readonly inboundTransport: AmazonInboundTransport;
  /** Orders v2026-01-01 reads and the Orders v0 shipment writes. */
  readonly orders: AmazonOrders;
  /** Merchant Fulfillment v0 (Buy Shipping labels for seller-fulfilled orders). */
  readonly merchantFulfillment: AmazonMerchantFulfillment;
  /** Reports v2021-06-30, and the download of a report's document from its pre-signed URL. */
  readonly reports: AmazonReports;

  constructor(
    private readonly opts: AmazonClientOptions,
    private readonly store?: AmazonStoreAccess,
  ) {
    const common = {
      provider: 'Amazon',
      explain: explainAmazon,
      log: opts.log,
      fetch: opts.fetch,
      sleep: opts.sleep,
      maxAttempts: opts.maxAttempts,
      timeoutMs: opts.timeoutMs,
    };
    this.lwa = new ProviderHttp({ ...common, baseUrl: opts.endpoints.lwa });
    this.sp = new ProviderHttp({
      ...common,
      baseUrl: opts.endpoints.spApi,
      auth: async () => ({ 'x-amz-access-token': await this.accessToken() }),
      renewAuth: () => store && forgetToken(store.storeId),
    });
    this.inbound = new AmazonInbound(this.sp);
    this.inboundTransport = new AmazonInboundTransport(this.sp);
    this.orders = new AmazonOrders(this.sp);
    this.merchantFulfillment = new AmazonMerchantFulfillment(this.sp);
    // Report documents come from pre-signed URLs: no access token, S3's refusals, any host.
    const documents = new ProviderHttp({
      ...common,
      baseUrl: '',
      explain: explainDocumentRefusal,
      fetch: reportDocumentFetch(opts.fetch),
    });
    this.reports = new AmazonReports(this.sp, documents);
  }

  /** Listings, catalogue and fees for the seller (selling partner id) the store authorised as. */
  catalog(sellerId: string): AmazonCatalog {
    return new AmazonCatalog(this.sp, sellerId);
  }

  /** The consent page URL the seller is sent to; Amazon sends them back with the code and `state`. */
  consentUrl(state: string, redirectUri: string): string {
    const url = new URL(`${this.opts.endpoints.consent}/apps/authorize/consent`);
    url.searchParams.set('application_id', this.opts.app.applicationId);
    url.searchParams.set('state', state);
    url.searchParams.set('redirect_uri', redirectUri);
    // Draft (unpublished) apps must say so; a published app leaves it out.
    url.searchParams.set('version', 'beta');
    return url.toString();
  }

  /** The code from the consent callback, exchanged for the store's refresh token (LWA). */
  exchangeCode(code: string, redirectUri: string): Promise<LwaToken> {
    return this.lwa.call({
      name: 'lwa.authorization_code',
      method: 'POST',
      path: '/auth/o2/token',
      form: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: this.opts.app.clientId,
        client_secret: this.opts.app.clientSecret,
      },
      schema: lwaTokenSchema,
    });
  }

  /** A valid access token for the store: the cached one, or a fresh one from its refresh token. */
  async accessToken(): Promise<string> {
    const store = this.store;
    if (!store) throw new Error('AmazonClient: no store to act for');
    const refreshToken = store.refreshToken;
    if (
      !refreshToken &&
      !cachedToken(`amazon ${this.opts.endpoints.lwa}`, store.storeId, (this.opts.now ?? Date.now)())
    )
      throw new ProviderFailure('auth', 'Amazon', 'lwa.refresh_token', [
        'The store is not connected to Amazon yet: connect it',
      ]);
    return storeAccessToken(
      `amazon ${this.opts.endpoints.lwa}`,
      store.storeId,
      (this.opts.now ?? Date.now)(),
      () =>
        this.lwa.call({
          name: 'lwa.refresh_token',
          method: 'POST',
          repeatable: true, // a token changes nothing
          path: '/auth/o2/token',
          form: {
            grant_type: 'refresh_token',
            refresh_token: refreshToken!,
            client_id: this.opts.app.clientId,
            client_secret: this.opts.app.clientSecret,
          },
          schema: lwaTokenSchema,
        }),
      store.onToken,
    );
  }

  /** FBA Inventory v1 getInventorySummaries: one page (2 requests/s, burst 2). */
  inventorySummaries(marketplaceId: string, nextToken?: string) {
    return this.sp.call({
      name: 'getInventorySummaries',
      method: 'GET',
      path: '/fba/inventory/v1/summaries',
      query: {
        details: true,
        granularityType: 'Marketplace',
        granularityId: marketplaceId,
        marketplaceIds: [marketplaceId],
        nextToken,
      },
      schema: inventorySummariesResponseSchema,
      rate: { perSecond: 2, burst: 2 },
    });
  }

  /** Sandbox only: forget what the seller account holds there (it is seeded afresh on the next read). */
  resetSandbox() {
    return this.sp.call({ name: 'sandbox.reset', method: 'POST', path: '/sandbox/reset', schema: sandboxResetAnswer });
  }
}
