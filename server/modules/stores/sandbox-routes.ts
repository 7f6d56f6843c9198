/**
 * /api/sandbox: the local sandboxes' fault rates (administrators see them, operators set them) and
 * the warehouse's sandbox shipping data reset; /api/common/stores/{id}/sandbox/reset for a store.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  faultRateInputSchema,
  SANDBOX_PROVIDERS,
  sandboxFaultSchema,
  sandboxResetSchema,
  type SandboxProvider,
} from '../../../domain/schemas/stores.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, idParam, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { changeFaultRate, listFaultRates, resetShippingSandbox, resetStoreSandbox } from './sandbox-admin.js';

const providerParam = z.object({
  provider: z
    .enum(SANDBOX_PROVIDERS as unknown as [SandboxProvider, ...SandboxProvider[]])
    .openapi({ param: { name: 'provider', in: 'path' } }),
});

export function sandboxRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Sandboxes'];
  const admin = guards.requires('admin', 'manage', { warehouseOnly: true });
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/sandbox/faults',
      tags,
      summary: 'Each sandbox’s fault rate (share of calls throttled or failed on purpose)',
      middleware: [admin],
      responses: { ...okResponse(z.array(sandboxFaultSchema)), ...errorResponses },
    }),
    async (c) => ok(c, await listFaultRates(deps)),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/api/sandbox/faults/{provider}',
      tags,
      summary: 'Set a sandbox’s fault rate (installation operators only)',
      middleware: [admin],
      request: { params: providerParam, ...jsonBody(faultRateInputSchema) },
      responses: { ...okResponse(sandboxFaultSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await changeFaultRate(deps, c.get('ctx'), c.req.valid('param').provider, c.req.valid('json').rate), {
        info: ['Fault rate saved'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/sandbox/shipping/reset',
      tags,
      summary: 'Forget the warehouse’s practice rates and labels in the shipping sandbox',
      middleware: [admin],
      responses: { ...okResponse(sandboxResetSchema), ...errorResponses },
    }),
    async (c) => ok(c, await resetShippingSandbox(deps, c.get('ctx'))),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/common/stores/{id}/sandbox/reset',
      tags,
      summary: 'Forget what the sandbox holds for a sandbox store (it starts again from the demo data)',
      middleware: [guards.requiresAny(['merchantConnect', 'update'], ['common', 'update'])],
      request: { params: idParam },
      responses: { ...okResponse(sandboxResetSchema), ...errorResponses },
    }),
    async (c) => ok(c, await resetStoreSandbox(deps, c.get('ctx'), c.req.valid('param').id)),
  );
  return app;
}
