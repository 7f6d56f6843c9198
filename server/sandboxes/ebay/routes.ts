/**
 * eBay, locally (/sandbox/ebay/): the consent page (auth.ebay.com/oauth2/authorize), the Identity
 * token endpoint and the Sell Fulfillment operations Dockside uses, at eBay's paths and in its
 * shapes. Any well-formed keyset is accepted (a local sandbox cannot know real ones); codes and
 * tokens are the sandbox's own, signed and expiring. One difference from eBay: eBay maps the
 * RuName in `redirect_uri` to the app's registered accept URL; the sandbox, having no registry,
 * takes the accept URL itself as the RuName. Orders and shipping fulfillments are ./orders.ts over
 * ./state.ts (orders that arrive as the sandbox clock moves). Scopes are kept as eBay keeps them
 * (./scopes.ts): granted at consent, carried by the tokens, needed by each API, Limited Release
 * ones (eBay Logistics) for approved keysets only.
 */
import { Hono, type Context } from 'hono';
import type { Deps } from '../../context.js';
import { oauthTokenSchema } from '../../integrations/oauth.js';
import { consentPage, isHttpUrl, sellerFromState } from '../consent.js';
import { faultGate } from '../faults.js';
import { resetAccount } from '../records.js';
import { signToken, verifyToken } from '../tokens.js';
import { accessDenied, apiError } from './errors.js';
import { consentWords, INVALID_SCOPE, parseScopes, permits, refreshScopes, scopeRefusal } from './scopes.js';
import { ebayFulfillmentRoutes } from './orders.js';
import { ebayLogisticsRoutes } from './logistics.js';

const CODE = 'v^1.1#i^1#sbx.';
const REFRESH = 'v^1.1#i^1#r^1#sbx.';
const ACCESS = 'v^1.1#i^1#p^3#sbx.';
const ACCESS_SECONDS = 7200;
const REFRESH_SECONDS = 47_304_000;

const oauthError = (c: Context, status: 400 | 401, error: string, description: string) =>
  c.json({ error, error_description: description }, status);

/** eBay keysets look like `Name-App-SBX-hex-hex` / `-PRD-`; the secret starts with SBX-/PRD-. */
const wellFormedApp = (id: string | undefined, secret: string | undefined) =>
  !!id && /-(SBX|PRD)-/.test(id) && !!secret && /^(SBX|PRD)-/.test(secret) && secret.length >= 12;

