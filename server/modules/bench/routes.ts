/**
 * The bench from the desk (spec §7 /api/outbound/outbound-shipping/box): a plan's box tree, the
 * box presets, and the same box actions as the floor mutations — run through the same service
 * functions, in a transaction that takes the change feed's lock first as a push does.
 */
import { randomUUID } from 'node:crypto';
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  boxPresetSchema,
  boxResultSchema,
  boxScanResultSchema,
  boxTreeQuerySchema,
  boxTreeSchema,
  deskBoxCloseSchema,
  deskBoxOpenSchema,
  deskBoxScanSchema,
  deskBoxUnscanSchema,
} from '../../../domain/schemas/bench.js';
import type { Guards } from '../../auth/guard.js';
import type { AppEnv, Deps, RequestContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { lockChangeFeed } from '../../feed/changes.js';
import { envelopeOf, errorResponses, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { closeBox, discardBox, openBox, reopenBox, scanIntoBox, unscanFromBox } from './boxes.js';
import { boxPresets, boxTree } from './tree.js';
import { boxIdParam } from '../fba/params.js';

const base = '/api/outbound/outbound-shipping/box';

export function benchRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Packer’s bench'];
  const read = guards.requires('fba', 'read');
  const update = guards.requires('fba', 'update');
  const inTx = <T>(ctx: RequestContext, fn: (tx: Tx) => Promise<T>) =>
    deps.db.transaction(async (tx) => {
      await lockChangeFeed(tx, ctx.tenantId);
      return fn(tx);
    });
  const now = () => deps.now().toISOString();
  const boxParam = { params: boxIdParam };

  app.openapi(
    createRoute({
      method: 'get',
      path: base,
      tags,
      summary: 'A plan’s boxes with their contents and what Amazon would refuse of each; lines not fully boxed',
      middleware: [read],
      request: { query: boxTreeQuerySchema },
      responses: { ...okResponse(boxTreeSchema), ...errorResponses },
    }),
    async (c) => ok(c, await boxTree(deps.db, c.get('ctx'), c.req.valid('query').planId)),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/presets`,
      tags,
      summary: 'The warehouse’s box sizes (DEFINED_BOX_DIMENSIONS), or common sizes until it sets its own',
      middleware: [read],
      responses: { ...okResponse(z.array(boxPresetSchema)), ...errorResponses },
    }),
    async (c) => ok(c, await boxPresets(deps.db, c.get('ctx').tenantId)),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: base,
      tags,
      summary: 'Open a box for a plan at the bench (its packing group, if any); numbered next',
      middleware: [update],
      request: jsonBody(deskBoxOpenSchema),
      responses: {
        201: { description: 'Opened', content: { 'application/json': { schema: envelopeOf(boxResultSchema) } } },
        ...errorResponses,
      },
    }),
    async (c) => {
      const ctx = c.get('ctx');
      const body = c.req.valid('json');
      const box = await inTx(ctx, (tx) => openBox(tx, ctx, { ...body, id: randomUUID(), openedAt: now() }));
      return ok(c, box, { status: 201 });
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{boxId}/scan`,
      tags,
      summary: 'Put units in a box by their code: never more of a line than the plan has left, never another group’s',
      middleware: [update],
      request: { ...boxParam, ...jsonBody(deskBoxScanSchema) },
      responses: { ...okResponse(boxScanResultSchema), ...errorResponses },
    }),
    async (c) => {
      const ctx = c.get('ctx');
      const { boxId } = c.req.valid('param');
      const body = c.req.valid('json');
      return ok(
        c,
        await inTx(ctx, (tx) => scanIntoBox(tx, ctx, { ...body, id: randomUUID(), boxId, scannedAt: now() })),
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{boxId}/unscan`,
      tags,
      summary: 'Take units of a line back out of an open box',
      middleware: [update],
      request: { ...boxParam, ...jsonBody(deskBoxUnscanSchema) },
      responses: { ...okResponse(boxScanResultSchema), ...errorResponses },
    }),
    async (c) => {
      const ctx = c.get('ctx');
      const { boxId } = c.req.valid('param');
      const body = c.req.valid('json');
      return ok(c, await inTx(ctx, (tx) => unscanFromBox(tx, ctx, { ...body, id: randomUUID(), boxId, at: now() })));
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: `${base}/{boxId}`,
      tags,
      summary:
        'Close (or re-measure) a box: outside dimensions (in) and weight (lb), checked against Amazon’s box limits',
      middleware: [update],
      request: { ...boxParam, ...jsonBody(deskBoxCloseSchema) },
      responses: { ...okResponse(boxResultSchema), ...errorResponses },
    }),
    async (c) => {
      const ctx = c.get('ctx');
      const { boxId } = c.req.valid('param');
      const body = c.req.valid('json');
      return ok(c, await inTx(ctx, (tx) => closeBox(tx, ctx, { ...body, boxId, closedAt: now() })));
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{boxId}/reopen`,
      tags,
      summary: 'Reopen a closed box (while the plan is at the bench)',
      middleware: [update],
      request: boxParam,
      responses: { ...okResponse(boxResultSchema), ...errorResponses },
    }),
    async (c) => {
      const ctx = c.get('ctx');
      const { boxId } = c.req.valid('param');
      return ok(c, await inTx(ctx, (tx) => reopenBox(tx, ctx, { boxId, at: now() })));
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: `${base}/{boxId}`,
      tags,
      summary: 'Give up an empty box',
      middleware: [update],
      request: boxParam,
      responses: { ...okResponse(boxResultSchema), ...errorResponses },
    }),
    async (c) => {
      const ctx = c.get('ctx');
      const { boxId } = c.req.valid('param');
      return ok(c, await inTx(ctx, (tx) => discardBox(tx, ctx, { boxId, at: now() })));
    },
  );
  return app;
}
