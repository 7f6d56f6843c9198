/**
 * Walmart Marketplace API for one seller account: the client-credentials token (Basic auth with
 * the seller's client id and secret, cached until a minute before it expires) and the Fulfillment
 * (WFS) operations Dockside uses. Every call carries Walmart's required WM_SVC.NAME and a fresh
 * WM_QOS.CORRELATION_ID. A sandbox store talks to this server's /sandbox/walmart/.
 */
import { randomUUID } from 'node:crypto';
import type { StoreEnvironment } from '../../../domain/schemas/stores.js';
import { ProviderFailure, ProviderHttp, type CallLog } from '../http.js';
import { basicAuth } from '../oauth.js';
import { cachedToken, forgetToken, storeAccessToken } from '../token-cache.js';
import { sandboxResetAnswer } from '../sandbox-reset.js';
import { explainWalmart } from './errors.js';
import { inboundShipmentsResponseSchema, walmartTokenSchema } from './models.js';
import { WalmartWfs } from './inbound.js';
import { documentFetch } from './inbound-documents.js';
import { WalmartOrders } from './orders.js';
import { WalmartItems } from './items.js';
import { feedFileFetch, WalmartFeeds } from './feeds.js';
import { WalmartShippingLabels } from './shipping-labels.js';

export const walmartBaseUrl = (env: StoreEnvironment, sandboxBase: string): string =>
  env === 'sandbox' ? `${sandboxBase.replace(/\/$/, '')}/sandbox/walmart` : 'https://marketplace.walmartapis.com';

export interface WalmartSeller {
  storeId: number;
  clientId: string | null;
  clientSecret: string | null;
  onToken?: (expiresAt: Date) => Promise<void> | void;
}

export interface WalmartClientOptions {
  baseUrl: string;
  log?: CallLog;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  maxAttempts?: number;
  timeoutMs?: number;
  now?: () => number;
}

const serviceHeaders = () => ({ 'WM_SVC.NAME': 'Dockside', 'WM_QOS.CORRELATION_ID': randomUUID() });

export class WalmartClient {
  private readonly http: ProviderHttp;
  private readonly tokenHttp: ProviderHttp;
  /** WFS inbound orders, receiving labels and Walmart Preferred Carrier quotes (inbound.ts, carrier.ts). */
  readonly wfs: WalmartWfs;
  /** Orders API v3: list, acknowledge, ship, cancel (orders.ts). */
  readonly orders: WalmartOrders;
  /** Items API v3: the seller's catalogue and Catalog Search (items.ts). */
  readonly items: WalmartItems;
  /** Feeds: item setup by feed and the feed's progress (feeds.ts). */
  readonly feeds: WalmartFeeds;
  /** Ship With Walmart: estimates and labels for seller-fulfilled orders (shipping-labels.ts). */
  readonly shippingLabels: WalmartShippingLabels;

  constructor(
    private readonly opts: WalmartClientOptions,
    private readonly seller: WalmartSeller,
  ) {
    const common = {
      provider: 'Walmart',
      baseUrl: opts.baseUrl,
      explain: explainWalmart,
      log: opts.log,
      fetch: opts.fetch,
      sleep: opts.sleep,
      maxAttempts: opts.maxAttempts,
      timeoutMs: opts.timeoutMs,
    };
    this.tokenHttp = new ProviderHttp(common);
    const signedIn = {
      ...common,
      auth: async () => ({ 'WM_SEC.ACCESS_TOKEN': await this.accessToken(), ...serviceHeaders() }),
      renewAuth: () => forgetToken(seller.storeId),
    };
    this.http = new ProviderHttp(signedIn);
    this.orders = new WalmartOrders(this.http);
    this.items = new WalmartItems(this.http);
    // A feed goes up as a file (multipart): feedFileFetch makes one of the JSON.
    this.feeds = new WalmartFeeds(new ProviderHttp({ ...signedIn, fetch: feedFileFetch(opts.fetch) }));
    // WFS labels answer with the PDF or ZPL itself: documentFetch hands them on as JSON.
    const documents = new ProviderHttp({ ...signedIn, fetch: documentFetch(opts.fetch) });
    this.wfs = new WalmartWfs(documents);
    this.shippingLabels = new WalmartShippingLabels(this.http, documents);
  }

  async accessToken(): Promise<string> {
    const { storeId, clientId, clientSecret } = this.seller;
    const now = (this.opts.now ?? Date.now)();
    if ((!clientId || !clientSecret) && !cachedToken(`walmart ${this.opts.baseUrl}`, storeId, now))
      throw new ProviderFailure('auth', 'Walmart', 'token', [
        'The store has no Walmart client id and secret yet: enter them',
      ]);
    return storeAccessToken(
      `walmart ${this.opts.baseUrl}`,
      storeId,
      now,
      () =>
        this.tokenHttp.call({
          name: 'token',
          method: 'POST',
          repeatable: true, // a token changes nothing
          path: '/v3/token',
          form: { grant_type: 'client_credentials' },
          headers: { authorization: basicAuth(clientId!, clientSecret!), ...serviceHeaders() },
          schema: walmartTokenSchema,
        }),
      this.seller.onToken,
    );
  }

  /** getInboundShipments: WFS inbound shipments, newest first (Walmart allows about 10 calls a second). */
  inboundShipments(q: { offset?: number; limit?: number; shipmentId?: string; status?: string } = {}) {
    return this.http.call({
      name: 'getInboundShipments',
      method: 'GET',
      path: '/v3/fulfillment/inbound-shipments',
      query: { offset: q.offset ?? 0, limit: q.limit ?? 10, shipmentId: q.shipmentId, status: q.status },
      schema: inboundShipmentsResponseSchema,
      rate: { perSecond: 10, burst: 10 },
    });
  }

  /** Sandbox only: forget what the seller account holds there. */
  resetSandbox() {
    return this.http.call({
      name: 'sandbox.reset',
      method: 'POST',
      path: '/v3/sandbox/reset',
      schema: sandboxResetAnswer,
    });
  }
}
