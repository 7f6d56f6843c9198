/**
 * Customs (spec §7 Labels/customs): /api/external/ship/rate/label/customs/declaration/{a}/{b} — one
 * order's declaration, {a} the order and {b} what to give (json: the declaration as saved or
 * prefilled, with its CN22/CN23 choice and what to fix; pdf / zpl: the printed CN22/CN23);
 * …/customs/declaration — save one order's declaration; …/customs/items/default/inventory/{id} — a
 * product's customs defaults. The FBM desk's abilities guard the declaration (fbm or mfn), the
 * product catalogue's the defaults; a client reaches only its own orders and products.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  customsDeclarationSchema,
  customsDefaultsInputSchema,
  customsDefaultsSchema,
  customsDefaultsViewSchema,
  customsSaveSchema,
} from '../../../domain/schemas/customs.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, idParam, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { customsDocuments } from './documents.js';
import * as svc from './service.js';

export const CUSTOMS_PATH = '/api/external/ship/rate/label/customs';

export function customsRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Customs'];
  const desk = (a: 'read' | 'update') => guards.requiresAny(['fbm', a], ['mfn', a]);
  const catalogue = (a: 'read' | 'update') => guards.requires('productCatalog', a);

  app.openapi(
    createRoute({
      method: 'get',
      path: `${CUSTOMS_PATH}/declaration/{orderId}/{format}`,
      tags,
      summary:
        'An FBM order’s customs declaration: json (as saved, else prefilled from its lines and the products’ defaults; CN22 or CN23; what to fix), pdf or zpl (the printed CN22/CN23)',
      middleware: [desk('read')],
      request: {
        params: z.object({ orderId: z.coerce.number().int().positive(), format: z.enum(['json', 'pdf', 'zpl']) }),
      },
      responses: {
        ...okResponse(customsDeclarationSchema),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { orderId, format } = c.req.valid('param');
      if (format === 'json') return ok(c, await svc.getDeclaration(deps, c.get('ctx'), orderId));
      const doc = await customsDocuments(deps, c.get('ctx'), orderId, format);
      return c.body(doc.data as Uint8Array<ArrayBuffer>, 200, {
        'content-type': doc.contentType,
        'content-disposition': `inline; filename="${doc.fileName}"`,
        'x-customs-document': doc.documentType,
      }) as never;
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: `${CUSTOMS_PATH}/declaration`,
      tags,
      summary:
        'Save an international order’s customs declaration (400 per field; 412 when a rule is broken: EEI/ITN over USD 2,500 per HS number, IOSS, a domestic order)',
      middleware: [desk('update')],
      request: jsonBody(customsSaveSchema),
      responses: { ...okResponse(customsDeclarationSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.saveDeclaration(deps, c.get('ctx'), c.req.valid('json'))),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${CUSTOMS_PATH}/items/default/inventory/{id}`,
      tags,
      summary: 'A product’s customs defaults (description, HS code, origin, value and weight per unit), if saved',
      middleware: [catalogue('read')],
      request: { params: idParam },
      responses: { ...okResponse(customsDefaultsViewSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.getDefaults(deps, c.get('ctx'), c.req.valid('param').id)),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: `${CUSTOMS_PATH}/items/default/inventory/{id}`,
      tags,
      summary: 'Save a product’s customs defaults; an order’s declaration is prefilled from them',
      middleware: [catalogue('update')],
      request: { params: idParam, ...jsonBody(customsDefaultsInputSchema) },
      responses: { ...okResponse(customsDefaultsSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.putDefaults(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json'))),
  );
  return app;
}
