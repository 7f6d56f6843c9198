/**
 * WFS item setup (issue 19, screen /apps/outbound/wfs-dynamic-form). The spec names no path, so
 * the endpoints live beside the other WFS ones under /api/outbound/wfs/item-setup. The wfs ability
 * guards them; a client reaches its own company's stores and products only.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  wfsComplianceSavedSchema,
  wfsComplianceSchema,
  wfsItemPrefillSchema,
  wfsItemSetupRecordSchema,
  wfsItemSetupSchema,
} from '../../../domain/schemas/wfs-items.js';
import { envelope } from '../../../domain/envelope.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { envelopeOf, errorResponses, idParam, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import * as svc from './service.js';

export const WFS_ITEM_SETUP_PATH = '/api/outbound/wfs/item-setup';
const id = z.coerce.number().int().positive();

export function wfsItemSetupRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['WFS item setup'];
  const base = WFS_ITEM_SETUP_PATH;
  const read = guards.requires('wfs', 'read');
  const create = guards.requires('wfs', 'create');

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/stores/{storeId}/products/{productId}`,
      tags,
      summary:
        'The form for one product on one Walmart store: the product’s title, UPC/GTIN, dimensions, weight and its last compliance answers',
      middleware: [read],
      request: { params: z.object({ storeId: id, productId: id }) },
      responses: { ...okResponse(wfsItemPrefillSchema), ...errorResponses },
    }),
    async (c) => {
      const p = c.req.valid('param');
      return ok(c, await svc.prefill(deps, c.get('ctx'), p.storeId, p.productId));
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: `${base}/products/{id}/compliance`,
      tags,
      summary:
        'Keep a product’s WFS compliance answers (batteries, electronics, chemicals, expiry) without sending an item; a WFS listing of the product sends them',
      middleware: [create],
      request: { params: idParam, ...jsonBody(wfsComplianceSchema) },
      responses: { ...okResponse(wfsComplianceSavedSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.putCompliance(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json'))),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: base,
      tags,
      summary: 'Set an item up on WFS: the answers checked, then sent to Walmart as an MP_WFS_ITEM feed; 202',
      description:
        'Answers that break a rule are refused with 400, one entry per field, before anything is sent. Walmart processes the feed later: GET {id} follows it — SUCCESS, or FAILED with Walmart’s errors on the form’s fields. The feed is also a walmart.feed operation the poll job follows.',
      middleware: [create],
      request: jsonBody(wfsItemSetupSchema),
      responses: {
        202: {
          description: 'Walmart took the feed',
          content: { 'application/json': { schema: envelopeOf(wfsItemSetupRecordSchema) } },
        },
        ...errorResponses,
      },
    }),
    async (c) => {
      const record = await svc.submitSetup(deps, c.get('ctx'), c.req.valid('json'));
      return c.json(envelope(record, { info_list: [{ message: 'Walmart is processing the item feed' }] }), 202);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{id}`,
      tags,
      summary: 'One item setup; while Walmart processes it, its feed status is read now',
      middleware: [read],
      request: { params: idParam },
      responses: { ...okResponse(wfsItemSetupRecordSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.getSetup(deps, c.get('ctx'), c.req.valid('param').id)),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/stores/{storeId}`,
      tags,
      summary: 'The store’s latest item setups, newest first',
      middleware: [read],
      request: { params: z.object({ storeId: id }) },
      responses: { ...okResponse(z.array(wfsItemSetupRecordSchema)), ...errorResponses },
    }),
    async (c) => ok(c, await svc.listSetups(deps, c.get('ctx'), c.req.valid('param').storeId)),
  );
  return app;
}
