import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { pageRequest } from '../../../domain/paging.js';
import {
  grantResultSchema,
  grantRowSchema,
  grantSchema,
  grantableResourceSchema,
  revokedSchema,
  roleCreateSchema,
  roleDetailSchema,
  rolePageSchema,
  roleUpdateSchema,
} from '../../../domain/schemas/roles.js';
import { deletedSchema } from '../../../domain/schemas/common.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, idParam, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import * as svc from './service.js';

const listQuery = z.object({
  pageNumber: z.string().optional(),
  pageSize: z.string().optional(),
  companyId: z.coerce.number().int().positive().optional(),
});

export function roleRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Roles'];
  const base = '/api/user-management';
  const g = (a: 'read' | 'create' | 'update' | 'delete') => guards.requires('roleManagement', a);

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/resource`,
      tags,
      summary: 'Grantable resources for a company type',
      middleware: [g('read')],
      request: { query: z.object({ companyId: z.coerce.number().int().positive().optional() }) },
      responses: { ...okResponse(z.array(grantableResourceSchema)), ...errorResponses },
    }),
    async (c) => ok(c, await svc.listResources(deps, c.get('ctx'), c.req.valid('query').companyId)),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/role-resource-action`,
      tags,
      summary: "A role's grants",
      middleware: [g('read')],
      request: { query: z.object({ roleId: z.coerce.number().int().positive() }) },
      responses: { ...okResponse(z.array(grantRowSchema)), ...errorResponses },
    }),
    async (c) => ok(c, await svc.listGrants(deps, c.get('ctx'), c.req.valid('query').roleId)),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/role-resource-action`,
      tags,
      summary: 'Grant a resource action to a role',
      middleware: [g('update')],
      request: jsonBody(grantSchema),
      responses: { ...okResponse(grantResultSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.grant(deps, c.get('ctx'), c.req.valid('json')), { status: 201, info: ['Permission granted'] }),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: `${base}/role-resource-action/{id}`,
      tags,
      summary: 'Revoke a grant',
      middleware: [g('update')],
      request: { params: idParam },
      responses: { ...okResponse(revokedSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.revoke(deps, c.get('ctx'), c.req.valid('param').id), { info: ['Permission revoked'] }),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/role`,
      tags,
      summary: 'Roles (clients: their company only)',
      middleware: [g('read')],
      request: { query: listQuery },
      responses: { ...okResponse(rolePageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await svc.listRoles(deps, c.get('ctx'), pageRequest(q), q.companyId));
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/role`,
      tags,
      summary: 'Create a role',
      middleware: [g('create')],
      request: jsonBody(roleCreateSchema),
      responses: { ...okResponse(roleDetailSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.createRole(deps, c.get('ctx'), c.req.valid('json')), { status: 201, info: ['Role created'] }),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/role/{id}`,
      tags,
      summary: 'One role with its grants',
      middleware: [g('read')],
      request: { params: idParam },
      responses: { ...okResponse(roleDetailSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.getRole(deps, c.get('ctx'), c.req.valid('param').id)),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: `${base}/role/{id}`,
      tags,
      summary: 'Rename or describe a role',
      middleware: [g('update')],
      request: { params: idParam, ...jsonBody(roleUpdateSchema) },
      responses: { ...okResponse(roleDetailSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.updateRole(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), {
        info: ['Role saved'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: `${base}/role/{id}`,
      tags,
      summary: 'Delete an unused role',
      middleware: [g('delete')],
      request: { params: idParam },
      responses: { ...okResponse(deletedSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.deleteRole(deps, c.get('ctx'), c.req.valid('param').id), { info: ['Role deleted'] }),
  );
  return app;
}
