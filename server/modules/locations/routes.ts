import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { pageRequest } from '../../../domain/paging.js';
import {
  generatorResultSchema,
  generatorSchema,
  LOCATION_TYPE_NAMES,
  locationImportResultSchema,
  locationInputSchema,
  locationPageSchema,
  locationRecordSchema,
} from '../../../domain/schemas/locations.js';
import { deletedSchema } from '../../../domain/schemas/common.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, fileUploadBody, idParam, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import * as svc from './service.js';
import * as lpn from './lpn.js';
import * as designs from './designs.js';
import {
  designDeletedSchema,
  locationDesignSchema,
  printingLocationDesignSchema,
  savedLocationDesignSchema,
} from '../../../domain/schemas/label-designs.js';
import {
  lpnCodeSchema,
  lpnCreatedSchema,
  lpnCreateSchema,
  lpnMoveResultSchema,
  lpnMoveSchema,
  lpnNestResultSchema,
  lpnNestSchema,
  lpnPageSchema,
} from '../../../domain/schemas/lpn.js';
import { uploadText } from '../../http/upload-text.js';

export function locationRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Warehouse locations'];
  const base = '/api/warehouse-location';
  const g = (a: 'read' | 'create' | 'update' | 'delete') => guards.requires('wms', a, { warehouseOnly: true });
  const listQuery = z.object({
    pageNumber: z.string().optional(),
    pageSize: z.string().optional(),
    q: z.string().max(60).optional(),
    type: z.enum(LOCATION_TYPE_NAMES as [string, ...string[]]).optional(),
    active: z.enum(['true', 'false']).optional(),
  });

  app.openapi(
    createRoute({
      method: 'get',
      path: base,
      tags,
      summary: 'Locations of the warehouse',
      middleware: [g('read')],
      request: { query: listQuery },
      responses: { ...okResponse(locationPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await svc.listLocations(deps, c.get('ctx'), pageRequest(q), q));
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: base,
      tags,
      summary: 'Create a location',
      middleware: [g('create')],
      request: jsonBody(locationInputSchema),
      responses: { ...okResponse(locationRecordSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.saveLocation(deps, c.get('ctx'), c.req.valid('json')), {
        status: 201,
        info: ['Location created'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: `${base}/{id}`,
      tags,
      summary: 'Edit a location',
      middleware: [g('update')],
      request: { params: idParam, ...jsonBody(locationInputSchema) },
      responses: { ...okResponse(locationRecordSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.saveLocation(deps, c.get('ctx'), c.req.valid('json'), c.req.valid('param').id), {
        info: ['Location saved'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: `${base}/{id}`,
      tags,
      summary: 'Delete an empty location without children',
      middleware: [g('delete')],
      request: { params: idParam },
      responses: { ...okResponse(deletedSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.deleteLocation(deps, c.get('ctx'), c.req.valid('param').id), { info: ['Location deleted'] }),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/generate`,
      tags,
      summary: 'Bulk generator: preview (preview=true) or create all the locations, or none',
      middleware: [g('create')],
      request: { query: z.object({ preview: z.enum(['true', 'false']).optional() }), ...jsonBody(generatorSchema) },
      responses: { ...okResponse(generatorResultSchema), ...errorResponses },
    }),
    async (c) => {
      const preview = c.req.valid('query').preview === 'true';
      const result = await svc.generate(deps, c.get('ctx'), c.req.valid('json'), preview);
      return ok(c, result, preview ? {} : { status: 201, info: [`${result.created} locations created`] });
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/export`,
      tags,
      summary: 'All locations as CSV',
      middleware: [g('read')],
      responses: {
        200: { description: 'A CSV file', content: { 'text/csv': { schema: z.string() } } },
        ...errorResponses,
      },
    }),
    async (c) =>
      c.body(await svc.exportCsv(deps, c.get('ctx')), 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="dockside-locations.csv"',
      }),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/import`,
      tags,
      summary:
        'Import locations from CSV (multipart field "file"): new codes created, known codes updated; all rows or none',
      middleware: [g('create')],
      request: {
        ...fileUploadBody('the CSV'),
      },
      responses: { ...okResponse(locationImportResultSchema), ...errorResponses },
    }),
    async (c) => {
      const result = await svc.importCsv(deps, c.get('ctx'), await uploadText(c.req.valid('form').file));
      return ok(c, result, { info: [`${result.created} created, ${result.updated} updated`] });
    },
  );
  const designBase = `${base}/barcode-designs`;
  app.openapi(
    createRoute({
      method: 'get',
      path: designBase,
      tags,
      summary: 'Location barcode designs of the tenant',
      middleware: [g('read')],
      responses: { ...okResponse(z.array(savedLocationDesignSchema)), ...errorResponses },
    }),
    async (c) => ok(c, await designs.listDesigns(deps, c.get('ctx'))),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: `${designBase}/default`,
      tags,
      summary: 'The design location labels print with',
      middleware: [g('read')],
      responses: { ...okResponse(printingLocationDesignSchema), ...errorResponses },
    }),
    async (c) => ok(c, await designs.defaultDesign(deps, c.get('ctx'))),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: designBase,
      tags,
      summary: 'Save a new design',
      middleware: [g('create')],
      request: jsonBody(locationDesignSchema),
      responses: { ...okResponse(savedLocationDesignSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await designs.saveDesign(deps, c.get('ctx'), c.req.valid('json')), { status: 201, info: ['Design saved'] }),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: `${designBase}/{id}`,
      tags,
      summary: 'Change a design',
      middleware: [g('update')],
      request: { params: idParam, ...jsonBody(locationDesignSchema) },
      responses: { ...okResponse(savedLocationDesignSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await designs.saveDesign(deps, c.get('ctx'), c.req.valid('json'), c.req.valid('param').id), {
        info: ['Design saved'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: `${designBase}/{id}`,
      tags,
      summary: 'Delete a design',
      middleware: [g('delete')],
      request: { params: idParam },
      responses: { ...okResponse(designDeletedSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await designs.deleteDesign(deps, c.get('ctx'), c.req.valid('param').id), { info: ['Design deleted'] }),
  );
  const lpnBase = '/api/warehouse/location/lpn';
  // (A fresh string schema carries the OpenAPI metadata; the domain's is applied by pipe.)
  const codeParam = z.object({
    code: z
      .string()
      .openapi({ param: { name: 'code', in: 'path' } })
      .pipe(lpnCodeSchema),
  });
  app.openapi(
    createRoute({
      method: 'get',
      path: lpnBase,
      tags,
      summary: 'License plates (LPNs)',
      middleware: [g('read')],
      request: {
        query: z.object({
          pageNumber: z.string().optional(),
          pageSize: z.string().optional(),
          q: z.string().max(40).optional(),
          locationCode: z.string().max(40).optional(),
        }),
      },
      responses: { ...okResponse(lpnPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await lpn.listLpns(deps, c.get('ctx'), pageRequest(q), q));
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: lpnBase,
      tags,
      summary: 'Create LPNs in bulk (consecutive codes)',
      middleware: [g('create')],
      request: jsonBody(lpnCreateSchema),
      responses: { ...okResponse(lpnCreatedSchema), ...errorResponses },
    }),
    async (c) => {
      const result = await lpn.createLpns(deps, c.get('ctx'), c.req.valid('json'));
      return ok(c, result, { status: 201, info: [`${result.created} LPNs created`] });
    },
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: `${lpnBase}/{code}/parent`,
      tags,
      summary: 'Put an LPN into another (or take it out with null); never a cycle',
      middleware: [g('update')],
      request: { params: codeParam, ...jsonBody(lpnNestSchema) },
      responses: { ...okResponse(lpnNestResultSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await lpn.nestLpn(deps, c.get('ctx'), c.req.valid('param').code, c.req.valid('json').parentCode)),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: `${lpnBase}/{code}/location`,
      tags,
      summary: 'Move an outermost LPN, with all it contains, to a location',
      middleware: [g('update')],
      request: { params: codeParam, ...jsonBody(lpnMoveSchema) },
      responses: { ...okResponse(lpnMoveResultSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await lpn.moveLpn(deps, c.get('ctx'), c.req.valid('param').code, c.req.valid('json').locationCode)),
  );
  return app;
}
