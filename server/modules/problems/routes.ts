import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { pageRequest } from '../../../domain/paging.js';
import {
  problemCreateSchema,
  problemDetailSchema,
  problemListQuerySchema,
  problemPageSchema,
  problemPhotoSchema,
  problemUpdateSchema,
} from '../../../domain/schemas/problems.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, idParam, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import * as svc from './service.js';

const base = '/api/problem-management/problem';

export function problemRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Problems'];
  const g = (a: 'read' | 'create' | 'update') => guards.requires('problemItems', a);
  app.openapi(
    createRoute({
      method: 'get',
      path: base,
      tags,
      summary: 'Problem items (clients: their own)',
      middleware: [g('read')],
      request: { query: problemListQuerySchema },
      responses: { ...okResponse(problemPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await svc.listProblems(deps, c.get('ctx'), pageRequest(q), q));
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: base,
      tags,
      summary: 'Raise a problem (warehouse)',
      middleware: [guards.requires('problemItems', 'create', { warehouseOnly: true })],
      request: jsonBody(problemCreateSchema),
      responses: { ...okResponse(problemDetailSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.createProblem(deps, c.get('ctx'), c.req.valid('json')), {
        status: 201,
        info: ['Problem recorded'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{id}`,
      tags,
      summary: 'One problem with notes and photos',
      middleware: [g('read')],
      request: { params: idParam },
      responses: { ...okResponse(problemDetailSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.getProblem(deps, c.get('ctx'), c.req.valid('param').id)),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: `${base}/{id}`,
      tags,
      summary: 'Choose a resolution (client) or set status (warehouse); add a note',
      middleware: [g('update')],
      request: { params: idParam, ...jsonBody(problemUpdateSchema) },
      responses: { ...okResponse(problemDetailSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.updateProblem(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), {
        info: ['Problem saved'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{id}/photos`,
      tags,
      summary: 'Attach a photo taken on the device',
      middleware: [guards.requires('problemItems', 'update', { warehouseOnly: true })],
      request: { params: idParam, ...jsonBody(problemPhotoSchema) },
      responses: { ...okResponse(problemDetailSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.addPhoto(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json').dataUrl), {
        status: 201,
        info: ['Photo attached'],
      }),
  );
  app.get(`${base}/:id/photos/:photoId`, g('read'), async (c) => {
    const id = Number(c.req.param('id'));
    const photoId = Number(c.req.param('photoId'));
    if (!Number.isInteger(id) || !Number.isInteger(photoId))
      return c.json(
        { meta: { error_list: [{ message: 'id: a number' }], info_list: [], warn_list: [] }, body: null },
        400,
      );
    const photo = await svc.getPhoto(deps, c.get('ctx'), id, photoId);
    return new Response(new Uint8Array(photo.data), {
      headers: { 'content-type': photo.contentType, 'cache-control': 'private, max-age=86400' },
    });
  });
  return app;
}
