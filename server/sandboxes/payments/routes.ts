/**
 * The card processor, locally (/sandbox/payments/): Stripe's API paths and shapes — form-encoded
 * requests, JSON answers, its error body, `Authorization: Bearer sk_test_…` (any well-formed test
 * key is an account), Idempotency-Key honoured on every POST. Customers, a hosted Checkout page
 * (save a card or pay, with the test cards' outcomes), off-session charges of a saved card, refunds,
 * webhook endpoints with signed deliveries, events, balance.
 *
 * Checkout Sessions expire as Stripe's do: at `expires_at` (24 hours after creation unless set
 * between 30 minutes and 24 hours), or at once by POST /v1/checkout/sessions/{id}/expire. An open
 * session past its expires_at is expired when it is read (API or hosted page) or swept
 * (POST /v1/sandbox/sweep); expiring sends a signed `checkout.session.expired` once, and an expired
 * session's page answers 410, so it can no longer be paid.
 */
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { Deps } from '../../context.js';
import type { CheckoutSession, PaymentIntent } from '../../integrations/payments/models.js';
import { faultGate } from '../faults.js';
import { findRecord, resetAccount } from '../records.js';
import { checkoutSessionSchema } from '../../integrations/payments/models.js';
import { behaviourOf, brandOf, DECLINE_MESSAGES, luhnOk } from './cards.js';
import { checkoutPage } from './checkout-page.js';
import { emit } from './events.js';
import { accountOf, newId, paymentsState, SECRET_KEY, type PaymentsState } from './state.js';

type Status = 400 | 401 | 402 | 404 | 429 | 500;
const stripeError = (c: Context, status: Status, type: string, message: string, extra: Record<string, unknown> = {}) =>
  c.json({ error: { type, message, ...extra } }, status);
const missing = (c: Context, what: string, id: string) =>
  stripeError(c, 404, 'invalid_request_error', `No such ${what}: '${id}'`, { code: 'resource_missing', param: 'id' });
const invalid = (c: Context, param: string, message: string) =>
  stripeError(c, 400, 'invalid_request_error', message, { param, code: 'parameter_invalid' });

type Form = Record<string, string>;
const formOf = async (c: Context): Promise<Form> => {
  const body = await c.req.parseBody().catch(() => ({}));
  return Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string')) as Form;
};
/** metadata[key]=value fields as an object. */
const metadataOf = (f: Form, prefix = 'metadata') =>
  Object.fromEntries(
    Object.entries(f)
      .filter(([k]) => k.startsWith(`${prefix}[`))
      .map(([k, v]) => [k.slice(prefix.length + 1, -1), v]),
  );
const amountOf = (v: string | undefined) => (v !== undefined && /^\d+$/.test(v) ? Number(v) : null);
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
/** A Checkout Session's life: 30 minutes to 24 hours (Stripe's bounds and default). */
const SESSION_MIN_S = 30 * 60;
const SESSION_MAX_S = 24 * 3600;

