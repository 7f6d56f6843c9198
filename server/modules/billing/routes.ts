/**
 * Charges (spec §7 Finance: /api/finance/customer/charges). Clients read their own company's lines
 * (resource customerCharge); the warehouse reads every client's, adds manual lines and prices
 * recorded work on demand (it is also priced within seconds on its own: recorded-work.ts), and
 * both read how much recorded work waits to be priced.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { pageRequest } from '../../../domain/paging.js';
import {
  chargePageSchema,
  chargeQuerySchema,
  chargesWaitingSchema,
  manualChargeInputSchema,
} from '../../../domain/schemas/charges.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import * as svc from './charges.js';
import { provideNightlyBilling } from './daily.js';
import { provideRecordedWorkPricing } from './recorded-work.js';

export function chargeRoutes(deps: Deps, guards: Guards) {
  provideNightlyBilling();
  provideRecordedWorkPricing(deps);
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Charges'];
  const base = '/api/finance/customer/charges';

  app.openapi(
    createRoute({
      method: 'get',
      path: base,
      tags,
      summary: 'Charge lines (clients: their own), newest service day first, with the total of all matching',
      middleware: [guards.requires('customerCharge', 'read')],
      request: { query: chargeQuerySchema },
      responses: { ...okResponse(chargePageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await svc.listCharges(deps, c.get('ctx'), pageRequest(q), q));
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/waiting`,
      tags,
      summary: 'How many recorded events wait to be priced (clients: their own), and whether the caller may price them',
      middleware: [guards.requires('customerCharge', 'read')],
      responses: { ...okResponse(chargesWaitingSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.waitingCount(deps, c.get('ctx'))),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: base,
      tags,
      summary: 'Add a manual charge line for a client (a negative unit price is a credit)',
      middleware: [guards.requires('customerCharge', 'create', { warehouseOnly: true })],
      request: jsonBody(manualChargeInputSchema),
      responses: {
        ...okResponse(z.object({ id: z.number().int(), amountCents: z.number().int() })),
        ...errorResponses,
      },
    }),
    async (c) => ok(c, await svc.addManualCharge(deps, c.get('ctx'), c.req.valid('json'))),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/price`,
      tags,
      summary: 'Price the recorded work not charged yet (the nightly job does the same)',
      middleware: [guards.requires('customerCharge', 'create', { warehouseOnly: true })],
      responses: { ...okResponse(z.object({ written: z.number().int() })), ...errorResponses },
    }),
    async (c) => ok(c, await svc.priceNow(deps, c.get('ctx'))),
  );
  return app;
}
