/**
 * Outbound FBA planning (spec §7 /api/outbound/outbound-shipping … batch): shipment plans listed
 * with the spec's status filter, created with their lines (which hold units at the FBA prep
 * station), renamed, given new lines, pre-checked, submitted to Amazon (202: the operation is
 * followed by a job) and cancelled; and what a client may plan. The 'fba' right guards every
 * route; clients see only their own company's plans.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { envelope } from '../../../domain/envelope.js';
import { pageRequest } from '../../../domain/paging.js';
import {
  availabilityPageSchema,
  availabilityQuerySchema,
  planCreateSchema,
  planDetailSchema,
  planLinesSchema,
  planListQuerySchema,
  planPageSchema,
  planRenameSchema,
  pendingPlanPageSchema,
  pendingQuerySchema,
  planItemListQuerySchema,
  planItemPageSchema,
  labelsQuerySchema,
  planPreferencesQuerySchema,
  planPreferencesSchema,
  bolPageSchema,
  bolQuerySchema,
  bolRowSchema,
  proChargeSchema,
  planConsolidateSchema,
  planSplitResultSchema,
  planSplitSchema,
  planSubmittedSchema,
  precheckSchema,
  warehouseShipFromSchema,
} from '../../../domain/schemas/fba.js';
import { shipFromOf } from '../fbm-labels/addresses.js';
import { pickerRefusals } from './precheck.js';
import type { Guards } from '../../auth/guard.js';
import type { AppEnv, Deps } from '../../context.js';
import { createdResponse, envelopeOf, errorResponses, idParam, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { listenForInboundPlans, precheckOf, submitPlan } from './amazon-steps.js';
import { cancelPlan } from './cancel.js';
import { createPlan, listPlans, planDetail, renamePlan, setPlanLines } from './plans.js';
import { listPending, listPlanItems } from './overview.js';
import { availableFor } from './reservations.js';
import { stepRoutes } from './step-routes.js';
import { batchNameParam, proNumberParam, shipmentParam } from './params.js';
import { billOfLading, planLabels } from './labels.js';
import { shipPlan } from './ship.js';
import { closePlan, consolidatePlans, revertPlan, splitPlan } from './reshape.js';
import { provideReceivingJob, refreshReceiving } from './receiving.js';
import { bolByPro, bolsOfPlanName, chargeFreight, listBols } from './bol.js';
import { labelingPreferenceOf } from './preferences.js';
import { resolveClientCompany } from '../../http/client-company.js';
import { listenForPrepDetails, planPrepDetails, setPlanPrepDetails } from './prep-details.js';
import { prepDetailListSchema, prepDetailsSentSchema, prepDetailsSetSchema } from '../../../domain/schemas/fba-prep.js';

const base = '/api/outbound/outbound-shipping/batch';

export function fbaRoutes(deps: Deps, guards: Guards) {
  listenForInboundPlans();
  listenForPrepDetails();
  provideReceivingJob();
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['FBA shipment plans'];
  const read = guards.requires('fba', 'read');
  const create = guards.requires('fba', 'create');
  const update = guards.requires('fba', 'update');

  app.openapi(
    createRoute({
      method: 'get',
      path: base,
      tags,
      summary: 'Shipment plans, newest first: by status (spec §4 filter), client and name; paged',
      middleware: [read],
      request: { query: planListQuerySchema },
      responses: { ...okResponse(planPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await listPlans(deps, c.get('ctx'), pageRequest(q), q));
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: base,
      tags,
      summary: 'Create a plan for a client’s Amazon store; its lines hold their units at the FBA prep station',
      description:
        'Refused (412) when a line asks for more than is available at PREP-FBA (on hand minus what other plans hold), naming the product and how many are available.',
      middleware: [create],
      request: jsonBody(planCreateSchema),
      responses: { ...createdResponse(planDetailSchema), ...errorResponses },
    }),
    async (c) => ok(c, await createPlan(deps, c.get('ctx'), c.req.valid('json')), { status: 201 }),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/available`,
      tags,
      summary: 'A client’s products at the FBA prep station: on hand, held by plans, available to plan',
      middleware: [read],
      request: { query: availabilityQuerySchema },
      responses: { ...okResponse(availabilityPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const ctx = c.get('ctx');
      const page = await availableFor(deps.db, ctx, pageRequest(q), q);
      if (!q.storeId) return ok(c, page);
      // The picker of a new plan: what the pre-check would refuse of each product in that store.
      const company = await resolveClientCompany(deps.db, ctx, q.companyId);
      const refusals = await pickerRefusals(
        deps.db,
        { tenantId: ctx.tenantId, companyId: company.id },
        q.storeId,
        page.content.map((r) => r.productId),
      );
      return ok(c, {
        ...page,
        content: page.content.map((r) => ({ ...r, refusals: refusals.get(r.productId) ?? [] })),
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/ship-from`,
      tags,
      summary:
        'Where a new plan’s boxes ship from by default: the warehouse’s default ship-from site (name and address)',
      description:
        'Readable by a client for its own warehouse (the tenant it belongs to): the address only, none of the site’s internals.',
      middleware: [read],
      responses: { ...okResponse(warehouseShipFromSchema), ...errorResponses },
    }),
    async (c) => {
      const a = await shipFromOf(deps.db, c.get('ctx').tenantId);
      return ok(c, {
        name: a.name,
        addressLine1: a.line1,
        addressLine2: a.line2 ?? null,
        city: a.city,
        stateOrProvinceCode: a.state || null,
        postalCode: a.postalCode,
        countryCode: a.countryCode,
        phoneNumber: a.phone ?? null,
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/outbound/outbound-shipping/item',
      tags,
      summary:
        'Every line of every plan, newest plan first: by status filter, client and text (title, MSKU, FNSKU, ASIN, plan)',
      middleware: [read],
      request: { query: planItemListQuerySchema },
      responses: { ...okResponse(planItemPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await listPlanItems(deps, c.get('ctx'), pageRequest(q), q));
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/pending`,
      tags,
      summary: 'Open Shipment Plans: every plan not closed, by client, with its age at its step and what it waits for',
      middleware: [read],
      request: { query: pendingQuerySchema },
      responses: { ...okResponse(pendingPlanPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await listPending(deps, c.get('ctx'), pageRequest(q), q));
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/bill-of-lading`,
      tags,
      summary:
        'LTL shipments with their bill of lading and PRO numbers, newest first; by client and text (PRO, BOL, FBA id, plan)',
      middleware: [read],
      request: { query: bolQuerySchema },
      responses: { ...okResponse(bolPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await listBols(deps, c.get('ctx'), pageRequest(q), q));
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/bill-of-lading/pro-number/{proNumber}`,
      tags,
      summary: 'The LTL shipment with this PRO number',
      middleware: [read],
      request: { params: proNumberParam },
      responses: { ...okResponse(bolRowSchema), ...errorResponses },
    }),
    async (c) => ok(c, await bolByPro(deps, c.get('ctx'), c.req.valid('param').proNumber)),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/bill-of-lading/batch-name/{name}`,
      tags,
      summary: 'The LTL shipments of the plan with this name',
      middleware: [read],
      request: { params: batchNameParam },
      responses: { ...okResponse(z.array(bolRowSchema)), ...errorResponses },
    }),
    async (c) => ok(c, await bolsOfPlanName(deps, c.get('ctx'), c.req.valid('param').name)),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/bill-of-lading/pro-number/charge`,
      tags,
      summary: 'Pass an LTL shipment’s freight on to its client once (Amazon’s quote, or the amount given)',
      middleware: [update],
      request: jsonBody(proChargeSchema),
      responses: { ...okResponse(bolRowSchema), ...errorResponses },
    }),
    async (c) => ok(c, await chargeFreight(deps, c.get('ctx'), c.req.valid('json')), { info: ['Freight charged'] }),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/preferences`,
      tags,
      summary: 'What shapes a client’s new plan: its labelling preference (who labels units by default)',
      middleware: [read],
      request: { query: planPreferencesQuerySchema },
      responses: { ...okResponse(planPreferencesSchema), ...errorResponses },
    }),
    async (c) => {
      const ctx = c.get('ctx');
      const company = await resolveClientCompany(deps.db, ctx, c.req.valid('query').companyId);
      return ok(c, {
        companyId: company.id,
        labelingPreference: await labelingPreferenceOf(deps.db, ctx.tenantId, company.id),
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{id}`,
      tags,
      summary: 'One plan with its lines, reservations and journal',
      middleware: [read],
      request: { params: idParam },
      responses: { ...okResponse(planDetailSchema), ...errorResponses },
    }),
    async (c) => ok(c, await planDetail(deps, c.get('ctx'), c.req.valid('param').id)),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: `${base}/{id}`,
      tags,
      summary: 'Rename a plan (while it is open at its items)',
      middleware: [update],
      request: { params: idParam, ...jsonBody(planRenameSchema) },
      responses: { ...okResponse(planDetailSchema), ...errorResponses },
    }),
    async (c) => ok(c, await renamePlan(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json').name)),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: `${base}/{id}/items`,
      tags,
      summary: 'Set a plan’s lines (add, change, remove); what they hold follows, within what is available',
      middleware: [update],
      request: { params: idParam, ...jsonBody(planLinesSchema) },
      responses: { ...okResponse(planDetailSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await setPlanLines(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json').items), {
        info: ['Items saved'],
      }),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{id}/precheck`,
      tags,
      summary: 'What Amazon would refuse, per SKU in words, before anything is sent',
      middleware: [read],
      request: { params: idParam },
      responses: { ...okResponse(precheckSchema), ...errorResponses },
    }),
    async (c) => ok(c, (await precheckOf(deps, c.get('ctx'), c.req.valid('param').id)).result),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{id}/prep-details`,
      tags,
      summary: 'Amazon’s prep category, prep types and owner constraints of the plan’s SKUs (listPrepDetails)',
      middleware: [read],
      request: { params: idParam },
      responses: { ...okResponse(prepDetailListSchema), ...errorResponses },
    }),
    async (c) => {
      const read = await planPrepDetails(deps, c.get('ctx'), c.req.valid('param').id);
      return ok(c, { items: [...read.details.values()] }, read.unreadable ? { warn: [read.unreadable] } : {});
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{id}/prep-details`,
      tags,
      summary: 'Set the prep category of some of the plan’s SKUs at Amazon (setPrepDetails); 202 with the operation',
      description:
        'Only while the plan is at items (Amazon reads the categories when it takes the plan). Prep types default to the category’s usual one and must go with the category. The new category counts once Amazon’s operation succeeds (the poll job follows it); the pre-check says so meanwhile.',
      middleware: [update],
      request: { params: idParam, ...jsonBody(prepDetailsSetSchema) },
      responses: {
        202: {
          description: 'Amazon is applying the categories',
          content: { 'application/json': { schema: envelopeOf(prepDetailsSentSchema) } },
        },
        ...errorResponses,
      },
    }),
    async (c) => {
      const result = await setPlanPrepDetails(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json'));
      return c.json(envelope(result, { info_list: [{ message: 'Amazon is applying the prep categories' }] }), 202);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{id}/submit`,
      tags,
      summary: 'Send the plan to Amazon (createInboundPlan); 202 with the operation that follows it',
      description:
        'Refused (412) with the pre-check’s errors. Amazon works asynchronously: follow GET /api/common/stores/{storeId}/operations/{operationId}; on SUCCESS the plan moves to packing with Amazon’s FNSKUs and prep instructions, on FAILED it stays at items with Amazon’s problems in its journal. An Amazon outage answers 503 and changes nothing.',
      middleware: [update],
      request: { params: idParam },
      responses: {
        202: {
          description: 'Amazon took the plan; the operation follows it',
          content: { 'application/json': { schema: envelopeOf(planSubmittedSchema) } },
        },
        ...errorResponses,
      },
    }),
    async (c) => {
      const result = await submitPlan(deps, c.get('ctx'), c.req.valid('param').id);
      return c.json(envelope(result, { info_list: [{ message: 'Amazon is creating the inbound plan' }] }), 202);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{id}/cancel`,
      tags,
      summary: 'Cancel a plan (until it ships): every unit it holds is released; Amazon’s plan is cancelled too',
      middleware: [update],
      request: { params: idParam },
      responses: { ...okResponse(planDetailSchema), ...errorResponses },
    }),
    async (c) => ok(c, await cancelPlan(deps, c.get('ctx'), c.req.valid('param').id), { info: ['Plan cancelled'] }),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{id}/ship`,
      tags,
      summary: 'Mark the plan shipped: its units leave the ledger (one movement per box and line), the client is told',
      description:
        'Refused (412) while a shipment’s transportation is not confirmed or an own carrier’s tracking is missing. Billable events are recorded (units prepped, labels applied, pallets built, shipments shipped).',
      middleware: [update],
      request: { params: idParam },
      responses: { ...okResponse(planDetailSchema), ...errorResponses },
    }),
    async (c) => ok(c, await shipPlan(deps, c.get('ctx'), c.req.valid('param').id), { info: ['Shipped'] }),
  );

  const file = (label: { contentType: string; data: string | Uint8Array; filename: string }) =>
    new Response(typeof label.data === 'string' ? label.data : new Uint8Array(label.data), {
      headers: {
        'content-type': label.contentType,
        'content-disposition': `inline; filename="${label.filename.replace(/"/g, '')}"`,
        'cache-control': 'no-store',
      },
    });
  const fileResponse = {
    200: {
      description: 'The document: application/pdf, or ZPL (application/zpl) for Dockside’s thermal labels',
      content: {
        'application/pdf': { schema: z.string().openapi({ format: 'binary' }) },
        'application/zpl': { schema: z.string() },
      },
    },
  };

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{id}/labels`,
      tags,
      summary: 'Box or pallet labels in box order (label n goes on box n): Amazon’s PDF, or Dockside’s 4×6 ZPL/PDF',
      middleware: [read],
      request: { params: idParam, query: labelsQuerySchema },
      responses: { ...fileResponse, ...errorResponses },
    }),
    async (c) => file(await planLabels(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('query'))),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{id}/shipments/{shipmentId}/bill-of-lading`,
      tags,
      summary: 'The partnered LTL carrier’s bill of lading (PDF)',
      middleware: [read],
      request: { params: shipmentParam },
      responses: { ...fileResponse, ...errorResponses },
    }),
    async (c) => {
      const p = c.req.valid('param');
      return file(await billOfLading(deps, c.get('ctx'), p.id, p.shipmentId));
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{id}/receiving/refresh`,
      tags,
      summary: 'Read the shipped plan’s shipments from Amazon now (status, units received per SKU, discrepancies)',
      description: 'A job does this every half hour by itself.',
      middleware: [read],
      request: { params: idParam },
      responses: { ...okResponse(planDetailSchema), ...errorResponses },
    }),
    async (c) => ok(c, await refreshReceiving(deps, c.get('ctx'), c.req.valid('param').id)),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{id}/split`,
      tags,
      summary: 'Split a plan (at items): the lines and quantities named move to a new plan with their held units',
      middleware: [update],
      request: { params: idParam, ...jsonBody(planSplitSchema) },
      responses: { ...okResponse(planSplitResultSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await splitPlan(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), {
        info: ['Plan split'],
      }),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{id}/consolidate`,
      tags,
      summary: 'Merge plans of the same store (all at items) into this one; they are cancelled, their units held here',
      middleware: [update],
      request: { params: idParam, ...jsonBody(planConsolidateSchema) },
      responses: { ...okResponse(planDetailSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await consolidatePlans(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json').planIds), {
        info: ['Plans merged'],
      }),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{id}/revert`,
      tags,
      summary:
        'Revert a plan to working (items) before transportation: Amazon’s plan is cancelled, the lines and units stay',
      description:
        'Refused while boxes hold units (unpack them first) or once transportation is confirmed (cancel instead).',
      middleware: [update],
      request: { params: idParam },
      responses: { ...okResponse(planDetailSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await revertPlan(deps, c.get('ctx'), c.req.valid('param').id), { info: ['Reverted to working'] }),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/{id}/close`,
      tags,
      summary: 'Close a shipped plan by hand (Amazon never closed its receiving, or the claim is settled)',
      middleware: [update],
      request: { params: idParam },
      responses: { ...okResponse(planDetailSchema), ...errorResponses },
    }),
    async (c) => ok(c, await closePlan(deps, c.get('ctx'), c.req.valid('param').id), { info: ['Plan closed'] }),
  );

  app.route('/', stepRoutes(deps, guards));
  return app;
}
