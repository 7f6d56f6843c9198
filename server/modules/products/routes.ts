import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { pageRequest } from '../../../domain/paging.js';
import {
  distinctValuesSchema,
  nextMskuSchema,
  PRODUCT_TYPES,
  productCodeInputSchema,
  productDeletedSchema,
  productDetailSchema,
  productInputSchema,
  productPageSchema,
} from '../../../domain/schemas/products.js';
import type { Guards } from '../../auth/guard.js';
import type { AppEnv, Deps } from '../../context.js';
import { errorResponses, idParam, jsonBody, okResponse, pathId } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import * as svc from './service.js';

export function productRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Product catalogue'];
  const base = '/api/product/products';
  const g = (a: 'read' | 'create' | 'update' | 'delete') => guards.requires('productCatalog', a);

  app.openapi(
    createRoute({
      method: 'get',
      path: base,
      tags,
      summary: 'Products of the caller’s scope (clients: their own), by title or any code',
      middleware: [g('read')],
      request: {
        query: z.object({
          pageNumber: z.string().optional(),
          pageSize: z.string().optional(),
          q: z.string().max(100).optional(),
          companyId: z.coerce.number().int().positive().optional(),
          productType: z.enum(['all', ...PRODUCT_TYPES]).optional(),
        }),
      },
      responses: { ...okResponse(productPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await svc.listProducts(deps, c.get('ctx'), pageRequest(q), q));
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: base,
      tags,
      summary: 'Create a product (or a bundle / multi-pack with its items)',
      middleware: [g('create')],
      request: jsonBody(productInputSchema),
      responses: { ...okResponse(productDetailSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.createProduct(deps, c.get('ctx'), c.req.valid('json')), {
        status: 201,
        info: ['Product created'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/next-msku`,
      tags,
      summary: 'The next merchant SKU of a client by its MSKUFORMULA setting',
      middleware: [g('read')],
      request: { query: z.object({ companyId: z.coerce.number().int().positive().optional() }) },
      responses: { ...okResponse(nextMskuSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.nextMerchantSku(deps, c.get('ctx'), c.req.valid('query').companyId)),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{id}`,
      tags,
      summary: 'A product with its codes and bundle items',
      middleware: [g('read')],
      request: { params: idParam },
      responses: { ...okResponse(productDetailSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.getProduct(deps, c.get('ctx'), c.req.valid('param').id)),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: `${base}/{id}`,
      tags,
      summary: 'Edit a product',
      middleware: [g('update')],
      request: { params: idParam, ...jsonBody(productInputSchema) },
      responses: { ...okResponse(productDetailSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.updateProduct(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), {
        info: ['Product saved'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: `${base}/{id}`,
      tags,
      summary: 'Delete a product that no bundle uses',
      middleware: [g('delete')],
      request: { params: idParam },
      responses: { ...okResponse(productDeletedSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.deleteProduct(deps, c.get('ctx'), c.req.valid('param').id), { info: ['Product deleted'] }),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/product/upc-and-codes/{id}',
      tags,
      summary: 'Add a code (UPC, EAN, other) to product {id}',
      middleware: [g('update')],
      request: { params: idParam, ...jsonBody(productCodeInputSchema) },
      responses: { ...okResponse(productDetailSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.addCode(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), {
        status: 201,
        info: ['Code added'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/api/product/upc-and-codes/{id}/{codeId}',
      tags,
      summary: 'Remove an extra code of product {id}',
      middleware: [g('update')],
      request: {
        params: idParam.extend({ codeId: pathId('codeId') }),
      },
      responses: { ...okResponse(productDetailSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.removeCode(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('param').codeId), {
        info: ['Code removed'],
      }),
  );
  for (const column of ['category', 'manufacturer'] as const) {
    app.openapi(
      createRoute({
        method: 'get',
        path: `/api/product/${column}`,
        tags,
        summary: `The ${column} values in use`,
        middleware: [g('read')],
        responses: { ...okResponse(distinctValuesSchema), ...errorResponses },
      }),
      async (c) => ok(c, await svc.distinctValues(deps, c.get('ctx'), column)),
    );
  }
  return app;
}
