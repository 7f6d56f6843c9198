import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { TENANT_SETTING_KEYS } from '../../../domain/settings-keys.js';
import {
  settingReferenceQuerySchema,
  settingRowSchema,
  settingUpdateSchema,
  settingWriteSchema,
  tenantSettingRowSchema,
  tenantSettingWriteSchema,
} from '../../../domain/schemas/settings.js';
import { deletedSchema } from '../../../domain/schemas/common.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, idParam, jsonBody, okResponse, pathId } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import * as svc from './service.js';

const base = '/api/common/settings';

export function settingsRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Settings'];
  // The service decides per row (see its header): personal settings need only a signed-in user.
  const signedIn = guards.authenticate;

  app.openapi(
    createRoute({
      method: 'get',
      path: base,
      tags,
      summary: 'Settings the caller can read',
      middleware: [signedIn],
      request: { query: z.object({ settingKey: z.string().max(60).optional() }) },
      responses: { ...okResponse(z.array(settingRowSchema)), ...errorResponses },
    }),
    async (c) => ok(c, await svc.listSettings(deps, c.get('ctx'), c.req.valid('query').settingKey)),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/reference`,
      tags,
      summary: 'A setting by reference (null when none is stored)',
      middleware: [signedIn],
      request: { query: settingReferenceQuerySchema },
      responses: { ...okResponse(settingRowSchema.nullable()), ...errorResponses },
    }),
    async (c) => ok(c, await svc.byReference(deps, c.get('ctx'), c.req.valid('query'))),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/company/{companyId}`,
      tags,
      summary: "A company's settings",
      middleware: [signedIn],
      request: {
        params: z.object({ companyId: pathId('companyId') }),
      },
      responses: { ...okResponse(z.array(settingRowSchema)), ...errorResponses },
    }),
    async (c) => ok(c, await svc.companySettings(deps, c.get('ctx'), c.req.valid('param').companyId)),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/create-or-update`,
      tags,
      summary: 'Create or update by reference (theme settings use this)',
      middleware: [signedIn],
      request: jsonBody(settingWriteSchema),
      responses: { ...okResponse(settingRowSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.createSetting(deps, c.get('ctx'), c.req.valid('json'), true)),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{id}`,
      tags,
      summary: 'One setting',
      middleware: [signedIn],
      request: { params: idParam },
      responses: { ...okResponse(settingRowSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.getSetting(deps, c.get('ctx'), c.req.valid('param').id)),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: base,
      tags,
      summary: 'Create a setting (409 when it exists)',
      middleware: [signedIn],
      request: jsonBody(settingWriteSchema),
      responses: { ...okResponse(settingRowSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.createSetting(deps, c.get('ctx'), c.req.valid('json')), { status: 201, info: ['Setting saved'] }),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: base,
      tags,
      summary: "Update a setting's value",
      middleware: [signedIn],
      request: jsonBody(settingUpdateSchema),
      responses: { ...okResponse(settingRowSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.updateSetting(deps, c.get('ctx'), c.req.valid('json')), { info: ['Setting saved'] }),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: `${base}/{id}`,
      tags,
      summary: 'Delete a setting',
      middleware: [signedIn],
      request: { params: idParam },
      responses: { ...okResponse(deletedSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.deleteSetting(deps, c.get('ctx'), c.req.valid('param').id), { info: ['Setting deleted'] }),
  );

  const keyParam = z.object({ key: z.enum(TENANT_SETTING_KEYS).openapi({ param: { name: 'key', in: 'path' } }) });
  const ttags = ['Tenant settings'];
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/tenant-settings',
      tags: ttags,
      summary: "The tenant's settings",
      middleware: [guards.requires('generalSettings', 'read')],
      responses: { ...okResponse(z.array(tenantSettingRowSchema)), ...errorResponses },
    }),
    async (c) => ok(c, await svc.listTenantSettings(deps, c.get('ctx'))),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/tenant-settings/{key}',
      tags: ttags,
      summary: 'One tenant setting',
      middleware: [guards.requires('generalSettings', 'read')],
      request: { params: keyParam },
      responses: { ...okResponse(tenantSettingRowSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.getTenantSetting(deps, c.get('ctx'), c.req.valid('param').key)),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/tenant-settings',
      tags: ttags,
      summary: 'Create or update a tenant setting',
      middleware: [guards.requires('generalSettings', 'update')],
      request: jsonBody(tenantSettingWriteSchema),
      responses: { ...okResponse(tenantSettingRowSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.upsertTenantSetting(deps, c.get('ctx'), c.req.valid('json')), { info: ['Tenant setting saved'] }),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/api/tenant-settings/{key}',
      tags: ttags,
      summary: 'Delete a tenant setting',
      middleware: [guards.requires('generalSettings', 'update')],
      request: { params: keyParam },
      responses: { ...okResponse(deletedSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.deleteTenantSetting(deps, c.get('ctx'), c.req.valid('param').key), {
        info: ['Tenant setting deleted'],
      }),
  );
  return app;
}
