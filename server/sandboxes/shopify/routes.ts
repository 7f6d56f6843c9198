/**
 * Shopify, locally (/sandbox/shopify/{shop}/ stands in for https://{shop}/): the app install
 * (consent on the shop's admin, the callback signed with the app's secret, the code exchanged for
 * an offline token) and the GraphQL Admin API, executed against Shopify's schema. The sandbox's
 * partner dashboard knows one app (SANDBOX_SHOPIFY_APP); a custom app's token (shpat_ and 32 hex)
 * is accepted for any shop, as the sandbox cannot know real ones.
 *
 * GraphQL calls are priced and throttled as Shopify does (./cost.ts: a leaky bucket per shop,
 * THROTTLED with the cost extension, MAX_COST_EXCEEDED above 1,000); orders and fulfillments are
 * ./graph.ts over ./state.ts.
 */
import { createHash } from 'node:crypto';
import {
  execute,
  getOperationAST,
  GraphQLError,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
} from 'graphql';
import { Hono, type Context } from 'hono';
import { SHOPIFY_SHOP } from '../../../domain/schemas/stores.js';
import type { Deps } from '../../context.js';
import { SANDBOX_SHOPIFY_APP, signShopifyQuery } from '../../integrations/shopify/client.js';
import { consentPage, isHttpUrl } from '../consent.js';
import { faultGate } from '../faults.js';
import { resetAccount } from '../records.js';
import { signToken, verifyToken } from '../tokens.js';
import { CostBuckets, MAX_QUERY_COST, operationCost, throttleStatus } from './cost.js';
import { shopRoot } from './graph.js';
import { adminSchema } from './schema.js';

const CODE = 'sbxcode_';
const ACCESS = 'shpca_sbx';
const CUSTOM_APP_TOKEN = /^shpat_[0-9a-f]{32}$/;

const title = (shop: string) =>
  shop
    .replace(/\.myshopify\.com$/, '')
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

const costOf = (requested: number, actual: number | null, available: number) => ({
  cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: throttleStatus(available) },
});

/** Shopify's throttled answer: 200, a THROTTLED error, no data, and the bucket's state. */
const throttled = (c: Context, requested: number, available: number) =>
  c.json({
    errors: [
      {
        message: 'Throttled',
        extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
      },
    ],
    extensions: costOf(requested, null, available),
  });

