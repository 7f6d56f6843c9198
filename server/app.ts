/** Builds the HTTP app without listening, so tests drive it in-process with `app.request()`. */
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv, Deps } from './context.js';
import { makeGuards } from './auth/guard.js';
import { ApiError, type RefusalKey } from './http/errors.js';
import { requestLanguage, translator } from './i18n.js';
import { mountSandboxes } from './sandboxes/index.js';
import { storeRoutes } from './modules/stores/routes.js';
import { shippingRoutes } from './modules/shipping/routes.js';
import { listingRoutes } from './modules/listings/routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import { fbmOrderRoutes } from './modules/fbm-orders/routes.js';
import { returnRoutes } from './modules/returns/routes.js';
import { fbmPickRoutes } from './modules/fbm-pick/routes.js';
import { batchVerifyRoutes } from './modules/batch-verify/routes.js';
import { fbmPackRoutes } from './modules/fbm-pack/routes.js';
import { fbmLabelRoutes } from './modules/fbm-labels/routes.js';
import { fbmShipRoutes } from './modules/fbm-ship/routes.js';
import { operationRoutes } from './modules/operations/routes.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { fbaRoutes } from './modules/fba/routes.js';
import { wfsRoutes } from './modules/wfs/routes.js';
import { benchRoutes } from './modules/bench/routes.js';
import { errorBody } from './http/respond.js';
import { checkResponses, responseSchemas } from './http/response-contracts.js';
import { validationHook } from './http/validation.js';
import { accountRoutes } from './modules/account/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { companyRoutes } from './modules/companies/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { inboundRoutes } from './modules/inbound/routes.js';
import { jobRoutes } from './modules/jobs/routes.js';
import { locationRoutes } from './modules/locations/routes.js';
import { inventoryRoutes, MARKETPLACE_REPORT_PATH } from './modules/inventory/routes.js';
import { MAX_REPORT_BYTES } from '../domain/schemas/marketplace-inventory.js';
import { productRoutes } from './modules/products/routes.js';
import { PokeHub } from './realtime/hub.js';
import { printerRoutes } from './modules/printer/routes.js';
import { problemRoutes } from './modules/problems/routes.js';
import { syncRoutes } from './sync/routes.js';
import { roleRoutes } from './modules/roles/routes.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { feeSettingsRoutes } from './modules/settings/fee-routes.js';
import { carrierRoutes } from './modules/carriers/routes.js';
import { chargeRoutes } from './modules/billing/routes.js';
import { prepMaterialRoutes } from './modules/prep-materials/routes.js';
import { freightShipmentRoutes } from './modules/freight-shipments/routes.js';
import { wfsTemplateRoutes } from './modules/wfs-templates/routes.js';
import { wfsItemSetupRoutes } from './modules/wfs-items/routes.js';
import { customsRoutes } from './modules/customs/routes.js';
import { storageChargeRoutes } from './modules/billing/storage-routes.js';
import { invoiceRoutes } from './modules/invoices/routes.js';
import { financeRoutes } from './modules/finance/routes.js';
import { planRoutes } from './modules/plans/routes.js';
import { tenantRoutes } from './modules/tenants/routes.js';
import { userRoutes } from './modules/users/routes.js';

import { isForeignKeyViolation, isUniqueViolation } from './db/pg-errors.js';

export const MAX_BODY_BYTES = 1024 * 1024;

/** PostgreSQL error codes that mean the caller's data conflicts, not that the server broke. */
function pgConflict(err: unknown): RefusalKey | null {
  if (isUniqueViolation(err)) return 'refusals.duplicateRecord';
  if (isForeignKeyViolation(err)) return 'refusals.referencedRecord';
  return null;
}

