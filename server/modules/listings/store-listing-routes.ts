/**
 * The routes every marketplace's listings share (Amazon listings, Walmart items): the store's
 * listings as last pulled, searched and paged; a pull on request (a background job); listings
 * imported into the catalogue. Each marketplace's routes file adds what is its own (creating a
 * listing, one listing live).
 */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { pageRequest } from '../../../domain/paging.js';
import { jobStartedSchema } from '../../../domain/schemas/jobs.js';
import {
  listingImportResultSchema,
  listingImportSchema,
  listingPageSchema,
  listingQuerySchema,
} from '../../../domain/schemas/listings.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, idParam, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { importListings, listListings, queueListingPull, type ListingMarketplace } from './service.js';

const paging = { pageNumber: z.string().optional(), pageSize: z.string().optional() };

export function addStoreListingRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: Deps,
  guards: Guards,
  o: {
    base: string;
    tags: string[];
    marketplace: ListingMarketplace;
    /** Who may read the store's listings and pull them. */
    read: MiddlewareHandler<AppEnv>;
    /** The marketplace's words: "listings" / "Amazon", "items" / "Walmart". */
    noun: string;
    provider: string;
  },
) {
  const Noun = o.noun[0].toUpperCase() + o.noun.slice(1);
  app.openapi(
    createRoute({
      method: 'get',
      path: o.base,
      tags: o.tags,
      summary: `The store’s ${o.provider} ${o.noun} as last pulled, linked to the client’s products; searched and paged`,
      middleware: [o.read],
      request: { params: idParam, query: listingQuerySchema.extend(paging) },
      responses: { ...okResponse(listingPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const storeId = c.req.valid('param').id;
      return ok(c, await listListings(deps, c.get('ctx'), storeId, pageRequest(q), q, o.marketplace));
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${o.base}/pull`,
      tags: o.tags,
      summary: `Pull the store’s ${o.noun} from ${o.provider} now (a background job)`,
      middleware: [o.read],
      request: { params: idParam },
      responses: { ...okResponse(jobStartedSchema), ...errorResponses },
    }),
    async (c) => {
      const started = await queueListingPull(deps, c.get('ctx'), c.req.valid('param').id, o.marketplace);
      return ok(c, started, {
        status: 201,
        info: [started.queued ? `${Noun} pull queued` : 'A pull for this store is already waiting'],
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${o.base}/import`,
      tags: o.tags,
      summary: `Import ${o.provider} ${o.noun} into the product catalogue (those not yet linked to a product); a row report`,
      middleware: [guards.requires('productCatalog', 'create')],
      request: { params: idParam, ...jsonBody(listingImportSchema) },
      responses: { ...okResponse(listingImportResultSchema), ...errorResponses },
    }),
    async (c) => {
      const storeId = c.req.valid('param').id;
      return ok(c, await importListings(deps, c.get('ctx'), storeId, c.req.valid('json').skus, o.marketplace));
    },
  );
}
