/**
 * The rest of spec §7 "Walmart fulfillment" under /api/outbound/wfs, beside routes.ts: auth/create
 * and auth/refresh-token/{id}; plan/update and plan/batch/{id}; plan items one line at a time
 * (create, update, update/quantity, delete, query/batch); the batch's boxes (box, boxes/{id},
 * box/{id}, box/all/{id}); items/box scan-item and bulk; items/search. Thin routes over the shared
 * services; the 'wfs' right guards each, the services keep clients to their own company.
 * (label/{id}/void and label/{id}/print are routes.ts's carrier/void and labels, per shipment.)
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  boxResultSchema,
  boxScanResultSchema,
  deskBoxCloseSchema,
  deskBoxOpenSchema,
} from '../../../domain/schemas/bench.js';
import {
  wfsAuthCreateSchema,
  wfsAuthResultSchema,
  wfsBatchSchema,
  wfsBoxesClearedSchema,
  wfsBoxListSchema,
  wfsBoxViewSchema,
  wfsBulkScanResultSchema,
  wfsBulkScanSchema,
  wfsItemSearchPageSchema,
  wfsItemSearchQuerySchema,
  wfsLineCreateSchema,
  wfsLineQuantitySchema,
  wfsLineUpdateSchema,
  wfsPlanLinesViewSchema,
  wfsPlanUpdateSchema,
  wfsScanItemSchema,
  wfsTokenRefreshSchema,
} from '../../../domain/schemas/wfs-endpoints.js';
import { wfsPlanDetailSchema } from '../../../domain/schemas/wfs.js';
import type { Guards } from '../../auth/guard.js';
import type { AppEnv, Deps, RequestContext } from '../../context.js';
import { createdResponse, errorResponses, idParam, jsonBody, okResponse, pathId } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { boxIdParam } from '../fba/params.js';
import { connectWfsStore, refreshWfsToken } from './auth.js';
import {
  clearWfsBoxes,
  closeWfsBox,
  discardWfsBox,
  openWfsBox,
  scanWfsItems,
  wfsBatch,
  wfsBox,
  wfsBoxes,
} from './box-desk.js';
import { searchWfsItems } from './item-search.js';
import { addWfsLine, removeWfsLine, updateWfsLine, updateWfsPlan, wfsPlanLines } from './plan-edits.js';

const root = '/api/outbound/wfs';
const plan = `${root}/plan`;

const lineParam = idParam.extend({ itemId: pathId('itemId') });

export function wfsSpecRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const read = guards.requires('wfs', 'read');
  const create = guards.requires('wfs', 'create');
  const update = guards.requires('wfs', 'update');
  const tags = ['WFS shipment plans'];

  /** A route of one id in the path and no body, answering what `run` gives for it. */
  const byId = <T extends z.ZodType>(
    method: 'get' | 'post' | 'delete',
    path: string,
    summary: string,
    guard: typeof read,
    schema: T,
    run: (ctx: RequestContext, id: number) => Promise<z.infer<T>>,
  ) =>
    app.openapi(
      createRoute({
        method,
        path,
        tags,
        summary,
        middleware: [guard],
        request: { params: idParam },
        responses: { ...okResponse(schema), ...errorResponses },
      }),
      async (c) => ok(c, await run(c.get('ctx'), c.req.valid('param').id)),
    );

  // ---- auth ----
  app.openapi(
    createRoute({
      method: 'post',
      path: `${root}/auth/create`,
      tags,
      summary: 'Connect a client’s Walmart store for WFS: its client id and secret, sealed and tried at once',
      description:
        'Takes an existing Walmart store (storeId) or the client’s store of that partner id/name, or adds one (201). The secret is never answered back; `connected` says whether Walmart took the credentials.',
      middleware: [create],
      request: jsonBody(wfsAuthCreateSchema),
      responses: { ...createdResponse(wfsAuthResultSchema), ...okResponse(wfsAuthResultSchema), ...errorResponses },
    }),
    async (c) => {
      const result = await connectWfsStore(deps, c.get('ctx'), c.req.valid('json'));
      return ok(c, result, {
        status: result.created ? 201 : 200,
        ...(result.connected ? { info: [result.message] } : { warn: [result.message] }),
      });
    },
  );
  byId(
    'post',
    `${root}/auth/refresh-token/{id}`,
    'Ask Walmart for a new access token for the store now: when it expires (the token stays on the server)',
    update,
    wfsTokenRefreshSchema,
    (ctx, id) => refreshWfsToken(deps, ctx, id),
  );

  // ---- the plan ----
  app.openapi(
    createRoute({
      method: 'put',
      path: `${plan}/{id}`,
      tags,
      summary: 'Edit a draft plan: its name, its ship-from (typed, or a shipping template’s), its notes',
      description:
        'Before the inbound order only (412 after). A new ship-from sends the plan back to its items: Walmart’s preview is asked again.',
      middleware: [update],
      request: { params: idParam, ...jsonBody(wfsPlanUpdateSchema) },
      responses: { ...okResponse(wfsPlanDetailSchema), ...errorResponses },
    }),
    async (c) => ok(c, await updateWfsPlan(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json'))),
  );
  byId(
    'get',
    `${plan}/{id}/batch`,
    'The plan as the bench sees it: plan row, lines with every code, boxes and their contents (spec plan/batch)',
    read,
    wfsBatchSchema,
    (ctx, id) => wfsBatch(deps, ctx, id),
  );

  // ---- plan items, one line at a time ----
  byId(
    'get',
    `${plan}/{id}/items`,
    'The plan’s lines with the units each holds at PREP-WFS and how many are boxed (spec items query/batch)',
    read,
    wfsPlanLinesViewSchema,
    (ctx, id) => wfsPlanLines(deps, ctx, id),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: `${plan}/{id}/items`,
      tags,
      summary: 'Add a product line to a draft plan; it holds its units at PREP-WFS (412 when fewer are free)',
      description: 'A product already on the plan is a conflict (409): change that line’s quantity instead.',
      middleware: [update],
      request: { params: idParam, ...jsonBody(wfsLineCreateSchema) },
      responses: { ...createdResponse(wfsPlanDetailSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await addWfsLine(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), { status: 201 }),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: `${plan}/{id}/items/{itemId}`,
      tags,
      summary: 'Change a line: quantity, expiration, lot, who labels and preps (fields left out keep their value)',
      middleware: [update],
      request: { params: lineParam, ...jsonBody(wfsLineUpdateSchema) },
      responses: { ...okResponse(wfsPlanDetailSchema), ...errorResponses },
    }),
    async (c) => {
      const { id, itemId } = c.req.valid('param');
      return ok(c, await updateWfsLine(deps, c.get('ctx'), id, itemId, c.req.valid('json')));
    },
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: `${plan}/{id}/items/{itemId}/quantity`,
      tags,
      summary: 'A line’s quantity: more holds free units at PREP-WFS (412 when short), fewer gives units back',
      description: 'Refused (412) once Walmart has the inbound order (the plan has shipments).',
      middleware: [update],
      request: { params: lineParam, ...jsonBody(wfsLineQuantitySchema) },
      responses: { ...okResponse(wfsPlanDetailSchema), ...errorResponses },
    }),
    async (c) => {
      const { id, itemId } = c.req.valid('param');
      return ok(c, await updateWfsLine(deps, c.get('ctx'), id, itemId, c.req.valid('json')));
    },
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: `${plan}/{id}/items/{itemId}`,
      tags,
      summary: 'Remove a line from a draft plan: its units are released at PREP-WFS',
      middleware: [update],
      request: { params: lineParam },
      responses: { ...okResponse(wfsPlanDetailSchema), ...errorResponses },
    }),
    async (c) => {
      const { id, itemId } = c.req.valid('param');
      return ok(c, await removeWfsLine(deps, c.get('ctx'), id, itemId));
    },
  );

  // ---- the batch's boxes ----
  app.openapi(
    createRoute({
      method: 'post',
      path: `${root}/box`,
      tags,
      summary: 'Open a box for a WFS plan at the bench, for one of Walmart’s shipments (packingGroupId); numbered next',
      middleware: [update],
      request: jsonBody(deskBoxOpenSchema),
      responses: { ...createdResponse(boxResultSchema), ...errorResponses },
    }),
    async (c) => ok(c, await openWfsBox(deps, c.get('ctx'), c.req.valid('json')), { status: 201 }),
  );
  byId(
    'get',
    `${plan}/{id}/boxes`,
    'The plan’s boxes: contents, size, weight, shipment, and what Walmart would refuse of each (spec boxes/{id})',
    read,
    wfsBoxListSchema,
    (ctx, id) => wfsBoxes(deps, ctx, id),
  );
  byId(
    'delete',
    `${plan}/{id}/boxes`,
    'Start packing over: every box of the plan and its units taken out, while it is at the bench (spec box/all/{id})',
    update,
    wfsBoxesClearedSchema,
    (ctx, id) => clearWfsBoxes(deps, ctx, id),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: `${root}/box/{boxId}`,
      tags,
      summary: 'One box of a WFS plan with what it holds',
      middleware: [read],
      request: { params: boxIdParam },
      responses: { ...okResponse(wfsBoxViewSchema), ...errorResponses },
    }),
    async (c) => ok(c, await wfsBox(deps, c.get('ctx'), c.req.valid('param').boxId)),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: `${root}/box/{boxId}`,
      tags,
      summary: 'Close or re-measure a box: outside dimensions (in) and weight (lb), within Walmart’s 25 in / 50 lb',
      middleware: [update],
      request: { params: boxIdParam, ...jsonBody(deskBoxCloseSchema) },
      responses: { ...okResponse(boxResultSchema), ...errorResponses },
    }),
    async (c) => ok(c, await closeWfsBox(deps, c.get('ctx'), c.req.valid('param').boxId, c.req.valid('json'))),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: `${root}/box/{boxId}`,
      tags,
      summary: 'Give up an empty box (412 while it holds units)',
      middleware: [update],
      request: { params: boxIdParam },
      responses: { ...okResponse(boxResultSchema), ...errorResponses },
    }),
    async (c) => ok(c, await discardWfsBox(deps, c.get('ctx'), c.req.valid('param').boxId)),
  );

  // ---- scans from the desk, through the bench's engine ----
  app.openapi(
    createRoute({
      method: 'post',
      path: `${root}/items/box/scan-item`,
      tags,
      summary: 'One scan into a box: never more of a line than the plan has left, never another shipment’s unit',
      middleware: [update],
      request: jsonBody(wfsScanItemSchema),
      responses: { ...okResponse(boxScanResultSchema), ...errorResponses },
    }),
    async (c) => {
      const { boxId, code, quantity } = c.req.valid('json');
      const [scan] = await scanWfsItems(deps, c.get('ctx'), boxId, [{ code, quantity }]);
      return ok(c, scan);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: `${root}/items/box/bulk`,
      tags,
      summary: 'Several scans into one box, in order, all or none (the first refusal names the code and why)',
      middleware: [update],
      request: jsonBody(wfsBulkScanSchema),
      responses: { ...okResponse(wfsBulkScanResultSchema), ...errorResponses },
    }),
    async (c) => {
      const { boxId, items } = c.req.valid('json');
      const scans = await scanWfsItems(deps, c.get('ctx'), boxId, items);
      return ok(c, { units: scans.reduce((n, s) => n + s.units, 0), scans });
    },
  );

  // ---- what can go to WFS ----
  app.openapi(
    createRoute({
      method: 'get',
      path: `${root}/items/search`,
      tags,
      summary:
        'The client’s products by title, SKU, UPC or code: units free at PREP-WFS and whether Walmart can take each',
      middleware: [read],
      request: { query: wfsItemSearchQuerySchema },
      responses: { ...okResponse(wfsItemSearchPageSchema), ...errorResponses },
    }),
    async (c) => ok(c, await searchWfsItems(deps, c.get('ctx'), c.req.valid('query'))),
  );
  return app;
}
