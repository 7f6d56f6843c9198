/**
 * Packing on the orders desk's API (/api/fbm/web, issue 20 step 4): the order's default box, its
 * boxes and what is scanned into them (spec /order/{id}/default/box/dimensions, /box/item/label/{id},
 * /box/item/reserved/remaining/items/{id}; and the label side's /api/external/ship/order/label/{id}/box/item
 * and /fbm/{id}/box/remaining/item). Packing is the warehouse's; a client reads its own orders' boxes.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { boxDimensionsSchema, boxItemScanSchema, orderPackSchema } from '../../../domain/schemas/fbm-labels.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, idParam, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { getPack, removeBoxItem, scanIntoBox, setBoxDimensions, setDefaultDimensions } from './service.js';

export function fbmPackRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['FBM packing'];
  const base = '/api/fbm/web';
  const desk = (a: 'read' | 'update') => guards.requiresAny(['fbm', a], ['mfn', a]);
  const read = (path: string, summary: string) =>
    app.openapi(
      createRoute({
        method: 'get',
        path,
        tags,
        summary,
        middleware: [desk('read')],
        request: { params: idParam },
        responses: { ...okResponse(orderPackSchema), ...errorResponses },
      }),
      async (c) => ok(c, await getPack(deps.db, c.get('ctx'), c.req.valid('param').id)),
    );

  read(
    `${base}/box/item/reserved/remaining/items/{id}`,
    'The order’s packing: its boxes with their items, and per line what is left to box (picked and not yet packed)',
  );
  read(
    '/api/external/ship/order/label/{id}/box/item',
    'The order’s boxes and their items (same as the FBM packing view)',
  );
  read('/api/external/ship/order/label/fbm/{id}/box/remaining/item', 'The order’s items still to box');
  read(`${base}/order/{id}/default/box/dimensions`, 'The order’s packing with its default box');

  app.openapi(
    createRoute({
      method: 'put',
      path: `${base}/order/{id}/default/box/dimensions`,
      tags,
      summary:
        'Set the order’s default box (inches, pounds): new boxes start with it; labels are shopped for it when nothing is boxed',
      middleware: [desk('update')],
      request: { params: idParam, ...jsonBody(boxDimensionsSchema) },
      responses: { ...okResponse(orderPackSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await setDefaultDimensions(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), {
        info: ['Default box saved'],
      }),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/box/item/label/{id}`,
      tags,
      summary:
        'Scan an item of order {id} into a box (the last open one, a named one, or a new one): an item not on the order or more than was picked for it is refused (412)',
      middleware: [desk('update')],
      request: { params: idParam, ...jsonBody(boxItemScanSchema) },
      responses: { ...okResponse(orderPackSchema), ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid('json');
      return ok(c, await scanIntoBox(deps, c.get('ctx'), c.req.valid('param').id, body), {
        info: [`${body.quantity} × ${body.code} packed`],
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: `${base}/box/item/label/{id}`,
      tags,
      summary:
        'Take box item {id} out of its box (an empty box goes too); a box with a label is refused until it is voided',
      middleware: [desk('update')],
      request: { params: idParam },
      responses: { ...okResponse(orderPackSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await removeBoxItem(deps, c.get('ctx'), c.req.valid('param').id), { info: ['Taken out of the box'] }),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: `${base}/box/{id}/dimensions`,
      tags,
      summary: 'A box’s size and weight as weighed at the packing bench',
      middleware: [desk('update')],
      request: { params: idParam, ...jsonBody(boxDimensionsSchema) },
      responses: { ...okResponse(orderPackSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await setBoxDimensions(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), {
        info: ['Box saved'],
      }),
  );
  return app;
}
