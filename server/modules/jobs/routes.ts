/** /api/jobs/batch-process (spec §7): list a tenant's jobs, one job, retry, cancel. */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { pageRequest } from '../../../domain/paging.js';
import { jobIdParam, jobListQuerySchema, jobPageSchema, jobSchema } from '../../../domain/schemas/jobs.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import * as svc from './service.js';

const base = '/api/jobs/batch-process';

export function jobRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Jobs'];
  // Any signed-in user: the service narrows to the jobs they started unless they administer the tenant.
  const signedIn = [guards.authenticate];
  app.openapi(
    createRoute({
      method: 'get',
      path: base,
      tags,
      summary: "The tenant's background jobs (admins) or the caller's own, newest first",
      middleware: signedIn,
      request: { query: jobListQuerySchema },
      responses: { ...okResponse(jobPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await svc.listJobs(deps, c.get('ctx'), pageRequest(q), { state: q.state, name: q.name }));
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{id}`,
      tags,
      summary: 'One job: state, progress, error',
      middleware: signedIn,
      request: { params: jobIdParam },
      responses: { ...okResponse(jobSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.getJob(deps, c.get('ctx'), c.req.valid('param').id)),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{id}/retry`,
      tags,
      summary: 'Queue a failed or cancelled job again',
      middleware: signedIn,
      request: { params: jobIdParam },
      responses: { ...okResponse(jobSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.retryJob(deps, c.get('ctx'), c.req.valid('param').id), { info: ['The job is queued again'] }),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{id}/cancel`,
      tags,
      summary: 'Cancel a queued job, or stop a running one at its next step',
      middleware: signedIn,
      request: { params: jobIdParam },
      responses: { ...okResponse(jobSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.cancelJob(deps, c.get('ctx'), c.req.valid('param').id), { info: ['The job is cancelled'] }),
  );
  return app;
}
