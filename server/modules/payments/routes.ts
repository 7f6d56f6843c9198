/**
 * Card payments' public door: the processor's webhook deliveries. (Deposits to Shipping Label
 * Funds and card payment of invoices are billing's screens, built on processor.ts.)
 */
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../context.js';
import { ok } from '../../http/respond.js';
import { badRequest } from '../../http/errors.js';
import { receiveWebhook, SIGNATURE_HEADER } from './webhook.js';

export function paymentRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // No Dockside sign-in: the processor calls, and its signature is the proof.
  app.post('/api/webhooks/payments/:tenantId', async (c) => {
    const tenantId = Number(c.req.param('tenantId'));
    if (!Number.isInteger(tenantId) || tenantId < 1) throw badRequest('tenantId: a positive whole number');
    return ok(c, await receiveWebhook(deps, tenantId, await c.req.text(), c.req.header(SIGNATURE_HEADER)));
  });
  return app;
}
