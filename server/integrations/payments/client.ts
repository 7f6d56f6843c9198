/**
 * The card processor (Stripe's API) for the warehouse's account: customers for its clients, hosted
 * Checkout to save a card or pay, off-session charges of a saved card (Shipping Label Funds
 * top-ups, invoices), refunds, webhook endpoints and the balance (the connection test). Every POST
 * carries an Idempotency-Key, so a retried request is applied once. Requests are form-encoded
 * with Stripe's bracket notation.
 */
import { randomUUID } from 'node:crypto';
import type { ZodType } from 'zod';
import { ProviderHttp, type CallLog } from '../http.js';
import { explainPayments } from './errors.js';
import {
  balanceSchema,
  checkoutSessionSchema,
  customerSchema,
  paymentIntentSchema,
  paymentMethodListSchema,
  refundSchema,
  webhookEndpointSchema,
} from './models.js';

export interface PaymentsClientOptions {
  baseUrl: string;
  secretKey: string;
  log?: CallLog;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  maxAttempts?: number;
  timeoutMs?: number;
}

type FormValue = string | number | boolean | undefined | FormValue[] | { [k: string]: FormValue };

/** Stripe's form encoding: nested objects and arrays as bracketed keys (a[b][0][c]=…). */
export function formOf(value: Record<string, FormValue>): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (prefix: string, v: FormValue) => {
    if (v === undefined) return;
    if (Array.isArray(v)) v.forEach((x, i) => walk(`${prefix}[${i}]`, x));
    else if (typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(prefix ? `${prefix}[${k}]` : k, x);
    else out[prefix] = String(v);
  };
  walk('', value);
  return out;
}

const RATE = { perSecond: 25, burst: 25 };

export class PaymentsClient {
  private readonly http: ProviderHttp;

  constructor(opts: PaymentsClientOptions) {
    this.http = new ProviderHttp({
      provider: 'Card processor',
      baseUrl: opts.baseUrl,
      auth: async () => ({ authorization: `Bearer ${opts.secretKey}` }),
      explain: explainPayments,
      log: opts.log,
      fetch: opts.fetch,
      sleep: opts.sleep,
      maxAttempts: opts.maxAttempts,
      timeoutMs: opts.timeoutMs,
    });
  }

  private post<T>(
    name: string,
    path: string,
    body: Record<string, FormValue>,
    schema: ZodType<T>,
    idempotencyKey?: string,
  ) {
    return this.http.call({
      name,
      method: 'POST',
      path,
      form: formOf(body),
      headers: { 'idempotency-key': idempotencyKey ?? randomUUID() },
      schema,
      rate: RATE,
    });
  }

  createCustomer(c: { email?: string; name?: string; metadata?: Record<string, string> }, idempotencyKey?: string) {
    return this.post('createCustomer', '/v1/customers', c, customerSchema, idempotencyKey);
  }

  getCustomer(id: string) {
    return this.http.call({
      name: 'getCustomer',
      method: 'GET',
      path: `/v1/customers/${encodeURIComponent(id)}`,
      schema: customerSchema,
      rate: RATE,
    });
  }

  /**
   * A hosted Checkout page: `setup` saves a card for later charges; `payment` takes a payment now
   * (and, with `saveCard`, keeps the card). The client is sent to `url`, then back to successUrl.
   */
  createCheckoutSession(s: {
    mode: 'setup' | 'payment';
    customer: string;
    successUrl: string;
    cancelUrl: string;
    amount?: number;
    currency?: string;
    description?: string;
    saveCard?: boolean;
    metadata?: Record<string, string>;
    /** Unix seconds, 30 minutes to 24 hours from now (the processor's default: 24 hours). */
    expiresAt?: number;
  }) {
    return this.post(
      'createCheckoutSession',
      '/v1/checkout/sessions',
      {
        mode: s.mode,
        customer: s.customer,
        success_url: s.successUrl,
        cancel_url: s.cancelUrl,
        currency: s.mode === 'setup' ? (s.currency ?? 'usd') : undefined,
        metadata: s.metadata,
        expires_at: s.expiresAt,
        line_items:
          s.mode === 'payment'
            ? [
                {
                  quantity: 1,
                  price_data: {
                    currency: s.currency ?? 'usd',
                    unit_amount: s.amount,
                    product_data: { name: s.description ?? 'Payment' },
                  },
                },
              ]
            : undefined,
        payment_intent_data: s.mode === 'payment' && s.saveCard ? { setup_future_usage: 'off_session' } : undefined,
      },
      checkoutSessionSchema,
    );
  }

  getCheckoutSession(id: string) {
    return this.http.call({
      name: 'getCheckoutSession',
      method: 'GET',
      path: `/v1/checkout/sessions/${encodeURIComponent(id)}`,
      schema: checkoutSessionSchema,
      rate: RATE,
    });
  }

  /**
   * Expires an open Checkout Session at once (its page can no longer be paid); the processor then
   * sends `checkout.session.expired`. A session already complete or expired is refused (400).
   */
  expireCheckoutSession(id: string, idempotencyKey?: string) {
    return this.post(
      'expireCheckoutSession',
      `/v1/checkout/sessions/${encodeURIComponent(id)}/expire`,
      {},
      checkoutSessionSchema,
      idempotencyKey,
    );
  }

  /** Charges a saved card now, without the cardholder present; a decline is a refusal in words. */
  charge(
    c: {
      amount: number;
      currency: string;
      customer: string;
      paymentMethod: string;
      description?: string;
      metadata?: Record<string, string>;
    },
    idempotencyKey: string,
  ) {
    return this.post(
      'createPaymentIntent',
      '/v1/payment_intents',
      {
        amount: c.amount,
        currency: c.currency,
        customer: c.customer,
        payment_method: c.paymentMethod,
        description: c.description,
        metadata: c.metadata,
        off_session: true,
        confirm: true,
      },
      paymentIntentSchema,
      idempotencyKey,
    );
  }

  getPaymentIntent(id: string) {
    return this.http.call({
      name: 'getPaymentIntent',
      method: 'GET',
      path: `/v1/payment_intents/${encodeURIComponent(id)}`,
      schema: paymentIntentSchema,
      rate: RATE,
    });
  }

  refund(r: { paymentIntent: string; amount?: number; reason?: string }, idempotencyKey: string) {
    return this.post(
      'createRefund',
      '/v1/refunds',
      { payment_intent: r.paymentIntent, amount: r.amount, reason: r.reason },
      refundSchema,
      idempotencyKey,
    );
  }

  listCards(customer: string) {
    return this.http.call({
      name: 'listPaymentMethods',
      method: 'GET',
      path: '/v1/payment_methods',
      query: { customer, type: 'card' },
      schema: paymentMethodListSchema,
      rate: RATE,
    });
  }

  createWebhookEndpoint(url: string, events: string[]) {
    return this.post(
      'createWebhookEndpoint',
      '/v1/webhook_endpoints',
      { url, enabled_events: events },
      webhookEndpointSchema,
    );
  }

  balance() {
    return this.http.call({
      name: 'getBalance',
      method: 'GET',
      path: '/v1/balance',
      schema: balanceSchema,
      rate: RATE,
    });
  }
}
