import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { pageRequest } from '../../../domain/paging.js';
import { userDataSchema } from '../../../domain/schemas/auth.js';
import {
  userCreateSchema,
  userListQuerySchema,
  userPermissionsSchema,
  userUpdateSchema,
  authoritySchema,
  roleManagerSchema,
  userPageSchema,
  userPermissionSchema,
  userRowSchema,
} from '../../../domain/schemas/users.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, idParam, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import * as svc from './service.js';

export function userRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Users'];
  const read = guards.requiresAny(['myCompany', 'read'], ['clients', 'read']);
  const write = (a: 'create' | 'update' | 'delete') => guards.requiresAny(['myCompany', a], ['clients', a]);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/users/current-user',
      tags,
      summary: 'The signed-in user with abilities',
      middleware: [guards.authenticate],
      responses: { ...okResponse(userDataSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.currentUser(deps, c.get('ctx'))),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/users/refresh-auth-data',
      tags,
      summary: 'Fresh userData after a role change',
      middleware: [guards.authenticate],
      responses: { ...okResponse(userDataSchema), ...errorResponses },
    }),
    async (c) => {
      deps.principals.invalidate();
      return ok(c, await svc.currentUser(deps, c.get('ctx')));
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/users/authorities',
      tags,
      summary: 'Roles the caller may assign',
      middleware: [read],
      responses: { ...okResponse(z.array(authoritySchema)), ...errorResponses },
    }),
    async (c) => ok(c, await svc.authorities(deps, c.get('ctx'))),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/users/has-authority/{x}',
      tags,
      summary: 'Whether the caller holds a resource (or resource:action)',
      middleware: [guards.authenticate],
      request: {
        params: z.object({
          x: z
            .string()
            .min(1)
            .max(80)
            .openapi({ param: { name: 'x', in: 'path' } }),
        }),
      },
      responses: { ...okResponse(z.boolean()), ...errorResponses },
    }),
    async (c) => ok(c, svc.hasAuthority(c.get('ctx'), c.req.valid('param').x)),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/users/role-managers',
      tags,
      summary: 'Who in the caller’s own company may change its roles (whom to ask for a missing right)',
      middleware: [guards.authenticate],
      responses: { ...okResponse(z.array(roleManagerSchema)), ...errorResponses },
    }),
    async (c) => ok(c, await svc.roleManagers(deps, c.get('ctx'))),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/users',
      tags,
      summary: 'Users (clients: their company only)',
      middleware: [read],
      request: { query: userListQuerySchema },
      responses: { ...okResponse(userPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await svc.listUsers(deps, c.get('ctx'), pageRequest(q), q));
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/users',
      tags,
      summary: 'Create a user',
      middleware: [write('create')],
      request: jsonBody(userCreateSchema),
      responses: { ...okResponse(userRowSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.createUser(deps, c.get('ctx'), c.req.valid('json')), { status: 201, info: ['User created'] }),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/users/{id}',
      tags,
      summary: 'One user',
      middleware: [read],
      request: { params: idParam },
      responses: { ...okResponse(userRowSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.getUser(deps, c.get('ctx'), c.req.valid('param').id)),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/api/users/{id}',
      tags,
      summary: 'Update a user',
      middleware: [write('update')],
      request: { params: idParam, ...jsonBody(userUpdateSchema) },
      responses: { ...okResponse(userRowSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.updateUser(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), {
        info: ['User saved'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/api/users/{id}',
      tags,
      summary: 'Disable a user (history keeps the author)',
      middleware: [write('delete')],
      request: { params: idParam },
      responses: { ...okResponse(userRowSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.disableUser(deps, c.get('ctx'), c.req.valid('param').id), { info: ['User disabled'] }),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/users/{id}/permissions',
      tags,
      summary: "A user's individually granted permission keys",
      middleware: [guards.requires('roleManagement', 'read')],
      request: { params: idParam },
      responses: { ...okResponse(z.array(userPermissionSchema)), ...errorResponses },
    }),
    async (c) => ok(c, await svc.listUserPermissions(deps, c.get('ctx'), c.req.valid('param').id)),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/api/users/{id}/permissions',
      tags,
      summary: "Replace a user's individually granted permission keys",
      middleware: [guards.requires('roleManagement', 'update')],
      request: { params: idParam, ...jsonBody(userPermissionsSchema) },
      responses: { ...okResponse(z.array(userPermissionSchema)), ...errorResponses },
    }),
    async (c) =>
      ok(
        c,
        await svc.setUserPermissions(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json').permissions),
        { info: ['Permissions saved'] },
      ),
  );
  return app;
}
