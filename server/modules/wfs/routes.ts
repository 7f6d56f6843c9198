/**
 * WFS shipment plans (spec §7 Walmart fulfillment, /api/outbound/wfs): plans listed with the
 * spec's status filter and Open Shipment Plans' view, created with their lines (holding units at
 * PREP-WFS), given new lines, previewed and submitted to Walmart, cancelled; what a client may
 * plan at PREP-WFS. The 'wfs' right guards every route; clients see only their own plans.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { pageRequest } from '../../../domain/paging.js';
import {
  availabilityPageSchema,
  availabilityQuerySchema,
  pendingPlanPageSchema,
  pendingQuerySchema,
  planListQuerySchema,
} from '../../../domain/schemas/fba.js';
import {
  wfsBoxMapSchema,
  wfsPlanStatsSchema,
  wfsStatsQuerySchema,
  wfsAutoAssignResultSchema,
  wfsAutoAssignSchema,
  wfsCanTransmitSchema,
  wfsCarrierQuoteSchema,
  wfsLabelsQuerySchema,
  wfsOwnCarrierSchema,
  wfsPlanCreateSchema,
  wfsPlanDetailSchema,
  wfsPlanLinesSchema,
  wfsPlanPageSchema,
  wfsPreviewSchema,
} from '../../../domain/schemas/wfs.js';
import type { Guards } from '../../auth/guard.js';
import type { AppEnv, Deps, RequestContext } from '../../context.js';
import { createdResponse, errorResponses, idParam, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { listPending } from '../fba/overview.js';
import { listPlans } from '../fba/plans.js';
import { availableFor, WFS_STATION } from '../fba/reservations.js';
import { createWfsPlan, setWfsLines, wfsPlanDetail } from './plans.js';
import { cancelWfsPlan, previewWfsPlan, submitWfsPlan } from './walmart-steps.js';
import { boxesDone, canTransmit } from './boxes.js';
import { confirmCarrier, ownCarrier, quoteCarrier, voidCarrier } from './carrier.js';
import { shipmentLabels, shipWfsPlan } from './ship.js';
import { followWfsReceiving, refreshWfsReceiving } from './receiving.js';
import { autoAssignBoxes } from './auto-assign.js';
import { closeWfsPlan, wfsBoxMap, wfsStats } from './overview.js';
import { boxTree } from '../bench/tree.js';
import { boxTreeSchema } from '../../../domain/schemas/bench.js';
import { shipmentParam } from '../fba/params.js';
import { wfsSpecRoutes } from './spec-routes.js';

const base = '/api/outbound/wfs/plan';

export function wfsRoutes(deps: Deps, guards: Guards) {
  followWfsReceiving();
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['WFS shipment plans'];
  const read = guards.requires('wfs', 'read');
  const create = guards.requires('wfs', 'create');
  const update = guards.requires('wfs', 'update');

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/stats`,
      tags,
      summary: 'WFS plans counted by status and step, and the units they hold (spec plan stats)',
      middleware: [read],
      request: { query: wfsStatsQuerySchema },
      responses: { ...okResponse(wfsPlanStatsSchema), ...errorResponses },
    }),
    async (c) => ok(c, await wfsStats(deps, c.get('ctx'), c.req.valid('query'))),
  );

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
      responses: { ...createdResponse(wfsPlanDetailSchema), ...errorResponses },
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
  const shipmentRoute = (
    path: string,
    summary: string,
    body: 'quote' | 'own' | null,
    run: (ctx: RequestContext, id: number, shipmentId: string, json: unknown) => Promise<unknown>,
  ) =>
    app.openapi(
      createRoute({
        method: 'post',
        path: `${base}/{id}/shipments/{shipmentId}/${path}`,
        tags,
        summary,
        middleware: [update],
        request: {
          params: shipmentParam,
          ...(body === 'quote' ? jsonBody(wfsCarrierQuoteSchema) : body === 'own' ? jsonBody(wfsOwnCarrierSchema) : {}),
        },
        responses: { ...okResponse(wfsPlanDetailSchema), ...errorResponses },
      }),
      async (c) => {
        const { id, shipmentId } = c.req.valid('param');
        const json = body ? await c.req.json() : undefined;
        return ok(c, await run(c.get('ctx'), id, shipmentId, json));
      },
    );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{id}/can-transmit`,
      tags,
      summary:
        'Whether the boxes may go to Walmart: every unit boxed, every box closed, measured and weighed (spec can-transmit-batch)',
      middleware: [read],
      request: { params: idParam },
      responses: { ...okResponse(wfsCanTransmitSchema), ...errorResponses },
    }),
    async (c) => ok(c, await canTransmit(deps, c.get('ctx'), c.req.valid('param').id)),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{id}/boxes/done`,
      tags,
      summary:
        'Packing done: the boxes leave the bench and the plan moves on to its carrier (412 with what is missing)',
      middleware: [update],
      request: { params: idParam },
      responses: { ...okResponse(wfsPlanDetailSchema), ...errorResponses },
    }),
    async (c) => ok(c, await boxesDone(deps, c.get('ctx'), c.req.valid('param').id)),
  );

  shipmentRoute(
    'carrier/quote',
    'Ask Walmart’s preferred carrier for a quote: the shipment’s boxes (PARCEL) or the pallets they make (LTL)',
    'quote',
    (ctx, id, shipmentId, json) => quoteCarrier(deps, ctx, id, shipmentId, wfsCarrierQuoteSchema.parse(json)),
  );
  shipmentRoute(
    'carrier/confirm',
    'Accept the shipment’s quote; Walmart’s void window starts',
    null,
    (ctx, id, shipmentId) => confirmCarrier(deps, ctx, id, shipmentId),
  );
  shipmentRoute(
    'carrier/void',
    'Void the accepted quote within Walmart’s window (24 h parcel, 1 h LTL)',
    null,
    (ctx, id, shipmentId) => voidCarrier(deps, ctx, id, shipmentId),
  );
  shipmentRoute(
    'carrier/own',
    'The client’s own carrier: its name and tracking numbers, given to Walmart',
    'own',
    (ctx, id, shipmentId, json) => ownCarrier(deps, ctx, id, shipmentId, wfsOwnCarrierSchema.parse(json)),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{id}/shipments/{shipmentId}/labels`,
      tags,
      summary:
        'The shipment’s labels from Walmart: receiving labels for every box (4×6 PDF or ZPL) or the preferred carrier’s (PDF)',
      middleware: [read],
      request: { params: shipmentParam, query: wfsLabelsQuerySchema },
      responses: {
        200: {
          description: 'application/pdf or application/zpl',
          content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
        },
        ...errorResponses,
      },
    }),
    async (c) => {
      const { id, shipmentId } = c.req.valid('param');
      const q = c.req.valid('query');
      const doc = await shipmentLabels(deps, c.get('ctx'), id, shipmentId, q);
      return new Response(new Uint8Array(doc.bytes), {
        headers: {
          'content-type': doc.contentType,
          'content-disposition': `inline; filename="${shipmentId}-${q.kind}.${q.format}"`,
          'cache-control': 'no-store',
        },
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{id}/ship`,
      tags,
      summary: 'The boxes leave: units out of PREP-WFS once, reservations consumed, billable events recorded',
      middleware: [update],
      request: { params: idParam },
      responses: { ...okResponse(wfsPlanDetailSchema), ...errorResponses },
    }),
    async (c) => ok(c, await shipWfsPlan(deps, c.get('ctx'), c.req.valid('param').id)),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{id}/receiving/refresh`,
      tags,
      summary:
        'Read the plan’s shipments from Walmart now: status, units received per SKU, discrepancies flagged for a claim',
      middleware: [update],
      request: { params: idParam },
      responses: { ...okResponse(wfsPlanDetailSchema), ...errorResponses },
    }),
    async (c) => ok(c, await refreshWfsReceiving(deps, c.get('ctx'), c.req.valid('param').id)),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{id}/boxes/auto-assign`,
      tags,
      summary:
        'Fill boxes from the plan’s quantities and case packs (per shipment; sealed cases whole, loose units by volume and weight); the boxes stay open to be weighed',
      middleware: [update],
      request: { params: idParam, ...jsonBody(wfsAutoAssignSchema) },
      responses: { ...okResponse(wfsAutoAssignResultSchema), ...errorResponses },
    }),
    async (c) => ok(c, await autoAssignBoxes(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json'))),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{id}/box-tree`,
      tags,
      summary: 'The plan’s boxes with what each holds and what Walmart would refuse of it; the lines not fully boxed',
      middleware: [read],
      request: { params: idParam },
      responses: { ...okResponse(boxTreeSchema), ...errorResponses },
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      await wfsPlanDetail(deps, c.get('ctx'), id);
      return ok(c, await boxTree(deps.db, c.get('ctx'), id));
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{id}/box-map`,
      tags,
      summary: 'Where each line’s units are boxed: boxes and quantities per line (spec box-map)',
      middleware: [read],
      request: { params: idParam },
      responses: { ...okResponse(wfsBoxMapSchema), ...errorResponses },
    }),
    async (c) => ok(c, await wfsBoxMap(deps, c.get('ctx'), c.req.valid('param').id)),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{id}/close`,
      tags,
      summary: 'Close a shipped plan: Walmart’s receiving is no longer followed',
      middleware: [update],
      request: { params: idParam },
      responses: { ...okResponse(wfsPlanDetailSchema), ...errorResponses },
    }),
    async (c) => ok(c, await closeWfsPlan(deps, c.get('ctx'), c.req.valid('param').id)),
  );
  // The spec's other names (auth, plan update and batch, single lines, boxes, scans, search).
  app.route('/', wfsSpecRoutes(deps, guards));
  return app;
}
