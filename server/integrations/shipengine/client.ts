/**
 * ShipEngine (the shipping-rate aggregator) for the warehouse's account: carriers, rate shopping
 * across them, labels bought from a rate (PDF or ZPL, 4×6), voids and tracking. One API key in the
 * `API-Key` header; ShipEngine allows about 200 calls a minute and says so in its rate-limit
 * headers. The warehouse without an account of its own uses this server's /sandbox/shipengine/.
 */
import { ProviderHttp, type CallLog } from '../http.js';
import { sandboxResetAnswer } from '../sandbox-reset.js';
import { explainShipEngine } from './errors.js';
import {
  carriersResponseSchema,
  labelSchema,
  ratesResponseSchema,
  trackingResponseSchema,
  voidResponseSchema,
  type RateShipment,
} from './models.js';

export const SHIPENGINE_URL = 'https://api.shipengine.com';
export const shipEngineSandboxUrl = (sandboxBase: string) => `${sandboxBase.replace(/\/$/, '')}/sandbox/shipengine`;
/**
 * The sandbox key of a warehouse that has not entered one of its own (ShipEngine test keys start
 * TEST_): one per tenant, so each warehouse's sandbox labels are its own.
 */
export const sandboxShipEngineKey = (tenantId: number) =>
  `TEST_dockside_sandbox_tenant_${String(tenantId).padStart(8, '0')}`;

export interface ShipEngineClientOptions {
  baseUrl: string;
  apiKey: string;
  log?: CallLog;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  maxAttempts?: number;
  timeoutMs?: number;
}

const RATE = { perSecond: 3, burst: 10 };

export class ShipEngineClient {
  private readonly http: ProviderHttp;

  constructor(opts: ShipEngineClientOptions) {
    this.http = new ProviderHttp({
      provider: 'ShipEngine',
      baseUrl: opts.baseUrl,
      explain: explainShipEngine,
      auth: async () => ({ 'API-Key': opts.apiKey }),
      log: opts.log,
      fetch: opts.fetch,
      sleep: opts.sleep,
      maxAttempts: opts.maxAttempts,
      timeoutMs: opts.timeoutMs,
    });
  }

  carriers() {
    return this.http.call({
      name: 'list_carriers',
      method: 'GET',
      path: '/v1/carriers',
      schema: carriersResponseSchema,
      rate: RATE,
    });
  }

  /** calculate_rates: every service of the given carriers for one shipment. */
  rates(shipment: RateShipment, carrierIds: string[]) {
    return this.http.call({
      name: 'calculate_rates',
      method: 'POST',
      repeatable: true, // rates change nothing
      path: '/v1/rates',
      json: { rate_options: { carrier_ids: carrierIds }, shipment },
      schema: ratesResponseSchema,
      rate: RATE,
    });
  }

  /** create_label_from_rate: buys the label for a rate the warehouse chose. */
  labelFromRate(rateId: string, format: 'pdf' | 'zpl' = 'pdf') {
    return this.http.call({
      name: 'create_label_from_rate',
      method: 'POST',
      path: `/v1/labels/rates/${encodeURIComponent(rateId)}`,
      json: { label_format: format, label_layout: '4x6', label_download_type: 'url' },
      schema: labelSchema,
      rate: RATE,
    });
  }

  voidLabel(labelId: string) {
    return this.http.call({
      name: 'void_label',
      method: 'PUT',
      path: `/v1/labels/${encodeURIComponent(labelId)}/void`,
      schema: voidResponseSchema,
      rate: RATE,
    });
  }

  track(labelId: string) {
    return this.http.call({
      name: 'get_tracking_log_from_label',
      method: 'GET',
      path: `/v1/labels/${encodeURIComponent(labelId)}/track`,
      schema: trackingResponseSchema,
      rate: RATE,
    });
  }

  /** Sandbox only: forget the account's rates and labels there. */
  resetSandbox() {
    return this.http.call({
      name: 'sandbox.reset',
      method: 'POST',
      path: '/v1/sandbox/reset',
      schema: sandboxResetAnswer,
    });
  }
}
