/** Fee settings API (issue 21, spec §2 FeeSettings): the tenant's fees and a client's overrides. Warehouse only. */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  companyFeeSettingsSchema,
  feeSettingsWriteSchema,
  tenantFeeSettingsSchema,
} from '../../../domain/schemas/fee-settings.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, jsonBody, okResponse, pathId } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import * as svc from './fees.js';

const base = '/api/settings/fees';

export function feeSettingsRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Fee settings'];
  const read = guards.requires('feeSettings', 'read', { warehouseOnly: true });
  const update = guards.requires('feeSettings', 'update', { warehouseOnly: true });
  const companyParam = z.object({ companyId: pathId('companyId') });

  app.openapi(
    createRoute({
      method: 'get',
      path: base,
      tags,
      summary: "The tenant's fee settings: stored values and what applies (stored ?? default)",
      middleware: [read],
      responses: { ...okResponse(tenantFeeSettingsSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.tenantFeeSettings(deps, c.get('ctx'))),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: base,
      tags,
      summary:
        "Set the tenant's fee settings (values by key) and clear some (back to the default); one bad value refuses all (400)",
      middleware: [update],
      request: jsonBody(feeSettingsWriteSchema),
      responses: { ...okResponse(tenantFeeSettingsSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.writeTenantFeeSettings(deps, c.get('ctx'), c.req.valid('json')), {
        info: ['Fee settings saved'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/company/{companyId}`,
      tags,
      summary: "A client's fee overrides, the tenant's values beside them, and what applies",
      middleware: [read],
      request: { params: companyParam },
      responses: { ...okResponse(companyFeeSettingsSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.companyFeeSettings(deps, c.get('ctx'), c.req.valid('param').companyId)),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: `${base}/company/{companyId}`,
      tags,
      summary: "Override fee settings for a client, or clear overrides (the tenant's value applies again)",
      middleware: [update],
      request: { params: companyParam, ...jsonBody(feeSettingsWriteSchema) },
      responses: { ...okResponse(companyFeeSettingsSchema), ...errorResponses },
    }),
    async (c) =>
      ok(
        c,
        await svc.writeCompanyFeeSettings(deps, c.get('ctx'), c.req.valid('param').companyId, c.req.valid('json')),
        { info: ['Client fee settings saved'] },
      ),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: `${base}/company/{companyId}`,
      tags,
      summary: "Clear every fee override of a client: the tenant's values apply",
      middleware: [update],
      request: { params: companyParam },
      responses: { ...okResponse(companyFeeSettingsSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await svc.clearCompanyFeeSettings(deps, c.get('ctx'), c.req.valid('param').companyId), {
        info: ['Client fee overrides cleared'],
      }),
  );
  return app;
}
