/**
 * Webhook signatures as the card processor makes them (Stripe's scheme): the header
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint's
 * whsec_ secret>`. A receiver checks the signature on the raw body and refuses old timestamps, so a
 * replayed or forged event changes nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eventSchema, type PaymentEvent } from './models.js';

export const SIGNATURE_HEADER = 'stripe-signature';
export const DEFAULT_TOLERANCE_S = 300;

export function signPayload(payload: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export type WebhookCheck = { ok: true; event: PaymentEvent } | { ok: false; reason: string };

/** Checks the signature (any of the header's v1 values) and the age, then the event's shape. */
export function verifyWebhook(
  payload: string,
  header: string | undefined,
  secret: string,
  nowSeconds: number,
  toleranceS = DEFAULT_TOLERANCE_S,
): WebhookCheck {
  if (!header) return { ok: false, reason: 'No signature header' };
  const parts = header.split(',').map((p) => p.split('=', 2) as [string, string]);
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v);
  if (!Number.isInteger(t) || !signatures.length) return { ok: false, reason: 'Malformed signature header' };
  if (Math.abs(nowSeconds - t) > toleranceS) return { ok: false, reason: 'The signature is too old (replayed?)' };
  const expected = Buffer.from(signPayload(payload, secret, t).split('v1=')[1], 'hex');
  const matches = signatures.some((s) => {
    const given = Buffer.from(s, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) return { ok: false, reason: 'The signature does not match' };
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return { ok: false, reason: 'The event is not JSON' };
  }
  const event = eventSchema.safeParse(body);
  return event.success ? { ok: true, event: event.data } : { ok: false, reason: 'The event has an unexpected shape' };
}