export function shopifySandbox(deps: Deps): Hono {
  const app = new Hono();
  const secret = deps.config.jwtSecret;
  const now = () => deps.now().getTime();
  const shopOf = (c: Context) => c.req.param('shop') ?? '';
  const buckets = new CostBuckets();
  /** The shop a token is good for: the sandbox's own offline tokens name it; custom app tokens any. */
  const tokenFits = (c: Context): boolean => {
    const token = c.req.header('x-shopify-access-token') ?? '';
    if (CUSTOM_APP_TOKEN.test(token)) return true;
    return verifyToken(secret, ACCESS, token, 'access', 0)?.account === shopOf(c);
  };

  app.use('/:shop/*', async (c, next) => {
    if (!SHOPIFY_SHOP.test(shopOf(c))) return c.json({ errors: 'Not Found' }, 404);
    await next();
  });

  // ---- install: the merchant approves the app on the shop's admin ----
  app.get('/:shop/admin/oauth/authorize', (c) => {
    const q = c.req.query();
    if (q.client_id !== SANDBOX_SHOPIFY_APP.apiKey)
      return c.text('Oauth error invalid_request: The client_id is not a known app', 400);
    if (!isHttpUrl(q.redirect_uri) || !q.state)
      return c.text('Oauth error invalid_request: redirect_uri and state are required', 400);
    return c.html(
      consentPage({
        provider: 'Shopify',
        account: shopOf(c),
        asks: `Dockside asks to ${(q.scope ?? '').split(',').filter(Boolean).join(', ') || 'read your shop'}`,
        fields: { redirect_uri: q.redirect_uri, state: q.state },
        accent: '#95bf47',
      }),
    );
  });
  app.post('/:shop/admin/oauth/authorize', async (c) => {
    const form = await c.req.parseBody();
    const redirect = String(form.redirect_uri ?? '');
    if (!isHttpUrl(redirect) || !form.state) return c.text('Incomplete consent form', 400);
    const back = new URL(redirect);
    if (form.decision !== 'confirm') {
      // Shopify simply leaves the merchant in the admin; the sandbox sends them back saying so.
      back.searchParams.set('state', String(form.state));
      back.searchParams.set('error', 'access_denied');
      return c.redirect(back.toString(), 302);
    }
    const shop = shopOf(c);
    const params: Record<string, string> = {
      code: signToken(secret, CODE, { account: shop, use: 'code', exp: now() + 10 * 60_000 }),
      host: Buffer.from(`admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, '')}`).toString('base64url'),
      shop,
      state: String(form.state),
      timestamp: String(Math.floor(now() / 1000)),
    };
    params.hmac = signShopifyQuery(params, SANDBOX_SHOPIFY_APP.apiSecret);
    for (const [k, v] of Object.entries(params)) back.searchParams.set(k, v);
    return c.redirect(back.toString(), 302);
  });

  app.post('/:shop/admin/oauth/access_token', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    if (body.client_id !== SANDBOX_SHOPIFY_APP.apiKey || body.client_secret !== SANDBOX_SHOPIFY_APP.apiSecret)
      return c.json({ error: 'invalid_client', error_description: 'The API key or secret is not valid' }, 400);
    const account = verifyToken(secret, CODE, String(body.code ?? ''), 'code', now())?.account;
    if (account !== shopOf(c))
      return c.json(
        { error: 'invalid_request', error_description: 'The authorization code was not found or was already used' },
        400,
      );
    return c.json({
      access_token: signToken(secret, ACCESS, { account, use: 'access', exp: 0 }),
      scope: 'read_products,read_inventory,read_orders,write_orders',
    });
  });

  // ---- GraphQL Admin API ----
  app.use(
    '/:shop/admin/api/*',
    faultGate(deps, 'shopify', {
      // Shopify throttles GraphQL with a 200 and a THROTTLED error; the bucket says when to retry.
      throttle: (c) => throttled(c, 50, 0),
      error: (c) => c.json({ errors: 'Service Unavailable' }, 503),
      invalid: (c) =>
        c.json({
          errors: [
            { message: 'Invalid input: a value in the request is not valid', extensions: { code: 'BAD_REQUEST' } },
          ],
        }),
      authorised: tokenFits,
      unauthorised: (c) =>
        c.json({ errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' }, 401),
    }),
  );

  /** Sandbox only: forget what the shop holds (the next read seeds it afresh). */
  app.use('/:shop/admin/sandbox/*', async (c, next) => {
    if (!tokenFits(c))
      return c.json({ errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' }, 401);
    await next();
  });
  app.post('/:shop/admin/sandbox/reset', async (c) => {
    await resetAccount(deps, 'shopify', shopOf(c));
    return c.json({ reset: true });
  });

  app.post('/:shop/admin/api/:version/graphql.json', async (c) => {
    if (!/^\d{4}-(01|04|07|10)$/.test(c.req.param('version'))) return c.json({ errors: 'Not Found' }, 404);
    const body = (await c.req.json().catch(() => null)) as {
      query?: unknown;
      variables?: unknown;
      operationName?: unknown;
    } | null;
    if (!body || typeof body.query !== 'string')
      return c.json({ errors: { query: 'Required parameter missing or invalid' } }, 400);
    const shop = shopOf(c);
    const now = deps.now().getTime();
    let document: DocumentNode;
    try {
      document = parse(body.query);
    } catch (err) {
      return c.json({ errors: [err as GraphQLError], extensions: costOf(0, 0, buckets.available(shop, now)) });
    }
    const invalid = validate(adminSchema, document);
    if (invalid.length) return c.json({ errors: invalid, extensions: costOf(0, 0, buckets.available(shop, now)) });
    const operationName = typeof body.operationName === 'string' ? body.operationName : undefined;
    const operation = getOperationAST(document, operationName);
    if (!operation) return c.json({ errors: [{ message: 'An operation name is required' }] });
    const fragments = Object.fromEntries(
      document.definitions
        .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
        .map((d) => [d.name.value, d]),
    );
    const variables = (body.variables as Record<string, unknown> | undefined) ?? {};
    // Priced before it runs: too dear for any bucket is refused; dearer than what is left waits.
    const requested = operationCost(adminSchema, operation, fragments, variables);
    if (requested > MAX_QUERY_COST)
      return c.json({
        errors: [
          {
            message: `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).`,
            extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost: MAX_QUERY_COST },
          },
        ],
        extensions: costOf(requested, null, buckets.available(shop, now)),
      });
    if (!buckets.take(shop, requested, now)) return throttled(c, requested, buckets.available(shop, now));
    const { root, searchWarnings } = shopRoot(deps, shop, () => ({
      id: `gid://shopify/Shop/${createHash('sha256').update(shop).digest().readUInt32LE(0) % 1e8}`,
      name: title(shop),
      email: `owner@${shop}`,
      myshopifyDomain: shop,
      currencyCode: 'USD',
      ianaTimezone: 'America/New_York',
    }));
    const result = await execute({
      schema: adminSchema,
      document,
      rootValue: root,
      variableValues: variables,
      operationName,
    });
    // Charged what the answer holds: the rest of the price goes back into the bucket.
    const actual = result.data ? operationCost(adminSchema, operation, fragments, variables, result.data) : 0;
    buckets.refund(shop, Math.max(0, requested - actual), now);
    return c.json({
      ...result,
      extensions: {
        ...costOf(requested, actual, buckets.available(shop, now)),
        ...(searchWarnings.length ? { search: searchWarnings } : {}),
      },
    });
  });

  return app;
}
