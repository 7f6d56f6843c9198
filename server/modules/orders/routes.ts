/**
 * Orders from clients' stores: a pull started on request (the same background job the quarter-hour
 * schedule queues). Reading and working the orders is the merchant-fulfilment screens' part.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { jobStartedSchema } from '../../../domain/schemas/jobs.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { businessRule } from '../../http/errors.js';
import { errorResponses, idParam, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { getStore } from '../stores/service.js';
import { provideOrderPull } from './pull.js';
import { orderPullKey, provideOrderPullSchedule } from './schedule.js';

export function orderRoutes(deps: Deps, guards: Guards) {
  provideOrderPull();
  provideOrderPullSchedule();
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/common/stores/{id}/pull/orders',
      tags: ['Stores'],
      summary: 'Pull the store’s new and changed orders from its marketplace now (a background job)',
      middleware: [guards.requiresAny(['merchantConnect', 'update'], ['common', 'update'])],
      request: { params: idParam },
      responses: { ...okResponse(jobStartedSchema), ...errorResponses },
    }),
    async (c) => {
      const ctx = c.get('ctx');
      const store = await getStore(deps.db, ctx, c.req.valid('param').id);
      if (store.connection === 'not_connected') throw businessRule('Connect the store to its marketplace first');
      const jobId = await deps.jobs.enqueue(
        'stores.pull-orders',
        { tenantId: ctx.tenantId, storeId: store.id },
        { tenantId: ctx.tenantId, startedBy: ctx.userId, singletonKey: orderPullKey(store.id) },
      );
      return ok(
        c,
        { jobId, queued: jobId !== null },
        { status: 201, info: [jobId ? 'Orders pull queued' : 'A pull for this store is already waiting'] },
      );
    },
  );
  return app;
}
