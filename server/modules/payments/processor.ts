/**
 * The warehouse's card processor: its own account from Company Credentials, or — without one, when
 * the sandboxes are on — the local sandbox under a key of its own (derived from the server secret,
 * so no other tenant can reach its sandbox account). In sandbox mode Dockside registers its own
 * webhook endpoint there once and keeps the signing secret sealed; a production account's signing
 * secret is the one entered in Company Credentials.
 */
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../context.js';
import { open, seal } from '../../crypto/secret-box.js';
import { paymentWebhooks } from '../../db/schema/index.js';
import { businessRule } from '../../http/errors.js';
import { ProviderFailure } from '../../integrations/http.js';
import { PaymentsClient } from '../../integrations/payments/client.js';
import { accountValues } from '../stores/accounts.js';
import { callLog, clientOverrides, sandboxBase } from '../stores/connection.js';

export const PAYMENTS_URL = 'https://api.stripe.com';
/** The events Dockside listens to. */
export const WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.expired',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.refunded',
];

export const webhookPath = (tenantId: number) => `/api/webhooks/payments/${tenantId}`;

const sandboxKey = (deps: Deps, tenantId: number) =>
  `sk_test_${createHmac('sha256', deps.config.jwtSecret).update(`payments-sandbox/${tenantId}`).digest('hex').slice(0, 32)}`;

export interface Processor {
  client: PaymentsClient;
  sandbox: boolean;
  /** The secret webhook deliveries are signed with (null: none known yet). */
  webhookSecret: () => Promise<string | null>;
}

export async function processorFor(deps: Deps, tenantId: number): Promise<Processor> {
  const account = await accountValues(deps, tenantId, 'payments');
  const log = callLog(deps, { id: null, tenantId, companyId: null });
  if (account?.secretKey)
    return {
      client: new PaymentsClient({ baseUrl: PAYMENTS_URL, secretKey: account.secretKey, log, ...clientOverrides }),
      sandbox: false,
      webhookSecret: async () => account.webhookSecret ?? null,
    };
  if (!deps.config.sandbox)
    throw businessRule('Enter the warehouse’s card payment keys in Company Credentials to take card payments');
  return {
    client: new PaymentsClient({
      baseUrl: `${sandboxBase(deps)}/sandbox/payments`,
      secretKey: sandboxKey(deps, tenantId),
      log,
      ...clientOverrides,
    }),
    sandbox: true,
    webhookSecret: async () => {
      const [row] = await deps.db.select().from(paymentWebhooks).where(eq(paymentWebhooks.tenantId, tenantId));
      return row ? open(deps.config.jwtSecret, row.sealedSecret) : null;
    },
  };
}

/**
 * Sandbox mode: registers Dockside's webhook endpoint with the sandbox once per tenant (the
 * sandbox then signs every delivery with the secret it gave). A production account's endpoint is
 * set up in the processor's dashboard, its secret entered in Company Credentials.
 */
export async function ensureSandboxWebhook(deps: Deps, tenantId: number): Promise<void> {
  const p = await processorFor(deps, tenantId);
  if (!p.sandbox || (await p.webhookSecret())) return;
  const url = `${sandboxBase(deps)}${webhookPath(tenantId)}`;
  const endpoint = await p.client.createWebhookEndpoint(url, WEBHOOK_EVENTS);
  await deps.db
    .insert(paymentWebhooks)
    .values({ tenantId, endpointId: endpoint.id, url, sealedSecret: seal(deps.config.jwtSecret, endpoint.secret!) })
    .onConflictDoNothing();
}

/** Company Credentials' "Test connection" for the card processor: the account's balance. */
export async function testPayments(deps: Deps, tenantId: number): Promise<{ ok: boolean; message: string }> {
  const { client, sandbox } = await processorFor(deps, tenantId);
  try {
    const balance = await client.balance();
    const usd = balance.available.find((b) => b.currency === 'usd')?.amount ?? 0;
    return {
      ok: true,
      message: `The card processor answered${sandbox ? ' (local sandbox)' : ''}: available balance ${(usd / 100).toFixed(2)} USD`,
    };
  } catch (err) {
    if (!(err instanceof ProviderFailure)) throw err;
    return { ok: false, message: err.messages.join('; ') };
  }
}
