/**
 * Events in the card processor's sandbox: each change worth telling (a Checkout completed, a
 * payment succeeded or failed, a refund) becomes an event, kept for listing and delivered to every
 * webhook endpoint that asked for its type — signed as the real provider signs them, retried once
 * when the receiver fails.
 */
import { signPayload } from '../../integrations/payments/webhooks.js';
import type { PaymentEvent } from '../../integrations/payments/models.js';
import { newId, type PaymentsState } from './state.js';

const DELIVERY_TIMEOUT_MS = 5_000;

export async function emit(
  st: PaymentsState,
  now: Date,
  type: string,
  object: Record<string, unknown>,
  fetchImpl: typeof fetch = fetch,
): Promise<PaymentEvent> {
  const event: PaymentEvent = {
    id: newId('evt'),
    object: 'event',
    type,
    created: Math.floor(now.getTime() / 1000),
    livemode: false,
    data: { object },
  };
  await st.put('event', event);
  const endpoints = (await st.all('endpoint')).filter(
    (e) => e.endpoint.enabled_events.includes('*') || e.endpoint.enabled_events.includes(type),
  );
  const payload = JSON.stringify(event);
  for (const { endpoint, secret } of endpoints) {
    for (let attempt = 1; attempt <= 2; attempt++) {
      const signature = signPayload(payload, secret, Math.floor(Date.now() / 1000));
      const ok = await fetchImpl(endpoint.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
    }
  }
  return event;
}
