/**
 * The warehouse's carriers (spec §7: carriers /api/common/carrier). Managing them — the list with
 * account numbers, add, edit, deactivate, delete — asks for the generalSettings right (warehouse
 * staff: Settings › Carriers). Choosing one asks only to be signed in to the tenant:
 * /api/common/carrier/options gives the active carriers' names, codes, services and tracking pages,
 * never an account number, to floor staff and clients alike.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  carrierInputSchema,
  carrierListQuerySchema,
  carrierListSchema,
  carrierOptionListSchema,
  carrierSchema,
} from '../../../domain/schemas/carriers.js';
import { deletedSchema } from '../../../domain/schemas/common.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, idParam, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import * as svc from './service.js';

export const CARRIERS_PATH = '/api/common/carrier';

export function carrierRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const manage = (a: 'read' | 'create' | 'update' | 'delete') =>
    guards.requires('generalSettings', a, { warehouseOnly: true });
  const tags = ['Carriers'];
  const base = CARRIERS_PATH;

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/options`,
      tags,
      summary:
        'The active carriers to choose from (mark shipped, own-carrier tracking, shipping templates, own labels): names, codes, services and tracking pages, no account numbers',
      middleware: [guards.authenticate],
      request: { query: carrierListQuerySchema },
      responses: { ...okResponse(carrierOptionListSchema), ...errorResponses },
    }),
    async (c) => {
      const ctx = c.get('ctx');
      return ok(c, await svc.carrierOptions(deps.db, ctx.tenantId, c.req.valid('query').q));
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: base,
      tags,
      summary: 'Every carrier of the warehouse with its account number, active first (generalSettings read)',
      middleware: [manage('read')],
      request: { query: carrierListQuerySchema },
      responses: { ...okResponse(carrierListSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.listCarriers(deps, c.get('ctx'), c.req.valid('query').q)),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{id}`,
      tags,
      summary: 'One carrier',
      middleware: [manage('read')],
      request: { params: idParam },
      responses: { ...okResponse(carrierSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.getCarrier(deps, c.get('ctx'), c.req.valid('param').id)),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: base,
      tags,
      summary: 'Add a carrier (its name and code once per warehouse, regardless of case: 409)',
      middleware: [manage('create')],
      request: jsonBody(carrierInputSchema),
      responses: { ...okResponse(carrierSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.saveCarrier(deps, c.get('ctx'), c.req.valid('json')), {
        status: 201,
        info: ['Carrier added'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: `${base}/{id}`,
      tags,
      summary: 'Edit a carrier; active: false takes it off the lists carriers are chosen from',
      middleware: [manage('update')],
      request: { params: idParam, ...jsonBody(carrierInputSchema) },
      responses: { ...okResponse(carrierSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.saveCarrier(deps, c.get('ctx'), c.req.valid('json'), c.req.valid('param').id), {
        info: ['Carrier saved'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: `${base}/{id}`,
      tags,
      summary: 'Delete a carrier (what shipped with it keeps the carrier’s name)',
      middleware: [manage('delete')],
      request: { params: idParam },
      responses: { ...okResponse(deletedSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.deleteCarrier(deps, c.get('ctx'), c.req.valid('param').id), {
        info: ['Carrier deleted'],
      }),
  );
  return app;
}
