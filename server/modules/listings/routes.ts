/**
 * Listing info (spec §7 External: /api/external/amazon — listing, catalog, fees): a store's
 * listings, pulled from Amazon by a background job and searched here; one listing live with
 * Amazon's catalogue record and fees; a listing created from a product; listings imported into
 * the catalogue.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  listingCreateSchema,
  listingDetailSchema,
  listingSubmissionResultSchema,
} from '../../../domain/schemas/listings.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, idParam, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { provideListingPull } from './pull.js';
import * as svc from './service.js';
import { addStoreListingRoutes } from './store-listing-routes.js';
import { walmartListingRoutes } from './walmart-routes.js';

const base = '/api/external/amazon/stores/{id}/listings';
const skuParam = idParam.extend({ sku: z.string().min(1).max(80) });

export function listingRoutes(deps: Deps, guards: Guards) {
  provideListingPull();
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Amazon listings'];
  const read = guards.requires('amazonInventory', 'read');

  addStoreListingRoutes(app, deps, guards, {
    base,
    tags,
    marketplace: 'amazon',
    read,
    noun: 'listings',
    provider: 'Amazon',
  });

  app.openapi(
    createRoute({
      method: 'post',
      path: base,
      tags,
      summary:
        'List a product on Amazon (an offer on its ASIN, or a new product by its UPC); Amazon’s issues when refused',
      middleware: [guards.requires('amazonInventory', 'create')],
      request: { params: idParam, ...jsonBody(listingCreateSchema) },
      responses: { ...okResponse(listingSubmissionResultSchema), ...errorResponses },
    }),
    async (c) => {
      const result = await svc.createListing(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json'));
      return ok(c, result, result.status === 'ACCEPTED' ? { status: 201 } : {});
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{sku}`,
      tags,
      summary: 'One listing live from Amazon, with its catalogue record and Amazon’s fees at its price',
      middleware: [read],
      request: { params: skuParam },
      responses: { ...okResponse(listingDetailSchema), ...errorResponses },
    }),
    async (c) => {
      const p = c.req.valid('param');
      return ok(c, await svc.listingDetail(deps, c.get('ctx'), p.id, p.sku));
    },
  );
  app.route('/', walmartListingRoutes(deps, guards));
  return app;
}
