/**
 * Service charge plans (spec §7: /api/plan/management, /api/plan/enrollment). Warehouse staff
 * with serviceChargePlans manage plan types, plans and enrolments; clients (myPlans) read their
 * own enrolments and the plans they are enrolled in, and write nothing (403).
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { pageRequest } from '../../../domain/paging.js';
import { deletedSchema } from '../../../domain/schemas/common.js';
import {
  enrollmentEndSchema,
  enrollmentInputSchema,
  enrollmentPageSchema,
  enrollmentSchema,
  myPlansSchema,
  PLAN_CATEGORIES,
  PLAN_STATUSES,
  PLAN_TIERS,
  planInputSchema,
  planPageSchema,
  planSchema,
  planTypeInputSchema,
  planTypePageSchema,
  planTypeSchema,
} from '../../../domain/schemas/plans.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, idParam, jsonBody, okResponse, optionalQueryId, pagingQuery } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { registerPlanFees } from './fees.js';
import * as svc from './service.js';

export function planRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  registerPlanFees();
  const manage = (a: 'read' | 'create' | 'update' | 'delete') =>
    guards.requires('serviceChargePlans', a, { warehouseOnly: true });
  /** Reads a client may make too (scoped to its own company by the service). */
  const read = guards.requiresAny(['serviceChargePlans', 'read'], ['myPlans', 'read']);

  // ------------------------------------------------------------ plan types
  {
    const tags = ['Plan types'];
    const base = '/api/plan/management/types';
    app.openapi(
      createRoute({
        method: 'get',
        path: base,
        tags,
        summary: 'Plan types of the warehouse',
        middleware: [manage('read')],
        request: {
          query: pagingQuery.extend({ q: z.string().max(100).optional() }),
        },
        responses: { ...okResponse(planTypePageSchema), ...errorResponses },
      }),
      async (c) => {
        const q = c.req.valid('query');
        return ok(c, await svc.listPlanTypes(deps, c.get('ctx'), pageRequest(q), q));
      },
    );
    app.openapi(
      createRoute({
        method: 'get',
        path: `${base}/{id}`,
        tags,
        summary: 'One plan type',
        middleware: [manage('read')],
        request: { params: idParam },
        responses: { ...okResponse(planTypeSchema), ...errorResponses },
      }),
      async (c) => ok(c, await svc.getPlanType(deps, c.get('ctx'), c.req.valid('param').id)),
    );
    app.openapi(
      createRoute({
        method: 'post',
        path: base,
        tags,
        summary: 'Create a plan type (name unique per warehouse: 409 when taken)',
        middleware: [manage('create')],
        request: jsonBody(planTypeInputSchema),
        responses: { ...okResponse(planTypeSchema), ...errorResponses },
      }),
      async (c) =>
        ok(c, await svc.savePlanType(deps, c.get('ctx'), c.req.valid('json')), {
          status: 201,
          info: ['Plan type created'],
        }),
    );
    app.openapi(
      createRoute({
        method: 'put',
        path: `${base}/{id}`,
        tags,
        summary: 'Edit a plan type',
        middleware: [manage('update')],
        request: { params: idParam, ...jsonBody(planTypeInputSchema) },
        responses: { ...okResponse(planTypeSchema), ...errorResponses },
      }),
      async (c) =>
        ok(c, await svc.savePlanType(deps, c.get('ctx'), c.req.valid('json'), c.req.valid('param').id), {
          info: ['Plan type saved'],
        }),
    );
    app.openapi(
      createRoute({
        method: 'delete',
        path: `${base}/{id}`,
        tags,
        summary: 'Delete a plan type no plan uses (412 otherwise)',
        middleware: [manage('delete')],
        request: { params: idParam },
        responses: { ...okResponse(deletedSchema), ...errorResponses },
      }),
      async (c) =>
        ok(c, await svc.deletePlanType(deps, c.get('ctx'), c.req.valid('param').id), { info: ['Plan type deleted'] }),
    );
  }

  // ------------------------------------------------------------ plans
  {
    const tags = ['Service charge plans'];
    const base = '/api/plan/management';
    app.openapi(
      createRoute({
        method: 'get',
        path: base,
        tags,
        summary: 'Plans with their price lines (a client: only the plans it is enrolled in)',
        middleware: [read],
        request: {
          query: pagingQuery.extend({
            q: z.string().max(100).optional(),
            tier: z.enum(PLAN_TIERS).optional(),
            category: z.enum(PLAN_CATEGORIES).optional(),
            status: z.enum(PLAN_STATUSES).optional(),
            planTypeId: optionalQueryId('planTypeId'),
          }),
        },
        responses: { ...okResponse(planPageSchema), ...errorResponses },
      }),
      async (c) => {
        const q = c.req.valid('query');
        return ok(c, await svc.listPlans(deps, c.get('ctx'), pageRequest(q), q));
      },
    );
    app.openapi(
      createRoute({
        method: 'get',
        path: `${base}/{id}`,
        tags,
        summary: 'One plan with its price lines (a client: 404 unless enrolled in it)',
        middleware: [read],
        request: { params: idParam },
        responses: { ...okResponse(planSchema), ...errorResponses },
      }),
      async (c) => ok(c, await svc.getPlan(deps, c.get('ctx'), c.req.valid('param').id)),
    );
    app.openapi(
      createRoute({
        method: 'post',
        path: base,
        tags,
        summary: 'Create a plan with its price lines (unknown or repeated code 400, taken name 409)',
        middleware: [manage('create')],
        request: jsonBody(planInputSchema),
        responses: { ...okResponse(planSchema), ...errorResponses },
      }),
      async (c) =>
        ok(c, await svc.savePlan(deps, c.get('ctx'), c.req.valid('json')), { status: 201, info: ['Plan created'] }),
    );
    app.openapi(
      createRoute({
        method: 'put',
        path: `${base}/{id}`,
        tags,
        summary: 'Edit a plan; its price lines are replaced by the ones sent',
        middleware: [manage('update')],
        request: { params: idParam, ...jsonBody(planInputSchema) },
        responses: { ...okResponse(planSchema), ...errorResponses },
      }),
      async (c) =>
        ok(c, await svc.savePlan(deps, c.get('ctx'), c.req.valid('json'), c.req.valid('param').id), {
          info: ['Plan saved'],
        }),
    );
    app.openapi(
      createRoute({
        method: 'delete',
        path: `${base}/{id}`,
        tags,
        summary: 'Delete a plan nobody was ever enrolled in (412 otherwise: archive it)',
        middleware: [manage('delete')],
        request: { params: idParam },
        responses: { ...okResponse(deletedSchema), ...errorResponses },
      }),
      async (c) => ok(c, await svc.deletePlan(deps, c.get('ctx'), c.req.valid('param').id), { info: ['Plan deleted'] }),
    );
  }

  // ------------------------------------------------------------ enrolments
  {
    const tags = ['Plan enrolments'];
    const base = '/api/plan/enrollment';
    app.openapi(
      createRoute({
        method: 'get',
        path: `${base}/my-plans`,
        tags,
        summary: 'A client’s current and coming plans with their prices (warehouse: name the client)',
        middleware: [read],
        request: { query: z.object({ companyId: optionalQueryId('companyId') }) },
        responses: { ...okResponse(myPlansSchema), ...errorResponses },
      }),
      async (c) => ok(c, await svc.myPlans(deps, c.get('ctx'), c.req.valid('query').companyId)),
    );
    app.openapi(
      createRoute({
        method: 'get',
        path: base,
        tags,
        summary: 'Enrolments, newest first per client (a client: its own)',
        middleware: [read],
        request: {
          query: pagingQuery.extend({
            companyId: optionalQueryId('companyId'),
            planId: optionalQueryId('planId'),
            category: z.enum(PLAN_CATEGORIES).optional(),
            live: z.enum(['true', 'false']).optional(),
          }),
        },
        responses: { ...okResponse(enrollmentPageSchema), ...errorResponses },
      }),
      async (c) => {
        const q = c.req.valid('query');
        return ok(c, await svc.listEnrollments(deps, c.get('ctx'), pageRequest(q), q));
      },
    );
    app.openapi(
      createRoute({
        method: 'get',
        path: `${base}/{id}`,
        tags,
        summary: 'One enrolment (a client: its own)',
        middleware: [read],
        request: { params: idParam },
        responses: { ...okResponse(enrollmentSchema), ...errorResponses },
      }),
      async (c) => ok(c, await svc.getEnrollment(deps, c.get('ctx'), c.req.valid('param').id)),
    );
    app.openapi(
      createRoute({
        method: 'post',
        path: base,
        tags,
        summary:
          'Enrol a client in a plan from a day (409 when a plan of the category is live, unless endCurrent; 412 archived plan)',
        middleware: [manage('create')],
        request: jsonBody(enrollmentInputSchema),
        responses: { ...okResponse(enrollmentSchema), ...errorResponses },
      }),
      async (c) =>
        ok(c, await svc.enroll(deps, c.get('ctx'), c.req.valid('json')), { status: 201, info: ['Client enrolled'] }),
    );
    app.openapi(
      createRoute({
        method: 'post',
        path: `${base}/{id}/end`,
        tags,
        summary: 'End an enrolment on a day (inclusive)',
        middleware: [manage('update')],
        request: { params: idParam, ...jsonBody(enrollmentEndSchema) },
        responses: { ...okResponse(enrollmentSchema), ...errorResponses },
      }),
      async (c) =>
        ok(c, await svc.endEnrollment(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json').endsOn), {
          info: ['Enrolment ended'],
        }),
    );
  }
  return app;
}
