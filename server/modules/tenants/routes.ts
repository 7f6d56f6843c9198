import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { pageRequest } from '../../../domain/paging.js';
import {
  tenantCreateSchema,
  tenantPageSchema,
  tenantRowSchema,
  tenantUpdateSchema,
} from '../../../domain/schemas/company.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, idParam, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import * as svc from './service.js';

export function tenantRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Tenants'];
  const manage = guards.requires('admin', 'manage');

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/organization/tenant',
      tags,
      summary: 'Tenants (a tenant admin sees their own)',
      middleware: [manage],
      request: {
        query: z.object({
          pageNumber: z.string().optional(),
          pageSize: z.string().optional(),
          q: z.string().max(100).optional(),
        }),
      },
      responses: { ...okResponse(tenantPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await svc.listTenants(deps, c.get('ctx'), pageRequest(q), q.q));
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/organization/tenant',
      tags,
      summary: 'Create a tenant with its admin (operators only)',
      middleware: [manage],
      request: jsonBody(tenantCreateSchema),
      responses: { ...okResponse(tenantRowSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.createTenantWithAdmin(deps, c.get('ctx'), c.req.valid('json')), {
        status: 201,
        info: ['Tenant created'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/organization/tenant/{id}',
      tags,
      summary: 'One tenant',
      middleware: [manage],
      request: { params: idParam },
      responses: { ...okResponse(tenantRowSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.getTenant(deps, c.get('ctx'), c.req.valid('param').id)),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/api/organization/tenant/{id}',
      tags,
      summary: 'Rename a tenant or (operators) change its status',
      middleware: [manage],
      request: { params: idParam, ...jsonBody(tenantUpdateSchema) },
      responses: { ...okResponse(tenantRowSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.updateTenant(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), {
        info: ['Tenant saved'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/self/tenant',
      tags,
      summary: "The caller's tenant",
      middleware: [guards.authenticate],
      responses: { ...okResponse(tenantRowSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.getTenant(deps, { ...c.get('ctx'), platformAdmin: false }, c.get('ctx').tenantId)),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/api/self/tenant',
      tags,
      summary: "Rename the caller's tenant",
      middleware: [manage],
      request: jsonBody(tenantUpdateSchema.pick({ name: true })),
      responses: { ...okResponse(tenantRowSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.updateTenant(deps, c.get('ctx'), c.get('ctx').tenantId, c.req.valid('json')), {
        info: ['Tenant saved'],
      }),
  );
  return app;
}
