/**
 * Shipping labels (spec §7 rate labels, /api/external/ship/rate/label): rate shopping across the
 * carriers connected to the warehouse's aggregator account, and the Buy Shipping Labels tool —
 * buy a label from a rate (a client's from its label funds), list, print again, void.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { rateQuoteRequestSchema, rateQuotesSchema } from '../../../domain/schemas/shipping.js';
import {
  labelPurchaseSchema,
  labelQuerySchema,
  shippingLabelPageSchema,
  shippingLabelSchema,
} from '../../../domain/schemas/shipping-labels.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, idParam, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { purchaseToolLabel, quoteToolRates } from './customs.js';
import { getLabel, labelDocument, listLabels, voidLabel } from './labels.js';

const base = '/api/external/ship/rate/label';
const tags = ['Shipping labels'];

export function shippingRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const read = guards.requires('shippingLabelTool', 'read');
  const create = guards.requires('shippingLabelTool', 'create');
  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/list/rates`,
      tags,
      summary:
        'Rates of every connected carrier for one parcel shipment, cheapest first (across a border: with its customs declaration, 412 while incomplete)',
      middleware: [read],
      request: jsonBody(rateQuoteRequestSchema),
      responses: { ...okResponse(rateQuotesSchema), ...errorResponses },
    }),
    async (c) => ok(c, await quoteToolRates(deps, c.get('ctx'), c.req.valid('json'))),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/purchase`,
      tags,
      summary:
        'Buy the label of one shopped rate (a client’s paid from its label funds with the upcharge); the same requestKey buys once; across a border the customs declaration is required (412 while incomplete) and its CN22/CN23 prints after the label',
      middleware: [create],
      request: jsonBody(labelPurchaseSchema),
      responses: { ...okResponse(shippingLabelSchema), ...errorResponses },
    }),
    async (c) => ok(c, await purchaseToolLabel(deps, c.get('ctx'), c.req.valid('json'))),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/query`,
      tags,
      summary: 'Labels bought, newest first (a client’s user: its own company’s)',
      middleware: [read],
      request: { query: labelQuerySchema },
      responses: { ...okResponse(shippingLabelPageSchema), ...errorResponses },
    }),
    async (c) => ok(c, await listLabels(deps, c.get('ctx'), c.req.valid('query'))),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/void/{id}`,
      tags,
      summary: 'Void a label at the carrier (within its window); its funds draw and charge are taken back',
      middleware: [create],
      request: { params: idParam },
      responses: { ...okResponse(shippingLabelSchema), ...errorResponses },
    }),
    async (c) => ok(c, await voidLabel(deps, c.get('ctx'), c.req.valid('param').id)),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{id}`,
      tags,
      summary: 'One label',
      middleware: [read],
      request: { params: idParam },
      responses: { ...okResponse(shippingLabelSchema), ...errorResponses },
    }),
    async (c) => ok(c, await getLabel(deps, c.get('ctx'), c.req.valid('param').id)),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{id}/document`,
      tags,
      summary: 'The label document as bought (4×6 PDF or ZPL), to print again',
      middleware: [read],
      request: { params: idParam },
      responses: {
        200: {
          description: 'application/pdf or application/zpl',
          content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
        },
        ...errorResponses,
      },
    }),
    async (c) => {
      const doc = await labelDocument(deps, c.get('ctx'), c.req.valid('param').id);
      return new Response(new Uint8Array(doc.bytes), {
        headers: {
          'content-type': doc.contentType,
          'content-disposition': `inline; filename="${doc.filename}"`,
          'cache-control': 'no-store',
        },
      });
    },
  );
  return app;
}