export function buildApp(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const guards = makeGuards(deps);

  const limitOf = (maxSize: number) =>
    bodyLimit({
      maxSize,
      // The rest of the body is never read: on a kept-alive connection it would be parsed as the
      // next request, so the refusal closes the connection (issue 22).
      onError: (c) => {
        c.header('Connection', 'close');
        return c.json(errorBody([`The request body is larger than ${maxSize / 1024 / 1024} MiB`]), 413);
      },
    });
  const standardLimit = limitOf(MAX_BODY_BYTES);
  // Marketplace inventory reports run to several MiB; every other request stays small.
  const reportLimit = limitOf(MAX_REPORT_BYTES);
  app.use('/api/*', (c, next) => (c.req.path === MARKETPLACE_REPORT_PATH ? reportLimit : standardLimit)(c, next));

  // Tests check every answer against its route's declared response schema (response-contracts.ts).
  if (deps.config.checkResponses) {
    let schemas: ReturnType<typeof responseSchemas> | null = null;
    app.use(
      '/api/*',
      checkResponses(() => (schemas ??= responseSchemas(app.openAPIRegistry.definitions))),
    );
  }

  app.get('/api/health', (c) => c.json({ meta: { error_list: [], info_list: [], warn_list: [] }, body: { ok: true } }));

  app.route('/', authRoutes(deps));
  app.route('/', accountRoutes(deps, guards));
  app.route('/', userRoutes(deps, guards));
  app.route('/', roleRoutes(deps, guards));
  app.route('/', tenantRoutes(deps, guards));
  app.route('/', companyRoutes(deps, guards));
  app.route('/', settingsRoutes(deps, guards));
  app.route('/', feeSettingsRoutes(deps, guards));
  app.route('/', carrierRoutes(deps, guards));
  app.route('/', prepMaterialRoutes(deps, guards));
  app.route('/', chargeRoutes(deps, guards));
  app.route('/', storageChargeRoutes(deps, guards));
  app.route('/', invoiceRoutes(deps, guards));
  app.route('/', financeRoutes(deps, guards));
  app.route('/', planRoutes(deps, guards));
  app.route('/', dashboardRoutes(deps, guards));
  app.route('/', notificationRoutes(deps, guards));
  app.route('/', inboundRoutes(deps, guards));
  app.route('/', locationRoutes(deps, guards));
  app.route('/', inventoryRoutes(deps, guards));
  app.route('/', productRoutes(deps, guards));
  app.route('/', printerRoutes(deps, guards));
  app.route('/', problemRoutes(deps, guards));
  app.route('/', jobRoutes(deps, guards));
  const hub = new PokeHub(deps);
  app.route('/', syncRoutes(deps, guards, hub));
  app.route('/', storeRoutes(deps, guards));
  app.route('/', shippingRoutes(deps, guards));
  app.route('/', listingRoutes(deps, guards));
  app.route('/', orderRoutes(deps, guards));
  app.route('/', fbmOrderRoutes(deps, guards));
  app.route('/', returnRoutes(deps, guards));
  app.route('/', fbmPickRoutes(deps, guards));
  app.route('/', batchVerifyRoutes(deps, guards));
  app.route('/', fbmPackRoutes(deps, guards));
  app.route('/', fbmLabelRoutes(deps, guards));
  app.route('/', fbmShipRoutes(deps, guards));
  app.route('/', operationRoutes(deps, guards));
  app.route('/', fbaRoutes(deps, guards));
  app.route('/', wfsRoutes(deps, guards));
  app.route('/', freightShipmentRoutes(deps, guards));
  app.route('/', wfsTemplateRoutes(deps, guards));
  app.route('/', wfsItemSetupRoutes(deps, guards));
  app.route('/', customsRoutes(deps, guards));
  app.route('/', benchRoutes(deps, guards));
  app.route('/', paymentRoutes(deps));
  mountSandboxes(app, deps);

  app.doc31('/api/docs/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Dockside provider API',
      version: '0.1.0',
      description:
        'Multi-tenant prep-centre platform API. Every response is {meta: {error_list, info_list, warn_list}, body}.',
    },
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });

  app.notFound((c) => c.json(errorBody([`No route for ${c.req.method} ${c.req.path}`]), 404));

  // Refusals are said in the request's language (issue 41), each with its code where it has one.
  app.onError((err, c) => {
    const language = requestLanguage(c);
    const said = (key: RefusalKey) => ({ message: translator(language)(key), code: key });
    if (err instanceof ApiError) {
      for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
      return c.json(errorBody(err.in(language), err.details), err.status);
    }
    if (err instanceof HTTPException) {
      // Hono raises these for malformed JSON and similar request faults.
      const status = err.status >= 400 && err.status < 500 ? err.status : 400;
      return c.json(errorBody([err.message ? err.message : said('refusals.badRequest')]), status as 400);
    }
    const conflictKey = pgConflict(err);
    if (conflictKey) return c.json(errorBody([said(conflictKey)]), 409);
    console.error('[dockside] unhandled error', c.req.method, c.req.path, err);
    return c.json(errorBody([said('refusals.serverError')]), 500);
  });

  return app;
}

export type App = ReturnType<typeof buildApp>;
