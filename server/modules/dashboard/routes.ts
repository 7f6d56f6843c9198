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
import { leaderBoardQuerySchema, leaderBoardSchema } from '../../../domain/schemas/leader-board.js';
import { dashboardActivity } from './activity.js';
import { leaderBoard } from './leader-board.js';
import { businessMetrics } from './business-metrics.js';
import { businessMetricsQuerySchema, businessMetricsSchema } from '../../../domain/schemas/business-metrics.js';

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
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/dashboard/leader-board',
      tags: ['Dashboard'],
      summary:
        'The leader board: per person, the floor work of a period of the viewer’s days (units received, sorted, picked, prepped, labelled; packages scanned; boxes, pallets, shipments, FBM orders, bundles), most units handled first; warehouse staff only',
      middleware: [guards.requires('leaderBoard', 'read', { warehouseOnly: true })],
      request: { query: leaderBoardQuerySchema },
      responses: { ...okResponse(leaderBoardSchema), ...errorResponses },
    }),
    async (c) => ok(c, await leaderBoard(deps, c.get('ctx'), c.req.valid('query'))),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/dashboard/business-metrics',
      tags: ['Dashboard'],
      summary:
        'Business metrics of a period of UTC days beside the same-length period before: revenue (by currency, day, category, top clients), clients served, work done by kind, invoices issued, owed and overdue (scoped: a client sees its own)',
      middleware: [guards.requires('businessMetrics', 'read')],
      request: { query: businessMetricsQuerySchema },
      responses: { ...okResponse(businessMetricsSchema), ...errorResponses },
    }),
    async (c) => ok(c, await businessMetrics(deps, c.get('ctx'), c.req.valid('query'))),
  );
  return app;
}
