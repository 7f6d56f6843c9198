/**
 * Batch verify on the API (/api/tools/batch-verify, issue 20 Tools): look up what a scanned pick
 * batch number or order number holds, record a verification (the scans counted again by the
 * server), and list a subject's verifications for the ship step.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  verificationInputSchema,
  verificationListQuerySchema,
  verificationSchema,
  verifyLookupQuerySchema,
  verifySubjectSchema,
} from '../../../domain/schemas/fbm-pick.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { listVerifications, lookupSubject, recordVerification } from './service.js';

export function batchVerifyRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Batch verify'];
  const base = '/api/tools/batch-verify';
  const may = (a: 'read' | 'update') => guards.requiresAny(['fbm', a], ['mfn', a]);

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/subject`,
      tags,
      summary:
        'What a pick batch number (PB-…) or an order number holds to verify: per product the units expected (a batch’s picked units, an order’s units to ship) and every code that means it; its last verification',
      middleware: [may('read')],
      request: { query: verifyLookupQuerySchema },
      responses: { ...okResponse(verifySubjectSchema), ...errorResponses },
    }),
    async (c) => ok(c, await lookupSubject(deps, c.get('ctx'), c.req.valid('query').ref)),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: base,
      tags,
      summary:
        'Record a verification: every scan (refused ones too) counted again by the server; verified when every product is counted exactly, else a mismatch with what was refused or missing in words',
      middleware: [may('update')],
      request: jsonBody(verificationInputSchema),
      responses: { ...okResponse(verificationSchema), ...errorResponses },
    }),
    async (c) => {
      const v = await recordVerification(deps, c.get('ctx'), c.req.valid('json'));
      return ok(c, v, {
        status: 201,
        info: [v.result === 'verified' ? `${v.ref} verified: ${v.expected} units` : `${v.ref}: mismatch recorded`],
        warn: v.mismatches.filter((m) => m.kind === 'missing').map((m) => m.message),
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/verifications`,
      tags,
      summary: 'The verifications of a pick batch or an order, newest first: who, when, result, mismatches',
      middleware: [may('read')],
      request: { query: verificationListQuerySchema },
      responses: { ...okResponse(z.array(verificationSchema)), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await listVerifications(deps, c.get('ctx'), q.type, q.id));
    },
  );

  return app;
}
