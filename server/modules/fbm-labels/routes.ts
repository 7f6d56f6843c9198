/**
 * FBM labels on the orders desk's API (/api/fbm/web, issue 20 steps 5–6): rate shopping per order
 * (/label/psh/rates), buying one order's labels (/label/psh/purchase) or many as a job
 * (/bulk/shipping), the orders ready to label (/bulk/order/items), the merged label PDF in pick
 * order (/bulk/merged/labels/download), one label (get, document, void). Clients read their own
 * orders' rates and labels without the warehouse's cost and upcharge; buying in bulk is the
 * warehouse's.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  bulkBoxesResultSchema,
  bulkBoxesSchema,
  bulkOrderRowSchema,
  bulkOrdersQuerySchema,
  bulkPurchaseSchema,
  bulkUpdateSchema,
  customLabelSchema,
  bulkOrderResultSchema,
  labelRunSchema,
  mergedLabelsQuerySchema,
  orderLabelPurchaseSchema,
  orderLabelSchema,
  orderRatesRequestSchema,
  orderRatesSchema,
  sellerInputsQuerySchema,
  sellerInputsSchema,
} from '../../../domain/schemas/fbm-labels.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import { errorResponses, idParam, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { voidLabel } from '../shipping/labels.js';
import { boxPresetSchema } from '../../../domain/schemas/bench.js';
import { boxPresets } from '../bench/tree.js';
import { bulkBoxes } from './boxes.js';
import { getRun, provideBulkLabelJob, startBulk } from './bulk.js';
import { updateBulk } from './bulk-update.js';
import { addCustomLabel, customLabelCarriers, voidCustomLabel } from './custom.js';
import { mergedLabels, orderLabel, orderLabelDocument, orderLabels } from './documents.js';
import { bulkOrders } from './orders.js';
import { messageOf, purchaseOne } from './purchase.js';
import { shopOrder } from './rates.js';
import { orderSellerInputs } from './seller-inputs.js';

const binary = (description: string) => ({
  200: {
    description,
    content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
  },
});
const file = (doc: { bytes: Buffer; contentType: string; filename: string }, disposition = 'inline') =>
  new Response(new Uint8Array(doc.bytes), {
    headers: {
      'content-type': doc.contentType,
      'content-disposition': `${disposition}; filename="${doc.filename}"`,
      'cache-control': 'no-store',
    },
  });

export function fbmLabelRoutes(deps: Deps, guards: Guards) {
  provideBulkLabelJob();
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['FBM labels'];
  const base = '/api/fbm/web';
  const desk = (a: 'read' | 'create' | 'update') => guards.requiresAny(['fbm', a], ['mfn', a]);

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/label/psh/rates`,
      tags,
      summary:
        'Rates for each order’s packages (boxes, or its default box) side by side, cheapest and fastest marked; totals include the warehouse’s upcharge (cost and upcharge shown to the warehouse only); a failing order or provider is said in words',
      middleware: [desk('read')],
      request: jsonBody(orderRatesRequestSchema),
      responses: {
        ...okResponse(z.array(z.union([orderRatesSchema, z.object({ orderId: z.number().int(), error: z.string() })]))),
        ...errorResponses,
      },
    }),
    async (c) => {
      const out = [];
      for (const id of [...new Set(c.req.valid('json').orderIds)]) {
        try {
          out.push(await shopOrder(deps, c.get('ctx'), id));
        } catch (err) {
          out.push({ orderId: id, error: messageOf(err) });
        }
      }
      return ok(c, out);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/label/psh/amazon/seller/inputs`,
      tags,
      summary:
        'An Amazon Buy Shipping rate’s additional seller inputs for one order (international services): what Amazon asks, what Dockside filled from the customs declaration and ship-from, what the user must give with the purchase (sellerInputs)',
      middleware: [desk('read')],
      request: jsonBody(sellerInputsQuerySchema),
      responses: { ...okResponse(sellerInputsSchema), ...errorResponses },
    }),
    async (c) => ok(c, await orderSellerInputs(deps, c.get('ctx'), c.req.valid('json'))),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/label/psh/purchase`,
      tags,
      summary:
        'Buy the labels one order still needs (one per package) from a shopped rate or the preset’s choice; a package already bought is answered, never bought again',
      middleware: [desk('create')],
      request: jsonBody(orderLabelPurchaseSchema),
      responses: { ...okResponse(bulkOrderResultSchema), ...errorResponses },
    }),
    async (c) => {
      const r = await purchaseOne(deps, c.get('ctx'), c.req.valid('json'));
      return ok(c, r, {
        info: [
          r.state === 'bought'
            ? `Labels bought: ${r.trackingNumbers.join(', ')}`
            : 'Already bought: nothing bought again',
        ],
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/bulk/shipping`,
      tags,
      summary:
        'Buy labels for many orders as a job (progress on the run and the jobs screen), one result per order; the same requestKey is the same run. Amazon Buy Shipping’s additional seller inputs go per order (sellerInputs); an order whose service still needs some fails naming them (needsInputs)',
      middleware: [desk('create')],
      request: jsonBody(bulkPurchaseSchema),
      responses: { ...okResponse(labelRunSchema), ...errorResponses },
    }),
    async (c) => {
      const run = await startBulk(deps, c.get('ctx'), c.req.valid('json'));
      return ok(c, run, { status: 201, info: [`Buying labels for ${run.total} orders`] });
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/bulk/shipping/{id}`,
      tags,
      summary: 'A bulk run: status, progress and each order’s result',
      middleware: [desk('read')],
      request: { params: idParam },
      responses: { ...okResponse(labelRunSchema), ...errorResponses },
    }),
    async (c) => ok(c, await getRun(deps, c.get('ctx'), c.req.valid('param').id)),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: `${base}/bulk/shipping/{id}`,
      tags,
      summary:
        'Update a finished bulk run: new choices (preset, rates, format, Amazon seller inputs) for its unbought orders, orders dropped, and the rest bought again; bought orders are kept',
      middleware: [desk('create')],
      request: { params: idParam, ...jsonBody(bulkUpdateSchema) },
      responses: { ...okResponse(labelRunSchema), ...errorResponses },
    }),
    async (c) => {
      const run = await updateBulk(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json'));
      return ok(c, run, { info: [`Buying labels again for ${run.total - run.bought} orders`] });
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/bulk/box/presets`,
      tags,
      summary: 'The warehouse’s box sizes (DEFINED_BOX_DIMENSIONS, or common sizes) to set on many orders at once',
      middleware: [desk('read')],
      responses: { ...okResponse(z.array(boxPresetSchema)), ...errorResponses },
    }),
    async (c) => ok(c, await boxPresets(deps.db, c.get('ctx').tenantId)),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/bulk/boxes`,
      tags,
      summary:
        'Set the box of many orders at once: the same size and weight for each, or (no dimensions) each single-SKU order the box last used for its SKU; the box is remembered per client and SKU; orders that could not be set are said with why',
      middleware: [desk('update')],
      request: jsonBody(bulkBoxesSchema),
      responses: { ...okResponse(bulkBoxesResultSchema), ...errorResponses },
    }),
    async (c) => {
      const r = await bulkBoxes(deps, c.get('ctx'), c.req.valid('json'));
      return ok(c, r, { info: [`Box set for ${r.updated.length} orders`] });
    },
  );

  for (const path of [`${base}/bulk/order/items`, `${base}/bulk/order/items/data`])
    app.openapi(
      createRoute({
        method: 'get',
        path,
        tags,
        summary:
          'Orders ready for labels (picked or packed, not shipped), by store, pick batch or client, in pick order',
        middleware: [desk('read')],
        request: { query: bulkOrdersQuerySchema },
        responses: { ...okResponse(z.array(bulkOrderRowSchema)), ...errorResponses },
      }),
      async (c) => ok(c, await bulkOrders(deps, c.get('ctx'), c.req.valid('query'))),
    );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/bulk/merged/labels/download`,
      tags,
      summary:
        'The bought labels of a run (runId) or a list (labelIds) in pick order: one PDF, a page per label (ZPL labels: one ZPL file)',
      middleware: [desk('read')],
      request: { query: mergedLabelsQuerySchema },
      responses: { ...binary('application/pdf or application/zpl'), ...errorResponses },
    }),
    async (c) => file(await mergedLabels(deps, c.get('ctx'), c.req.valid('query')), 'attachment'),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/order/{id}/labels`,
      tags,
      summary: 'The order’s labels, by package',
      middleware: [desk('read')],
      request: { params: idParam },
      responses: { ...okResponse(z.array(orderLabelSchema)), ...errorResponses },
    }),
    async (c) => ok(c, await orderLabels(deps, c.get('ctx'), c.req.valid('param').id)),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/order/{id}/label/{labelId}/{channel}/download`,
      tags,
      summary: 'One label’s document of the order (channel: amazon, walmart or ebay, as the desk names it)',
      middleware: [desk('read')],
      request: {
        params: z.object({
          id: z.coerce.number().int().positive(),
          labelId: z.coerce.number().int().positive(),
          channel: z.enum(['amazon', 'walmart', 'ebay', 'shopify']),
        }),
      },
      responses: { ...binary('application/pdf or application/zpl'), ...errorResponses },
    }),
    async (c) => {
      const p = c.req.valid('param');
      return file(await orderLabelDocument(deps, c.get('ctx'), p.id, p.labelId));
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/label/custom/carriers`,
      tags,
      summary:
        'Carriers a label from the client’s own carrier account may name: the warehouse’s active carriers (Settings › Carriers), then the usual others',
      middleware: [desk('read')],
      responses: { ...okResponse(z.array(z.string())), ...errorResponses },
    }),
    async (c) => ok(c, await customLabelCarriers(deps.db, c.get('ctx').tenantId)),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/label/custom`,
      tags,
      summary:
        'Add the label the client bought on its own carrier account to a package of its order (carrier, tracking, the PDF or ZPL): printed with the others, nothing drawn from the label funds; a package with a label is refused (409)',
      middleware: [desk('create')],
      request: jsonBody(customLabelSchema),
      responses: { ...okResponse(orderLabelSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await addCustomLabel(deps, c.get('ctx'), c.req.valid('json')), {
        status: 201,
        info: ['Label added to the order'],
      }),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/label/{id}`,
      tags,
      summary: 'One FBM order label',
      middleware: [desk('read')],
      request: { params: idParam },
      responses: { ...okResponse(orderLabelSchema), ...errorResponses },
    }),
    async (c) => ok(c, await orderLabel(deps, c.get('ctx'), c.req.valid('param').id)),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: `${base}/label/{id}`,
      tags,
      summary:
        'Void the label at the carrier within its window: the client’s funds draw and charge are taken back and the package may be bought again',
      middleware: [desk('create')],
      request: { params: idParam },
      responses: { ...okResponse(orderLabelSchema), ...errorResponses },
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      const label = await orderLabel(deps, c.get('ctx'), id);
      if (label.provider === 'custom') await voidCustomLabel(deps, c.get('ctx'), id);
      else await voidLabel(deps, c.get('ctx'), id);
      return ok(c, await orderLabel(deps, c.get('ctx'), id), { info: ['Label voided; its funds are back'] });
    },
  );
  return app;
}
