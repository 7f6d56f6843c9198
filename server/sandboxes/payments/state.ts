/**
 * What the card processor's sandbox keeps per account (one account per secret key): customers,
 * saved cards, Checkout sessions, payment intents, refunds, webhook endpoints, events and the
 * answers to idempotent requests — in sandbox_records, so they survive restarts and reset per account.
 */
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Deps } from '../../context.js';
import {
  checkoutSessionSchema,
  customerSchema,
  eventSchema,
  paymentIntentSchema,
  paymentMethodSchema,
  refundSchema,
  webhookEndpointSchema,
} from '../../integrations/payments/models.js';
import { getRecord, putRecord, recordsOf, type RecordSet } from '../records.js';

/** Test secret keys look like Stripe's: sk_test_ and at least 16 letters or digits. */
export const SECRET_KEY = /^sk_test_[A-Za-z0-9]{16,}$/;
export const accountOf = (secretKey: string) =>
  `acct_${createHash('sha256').update(secretKey).digest('hex').slice(0, 16)}`;
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

const storedCard = z.object({ method: paymentMethodSchema, declineLater: z.string().optional() });
const storedEndpoint = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
const storedAnswer = z.object({ key: z.string(), fingerprint: z.string(), status: z.number(), body: z.unknown() });

const set = <T>(account: string, kind: string, schema: z.ZodType<T>, keyOf: (v: T) => string): RecordSet<T> => ({
  provider: 'payments',
  account,
  kind,
  schema,
  keyOf,
});

export function paymentsState(deps: Deps, account: string) {
  const kinds = {
    customer: set(account, 'customer', customerSchema, (v) => v.id),
    card: set(account, 'card', storedCard, (v) => v.method.id),
    session: set(account, 'checkout_session', checkoutSessionSchema, (v) => v.id),
    intent: set(account, 'payment_intent', paymentIntentSchema, (v) => v.id),
    refund: set(account, 'refund', refundSchema, (v) => v.id),
    endpoint: set(account, 'webhook_endpoint', storedEndpoint, (v) => v.endpoint.id),
    event: set(account, 'event', eventSchema, (v) => v.id),
    answer: set(account, 'idempotency', storedAnswer, (v) => v.key),
  };
  type Kinds = typeof kinds;
  type ValueOf<K extends keyof Kinds> = Kinds[K] extends RecordSet<infer T> ? T : never;
  const setOf = <K extends keyof Kinds>(kind: K) => kinds[kind] as unknown as RecordSet<ValueOf<K>>;
  return {
    account,
    kinds,
    get: <K extends keyof Kinds>(kind: K, id: string) => getRecord(deps, setOf(kind), id),
    put: <K extends keyof Kinds>(kind: K, value: ValueOf<K>) => putRecord(deps, setOf(kind), value),
    all: <K extends keyof Kinds>(kind: K) => recordsOf(deps, setOf(kind), () => []),
  };
}
export type PaymentsState = ReturnType<typeof paymentsState>;
