import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { and, count, eq } from 'drizzle-orm';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { companies, users, warehouses } from '../../db/schema/index.js';
import { errorResponses, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { scoped } from '../../http/scope.js';
import { validationHook } from '../../http/validation.js';
import {
  dashboardActivityQuerySchema,
  dashboardActivitySchema,
  dashboardCountsSchema,
} from '../../../domain/schemas/dashboard.js';
import { dashboardActivity } from './activity.js';

export function dashboardRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/dashboard/counts',
      tags: ['Dashboard'],
      summary: 'Live counts for the dashboard home (scoped)',
      middleware: [guards.requiresAny(['mainDashboard', 'read'], ['home', 'read'])],
      responses: { ...okResponse(dashboardCountsSchema), ...errorResponses },
    }),
    async (c) => {
      const ctx = c.get('ctx');
      const clientScope = and(scoped(ctx, companies.tenantId, companies.id), eq(companies.isOwner, false));
      const [[cl], [active], [us], [wh]] = await Promise.all([
        deps.db.select({ n: count() }).from(companies).where(clientScope),
        deps.db
          .select({ n: count() })
          .from(companies)
          .where(and(clientScope, eq(companies.status, 'Active'))),
        deps.db
          .select({ n: count() })
          .from(users)
          .where(and(scoped(ctx, users.tenantId, users.companyId), eq(users.status, 'active'))),
        deps.db
          .select({ n: count() })
          .from(warehouses)
          .where(and(eq(warehouses.tenantId, ctx.tenantId), eq(warehouses.active, true))),
      ]);
      // A client's own company is not one of "the clients".
      const clients = ctx.isClient ? 0 : Number(cl.n);
      return ok(c, {
        clients,
        activeClients: ctx.isClient ? 0 : Number(active.n),
        users: Number(us.n),
        warehouses: Number(wh.n),
      });
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/dashboard/activity',
      tags: ['Dashboard'],
      summary: 'Units received and shipped per day, open problems by age, stock per client (scoped)',
      middleware: [guards.requiresAny(['mainDashboard', 'read'], ['home', 'read'])],
      request: { query: dashboardActivityQuerySchema },
      responses: { ...okResponse(dashboardActivitySchema), ...errorResponses },
    }),
    async (c) => ok(c, await dashboardActivity(deps, c.get('ctx'), c.req.valid('query'))),
  );
  return app;
}
