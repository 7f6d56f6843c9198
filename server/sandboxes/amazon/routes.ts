/**
 * Amazon, locally (/sandbox/amazon/): Login with Amazon's token endpoint, Seller Central's consent
 * page and the SP-API operations Dockside uses, at Amazon's own paths and in Amazon's shapes, so
 * the real client (server/integrations/amazon) runs against it unchanged. Any well-formed app
 * credentials are accepted — a local sandbox cannot know real ones — but codes and tokens are the
 * sandbox's own, signed and expiring, and a wrong one gets Amazon's refusal.
 */
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { Deps } from '../../context.js';
import { lwaTokenSchema } from '../../integrations/amazon/models.js';
import { consentPage } from '../consent.js';
import { faultGate } from '../faults.js';
import { signToken, verifyToken } from '../tokens.js';
import { resetAccount } from '../records.js';
import { inboundRoutes } from './inbound.js';
import { listingRoutes } from './listings.js';
import { orderRoutes } from './orders.js';
import { mfnRoutes } from './mfn.js';
import { reportRoutes } from './reports.js';
import { fbaInventoryOf } from './state.js';

const CODE = 'ANsbx';
const REFRESH = 'Atzr|sbx.';
const ACCESS = 'Atza|sbx.';
const HOUR = 3600;

const lwaError = (c: Context, status: 400 | 401, error: string, description: string) =>
  c.json({ error, error_description: description }, status);
const spError = (
  c: Context,
  status: 400 | 403 | 404 | 429 | 500 | 503,
  code: string,
  message: string,
  details?: string,
) => c.json({ errors: [{ code, message, ...(details ? { details } : {}) }] }, status);

/** Amazon's client ids look like this; the secret is any non-trivial string. */
const wellFormedApp = (clientId: string | undefined, secret: string | undefined) =>
  !!clientId && clientId.startsWith('amzn1.application-oa2-client.') && !!secret && secret.length >= 8;