export function paymentsSandbox(deps: Deps): Hono {
  const app = new Hono();
  const keyOf = (c: Context) => /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
  const stateOf = (c: Context) => paymentsState(deps, accountOf(keyOf(c)));

  /** A session expires once: its status and page go, and `checkout.session.expired` is sent. */
  const expire = async (st: PaymentsState, session: CheckoutSession): Promise<CheckoutSession> => {
    const expired: CheckoutSession = { ...session, status: 'expired', url: null };
    await st.put('session', expired);
    await emit(st, deps.now(), 'checkout.session.expired', expired);
    return expired;
  };
  /** Read or swept after its expires_at, an open session is expired then (the processor's sweep). */
  const expireIfDue = (st: PaymentsState, session: CheckoutSession) =>
    session.status === 'open' && session.expires_at <= seconds(deps.now()) ? expire(st, session) : session;

  const gate = faultGate(deps, 'payments', {
    throttle: (c) =>
      stripeError(c, 429, 'rate_limit_error', 'Too many requests hit the API too quickly.', { code: 'rate_limit' }),
    error: (c) => stripeError(c, 500, 'api_error', 'An unknown error occurred; try again.'),
    invalid: (c) => invalid(c, 'body', 'Invalid request (injected fault).'),
    authorised: (c) => SECRET_KEY.test(keyOf(c)),
    unauthorised: (c) =>
      stripeError(c, 401, 'invalid_request_error', 'Invalid API Key provided.', { code: 'api_key_invalid' }),
  });
  app.use('/v1/*', gate);

  // Idempotency: the first answer to a key is the answer to every retry with the same parameters.
  app.use('/v1/*', async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (c.req.method !== 'POST' || !key) return next();
    const st = stateOf(c);
    const raw = await c.req.raw.clone().text();
    const fingerprint = createHash('sha256').update(`${c.req.path}\n${raw}`).digest('hex');
    const seen = await st.get('answer', key);
    if (seen) {
      if (seen.fingerprint !== fingerprint)
        return stripeError(
          c,
          400,
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      return c.json(seen.body as object, seen.status as 200, { 'idempotent-replayed': 'true' });
    }
    await next();
    if (c.res.status < 500 && c.res.headers.get('content-type')?.includes('json'))
      await st.put('answer', { key, fingerprint, status: c.res.status, body: await c.res.clone().json() });
  });

  app.get('/v1/balance', async (c) => {
    const st = stateOf(c);
    const paid = (await st.all('intent')).reduce((t, i) => t + i.amount_received, 0);
    const refunded = (await st.all('refund')).reduce((t, r) => t + r.amount, 0);
    return c.json({
      object: 'balance',
      available: [{ amount: paid - refunded, currency: 'usd' }],
      pending: [],
      livemode: false,
    });
  });

  app.post('/v1/customers', async (c) => {
    const f = await formOf(c);
    if (f.email !== undefined && !/^[^@\s]+@[^@\s]+$/.test(f.email))
      return invalid(c, 'email', 'Invalid email address');
    const customer = {
      id: newId('cus'),
      object: 'customer' as const,
      email: f.email ?? null,
      name: f.name ?? null,
      metadata: metadataOf(f),
      created: seconds(deps.now()),
      invoice_settings: { default_payment_method: null },
    };
    await stateOf(c).put('customer', customer);
    return c.json(customer);
  });

  app.get('/v1/customers/:id', async (c) => {
    const found = await stateOf(c).get('customer', c.req.param('id'));
    return found ? c.json(found) : missing(c, 'customer', c.req.param('id'));
  });

  app.post('/v1/checkout/sessions', async (c) => {
    const st = stateOf(c);
    const f = await formOf(c);
    if (f.mode !== 'setup' && f.mode !== 'payment') return invalid(c, 'mode', 'mode must be setup or payment');
    if (!f.success_url || !/^https?:\/\//.test(f.success_url)) return invalid(c, 'success_url', 'Not a valid URL');
    if (!f.customer || !(await st.get('customer', f.customer))) return missing(c, 'customer', f.customer ?? '');
    let amount: number | null = null;
    let currency = f.currency ?? null;
    if (f.mode === 'payment') {
      amount = amountOf(f['line_items[0][price_data][unit_amount]']);
      currency = f['line_items[0][price_data][currency]'] ?? null;
      const quantity = amountOf(f['line_items[0][quantity]'] ?? '1') ?? 1;
      if (amount === null || amount < 50)
        return invalid(c, 'line_items[0][price_data][unit_amount]', 'The amount must be at least 50 cents.');
      if (!currency) return invalid(c, 'line_items[0][price_data][currency]', 'Missing required param: currency.');
      amount *= quantity;
    }
    // Stripe: expires_at 30 minutes to 24 hours after creation; 24 hours when not given.
    const created = seconds(deps.now());
    let expiresAt = created + SESSION_MAX_S;
    if (f.expires_at !== undefined) {
      const given = /^\d+$/.test(f.expires_at) ? Number(f.expires_at) : NaN;
      if (!Number.isInteger(given) || given < created + SESSION_MIN_S || given > created + SESSION_MAX_S)
        return invalid(
          c,
          'expires_at',
          'The `expires_at` timestamp must be between 30 minutes and 24 hours after the Checkout Session is created.',
        );
      expiresAt = given;
    }
    const id = newId('cs_test');
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      mode: f.mode,
      status: 'open',
      payment_status: f.mode === 'setup' ? 'no_payment_required' : 'unpaid',
      url: `${new URL(c.req.url).origin}${c.req.path.replace(/\/v1\/checkout\/sessions$/, '')}/checkout/${id}`,
      customer: f.customer,
      amount_total: amount,
      currency,
      payment_intent: null,
      setup_intent: null,
      success_url: f.success_url,
      cancel_url: f.cancel_url ?? null,
      metadata: {
        ...metadataOf(f),
        ...(f['line_items[0][price_data][product_data][name]']
          ? { description: f['line_items[0][price_data][product_data][name]'] }
          : {}),
        ...(f['payment_intent_data[setup_future_usage]'] ? { save_card: 'true' } : {}),
      },
      created,
      expires_at: expiresAt,
    };
    await st.put('session', session);
    return c.json(session);
  });

  app.get('/v1/checkout/sessions/:id', async (c) => {
    const st = stateOf(c);
    const found = await st.get('session', c.req.param('id'));
    return found ? c.json(await expireIfDue(st, found)) : missing(c, 'checkout.session', c.req.param('id'));
  });

  // Stripe: an open session can be expired at once (the payer can no longer pay on its page).
  app.post('/v1/checkout/sessions/:id/expire', async (c) => {
    const st = stateOf(c);
    const found = await st.get('session', c.req.param('id'));
    if (!found) return missing(c, 'checkout.session', c.req.param('id'));
    const session = await expireIfDue(st, found);
    if (session.status !== 'open')
      return stripeError(
        c,
        400,
        'invalid_request_error',
        `Only Checkout Sessions with a status in ["open"] can be expired. This session has a status of "${session.status}".`,
        { code: 'checkout_session_not_expirable' },
      );
    return c.json(await expire(st, session));
  });

  // ---- the hosted page: no API key (the session id is the secret), the cardholder's browser ----
  const sessionFor = async (c: Context) => {
    const found = await findRecord(
      deps,
      'payments',
      'checkout_session',
      c.req.param('id') ?? '',
      checkoutSessionSchema,
    );
    if (!found) return null;
    const st = paymentsState(deps, found.account);
    return { session: await expireIfDue(st, found.value), st };
  };
  app.get('/checkout/:id', async (c) => {
    const found = await sessionFor(c);
    if (!found) return c.text('This checkout page does not exist.', 404);
    if (found.session.status !== 'open') return c.text('This checkout session is no longer open.', 410);
    return c.html(checkoutPage(found.session));
  });
  app.post('/checkout/:id', async (c) => {
    const found = await sessionFor(c);
    if (!found) return c.text('This checkout page does not exist.', 404);
    const { session, st } = found;
    if (session.status !== 'open') return c.text('This checkout session is no longer open.', 410);
    const f = await formOf(c);
    const number = (f.number ?? '').replace(/\s+/g, '');
    const typed = { number: f.number, exp: f.exp, name: f.name };
    const again = (error: string) => c.html(checkoutPage(session, error, typed), 402);
    if (!luhnOk(number)) return again('Your card number is invalid.');
    const exp = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(f.exp ?? '');
    const month = Number(exp?.[1]);
    const year = exp ? Number(exp[2].length === 2 ? `20${exp[2]}` : exp[2]) : 0;
    const now = deps.now();
    if (!exp || month < 1 || month > 12) return again('Your card’s expiration date is incomplete.');
    if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))
      return again('Your card’s expiration year is in the past.');
    if (!/^\d{3,4}$/.test(f.cvc ?? '')) return again('Your card’s security code is incomplete.');
    const behaviour = behaviourOf(number);
    if (behaviour.declineNow) {
      if (session.mode === 'payment')
        await emit(st, now, 'payment_intent.payment_failed', {
          object: 'payment_intent',
          amount: session.amount_total,
          currency: session.currency,
          customer: session.customer,
          last_payment_error: { code: 'card_declined', decline_code: behaviour.declineNow },
          metadata: session.metadata,
        });
      return again(DECLINE_MESSAGES[behaviour.declineNow] ?? 'Your card was declined.');
    }
    const method = {
      id: newId('pm'),
      object: 'payment_method' as const,
      type: 'card' as const,
      customer: session.customer,
      card: { brand: brandOf(number), last4: number.slice(-4), exp_month: month, exp_year: year },
      billing_details: { name: f.name ?? null },
      created: seconds(now),
    };
    const keep = session.mode === 'setup' || session.metadata.save_card === 'true';
    if (keep)
      await st.put('card', { method, ...(behaviour.declineLater ? { declineLater: behaviour.declineLater } : {}) });
    let completed: CheckoutSession = { ...session, status: 'complete' };
    if (session.mode === 'payment') {
      const intent = paidIntent(
        session.amount_total ?? 0,
        session.currency ?? 'usd',
        session.customer,
        method.id,
        session.metadata,
      );
      await st.put('intent', intent);
      completed = { ...completed, payment_status: 'paid', payment_intent: intent.id };
      await st.put('session', completed);
      await emit(st, now, 'payment_intent.succeeded', intent);
    } else {
      completed = { ...completed, setup_intent: newId('seti') };
      await st.put('session', completed);
    }
    await emit(st, now, 'checkout.session.completed', completed);
    return c.redirect(session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id), 303);
  });

  app.post('/v1/payment_intents', async (c) => {
    const st = stateOf(c);
    const f = await formOf(c);
    const amount = amountOf(f.amount);
    if (amount === null || amount < 50) return invalid(c, 'amount', 'Amount must be at least 50 cents.');
    if (!f.currency) return invalid(c, 'currency', 'Missing required param: currency.');
    if (!f.customer || !(await st.get('customer', f.customer))) return missing(c, 'customer', f.customer ?? '');
    const card = f.payment_method ? await st.get('card', f.payment_method) : null;
    if (!card || card.method.customer !== f.customer) return missing(c, 'payment_method', f.payment_method ?? '');
    if (f.confirm !== 'true')
      return invalid(c, 'confirm', 'The sandbox confirms payment intents at once: pass confirm=true.');
    const metadata = metadataOf(f);
    if (card.declineLater) {
      const failed: PaymentIntent = {
        ...paidIntent(amount, f.currency, f.customer, card.method.id, metadata, f.description),
        status: 'requires_payment_method',
        amount_received: 0,
        last_payment_error: {
          code: 'card_declined',
          decline_code: card.declineLater,
          message: DECLINE_MESSAGES[card.declineLater],
        },
      };
      await st.put('intent', failed);
      await emit(st, deps.now(), 'payment_intent.payment_failed', failed);
      return stripeError(c, 402, 'card_error', DECLINE_MESSAGES[card.declineLater] ?? 'Your card was declined.', {
        code: 'card_declined',
        decline_code: card.declineLater,
        payment_intent: failed,
      });
    }
    const intent = paidIntent(amount, f.currency, f.customer, card.method.id, metadata, f.description);
    await st.put('intent', intent);
    await emit(st, deps.now(), 'payment_intent.succeeded', intent);
    return c.json(intent);
  });

  app.get('/v1/payment_intents/:id', async (c) => {
    const found = await stateOf(c).get('intent', c.req.param('id'));
    return found ? c.json(found) : missing(c, 'payment_intent', c.req.param('id'));
  });

  app.post('/v1/refunds', async (c) => {
    const st = stateOf(c);
    const f = await formOf(c);
    const intent = f.payment_intent ? await st.get('intent', f.payment_intent) : null;
    if (!intent) return missing(c, 'payment_intent', f.payment_intent ?? '');
    if (intent.status !== 'succeeded')
      return invalid(c, 'payment_intent', 'This payment has not succeeded: nothing to refund.');
    const refunded = (await st.all('refund'))
      .filter((r) => r.payment_intent === intent.id)
      .reduce((t, r) => t + r.amount, 0);
    const left = intent.amount_received - refunded;
    const amount = f.amount === undefined ? left : amountOf(f.amount);
    if (amount === null || amount <= 0)
      return invalid(c, 'amount', 'The refund amount must be a positive whole number of cents.');
    if (amount > left)
      return invalid(
        c,
        'amount',
        `Refund amount (${amount}) is greater than the unrefunded amount on the charge (${left}).`,
      );
    const refund = {
      id: newId('re'),
      object: 'refund' as const,
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded' as const,
      reason: f.reason ?? null,
      created: seconds(deps.now()),
    };
    await st.put('refund', refund);
    await emit(st, deps.now(), 'charge.refunded', { ...intent, amount_refunded: refunded + amount });
    return c.json(refund);
  });

  app.get('/v1/payment_methods', async (c) => {
    const customer = c.req.query('customer');
    if (!customer) return invalid(c, 'customer', 'Missing required param: customer.');
    const cards = (await stateOf(c).all('card')).filter((x) => x.method.customer === customer).map((x) => x.method);
    return c.json({ object: 'list', data: cards, has_more: false, url: '/v1/payment_methods' });
  });

  app.post('/v1/webhook_endpoints', async (c) => {
    const f = await formOf(c);
    if (!f.url || !/^https?:\/\//.test(f.url)) return invalid(c, 'url', 'Invalid URL: the endpoint must be http(s).');
    const events = Object.entries(f)
      .filter(([k]) => k.startsWith('enabled_events['))
      .map(([, v]) => v);
    if (!events.length) return invalid(c, 'enabled_events', 'Missing required param: enabled_events.');
    const secret = `whsec_${newId('x').slice(2)}${newId('x').slice(2)}`;
    const endpoint = {
      id: newId('we'),
      object: 'webhook_endpoint' as const,
      url: f.url,
      enabled_events: events,
      status: 'enabled',
    };
    await stateOf(c).put('endpoint', { endpoint, secret });
    return c.json({ ...endpoint, secret });
  });

  app.get('/v1/events', async (c) => {
    const type = c.req.query('type');
    const events = (await stateOf(c).all('event'))
      .filter((e) => !type || e.type === type)
      .sort((a, b) => b.created - a.created || b.id.localeCompare(a.id));
    return c.json({ object: 'list', data: events.slice(0, 100), has_more: events.length > 100, url: '/v1/events' });
  });

  /** Sandbox only: expire every open session of the account whose expires_at has passed. */
  app.post('/v1/sandbox/sweep', async (c) => {
    const st = stateOf(c);
    const swept: string[] = [];
    for (const session of await st.all('session')) {
      const after = await expireIfDue(st, session);
      if (after !== session) swept.push(session.id);
    }
    return c.json({ object: 'list', data: swept, has_more: false });
  });

  /** Sandbox only: forget everything the account holds. */
  app.post('/v1/sandbox/reset', async (c) => {
    await resetAccount(deps, 'payments', stateOf(c).account);
    return c.json({ reset: true });
  });
  return app;
}

function paidIntent(
  amount: number,
  currency: string,
  customer: string | null,
  paymentMethod: string,
  metadata: Record<string, string>,
  description?: string,
): PaymentIntent {
  return {
    id: newId('pi'),
    object: 'payment_intent',
    amount,
    amount_received: amount,
    currency,
    status: 'succeeded',
    customer,
    payment_method: paymentMethod,
    description: description ?? null,
    metadata,
    last_payment_error: null,
  };
}
