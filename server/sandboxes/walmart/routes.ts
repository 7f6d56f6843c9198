/**
 * Walmart, locally (/sandbox/walmart/): the token API and the Fulfillment (WFS) operations Dockside
 * uses, at Walmart's paths and in its shapes. Walmart issues each seller a client id (a UUID) and
 * secret; the sandbox accepts any pair of that form — it cannot know real ones — and refuses a
 * malformed pair, a missing or forged token and a call without Walmart's required headers as
 * Walmart does.
 */
import { Hono, type Context } from 'hono';
import type { Deps } from '../../context.js';
import { walmartTokenSchema } from '../../integrations/walmart/models.js';
import { faultGate } from '../faults.js';
import { resetAccount } from '../records.js';
import { signToken, verifyToken } from '../tokens.js';
import { inboundShipmentsOf } from './state.js';
import { mountWalmartItems } from './items.js';
import { mountWalmartOrders } from './orders.js';
import { mountWalmartFeeds } from './feeds.js';
import { wfsInboundRoutes } from './inbound-routes.js';
import { wfsCarrierRoutes } from './carrier-routes.js';
import { mountWalmartShippingLabels } from './shipping-labels.js';

const ACCESS = 'wmsbx.';
const TOKEN_SECONDS = 900;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * The APIs behind the token: /v3/fulfillment/*, /v3/orders(/*), /v3/items(/*), /v3/feeds(/*) and
 * Ship With Walmart's /v3/shipping/*.
 */
const GATED = '/v3/:api{fulfillment|orders|items|feeds|shipping}/*';

type Status = 400 | 401 | 404 | 429 | 500 | 503;
const wmError = (c: Context, status: Status, code: string, description: string, info?: string, field?: string) =>
  c.json(
    {
      errors: [
        {
          code,
          ...(field ? { field } : {}),
          description,
          ...(info ? { info } : {}),
          severity: 'ERROR',
          category: status >= 500 ? 'SYSTEM' : 'DATA',
          causes: [],
        },
      ],
    },
    status,
  );

const unauthorised = (c: Context) =>
  wmError(c, 401, 'UNAUTHORIZED.GMP_GATEWAY_API', 'Unauthorized', 'Unauthorized token or credentials.', 'UNAUTHORIZED');

/** Walmart refuses calls without its service name and correlation id headers. */
const missingHeaders = (c: Context) =>
  !c.req.header('WM_SVC.NAME')
    ? 'WM_SVC.NAME'
    : !c.req.header('WM_QOS.CORRELATION_ID')
      ? 'WM_QOS.CORRELATION_ID'
      : null;

export function walmartSandbox(deps: Deps): Hono {
  const app = new Hono();
  const secret = deps.config.jwtSecret;
  const now = () => deps.now().getTime();
  const accountOf = (c: Context): string | null =>
    verifyToken(secret, ACCESS, c.req.header('WM_SEC.ACCESS_TOKEN') ?? '', 'access', now())?.account ?? null;

  app.post('/v3/token', async (c) => {
    const missing = missingHeaders(c);
    if (missing) return wmError(c, 400, 'INVALID_REQUEST_HEADER.GMP_GATEWAY_API', `${missing} header is required`);
    const basic = /^Basic (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const [clientId, clientSecret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
    if (!clientId || !UUID.test(clientId) || !clientSecret || clientSecret.length < 16) return unauthorised(c);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    if (form.grant_type !== 'client_credentials')
      return wmError(
        c,
        400,
        'INVALID_REQUEST_CONTENT.GMP_GATEWAY_API',
        'grant_type must be client_credentials',
        undefined,
        'grant_type',
      );
    return c.json(
      walmartTokenSchema.parse({
        access_token: signToken(secret, ACCESS, {
          account: clientId.toLowerCase(),
          use: 'access',
          exp: now() + TOKEN_SECONDS * 1000,
        }),
        token_type: 'Bearer',
        expires_in: TOKEN_SECONDS,
      }),
    );
  });

  // The fault gate and the header check guard each Walmart API served past the token: WFS
  // (fulfillment), Orders and Items.
  app.use(
    GATED,
    faultGate(deps, 'walmart', {
      throttle: (c) => {
        c.header('x-current-token-count', '0');
        c.header('x-next-replenish-time', String(now() + 1000));
        return wmError(
          c,
          429,
          'REQUEST_THRESHOLD_VIOLATED.GMP_GATEWAY_API',
          'Too Many Requests',
          'Request threshold violated.',
        );
      },
      error: (c) =>
        wmError(c, 503, 'SERVICE_UNAVAILABLE.GMP_GATEWAY_API', 'Service Unavailable', 'Please try again later.'),
      invalid: (c) =>
        wmError(
          c,
          400,
          'INVALID_REQUEST_CONTENT.GMP_GATEWAY_API',
          'Invalid request',
          'A value in the request is not valid.',
        ),
      authorised: (c) => !!accountOf(c),
      unauthorised,
    }),
  );
  app.use(GATED, async (c, next) => {
    const missing = missingHeaders(c);
    if (missing) return wmError(c, 400, 'INVALID_REQUEST_HEADER.GMP_GATEWAY_API', `${missing} header is required`);
    await next();
  });

  // Orders API v3 and Items API v3 (orders.ts, items.ts).
  mountWalmartOrders(app, deps, { accountOf, error: wmError });
  mountWalmartItems(app, deps, { accountOf, error: wmError });
  // Feeds: item setup by feed and its progress (feeds.ts).
  mountWalmartFeeds(app, deps, { accountOf, error: wmError });
  // Ship With Walmart: estimates and labels for seller-fulfilled orders (shipping-labels.ts).
  mountWalmartShippingLabels(app, deps, { accountOf, error: wmError });
  // WFS inbound orders and Walmart Preferred Carrier (inbound-routes.ts, carrier-routes.ts); mounted
  // before getInboundShipments below, whose list they keep up to the sandbox clock.
  wfsInboundRoutes(app, deps, accountOf);
  wfsCarrierRoutes(app, deps, accountOf);

  app.get('/v3/fulfillment/inbound-shipments', async (c) => {
    const q = c.req.query();
    const offset = Number(q.offset ?? 0);
    const limit = Number(q.limit ?? 10);
    if (!Number.isInteger(offset) || offset < 0)
      return wmError(
        c,
        400,
        'INVALID_REQUEST_CONTENT.GMP_GATEWAY_API',
        'offset must be a whole number',
        undefined,
        'offset',
      );
    if (!Number.isInteger(limit) || limit < 1 || limit > 50)
      return wmError(
        c,
        400,
        'INVALID_REQUEST_CONTENT.GMP_GATEWAY_API',
        'limit must be between 1 and 50',
        undefined,
        'limit',
      );
    const all = (await inboundShipmentsOf(deps, accountOf(c)!))
      .filter((s) => !q.shipmentId || s.shipmentId === q.shipmentId)
      .filter((s) => !q.inboundOrderId || s.inboundOrderId === q.inboundOrderId)
      .filter((s) => !q.status || s.status === q.status)
      .sort((a, b) => (b.createdDate ?? '').localeCompare(a.createdDate ?? ''));
    return c.json({ headers: { totalCount: all.length, limit, offset }, payload: all.slice(offset, offset + limit) });
  });

  /** Sandbox only: forget everything the account holds (the next read seeds it afresh). */
  app.post('/v3/sandbox/reset', async (c) => {
    const account = accountOf(c);
    if (!account) return unauthorised(c);
    await resetAccount(deps, 'walmart', account);
    return c.json({ reset: true });
  });

  return app;
}