export function amazonSandbox(deps: Deps): Hono {
  const app = new Hono();
  const secret = deps.config.jwtSecret;
  const now = () => deps.now().getTime();

  // ---- Login with Amazon ----
  app.post('/auth/o2/token', async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const f = (k: string) => (typeof form[k] === 'string' ? (form[k] as string) : undefined);
    if (!wellFormedApp(f('client_id'), f('client_secret')))
      return lwaError(c, 401, 'invalid_client', 'Client authentication failed');
    const grant = f('grant_type');
    let account: string | null = null;
    if (grant === 'authorization_code') {
      const code = f('code');
      if (!code || !f('redirect_uri')) return lwaError(c, 400, 'invalid_request', 'code and redirect_uri are required');
      account = verifyToken(secret, CODE, code, 'code', now())?.account ?? null;
      if (!account) return lwaError(c, 400, 'invalid_grant', 'The authorization code is invalid or expired');
    } else if (grant === 'refresh_token') {
      const token = f('refresh_token');
      if (!token) return lwaError(c, 400, 'invalid_request', 'refresh_token is required');
      account = verifyToken(secret, REFRESH, token, 'refresh', 0)?.account ?? null;
      if (!account)
        return lwaError(c, 400, 'invalid_grant', 'The request has an invalid grant parameter : refresh_token');
    } else {
      return lwaError(c, 400, 'unsupported_grant_type', `grant_type ${grant ?? '(none)'} is not supported`);
    }
    const body = lwaTokenSchema.parse({
      access_token: signToken(secret, ACCESS, { account, use: 'access', exp: now() + HOUR * 1000 }),
      token_type: 'bearer',
      expires_in: HOUR,
      ...(grant === 'authorization_code'
        ? { refresh_token: signToken(secret, REFRESH, { account, use: 'refresh', exp: 0 }) }
        : {}),
    });
    return c.json(body);
  });

  // ---- Seller Central consent (the seller authorises the app) ----
  app.get('/apps/authorize/consent', (c) => {
    const q = c.req.query();
    const redirect = q.redirect_uri;
    if (!q.application_id?.startsWith('amzn1.sp.solution.') || !q.state || !redirect || !/^https?:\/\//.test(redirect))
      return c.html(
        html`<!doctype html><title>Amazon sandbox</title>
          <p>This authorisation link is incomplete: it needs application_id, state and redirect_uri.</p>`,
        400,
      );
    // Each authorisation gets a seller id of its own, so sandbox sellers never share state.
    const seller = `A${signToken(secret, '', { account: q.state, use: 'seller', exp: 0 })
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(-12)
      .toUpperCase()}`;
    return c.html(
      consentPage({
        provider: 'Amazon Seller Central',
        account: seller,
        asks: 'Dockside asks to read your orders, listings and FBA inventory and to create inbound shipments',
        fields: { redirect_uri: redirect, state: q.state, selling_partner_id: seller },
        accent: '#ffd814',
      }),
    );
  });
  app.post('/apps/authorize/consent', async (c) => {
    const form = await c.req.parseBody();
    const redirect = String(form.redirect_uri ?? '');
    const state = String(form.state ?? '');
    const seller = String(form.selling_partner_id ?? '');
    if (!/^https?:\/\//.test(redirect) || !state || !seller) return c.text('Incomplete consent form', 400);
    const back = new URL(redirect);
    back.searchParams.set('state', state);
    if (form.decision !== 'confirm') {
      back.searchParams.set('error', 'access_denied');
      return c.redirect(back.toString(), 302);
    }
    back.searchParams.set('selling_partner_id', seller);
    back.searchParams.set(
      'spapi_oauth_code',
      signToken(secret, CODE, { account: seller, use: 'code', exp: now() + 5 * 60_000 }),
    );
    return c.redirect(back.toString(), 302);
  });

  // ---- SP-API: every call carries the LWA access token ----
  const sellerOf = (c: Context): string | null =>
    verifyToken(secret, ACCESS, c.req.header('x-amz-access-token') ?? '', 'access', now())?.account ?? null;

  const gate = faultGate(deps, 'amazon', {
    throttle: (c) => {
      c.header('x-amzn-RateLimit-Limit', '0.5');
      return spError(c, 429, 'QuotaExceeded', 'You exceeded your quota for the requested resource.');
    },
    error: (c) => spError(c, 503, 'ServiceUnavailable', 'Service temporarily unavailable. Please try again.'),
    invalid: (c) => spError(c, 400, 'InvalidInput', 'Invalid input', 'A value in the request is not valid.'),
    authorised: (c) => !!sellerOf(c),
    unauthorised: (c) =>
      spError(
        c,
        403,
        'Unauthorized',
        'Access to requested resource is denied.',
        'The access token you provided is revoked, malformed or invalid.',
      ),
  });
  app.use('/fba/*', gate);
  app.use('/inbound/*', gate);
  app.use('/listings/*', gate);
  app.use('/catalog/*', gate);
  app.use('/products/*', gate);
  app.use('/orders/*', gate);
  app.use('/mfn/*', gate);
  app.use('/reports/*', gate);
  inboundRoutes(app, deps, sellerOf, spError);
  listingRoutes(app, deps, sellerOf, spError);
  orderRoutes(app, deps, sellerOf, spError);
  mfnRoutes(app, deps, sellerOf, spError);
  reportRoutes(app, deps, sellerOf, spError);

  app.get('/fba/inventory/v1/summaries', async (c) => {
    const q = c.req.query();
    if (q.granularityType !== 'Marketplace')
      return spError(c, 400, 'InvalidInput', 'Invalid granularityType', 'granularityType must be Marketplace.');
    const marketplaceIds = (q.marketplaceIds ?? '').split(',').filter(Boolean);
    if (!q.granularityId || marketplaceIds.length !== 1 || marketplaceIds[0] !== q.granularityId)
      return spError(
        c,
        400,
        'InvalidInput',
        'Invalid marketplaceIds',
        'Give one marketplace id, the same as granularityId.',
      );
    const all = await fbaInventoryOf(deps, sellerOf(c)!, q.granularityId);
    const pageSize = 50;
    const start = q.nextToken ? Number(Buffer.from(q.nextToken, 'base64url').toString('utf8')) : 0;
    if (!Number.isInteger(start) || start < 0 || start > all.length)
      return spError(c, 400, 'InvalidInput', 'Invalid nextToken', 'The nextToken is not one this operation issued.');
    const page = all.slice(start, start + pageSize);
    const details = q.details === 'true';
    const next =
      start + pageSize < all.length ? Buffer.from(String(start + pageSize)).toString('base64url') : undefined;
    return c.json({
      payload: {
        granularity: { granularityType: 'Marketplace', granularityId: q.granularityId },
        inventorySummaries: page.map((s) => (details ? s : { ...s, inventoryDetails: undefined })),
      },
      ...(next ? { pagination: { nextToken: next } } : {}),
    });
  });

  /** Sandbox only: forget everything a seller account holds (the next read seeds it afresh). */
  app.post('/sandbox/reset', async (c) => {
    const seller = sellerOf(c);
    if (!seller) return spError(c, 403, 'Unauthorized', 'Access to requested resource is denied.');
    await resetAccount(deps, 'amazon', seller);
    return c.json({ reset: true });
  });

  return app;
}
