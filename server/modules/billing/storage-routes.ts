/**
 * Storage charges (issue 21; /apps/finance/customer/storage-charges): the daily lines — a client
 * sees its own company's only —, the runs per day with the products missing dimensions (warehouse
 * only), and (re)running a day (warehouse staff with invoice preview or fee settings rights).
 * Building these routes also provides the billing.storage-day job's runner.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { pageRequest } from '../../../domain/paging.js';
import {
  storageChargePageSchema,
  storageChargeQuerySchema,
  storageRunInputSchema,
  storageRunPageSchema,
  storageRunQuerySchema,
  storageRunResultSchema,
} from '../../../domain/schemas/storage-charges.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { listStorageCharges, listStorageRuns, provideStorageDayJob, runStorageDayFor } from './storage.js';

export const STORAGE_CHARGES_PATH = '/api/finance/customer/storage-charges';

export function storageChargeRoutes(deps: Deps, guards: Guards) {
  provideStorageDayJob();
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Storage charges'];

  app.openapi(
    createRoute({
      method: 'get',
      path: STORAGE_CHARGES_PATH,
      tags,
      summary:
        'Daily storage lines per client, product and day (with adjusting lines); a client sees only its own company',
      middleware: [guards.requiresAny(['customerCharge', 'read'], ['invoicePreview', 'read'], ['feeSettings', 'read'])],
      request: { query: storageChargeQuerySchema },
      responses: { ...okResponse(storageChargePageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await listStorageCharges(deps, c.get('ctx'), pageRequest(q), q));
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${STORAGE_CHARGES_PATH}/runs`,
      tags,
      summary: 'Storage days run: lines, amount and the products left uncharged for want of dimensions (warehouse)',
      middleware: [guards.requiresAny(['invoicePreview', 'read'], ['feeSettings', 'read'])],
      request: { query: storageRunQuerySchema },
      responses: { ...okResponse(storageRunPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await listStorageRuns(deps, c.get('ctx'), pageRequest(q), q));
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${STORAGE_CHARGES_PATH}/run`,
      tags,
      summary:
        'Charge (or re-charge) one ended day now, or queue it (background); lines already there are never charged twice, differences become adjusting lines',
      middleware: [guards.requiresAny(['invoicePreview', 'update'], ['feeSettings', 'update'])],
      request: jsonBody(storageRunInputSchema),
      responses: { ...okResponse(storageRunResultSchema), ...errorResponses },
    }),
    async (c) => {
      const result = await runStorageDayFor(deps, c.get('ctx'), c.req.valid('json'));
      const info = result.jobId
        ? [`Storage for ${result.day} queued`]
        : [
            `Storage for ${result.day}: ${result.written} new lines, ${result.adjustments} adjustments` +
              (result.missingDimensions ? `, ${result.missingDimensions} products missing dimensions` : ''),
          ];
      return ok(c, result, { info });
    },
  );
  return app;
}
