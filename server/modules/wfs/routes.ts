/**
 * WFS shipment plans (spec §7 Walmart fulfillment, /api/outbound/wfs): plans listed with the
 * spec's status filter and Open Shipment Plans' view, created with their lines (holding units at
 * PREP-WFS), given new lines, previewed and submitted to Walmart, cancelled; what a client may
 * plan at PREP-WFS. The 'wfs' right guards every route; clients see only their own plans.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { pageRequest } from '../../../domain/paging.js';
import {
  availabilityPageSchema,
  availabilityQuerySchema,
  pendingPlanPageSchema,
  pendingQuerySchema,
  planListQuerySchema,
} from '../../../domain/schemas/fba.js';
import {
  wfsPlanCreateSchema,
  wfsPlanDetailSchema,
  wfsPlanLinesSchema,
  wfsPlanPageSchema,
  wfsPreviewSchema,
} from '../../../domain/schemas/wfs.js';
import type { Guards } from '../../auth/guard.js';
import type { AppEnv, Deps } from '../../context.js';
import { envelopeOf, errorResponses, idParam, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { listPending } from '../fba/overview.js';
import { listPlans } from '../fba/plans.js';
import { availableFor, WFS_STATION } from '../fba/reservations.js';
import { createWfsPlan, setWfsLines, wfsPlanDetail } from './plans.js';
import { cancelWfsPlan, previewWfsPlan, submitWfsPlan } from './walmart-steps.js';

const base = '/api/outbound/wfs/plan';

export function wfsRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['WFS shipment plans'];
  const read = guards.requires('wfs', 'read');
  const create = guards.requires('wfs', 'create');
  const update = guards.requires('wfs', 'update');

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/query`,
      tags,
      summary: 'WFS plans, newest first: by status (spec §4 filter), client and name; paged',
      middleware: [read],
      request: { query: planListQuerySchema },
      responses: { ...okResponse(wfsPlanPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await listPlans(deps, c.get('ctx'), pageRequest(q), q, 'wfs'));
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/pending`,
      tags,
      summary: 'Open WFS plans with what each waits for (Open Shipment Plans, /dashboard/snapshot/pending-batches/wfs)',
      middleware: [read],
      request: { query: pendingQuerySchema },
      responses: { ...okResponse(pendingPlanPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await listPending(deps, c.get('ctx'), pageRequest(q), q, 'wfs'));
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/available`,
      tags,
      summary: 'A client’s products at the WFS prep station: on hand, held by plans, available to plan',
      middleware: [read],
      request: { query: availabilityQuerySchema },
      responses: { ...okResponse(availabilityPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await availableFor(deps.db, c.get('ctx'), pageRequest(q), q, WFS_STATION));
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: base,
      tags,
      summary: 'Create a WFS plan for a client’s Walmart store; its lines hold their units at PREP-WFS',
      description:
        'Refused (412) when a line asks for more than is available at PREP-WFS (on hand minus what other WFS plans hold), naming the product and how many are available.',
      middleware: [create],
      request: jsonBody(wfsPlanCreateSchema),
      responses: {
        201: { description: 'Created', content: { 'application/json': { schema: envelopeOf(wfsPlanDetailSchema) } } },
        ...errorResponses,
      },
    }),
    async (c) => ok(c, await createWfsPlan(deps, c.get('ctx'), c.req.valid('json')), { status: 201 }),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{id}`,
      tags,
      summary: 'One WFS plan: lines with their Walmart product ids, held units, Walmart’s preview, shipments, journal',
      middleware: [read],
      request: { params: idParam },
      responses: { ...okResponse(wfsPlanDetailSchema), ...errorResponses },
    }),
    async (c) => ok(c, await wfsPlanDetail(deps, c.get('ctx'), c.req.valid('param').id)),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: `${base}/{id}/items`,
      tags,
      summary: 'Set the plan’s lines (before the inbound order; a preview is asked again)',
      middleware: [update],
      request: { params: idParam, ...jsonBody(wfsPlanLinesSchema) },
      responses: { ...okResponse(wfsPlanDetailSchema), ...errorResponses },
    }),
    async (c) => ok(c, await setWfsLines(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json').items)),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{id}/preview`,
      tags,
      summary: 'Ask Walmart where each line would go (inbound preview: one fulfilment centre per shipment)',
      description:
        'Lines without a GTIN, UPC or EAN, or without a SKU, are refused (412) per SKU before Walmart is asked; Walmart’s own refusals come back per line.',
      middleware: [update],
      request: { params: idParam, ...jsonBody(wfsPreviewSchema) },
      responses: { ...okResponse(wfsPlanDetailSchema), ...errorResponses },
    }),
    async (c) => ok(c, await previewWfsPlan(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json'))),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{id}/submit`,
      tags,
      summary: 'Create the inbound order at Walmart: its shipments, one per fulfilment centre; the plan moves to boxes',
      middleware: [update],
      request: { params: idParam },
      responses: { ...okResponse(wfsPlanDetailSchema), ...errorResponses },
    }),
    async (c) => ok(c, await submitWfsPlan(deps, c.get('ctx'), c.req.valid('param').id)),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{id}/cancel`,
      tags,
      summary: 'Cancel the plan (and Walmart’s inbound order): its units are released at PREP-WFS',
      middleware: [update],
      request: { params: idParam },
      responses: { ...okResponse(wfsPlanDetailSchema), ...errorResponses },
    }),
    async (c) => ok(c, await cancelWfsPlan(deps, c.get('ctx'), c.req.valid('param').id)),
  );
  return app;
}
