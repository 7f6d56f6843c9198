/**
 * The LTL freight broker for the warehouse's account: quote handling units between two places,
 * book a rate (BOL and PRO numbers, pickup window), follow a shipment, fetch its documents, cancel
 * before pickup. Authenticated by the account's API key and account number (Company Credentials);
 * bookings carry an Idempotency-Key, so a retried booking books once.
 */
import { ProviderHttp, type CallLog } from '../http.js';
import {
  freightErrorSchema,
  freightShipmentSchema,
  quoteSchema,
  shipmentListSchema,
  type BookRequest,
  type QuoteRequest,
} from './models.js';

export interface FreightClientOptions {
  baseUrl: string;
  accountNumber: string;
  apiKey: string;
  log?: CallLog;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  maxAttempts?: number;
  timeoutMs?: number;
}

export function explainFreight(status: number, body: unknown): string[] {
  const parsed = freightErrorSchema.safeParse(body);
  if (parsed.success && parsed.data.errors.length)
    return parsed.data.errors.map((e) => `Freight broker${e.field ? ` (${e.field})` : ''}: ${e.message}`);
  if (status === 401 || status === 403)
    return ['The freight broker does not accept the account: check Company Credentials'];
  return [`The freight broker answered ${status} without an explanation`];
}

const RATE = { perSecond: 5, burst: 10 };

export class FreightClient {
  private readonly http: ProviderHttp;

  constructor(opts: FreightClientOptions) {
    this.http = new ProviderHttp({
      provider: 'Freight broker',
      baseUrl: opts.baseUrl,
      auth: async () => ({ authorization: `Bearer ${opts.apiKey}`, 'x-account-number': opts.accountNumber }),
      explain: explainFreight,
      log: opts.log,
      fetch: opts.fetch,
      sleep: opts.sleep,
      maxAttempts: opts.maxAttempts,
      timeoutMs: opts.timeoutMs,
    });
  }

  quote(req: QuoteRequest) {
    return this.http.call({
      name: 'createQuote',
      method: 'POST',
      repeatable: true, // a quote changes nothing
      path: '/v1/quotes',
      json: req,
      schema: quoteSchema,
      rate: RATE,
    });
  }

  book(req: BookRequest, idempotencyKey: string) {
    return this.http.call({
      name: 'bookShipment',
      method: 'POST',
      path: '/v1/shipments',
      json: req,
      headers: { 'idempotency-key': idempotencyKey },
      schema: freightShipmentSchema,
      rate: RATE,
    });
  }

  shipment(id: string) {
    return this.http.call({
      name: 'getShipment',
      method: 'GET',
      path: `/v1/shipments/${encodeURIComponent(id)}`,
      schema: freightShipmentSchema,
      rate: RATE,
    });
  }

  shipments(q: { status?: string; page?: number } = {}) {
    return this.http.call({
      name: 'listShipments',
      method: 'GET',
      path: '/v1/shipments',
      query: q,
      schema: shipmentListSchema,
      rate: RATE,
    });
  }

  cancel(id: string) {
    return this.http.call({
      name: 'cancelShipment',
      method: 'POST',
      repeatable: true, // cancelling twice cancels once
      path: `/v1/shipments/${encodeURIComponent(id)}/cancel`,
      schema: freightShipmentSchema,
      rate: RATE,
    });
  }
}
