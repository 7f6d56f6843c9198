/**
 * FBM return orders (/api/returns/fbm/…, ability fbmReturnOrders) and Amazon FBA removal shipments
 * (/api/returns/fba/…, ability fbaRemovals): lists by stage, one with its lines and received state,
 * file upload (all or nothing, row report) and its template, the caller's Amazon stores with their
 * pull settings, and "pull now". Receiving is the inbound flow's own endpoints and screens.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { pageRequest } from '../../../domain/paging.js';
import { jobStartedSchema } from '../../../domain/schemas/jobs.js';
import {
  RETURN_ROUTE_KIND,
  RETURN_STAGES,
  returnDetailSchema,
  returnPageSchema,
  returnPullInputSchema,
  returnsFileQuerySchema,
  returnsFileResultSchema,
  returnStoreListSchema,
} from '../../../domain/schemas/returns.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, fileUploadBody, idParam, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { uploadText } from '../../http/upload-text.js';
import { validationHook } from '../../http/validation.js';
import { returnsCsvTemplate, uploadReturnsFile } from './file.js';
import * as svc from './service.js';

const listQuery = z.object({
  pageNumber: z.string().optional(),
  pageSize: z.string().optional(),
  stage: z.enum(RETURN_STAGES).optional(),
  companyId: z.coerce.number().int().positive().optional(),
  storeId: z.coerce.number().int().positive().optional(),
  q: z.string().trim().max(100).optional(),
});

export function returnRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  for (const [segment, kind] of Object.entries(RETURN_ROUTE_KIND)) {
    const subject = kind === 'fbm_return' ? 'fbmReturnOrders' : 'fbaRemovals';
    const what = kind === 'fbm_return' ? 'FBM return orders' : 'FBA removal shipments';
    const tags = [kind === 'fbm_return' ? 'FBM return orders' : 'FBA removals'];
    const base = `/api/returns/${segment}`;

    app.openapi(
      createRoute({
        method: 'get',
        path: base,
        tags,
        summary: `${what}, newest first, by stage (expected, receiving, received), client, store; q searches order id, RMA, tracking number, SKU, title`,
        middleware: [guards.requires(subject, 'read')],
        request: { query: listQuery },
        responses: { ...okResponse(returnPageSchema), ...errorResponses },
      }),
      async (c) => {
        const q = c.req.valid('query');
        return ok(c, await svc.listReturns(deps, c.get('ctx'), pageRequest(q), { ...q, kind }));
      },
    );

    app.openapi(
      createRoute({
        method: 'get',
        path: `${base}/stores`,
        tags,
        summary:
          'The caller’s Amazon stores with their STORE_PULL_AMZ_RETURN_ORDER / STORE_PULL_AMZ_REMOVAL_ORDER settings',
        middleware: [guards.requires(subject, 'read')],
        responses: { ...okResponse(returnStoreListSchema), ...errorResponses },
      }),
      async (c) => ok(c, await svc.returnStores(deps, c.get('ctx'))),
    );

    app.openapi(
      createRoute({
        method: 'get',
        path: `${base}/file-upload/template`,
        tags,
        summary: `The ${what} file template (CSV, one row per line)`,
        middleware: [guards.requires(subject, 'read')],
        responses: {
          200: { description: 'A CSV file', content: { 'text/csv': { schema: z.string() } } },
          ...errorResponses,
        },
      }),
      (c) =>
        c.body(returnsCsvTemplate(kind), 200, {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="dockside-${segment}-returns-template.csv"`,
        }),
    );

    app.openapi(
      createRoute({
        method: 'post',
        path: `${base}/file-upload`,
        tags,
        summary: `Upload ${what} (multipart field "file"): every row checked, all stored or none; the same return again is stored once`,
        middleware: [guards.requires(subject, 'create')],
        request: { query: returnsFileQuerySchema, ...fileUploadBody(`the ${what} CSV`) },
        responses: { ...okResponse(returnsFileResultSchema), ...errorResponses },
      }),
      async (c) => {
        const { file } = c.req.valid('form');
        const q = c.req.valid('query');
        const r = await uploadReturnsFile(deps, c.get('ctx'), kind, await uploadText(file), {
          companyId: q.companyId,
          validateOnly: q.validateOnly === 'true',
        });
        return ok(c, r, {
          status: r.stored ? 201 : 200,
          info: [
            r.stored
              ? `${r.returns} stored: ${r.created} new, ${r.unchanged} already there`
              : `All ${r.rows} rows are valid`,
          ],
        });
      },
    );

    app.openapi(
      createRoute({
        method: 'post',
        path: `${base}/pull`,
        tags,
        summary:
          'Pull the store’s returns and removals from Amazon now (the returns.pull job; follow it at /api/jobs/batch-process/{id})',
        middleware: [guards.requires(subject, 'read')],
        request: jsonBody(returnPullInputSchema),
        responses: { ...okResponse(jobStartedSchema), ...errorResponses },
      }),
      async (c) => {
        const r = await svc.requestPull(deps, c.get('ctx'), c.req.valid('json').storeId);
        return ok(c, r, { status: 201, info: [r.jobId ? 'Pull queued' : 'A pull for this store is already waiting'] });
      },
    );

    app.openapi(
      createRoute({
        method: 'get',
        path: `${base}/{id}`,
        tags,
        summary: `One of the ${what} with its packages, lines (expected, sellable, damaged), problems and stage`,
        middleware: [guards.requires(subject, 'read')],
        request: { params: idParam },
        responses: { ...okResponse(returnDetailSchema), ...errorResponses },
      }),
      async (c) => ok(c, await svc.getReturn(deps, c.get('ctx'), kind, c.req.valid('param').id)),
    );
  }
  return app;
}
