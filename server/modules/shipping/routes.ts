/**
 * Shipping labels (spec §7 rate labels, /api/external/ship/rate/label): rate shopping across the
 * carriers connected to the warehouse's aggregator account. Buying, voiding and label funds come
 * with the Buy Shipping Labels tool and billing.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { rateQuoteRequestSchema, rateQuotesSchema } from '../../../domain/schemas/shipping.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { quoteRates } from './rates.js';

export function shippingRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/external/ship/rate/label/list/rates',
      tags: ['Shipping labels'],
      summary: 'Rates of every connected carrier for one parcel shipment, cheapest first',
      middleware: [guards.requires('shippingLabelTool', 'read')],
      request: jsonBody(rateQuoteRequestSchema),
      responses: { ...okResponse(rateQuotesSchema), ...errorResponses },
    }),
    async (c) => ok(c, await quoteRates(deps, c.get('ctx'), c.req.valid('json'))),
  );
  return app;
}
