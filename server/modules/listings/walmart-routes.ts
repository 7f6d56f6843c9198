/**
 * WFS listing info (spec /apps/outbound/wfs-listing-info/:storeId?/:msku?): a Walmart store's
 * items, pulled from Walmart by the same background job as Amazon listings and searched here; one
 * item live from Walmart; items imported into the catalogue; a product listed on Walmart by item
 * feed (walmart-create.ts), followed as an operation.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  walmartItemCreateSchema,
  walmartItemDetailSchema,
  walmartItemSubmittedSchema,
} from '../../../domain/schemas/listings.js';
import { envelope } from '../../../domain/envelope.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { envelopeOf, errorResponses, idParam, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { addStoreListingRoutes } from './store-listing-routes.js';
import { walmartItemDetail } from './walmart-service.js';
import { createWalmartItem, listenForWalmartFeeds } from './walmart-create.js';

const base = '/api/external/walmart/stores/{id}/items';
const skuParam = idParam.extend({ sku: z.string().min(1).max(80) });

export function walmartListingRoutes(deps: Deps, guards: Guards) {
  listenForWalmartFeeds();
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Walmart items'];
  const read = guards.requires('wfs', 'read');

  addStoreListingRoutes(app, deps, guards, {
    base,
    tags,
    marketplace: 'walmart',
    read,
    noun: 'items',
    provider: 'Walmart',
  });

  app.openapi(
    createRoute({
      method: 'post',
      path: base,
      tags,
      summary:
        'List a product on Walmart (an item feed: WFS or seller-fulfilled); 202 with the operation that follows the feed',
      description:
        'Refuses at once what Walmart would refuse (no UPC/EAN/GTIN, no weight, a WFS item without dimensions). Walmart processes the feed later: follow GET /api/common/stores/{id}/operations/{operationId} — SUCCESS puts the item in the list, FAILED carries Walmart’s errors per SKU.',
      middleware: [guards.requires('wfs', 'create')],
      request: { params: idParam, ...jsonBody(walmartItemCreateSchema) },
      responses: {
        202: {
          description: 'Walmart took the feed; the operation follows it',
          content: { 'application/json': { schema: envelopeOf(walmartItemSubmittedSchema) } },
        },
        ...errorResponses,
      },
    }),
    async (c) => {
      const result = await createWalmartItem(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json'));
      return c.json(envelope(result, { info_list: [{ message: 'Walmart is processing the item feed' }] }), 202);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{sku}`,
      tags,
      summary: 'One item live from Walmart: its record, who fulfils it, its status and shelf',
      middleware: [read],
      request: { params: skuParam },
      responses: { ...okResponse(walmartItemDetailSchema), ...errorResponses },
    }),
    async (c) => {
      const p = c.req.valid('param');
      return ok(c, await walmartItemDetail(deps, c.get('ctx'), p.id, p.sku));
    },
  );
  return app;
}
