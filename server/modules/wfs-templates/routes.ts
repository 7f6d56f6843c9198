/**
 * WFS shipping templates (spec §7 Walmart fulfillment: "settings shipping templates — get,
 * create, update, delete by id"; the spec names no exact path, so they live at
 * /api/outbound/wfs/shipping-templates). The wfs ability guards them; warehouse staff manage every
 * template of the tenant, a client its own company's (the tenant-wide ones read-only).
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { pageRequest } from '../../../domain/paging.js';
import { deletedSchema } from '../../../domain/schemas/common.js';
import {
  wfsTemplateInputSchema,
  wfsTemplatePageSchema,
  wfsTemplateSchema,
} from '../../../domain/schemas/wfs-templates.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, idParam, jsonBody, okResponse, optionalQueryId, pagingQuery } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import * as svc from './service.js';

export const WFS_TEMPLATES_PATH = '/api/outbound/wfs/shipping-templates';

export function wfsTemplateRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const g = (a: 'read' | 'create' | 'update' | 'delete') => guards.requires('wfs', a);
  const tags = ['WFS shipping templates'];
  const base = WFS_TEMPLATES_PATH;

  app.openapi(
    createRoute({
      method: 'get',
      path: base,
      tags,
      summary:
        'Shipping templates for Walmart inbound shipments (a client: its own and the warehouse’s shared ones); companyId: one client’s and the shared ones',
      middleware: [g('read')],
      request: {
        query: pagingQuery.extend({ q: z.string().max(100).optional(), companyId: optionalQueryId('companyId') }),
      },
      responses: { ...okResponse(wfsTemplatePageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await svc.listTemplates(deps, c.get('ctx'), pageRequest(q), q));
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{id}`,
      tags,
      summary: 'One shipping template',
      middleware: [g('read')],
      request: { params: idParam },
      responses: { ...okResponse(wfsTemplateSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.getTemplate(deps, c.get('ctx'), c.req.valid('param').id)),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: base,
      tags,
      summary:
        'Create a shipping template (name unique per client, or among the shared ones: 409; isDefault clears the previous default)',
      middleware: [g('create')],
      request: jsonBody(wfsTemplateInputSchema),
      responses: { ...okResponse(wfsTemplateSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.saveTemplate(deps, c.get('ctx'), c.req.valid('json')), {
        status: 201,
        info: ['Shipping template created'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: `${base}/{id}`,
      tags,
      summary: 'Edit a shipping template (clients: their own only, 403 for a shared one)',
      middleware: [g('update')],
      request: { params: idParam, ...jsonBody(wfsTemplateInputSchema) },
      responses: { ...okResponse(wfsTemplateSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.saveTemplate(deps, c.get('ctx'), c.req.valid('json'), c.req.valid('param').id), {
        info: ['Shipping template saved'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: `${base}/{id}`,
      tags,
      summary: 'Delete a shipping template (clients: their own only, 403 for a shared one)',
      middleware: [g('delete')],
      request: { params: idParam },
      responses: { ...okResponse(deletedSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.deleteTemplate(deps, c.get('ctx'), c.req.valid('param').id), {
        info: ['Shipping template deleted'],
      }),
  );
  return app;
}
