/**
 * Stores of the common hub (/api/common/stores): warehouse staff with Merchant Connect manage
 * every client's stores; a client's users (common) manage their own company's. Credentials go in
 * and never come out; the Amazon consent flow starts here and comes back to the callback.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { deletedSchema } from '../../../domain/schemas/common.js';
import {
  authorizeUrlSchema,
  connectionTestSchema,
  integrationCallSchema,
  isAmazon,
  providerOf,
  storeCreateSchema,
  storeCredentialsSchema,
  storeRowSchema,
  storeSettingsSchema,
  storeUpdateSchema,
} from '../../../domain/schemas/stores.js';
import { jobStartedSchema } from '../../../domain/schemas/jobs.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, idParam, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { businessRule } from '../../http/errors.js';
import * as svc from './service.js';
import { amazonCallback, authorizeAmazon } from './amazon.js';
import { callbackPath } from './authorization.js';
import { authorizeEbay, ebayCallback } from './ebay.js';
import { authorizeShopify, shopifyCallback } from './shopify.js';
import { testConnection } from './test-connection.js';
import { replaceCredentials } from './credentials.js';
import { provideFbaInventoryPull, provideScheduledPulls } from './fba-inventory.js';
import { accountRoutes } from './account-routes.js';
import { sandboxRoutes } from './sandbox-routes.js';

const base = '/api/common/stores';

export function storeRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Stores'];
  provideFbaInventoryPull();
  provideScheduledPulls();
  const can = (a: 'read' | 'create' | 'update' | 'delete') => guards.requiresAny(['merchantConnect', a], ['common', a]);
  const support = guards.requires('admin', 'manage', { warehouseOnly: true });
  const origin = (url: string) => new URL(url).origin;

  // The consent pages' redirects: browser navigations without a Dockside token (the state names the store).
  app.get(callbackPath('amazon'), async (c) =>
    c.redirect(await amazonCallback(deps, c.req.query(), origin(c.req.url)), 302),
  );
  app.get(callbackPath('ebay'), async (c) =>
    c.redirect(await ebayCallback(deps, c.req.query(), origin(c.req.url)), 302),
  );
  app.get(callbackPath('shopify'), async (c) => c.redirect(await shopifyCallback(deps, c.req.query()), 302));

  app.openapi(
    createRoute({
      method: 'get',
      path: base,
      tags,
      summary: 'Stores (warehouse: every client’s, or one client’s; a client: its own)',
      middleware: [can('read')],
      request: { query: z.object({ companyId: z.coerce.number().int().positive().optional() }) },
      responses: { ...okResponse(z.array(storeRowSchema)), ...errorResponses },
    }),
    async (c) => ok(c, await svc.listStores(deps, c.get('ctx'), c.req.valid('query').companyId)),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{id}`,
      tags,
      summary: 'One store and its connection health',
      middleware: [can('read')],
      request: { params: idParam },
      responses: { ...okResponse(storeRowSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.getStore(deps.db, c.get('ctx'), c.req.valid('param').id)),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: base,
      tags,
      summary: 'Add a store for a client',
      middleware: [can('create')],
      request: jsonBody(storeCreateSchema),
      responses: { ...okResponse(storeRowSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.createStore(deps, c.get('ctx'), c.req.valid('json')), { status: 201, info: ['Store added'] }),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: `${base}/{id}`,
      tags,
      summary: 'Rename a store or move it between sandbox and production',
      middleware: [can('update')],
      request: { params: idParam, ...jsonBody(storeUpdateSchema) },
      responses: { ...okResponse(storeRowSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.updateStore(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), {
        info: ['Store saved'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: `${base}/{id}/settings`,
      tags,
      summary:
        'The store’s own settings: eBay Logistics for an eBay store (on when the warehouse’s keyset is approved for it; a connected production store then reconnects to grant it)',
      middleware: [can('update')],
      request: { params: idParam, ...jsonBody(storeSettingsSchema) },
      responses: { ...okResponse(storeRowSchema), ...errorResponses },
    }),
    async (c) => {
      const { store, message, reconnect } = await svc.setStoreSettings(
        deps,
        c.get('ctx'),
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      return ok(c, store, reconnect ? { warn: [message] } : { info: [message] });
    },
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: `${base}/{id}`,
      tags,
      summary: 'Remove a store (its credentials go with it)',
      middleware: [can('delete')],
      request: { params: idParam },
      responses: { ...okResponse(deletedSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.deleteStore(deps, c.get('ctx'), c.req.valid('param').id), { info: ['Store removed'] }),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: `${base}/{id}/credentials`,
      tags,
      summary:
        'Enter or rotate the store’s credentials (write-only: never answered back). They are tried with a real call to the marketplace first and replace the stored ones only once it answers; a refusal (412) leaves the store as it was',
      middleware: [can('update')],
      request: { params: idParam, ...jsonBody(storeCredentialsSchema) },
      responses: { ...okResponse(storeRowSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await replaceCredentials(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), {
        info: ['Credentials tried and stored: the store is connected'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{id}/authorize`,
      tags,
      summary: 'Start the marketplace’s sign-in (Amazon, eBay, Shopify): the page to send the seller to',
      middleware: [can('update')],
      request: { params: idParam },
      responses: { ...okResponse(authorizeUrlSchema), ...errorResponses },
    }),
    async (c) => {
      const ctx = c.get('ctx');
      const id = c.req.valid('param').id;
      const store = await svc.getStore(deps.db, ctx, id);
      const at = origin(c.req.url);
      switch (providerOf(store.marketplace)) {
        case 'amazon':
          return ok(c, await authorizeAmazon(deps, ctx, id, at));
        case 'ebay':
          return ok(c, await authorizeEbay(deps, ctx, id, at));
        case 'shopify':
          return ok(c, await authorizeShopify(deps, ctx, id, at));
        default:
          throw businessRule('A Walmart store connects with its client id and secret: enter them instead');
      }
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{id}/test`,
      tags,
      summary: 'Test the connection with a real call to the provider',
      middleware: [can('update')],
      request: { params: idParam },
      responses: { ...okResponse(connectionTestSchema), ...errorResponses },
    }),
    async (c) => ok(c, await testConnection(deps, c.get('ctx'), c.req.valid('param').id)),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{id}/pull/fba-inventory`,
      tags,
      summary: 'Pull the store’s FBA inventory from Amazon now (a background job)',
      middleware: [can('update')],
      request: { params: idParam },
      responses: { ...okResponse(jobStartedSchema), ...errorResponses },
    }),
    async (c) => {
      const ctx = c.get('ctx');
      const store = await svc.getStore(deps.db, ctx, c.req.valid('param').id);
      if (!isAmazon(store.marketplace)) throw businessRule('Only Amazon stores have FBA inventory');
      if (store.connection === 'not_connected') throw businessRule('Connect the store to Amazon first');
      const jobId = await deps.jobs.enqueue(
        'stores.pull-fba-inventory',
        { tenantId: ctx.tenantId, storeId: store.id },
        { tenantId: ctx.tenantId, startedBy: ctx.userId, singletonKey: `fba-inventory:${store.id}` },
      );
      return ok(
        c,
        { jobId, queued: jobId !== null },
        {
          status: 201,
          info: [jobId ? 'FBA inventory pull queued' : 'A pull for this store is already waiting'],
        },
      );
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{id}/calls`,
      tags,
      summary: 'Calls made to the provider for this store, newest first (masked; for support)',
      middleware: [support],
      request: { params: idParam, query: z.object({ limit: z.coerce.number().int().min(1).max(500).optional() }) },
      responses: { ...okResponse(z.array(integrationCallSchema)), ...errorResponses },
    }),
    async (c) => ok(c, await svc.listCalls(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('query').limit)),
  );
  app.route('/', accountRoutes(deps, guards));
  app.route('/', sandboxRoutes(deps, guards));
  return app;
}
