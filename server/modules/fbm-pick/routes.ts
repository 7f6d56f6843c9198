/**
 * Match, reserve and pick batches on the orders desk's API (/api/fbm/web, issue 20 steps 2–3):
 * the spec's /match/awaiting/items/store/{id}, /reserve/awaiting/items/store/{id} and /pick/batch….
 * Amazon FBM (ability fbm) and merchant fulfilment (mfn) share it; a client matches and reserves
 * its own stores' orders and sees its own batches; batches are made and picked by the warehouse.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { pageRequest } from '../../../domain/paging.js';
import {
  forceSummarySchema,
  matchResultSchema,
  pickBatchCreateSchema,
  pickBatchDetailSchema,
  pickBatchListQuerySchema,
  pickBatchSchema,
  pickInputSchema,
  pickResultSchema,
  releaseResultSchema,
  reserveResultSchema,
} from '../../../domain/schemas/fbm-pick.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, idParam, jsonBody, okResponse, pageOf } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { cancelBatch, createBatch, getBatch, listBatches, recordPick } from './batches.js';
import { forceSummary } from './console.js';
import { matchAwaiting, releaseOrder, reserveAwaiting, reserveCompany, reserveOrder } from './reserve.js';

export function fbmPickRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['FBM reservations and picking'];
  const base = '/api/fbm/web';
  const desk = (a: 'read' | 'create' | 'update') => guards.requiresAny(['fbm', a], ['mfn', a]);

  const reserved = (r: Awaited<ReturnType<typeof reserveAwaiting>>) => ({
    info: [`${r.held} lines held, ${r.alreadyHeld} already held, ${r.notHeld} not held`],
    warn: r.notHeld ? [`${r.notHeld} lines could not be held: see each line’s message`] : [],
  });

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/match/awaiting/items/store/{id}`,
      tags,
      summary:
        'Per line of the store’s awaiting orders (oldest first): matched to a product or not, units to ship, units it holds, units of the client’s pickable stock free for it',
      middleware: [desk('read')],
      request: { params: idParam },
      responses: { ...okResponse(matchResultSchema), ...errorResponses },
    }),
    async (c) => ok(c, await matchAwaiting(deps, c.get('ctx'), c.req.valid('param').id)),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/reserve/awaiting/items/store/{id}`,
      tags,
      summary:
        'Hold units for the store’s awaiting orders, oldest purchase first: each matched line its whole unshipped quantity of the client’s pickable stock (bins and FBM-SHELF, not receiving or prep stations), or nothing and why; a line already held is not held again',
      middleware: [desk('update')],
      request: { params: idParam },
      responses: { ...okResponse(reserveResultSchema), ...errorResponses },
    }),
    async (c) => {
      const r = await reserveAwaiting(deps, c.get('ctx'), c.req.valid('param').id);
      return ok(c, r, reserved(r));
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/reserve/awaiting/items/company/{id}`,
      tags,
      summary:
        'The same as a store’s reserve for every store of one client at once (oldest purchase first across its stores): each line held whole, or nothing and why',
      middleware: [desk('update')],
      request: { params: idParam },
      responses: { ...okResponse(reserveResultSchema), ...errorResponses },
    }),
    async (c) => {
      const r = await reserveCompany(deps, c.get('ctx'), c.req.valid('param').id);
      return ok(c, r, reserved(r));
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/order/{id}/reserve`,
      tags,
      summary:
        'Hold units for one awaiting order’s lines (the order’s panel): each line its whole unshipped quantity of the client’s pickable stock, or nothing and why',
      middleware: [desk('update')],
      request: { params: idParam },
      responses: { ...okResponse(reserveResultSchema), ...errorResponses },
    }),
    async (c) => {
      const r = await reserveOrder(deps, c.get('ctx'), c.req.valid('param').id);
      return ok(c, r, reserved(r));
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/order/{id}/reservations/release`,
      tags,
      summary:
        'Give back what the order’s lines hold (the order was cancelled); what open pick batches still had to pick for it is taken off them',
      middleware: [desk('update')],
      request: { params: idParam },
      responses: { ...okResponse(releaseResultSchema), ...errorResponses },
    }),
    async (c) => {
      const r = await releaseOrder(deps, c.get('ctx'), c.req.valid('param').id);
      return ok(c, r, { info: [`${r.released} units released`] });
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/pick/batch`,
      tags,
      summary:
        'Make a pick batch from reserved orders (orderIds, or the oldest maxOrders of a store or client): each held line allocated to the places holding its units, sorted by zone (FBM_ROUTING) and location',
      middleware: [desk('update')],
      request: jsonBody(pickBatchCreateSchema),
      responses: { ...okResponse(pickBatchDetailSchema), ...errorResponses },
    }),
    async (c) => {
      const r = await createBatch(deps, c.get('ctx'), c.req.valid('json'));
      return ok(c, r, {
        status: 201,
        info: [`Pick batch ${r.number}: ${r.orders} orders, ${r.units} units`],
        warn: r.unallocated.length ? [`${r.unallocated.length} lines have units in no pickable location`] : [],
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/force/summary`,
      tags,
      summary:
        'The force-ship console’s counts: orders awaiting shipment, reserved and ready to pick, on open pick batches, picked and not shipped; the stores with orders ready to pick',
      middleware: [desk('read')],
      responses: { ...okResponse(forceSummarySchema), ...errorResponses },
    }),
    async (c) => ok(c, await forceSummary(deps, c.get('ctx'))),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/pick/batch`,
      tags,
      summary: 'Pick batches, newest first (by status)',
      middleware: [desk('read')],
      request: { query: pickBatchListQuerySchema },
      responses: { ...okResponse(pageOf(pickBatchSchema)), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await listBatches(deps.db, c.get('ctx'), pageRequest(q), q.status));
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/pick/batch/{id}`,
      tags,
      summary: 'One pick batch with its pick list in walking order',
      middleware: [desk('read')],
      request: { params: idParam },
      responses: { ...okResponse(pickBatchDetailSchema), ...errorResponses },
    }),
    async (c) => ok(c, await getBatch(deps.db, c.get('ctx'), c.req.valid('param').id)),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/pick/batch/{id}/pick`,
      tags,
      summary:
        'Record a pick: batchLineId, or the scanned location and item; a wrong item or more than the line asks is refused (412); short: true marks the rest short and records a missing-item problem. Picked units move to FBM-PACK',
      middleware: [desk('update')],
      request: { params: idParam, ...jsonBody(pickInputSchema) },
      responses: { ...okResponse(pickResultSchema), ...errorResponses },
    }),
    async (c) => {
      const r = await recordPick(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json'));
      return ok(c, r, {
        info: [
          r.problemId ? `Short pick recorded: problem ${r.problemId}` : `Picked ${r.line.picked} of ${r.line.quantity}`,
        ],
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/pick/batch/{id}/cancel`,
      tags,
      summary: 'Cancel a pick batch: its unpicked places are free for the next batch; the orders keep their holds',
      middleware: [desk('update')],
      request: { params: idParam },
      responses: { ...okResponse(pickBatchDetailSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await cancelBatch(deps, c.get('ctx'), c.req.valid('param').id), { info: ['Pick batch cancelled'] }),
  );

  return app;
}
