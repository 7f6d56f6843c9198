/**
 * The card processor's shapes — Stripe's API (form-encoded requests, JSON answers): customers,
 * hosted Checkout sessions (saving a card, or paying), payment intents charged off-session with a
 * saved card, refunds, webhook endpoints and the events they receive. Answers are checked with these
 * schemas; fields Dockside does not use pass through.
 */
import { z } from 'zod';

const metadata = z.record(z.string(), z.string());

export const customerSchema = z.looseObject({
  id: z.string().startsWith('cus_'),
  object: z.literal('customer'),
  email: z.string().nullable(),
  name: z.string().nullable(),
  metadata,
});
export type Customer = z.infer<typeof customerSchema>;

export const cardSchema = z.looseObject({
  brand: z.string(),
  last4: z.string().length(4),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});
export const paymentMethodSchema = z.looseObject({
  id: z.string().startsWith('pm_'),
  object: z.literal('payment_method'),
  type: z.literal('card'),
  customer: z.string().nullable(),
  card: cardSchema,
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const paymentMethodListSchema = z.object({
  object: z.literal('list'),
  data: z.array(paymentMethodSchema),
  has_more: z.boolean(),
});

export const PAYMENT_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
] as const;
export const paymentIntentSchema = z.looseObject({
  id: z.string().startsWith('pi_'),
  object: z.literal('payment_intent'),
  amount: z.number().int(),
  amount_received: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_INTENT_STATUSES),
  customer: z.string().nullable(),
  payment_method: z.string().nullable(),
  description: z.string().nullable(),
  metadata,
  last_payment_error: z
    .looseObject({ code: z.string().optional(), decline_code: z.string().optional(), message: z.string().optional() })
    .nullable(),
});
export type PaymentIntent = z.infer<typeof paymentIntentSchema>;

export const checkoutSessionSchema = z.looseObject({
  id: z.string().startsWith('cs_'),
  object: z.literal('checkout.session'),
  mode: z.enum(['setup', 'payment']),
  status: z.enum(['open', 'complete', 'expired']),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  url: z.string().nullable(),
  customer: z.string().nullable(),
  amount_total: z.number().int().nullable(),
  currency: z.string().nullable(),
  payment_intent: z.string().nullable(),
  setup_intent: z.string().nullable(),
  success_url: z.string(),
  cancel_url: z.string().nullable(),
  metadata,
  expires_at: z.number().int(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

export const refundSchema = z.looseObject({
  id: z.string().startsWith('re_'),
  object: z.literal('refund'),
  amount: z.number().int(),
  currency: z.string(),
  payment_intent: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed', 'canceled']),
});
export type Refund = z.infer<typeof refundSchema>;

export const webhookEndpointSchema = z.looseObject({
  id: z.string().startsWith('we_'),
  object: z.literal('webhook_endpoint'),
  url: z.string(),
  enabled_events: z.array(z.string()),
  /** Only in the answer that creates the endpoint. */
  secret: z.string().startsWith('whsec_').optional(),
});

export const balanceSchema = z.looseObject({
  object: z.literal('balance'),
  available: z.array(z.object({ amount: z.number().int(), currency: z.string() })),
  livemode: z.boolean(),
});

export const eventSchema = z.looseObject({
  id: z.string().startsWith('evt_'),
  object: z.literal('event'),
  type: z.string(),
  created: z.number().int(),
  livemode: z.boolean(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type PaymentEvent = z.infer<typeof eventSchema>;

export const errorBodySchema = z.object({
  error: z.looseObject({
    type: z.string(),
    code: z.string().optional(),
    decline_code: z.string().optional(),
    message: z.string().optional(),
    param: z.string().optional(),
  }),
});
