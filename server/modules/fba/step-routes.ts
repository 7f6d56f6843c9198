/**
 * The routes of Amazon's steps after submission (issue 18 steps 2–5): each asks Amazon for
 * something and answers 202 with the plan — the operation that follows it is on the plan
 * (`operation`, `operationId`) and the job moves the plan on when it ends.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import { envelope } from '../../../domain/envelope.js';
import {
  deliveryWindowConfirmSchema,
  packingConfirmSchema,
  placementConfirmSchema,
  planDetailSchema,
  transportConfirmSchema,
  trackingInputSchema,
  transportQuoteSchema,
  type PlanDetail,
} from '../../../domain/schemas/fba.js';
import type { Guards } from '../../auth/guard.js';
import type { AppEnv, Deps, RequestContext } from '../../context.js';
import { envelopeOf, errorResponses, idParam, jsonBody } from '../../http/openapi.js';
import { validationHook } from '../../http/validation.js';
import { confirmPacking, generatePacking } from './packing.js';
import { sendBoxes } from './packing-information.js';
import { confirmPlacement, generatePlacement, quoteTransport } from './placement.js';
import { confirmTransport, confirmWindow, generateWindows } from './transport.js';
import { giveTracking } from './labels.js';
import { shipmentParam } from './params.js';

const base = '/api/outbound/outbound-shipping/batch';

interface StepRoute<B extends ZodType | undefined> {
  method?: 'post' | 'put';
  path: string;
  summary: string;
  description?: string;
  info: string;
  params?: typeof idParam | typeof shipmentParam;
  body?: B;
  run: (
    ctx: RequestContext,
    params: { id: number; shipmentId?: string },
    body: B extends ZodType ? import('zod').infer<B> : undefined,
  ) => Promise<PlanDetail>;
}

export function stepRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const update = guards.requires('fba', 'update');

  function step<B extends ZodType | undefined>(r: StepRoute<B>) {
    app.openapi(
      createRoute({
        method: r.method ?? 'post',
        path: `${base}/${r.path}`,
        tags: ['FBA shipment plans'],
        summary: r.summary,
        description: r.description,
        middleware: [update],
        request: { params: r.params ?? idParam, ...(r.body ? jsonBody(r.body) : {}) },
        responses: {
          202: {
            description: 'Amazon was asked; the plan shows the operation that follows it',
            content: { 'application/json': { schema: envelopeOf(planDetailSchema) } },
          },
          ...errorResponses,
        },
      }),
      async (c) => {
        const params = c.req.valid('param' as never) as { id: number; shipmentId?: string };
        const body = (r.body ? c.req.valid('json' as never) : undefined) as B extends ZodType
          ? import('zod').infer<B>
          : undefined;
        const detail = await r.run(c.get('ctx'), params, body);
        return c.json(envelope(detail, { info_list: [{ message: r.info }] }), 202);
      },
    );
  }

  step({
    path: '{id}/packing-options',
    summary: 'Ask Amazon (again) for the ways to pack the plan (asked by itself once Amazon has the plan)',
    info: 'Amazon is working out the packing options',
    run: (ctx, p) => generatePacking(deps, ctx, p.id),
  });
  step({
    path: '{id}/packing-options/confirm',
    summary: 'Confirm one of Amazon’s packing options; on success the plan goes to the bench',
    info: 'Amazon is confirming the packing option',
    body: packingConfirmSchema,
    run: (ctx, p, b) => confirmPacking(deps, ctx, p.id, b.packingOptionId),
  });
  step({
    path: '{id}/packing-information',
    summary: 'Send the packed boxes to Amazon (setPackingInformation, box contents provided)',
    description:
      'Refused (412) per box and SKU when a unit is not boxed, a box is open, or a box is beyond Amazon’s limits (25 in a side, 50 lb, unless one oversize unit). Box numbers close up first. On success the plan goes to placement and its options are asked for.',
    info: 'Amazon is taking the boxes',
    run: (ctx, p) => sendBoxes(deps, ctx, p.id),
  });
  step({
    path: '{id}/placement-options',
    summary: 'Ask Amazon (again) where the boxes may go (asked by itself once Amazon has the boxes)',
    info: 'Amazon is working out the placement options',
    run: (ctx, p) => generatePlacement(deps, ctx, p.id),
  });
  step({
    path: '{id}/transport-options',
    summary: 'Ask Amazon (again) for one placement option’s transportation quotes (asked by itself for each option)',
    info: 'Amazon is quoting transportation',
    body: transportQuoteSchema,
    run: (ctx, p, b) => quoteTransport(deps, ctx, p.id, b.placementOptionId),
  });
  step({
    path: '{id}/placement-options/confirm',
    summary: 'Confirm where the boxes go; on success the plan has its shipments and the boxes their FBA box ids',
    info: 'Amazon is confirming the placement',
    body: placementConfirmSchema,
    run: (ctx, p, b) => confirmPlacement(deps, ctx, p.id, b.placementOptionId),
  });
  step({
    path: '{id}/shipments/{shipmentId}/delivery-windows',
    summary: 'Ask Amazon for a shipment’s delivery windows (needed before an own carrier is chosen)',
    info: 'Amazon is working out the delivery windows',
    params: shipmentParam,
    run: (ctx, p) => generateWindows(deps, ctx, p.id, p.shipmentId!),
  });
  step({
    path: '{id}/shipments/{shipmentId}/delivery-windows/confirm',
    summary: 'Book one of a shipment’s delivery windows',
    info: 'Amazon is booking the delivery window',
    params: shipmentParam,
    body: deliveryWindowConfirmSchema,
    run: (ctx, p, b) => confirmWindow(deps, ctx, p.id, p.shipmentId!, b.deliveryWindowOptionId),
  });
  step({
    path: '{id}/transport/confirm',
    summary: 'Confirm how each shipment travels (one option per shipment); on success the plan goes to labels',
    description:
      'Refused (412) when a shipment has no option or two, an own carrier has no delivery window, a quote expired, or a box over 100 lb would go as small parcel.',
    info: 'Amazon is confirming the transportation',
    body: transportConfirmSchema,
    run: (ctx, p, b) => confirmTransport(deps, ctx, p.id, b),
  });
  step({
    method: 'put',
    path: '{id}/shipments/{shipmentId}/tracking',
    summary: 'Give Amazon an own carrier’s tracking: a number per box (small parcel) or the PRO number (LTL)',
    description: 'Amazon must have it before the boxes leave (ship refuses a shipment without it).',
    info: 'Amazon is taking the tracking',
    params: shipmentParam,
    body: trackingInputSchema,
    run: (ctx, p, b) => giveTracking(deps, ctx, p.id, p.shipmentId!, b),
  });
  return app;
}
