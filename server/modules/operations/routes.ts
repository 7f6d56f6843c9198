/** A marketplace operation's state, for the screens of the workflow that started it. */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { marketplaceOperationSchema, type MarketplaceOperation } from '../../../domain/schemas/orders.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, idParam, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { provideOperationPoll } from './poll.js';
import { getOperation } from './service.js';

export function operationRoutes(deps: Deps, guards: Guards) {
  provideOperationPoll();
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/common/stores/{id}/operations/{operationId}',
      tags: ['Stores'],
      summary:
        'A marketplace operation Dockside is following for the store: running, succeeded, or failed with its problems',
      middleware: [guards.requiresAny(['merchantConnect', 'read'], ['common', 'read'], ['fba', 'read'])],
      request: { params: idParam.extend({ operationId: z.string().min(1).max(100) }) },
      responses: { ...okResponse(marketplaceOperationSchema), ...errorResponses },
    }),
    async (c) => {
      const { id, operationId } = c.req.valid('param');
      return ok(c, (await getOperation(deps, c.get('ctx'), id, operationId)) as MarketplaceOperation);
    },
  );
  return app;
}