const parseBasic = (c: Context): [string?, string?] => {
  const b = /^Basic (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  if (!b) return [];
  const decoded = Buffer.from(b, 'base64').toString('utf8');
  const at = decoded.indexOf(':');
  return at < 0 ? [] : [decoded.slice(0, at), decoded.slice(at + 1)];
};

export function ebaySandbox(deps: Deps): Hono {
  const app = new Hono();
  const secret = deps.config.jwtSecret;
  const now = () => deps.now().getTime();
  const accessOf = (c: Context) => {
    const bearer = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    return verifyToken(secret, ACCESS, bearer, 'access', now());
  };
  const sellerOf = (c: Context): string | null => accessOf(c)?.account ?? null;

  /**
   * A user access token for the seller, with a new refresh token when a code is exchanged; both
   * carry the scopes granted (undefined: a token from before the sandbox kept them).
   */
  const tokens = (seller: string, withRefresh: boolean, scope: string | undefined) =>
    oauthTokenSchema.parse({
      access_token: signToken(secret, ACCESS, {
        account: seller,
        use: 'access',
        exp: now() + ACCESS_SECONDS * 1000,
        scope,
      }),
      expires_in: ACCESS_SECONDS,
      ...(withRefresh
        ? {
            refresh_token: signToken(secret, REFRESH, {
              account: seller,
              use: 'refresh',
              exp: now() + REFRESH_SECONDS * 1000,
              scope,
            }),
            refresh_token_expires_in: REFRESH_SECONDS,
          }
        : {}),
      token_type: 'User Access Token',
    });

  /** The app's redirect with OAuth's error: eBay will not grant the scopes asked. */
  const scopeRefused = (c: Context, redirect: string, state: string | undefined) => {
    const back = new URL(redirect);
    back.searchParams.set('error', 'invalid_scope');
    back.searchParams.set('error_description', INVALID_SCOPE);
    if (state) back.searchParams.set('state', state);
    return c.redirect(back.toString(), 302);
  };

  // ---- the seller's consent ----
  app.get('/oauth2/authorize', async (c) => {
    const q = c.req.query();
    if (!q.client_id || q.response_type !== 'code' || !q.scope || !isHttpUrl(q.redirect_uri))
      return c.text('invalid_request: client_id, redirect_uri, response_type=code and scope are required', 400);
    const scopes = parseScopes(q.scope);
    if (await scopeRefusal(deps, q.client_id, scopes)) return scopeRefused(c, q.redirect_uri, q.state);
    const seller = sellerFromState(secret, 'sbx_seller_', q.state ?? q.client_id, 8).toLowerCase();
    return c.html(
      consentPage({
        provider: 'eBay',
        account: seller,
        asks: consentWords(scopes),
        fields: {
          client_id: q.client_id,
          scope: scopes.join(' '),
          redirect_uri: q.redirect_uri,
          state: q.state ?? '',
          seller,
        },
        accent: '#3665f3',
      }),
    );
  });
  app.post('/oauth2/authorize', async (c) => {
    const form = await c.req.parseBody();
    const redirect = String(form.redirect_uri ?? '');
    const seller = String(form.seller ?? '');
    const clientId = String(form.client_id ?? '');
    const scopes = parseScopes(String(form.scope ?? ''));
    if (!isHttpUrl(redirect) || !seller || !clientId) return c.text('Incomplete consent form', 400);
    const state = form.state ? String(form.state) : undefined;
    // The form's scopes are the browser's to change: held to the keyset again.
    if (await scopeRefusal(deps, clientId, scopes)) return scopeRefused(c, redirect, state);
    const back = new URL(redirect);
    if (state) back.searchParams.set('state', state);
    if (form.decision !== 'confirm') {
      back.searchParams.set('error', 'access_denied');
      return c.redirect(back.toString(), 302);
    }
    back.searchParams.set(
      'code',
      signToken(secret, CODE, { account: seller, use: 'code', exp: now() + 299_000, scope: scopes.join(' ') }),
    );
    back.searchParams.set('expires_in', '299');
    return c.redirect(back.toString(), 302);
  });

  // ---- Identity: tokens ----
  app.post('/identity/v1/oauth2/token', async (c) => {
    const [id, appSecret] = parseBasic(c);
    if (!wellFormedApp(id, appSecret)) return oauthError(c, 401, 'invalid_client', 'client authentication failed');
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const f = (k: string) => (typeof form[k] === 'string' ? (form[k] as string) : undefined);
    if (f('grant_type') === 'authorization_code') {
      const code = verifyToken(secret, CODE, f('code') ?? '', 'code', now());
      if (!f('redirect_uri')) return oauthError(c, 400, 'invalid_request', 'redirect_uri is required');
      if (!code)
        return oauthError(
          c,
          400,
          'invalid_grant',
          'the provided authorization grant code is invalid or was issued to another client',
        );
      return c.json(tokens(code.account, true, code.scope));
    }
    if (f('grant_type') === 'refresh_token') {
      const refresh = verifyToken(secret, REFRESH, f('refresh_token') ?? '', 'refresh', now());
      if (!refresh)
        return oauthError(
          c,
          400,
          'invalid_grant',
          'the provided authorization refresh token is invalid or was issued to another client',
        );
      // The same scopes as the consent, or fewer: never more.
      const scope = refreshScopes(refresh.scope, f('scope'));
      if (scope === null) return oauthError(c, 400, 'invalid_scope', INVALID_SCOPE);
      return c.json(tokens(refresh.account, false, scope));
    }
    return oauthError(
      c,
      400,
      'unsupported_grant_type',
      'grant type in request is not supported by the authorization server',
    );
  });

  // ---- Sell Fulfillment ----
  app.use(
    '/sell/*',
    faultGate(deps, 'ebay', {
      throttle: (c) =>
        apiError(c, 429, 2001, 'Too many requests.', 'The request limit has been reached for the resource.'),
      error: (c) =>
        apiError(c, 503, 2003, 'Internal error.', 'There was a problem with an eBay internal system or process.'),
      invalid: (c) => apiError(c, 400, 30700, 'Invalid input.', 'A value in the request is not valid.'),
      authorised: (c) => !!sellerOf(c),
      unauthorised: (c) =>
        apiError(
          c,
          401,
          1001,
          'Invalid access token',
          'Invalid access token. Check the value of the Authorization HTTP request header.',
        ),
    }),
  );

  // A token without the API's scope: eBay's 403 (after the token is known good, before the call's checks).
  app.use('/sell/*', async (c, next) => {
    if (!permits(c, accessOf(c)?.scope)) return accessDenied(c);
    await next();
  });

  ebayFulfillmentRoutes(app, deps, (c) => sellerOf(c)!);
  // Logistics (v1_beta): shipping quotes and labels (logistics.ts).
  ebayLogisticsRoutes(app, deps, (c) => sellerOf(c)!);

  /** Sandbox only: forget everything the seller holds (the next read seeds it afresh). */
  app.post('/sell/sandbox/reset', async (c) => {
    await resetAccount(deps, 'ebay', sellerOf(c)!);
    return c.json({ reset: true });
  });

  return app;
}
