/**
 * Prep materials and cost groups (spec §7: /api/prep-material/prep-material-item, /inventory,
 * /purchase; /api/finance/cost-group). Warehouse staff only: clients get 403.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { pageRequest } from '../../../domain/paging.js';
import { deletedSchema } from '../../../domain/schemas/common.js';
import {
  costGroupInputSchema,
  costGroupPageSchema,
  costGroupSchema,
  PREP_MATERIAL_KINDS,
  prepMaterialInputSchema,
  prepMaterialPageSchema,
  prepMaterialPurchaseInputSchema,
  prepMaterialCountInputSchema,
  prepMaterialCountSchema,
  prepMaterialPurchasePageSchema,
  prepMaterialPurchaseSchema,
  prepMaterialSchema,
  prepMaterialStockPageSchema,
} from '../../../domain/schemas/prep-materials.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, idParam, jsonBody, okResponse, optionalQueryId } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import * as svc from './service.js';

export function prepMaterialRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const g = (a: 'read' | 'create' | 'update' | 'delete') =>
    guards.requires('prepMaterials', a, { warehouseOnly: true });

  // ------------------------------------------------------------ cost groups
  {
    const tags = ['Cost groups'];
    const base = '/api/finance/cost-group';
    app.openapi(
      createRoute({
        method: 'get',
        path: base,
        tags,
        summary: 'Cost groups of the warehouse (they group prep materials and charge codes)',
        middleware: [g('read')],
        request: {
          query: z.object({
            pageNumber: z.string().optional(),
            pageSize: z.string().optional(),
            q: z.string().max(100).optional(),
          }),
        },
        responses: { ...okResponse(costGroupPageSchema), ...errorResponses },
      }),
      async (c) => {
        const q = c.req.valid('query');
        return ok(c, await svc.listCostGroups(deps, c.get('ctx'), pageRequest(q), q));
      },
    );
    app.openapi(
      createRoute({
        method: 'get',
        path: `${base}/{id}`,
        tags,
        summary: 'One cost group',
        middleware: [g('read')],
        request: { params: idParam },
        responses: { ...okResponse(costGroupSchema), ...errorResponses },
      }),
      async (c) => ok(c, await svc.getCostGroup(deps, c.get('ctx'), c.req.valid('param').id)),
    );
    app.openapi(
      createRoute({
        method: 'post',
        path: base,
        tags,
        summary: 'Create a cost group',
        middleware: [g('create')],
        request: jsonBody(costGroupInputSchema),
        responses: { ...okResponse(costGroupSchema), ...errorResponses },
      }),
      async (c) =>
        ok(c, await svc.saveCostGroup(deps, c.get('ctx'), c.req.valid('json')), {
          status: 201,
          info: ['Cost group created'],
        }),
    );
    app.openapi(
      createRoute({
        method: 'put',
        path: `${base}/{id}`,
        tags,
        summary: 'Edit a cost group',
        middleware: [g('update')],
        request: { params: idParam, ...jsonBody(costGroupInputSchema) },
        responses: { ...okResponse(costGroupSchema), ...errorResponses },
      }),
      async (c) =>
        ok(c, await svc.saveCostGroup(deps, c.get('ctx'), c.req.valid('json'), c.req.valid('param').id), {
          info: ['Cost group saved'],
        }),
    );
    app.openapi(
      createRoute({
        method: 'delete',
        path: `${base}/{id}`,
        tags,
        summary: 'Delete a cost group that groups no material',
        middleware: [g('delete')],
        request: { params: idParam },
        responses: { ...okResponse(deletedSchema), ...errorResponses },
      }),
      async (c) =>
        ok(c, await svc.deleteCostGroup(deps, c.get('ctx'), c.req.valid('param').id), {
          info: ['Cost group deleted'],
        }),
    );
  }

  // ------------------------------------------------------------ materials
  const tags = ['Prep materials'];
  const base = '/api/prep-material';
  const listQuery = z.object({
    pageNumber: z.string().optional(),
    pageSize: z.string().optional(),
    q: z.string().max(60).optional(),
    qCostGroupId: optionalQueryId('qCostGroupId'),
    kind: z.enum(PREP_MATERIAL_KINDS).optional(),
    active: z.enum(['true', 'false']).optional(),
    lowStock: z.enum(['true', 'false']).optional(),
  });

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/prep-material-item`,
      tags,
      summary: 'Prep material items with their stock on hand and low-stock flag',
      middleware: [g('read')],
      request: { query: listQuery },
      responses: { ...okResponse(prepMaterialPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await svc.listMaterials(deps, c.get('ctx'), pageRequest(q), q));
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/prep-material-item/{id}`,
      tags,
      summary: 'One prep material item',
      middleware: [g('read')],
      request: { params: idParam },
      responses: { ...okResponse(prepMaterialSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.getMaterial(deps, c.get('ctx'), c.req.valid('param').id)),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/prep-material-item`,
      tags,
      summary: 'Create a prep material item (code unique per warehouse: 409 when taken)',
      middleware: [g('create')],
      request: jsonBody(prepMaterialInputSchema),
      responses: { ...okResponse(prepMaterialSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.saveMaterial(deps, c.get('ctx'), c.req.valid('json')), {
        status: 201,
        info: ['Prep material created'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: `${base}/prep-material-item/{id}`,
      tags,
      summary: 'Edit a prep material item',
      middleware: [g('update')],
      request: { params: idParam, ...jsonBody(prepMaterialInputSchema) },
      responses: { ...okResponse(prepMaterialSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.saveMaterial(deps, c.get('ctx'), c.req.valid('json'), c.req.valid('param').id), {
        info: ['Prep material saved'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: `${base}/prep-material-item/{id}`,
      tags,
      summary: 'Delete a prep material item without stock history (412 otherwise: make it inactive)',
      middleware: [g('delete')],
      request: { params: idParam },
      responses: { ...okResponse(deletedSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.deleteMaterial(deps, c.get('ctx'), c.req.valid('param').id), {
        info: ['Prep material deleted'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/inventory`,
      tags,
      summary: 'Stock on hand per material (sum of the movement ledger), low stock first',
      middleware: [g('read')],
      request: { query: listQuery },
      responses: { ...okResponse(prepMaterialStockPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await svc.listStock(deps, c.get('ctx'), pageRequest(q), q));
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/purchase`,
      tags,
      summary: 'Purchases of prep materials, newest first',
      middleware: [g('read')],
      request: {
        query: z.object({
          pageNumber: z.string().optional(),
          pageSize: z.string().optional(),
          qPrepMaterialId: optionalQueryId('qPrepMaterialId'),
        }),
      },
      responses: { ...okResponse(prepMaterialPurchasePageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await svc.listPurchases(deps, c.get('ctx'), pageRequest(q), q));
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/purchase`,
      tags,
      summary: 'Record a purchase: stock in, and the material’s last cost',
      middleware: [g('create')],
      request: jsonBody(prepMaterialPurchaseInputSchema),
      responses: { ...okResponse(prepMaterialPurchaseSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.recordPurchase(deps, c.get('ctx'), c.req.valid('json')), {
        status: 201,
        info: ['Purchase recorded'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/inventory/count`,
      tags,
      summary: 'Record a count of a material: the difference from the ledger is booked as an adjustment',
      middleware: [g('update')],
      request: jsonBody(prepMaterialCountInputSchema),
      responses: { ...okResponse(prepMaterialCountSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.recordCount(deps, c.get('ctx'), c.req.valid('json')), { info: ['Count recorded'] }),
  );
  return app;
}
