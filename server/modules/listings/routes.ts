/**
 * Listing info (spec §7 External: /api/external/amazon — listing, catalog, fees): a store's
 * listings, pulled from Amazon by a background job and searched here; one listing live with
 * Amazon's catalogue record and fees; a listing created from a product; listings imported into
 * the catalogue.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { pageRequest } from '../../../domain/paging.js';
import { jobStartedSchema } from '../../../domain/schemas/jobs.js';
import {
  listingCreateSchema,
  listingDetailSchema,
  listingImportResultSchema,
  listingImportSchema,
  listingPageSchema,
  listingQuerySchema,
  listingSubmissionResultSchema,
} from '../../../domain/schemas/listings.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, idParam, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { provideListingPull } from './pull.js';
import * as svc from './service.js';
import { walmartListingRoutes } from './walmart-routes.js';

const base = '/api/external/amazon/stores/{id}/listings';
const skuParam = idParam.extend({ sku: z.string().min(1).max(80) });
const paging = { pageNumber: z.string().optional(), pageSize: z.string().optional() };

export function listingRoutes(deps: Deps, guards: Guards) {
  provideListingPull();
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Amazon listings'];
  const read = guards.requires('amazonInventory', 'read');

  app.openapi(
    createRoute({
      method: 'get',
      path: base,
      tags,
      summary: 'The store’s listings as last pulled from Amazon, linked to the client’s products; searched and paged',
      middleware: [read],
      request: { params: idParam, query: listingQuerySchema.extend(paging) },
      responses: { ...okResponse(listingPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await svc.listListings(deps, c.get('ctx'), c.req.valid('param').id, pageRequest(q), q));
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/pull`,
      tags,
      summary: 'Pull the store’s listings from Amazon now (a background job)',
      middleware: [read],
      request: { params: idParam },
      responses: { ...okResponse(jobStartedSchema), ...errorResponses },
    }),
    async (c) => {
      const started = await svc.queueListingPull(deps, c.get('ctx'), c.req.valid('param').id, 'amazon');
      return ok(c, started, {
        status: 201,
        info: [started.queued ? 'Listings pull queued' : 'A pull for this store is already waiting'],
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/import`,
      tags,
      summary: 'Import listings into the product catalogue (those not yet linked to a product); a row report',
      middleware: [guards.requires('productCatalog', 'create')],
      request: { params: idParam, ...jsonBody(listingImportSchema) },
      responses: { ...okResponse(listingImportResultSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.importListings(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json').skus)),
  );

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
