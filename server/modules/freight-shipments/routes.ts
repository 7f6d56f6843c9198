/**
 * Tools → Freight (issue 20; spec §7 Speedship: shopFlow, quoteOrderFlow, query,
 * documentDownloadFlow, integratedCancelFlow) under /api/tools/freight. Warehouse staff only:
 * clients get 403; another tenant's shipment is 404.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { pageRequest } from '../../../domain/paging.js';
import {
  FREIGHT_DOCUMENTS,
  FREIGHT_SHIPMENT_STATUSES,
  freightBookInputSchema,
  freightQuoteSchema,
  freightRequestSchema,
  freightShipmentPageSchema,
  freightShipmentSchema,
} from '../../../domain/schemas/freight-shipments.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, idParam, jsonBody, okResponse, optionalQueryId } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import * as svc from './service.js';

const date = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field}: a date (YYYY-MM-DD)`)
    .optional();

export function freightShipmentRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const g = (a: 'read' | 'create' | 'update') => guards.requires('freightTool', a, { warehouseOnly: true });
  const tags = ['Freight (LTL)'];
  const base = '/api/tools/freight';

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/quotes`,
      tags,
      summary:
        'Shop LTL rates for handling units between two addresses: several carriers side by side, cheapest first, the cheapest and the fastest marked',
      middleware: [g('create')],
      request: jsonBody(freightRequestSchema),
      responses: { ...okResponse(freightQuoteSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.shop(deps, c.get('ctx'), c.req.valid('json'))),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/shipments`,
      tags,
      summary:
        'Book one rate: BOL and PRO numbers. Once per requestKey (a double click or a retry returns the same booking); a client’s freight becomes a charge',
      middleware: [g('create')],
      request: jsonBody(freightBookInputSchema),
      responses: { ...okResponse(freightShipmentSchema), ...errorResponses },
    }),
    async (c) => {
      const booked = await svc.book(deps, c.get('ctx'), c.req.valid('json'));
      return ok(c, booked, { status: 201, info: [`Booked with ${booked.carrierName}: PRO ${booked.proNumber}`] });
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/shipments`,
      tags,
      summary: 'The warehouse’s LTL shipments, newest first (search PRO, BOL or carrier)',
      middleware: [g('read')],
      request: {
        query: z.object({
          pageNumber: z.string().optional(),
          pageSize: z.string().optional(),
          q: z.string().max(60).optional(),
          status: z.enum(FREIGHT_SHIPMENT_STATUSES).optional(),
          companyId: optionalQueryId('companyId'),
          pickupFrom: date('pickupFrom'),
          pickupTo: date('pickupTo'),
        }),
      },
      responses: { ...okResponse(freightShipmentPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await svc.list(deps, c.get('ctx'), pageRequest(q), q));
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/shipments/{id}`,
      tags,
      summary: 'One LTL shipment, its tracking refreshed from the broker',
      middleware: [g('read')],
      request: { params: idParam },
      responses: { ...okResponse(freightShipmentSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.get(deps, c.get('ctx'), c.req.valid('param').id)),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/shipments/{id}/documents/{kind}`,
      tags,
      summary: 'The bill of lading (bol) or the handling-unit labels (labels) as a PDF',
      middleware: [g('read')],
      request: {
        params: idParam.extend({
          kind: z.enum(FREIGHT_DOCUMENTS).openapi({ param: { name: 'kind', in: 'path' } }),
        }),
      },
      responses: {
        200: {
          description: 'application/pdf',
          content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
        },
        ...errorResponses,
      },
    }),
    async (c) => {
      const { id, kind } = c.req.valid('param');
      const doc = await svc.document(deps, c.get('ctx'), id, kind);
      return new Response(doc.bytes, {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `inline; filename="${doc.filename}"`,
          'cache-control': 'no-store',
        },
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/shipments/{id}/cancel`,
      tags,
      summary: 'Cancel a booking before pickup (412 once the carrier has the freight)',
      middleware: [g('update')],
      request: { params: idParam },
      responses: { ...okResponse(freightShipmentSchema), ...errorResponses },
    }),
    async (c) => {
      const { shipment, warnings } = await svc.cancel(deps, c.get('ctx'), c.req.valid('param').id);
      return ok(c, shipment, { info: ['Freight shipment cancelled'], warn: warnings });
    },
  );
  return app;
}
