/**
 * The merchant-fulfilment orders desk under /api/fbm (spec §7 FBM: /web/view/orders,
 * /web/refresh/orders, /web/view/orders/store/{storeId}/search/{term}) and the orders file upload
 * (/fbm-force/orders-file-upload). Amazon FBM (ability fbm) and merchant fulfilment (ability mfn)
 * share it; a client sees and uploads only its own company's orders.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { pageRequest } from '../../../domain/paging.js';
import {
  lineLinkInputSchema,
  lineLinkResultSchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderRefreshInputSchema,
  ordersFileQuerySchema,
  ordersFileResultSchema,
  orderStatusCountsSchema,
  orderStoreListSchema,
} from '../../../domain/schemas/fbm-orders.js';
import { jobStartedSchema } from '../../../domain/schemas/jobs.js';
import type { AppEnv, Deps } from '../../context.js';
import type { Guards } from '../../auth/guard.js';
import {
  errorResponses,
  fileUploadBody,
  idParam,
  jsonBody,
  okResponse,
  pagingQuery,
  pathId,
} from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { uploadText } from '../../http/upload-text.js';
import { validationHook } from '../../http/validation.js';
import { ORDERS_CSV_TEMPLATE, uploadOrdersFile } from './orders-file.js';
import * as svc from './service.js';

export function fbmOrderRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['FBM orders'];
  const base = '/api/fbm/web';
  const desk = (a: 'read' | 'create' | 'update') => guards.requiresAny(['fbm', a], ['mfn', a]);

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/view/orders`,
      tags,
      summary:
        'Marketplace orders, newest first: by desk (fbm: Amazon merchant-fulfilled; mfn: Walmart seller-fulfilled, eBay, Shopify), status, channel, client, store; q searches order id, buyer, SKU, ASIN, UPC, title',
      middleware: [desk('read')],
      request: { query: orderListQuerySchema },
      responses: { ...okResponse(orderPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await svc.listOrders(deps, c.get('ctx'), pageRequest(q), q));
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/view/orders/counts`,
      tags,
      summary: 'How many orders each FBM status holds under the same filters (the status filter aside)',
      middleware: [desk('read')],
      request: { query: orderListQuerySchema },
      responses: { ...okResponse(orderStatusCountsSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.statusCounts(deps, c.get('ctx'), c.req.valid('query'))),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/view/orders/stores`,
      tags,
      summary: 'The stores whose orders the caller sees (filter and refresh)',
      middleware: [desk('read')],
      responses: { ...okResponse(orderStoreListSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.listOrderStores(deps, c.get('ctx'))),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/view/orders/store/{storeId}/search/{term}`,
      tags,
      summary: 'One store’s orders matching a term (order id or number, buyer, SKU, ASIN, UPC, title)',
      middleware: [desk('read')],
      request: {
        params: z.object({
          storeId: pathId('storeId'),
          term: z
            .string()
            .trim()
            .min(1)
            .max(100)
            .openapi({ param: { name: 'term', in: 'path' } }),
        }),
        query: pagingQuery,
      },
      responses: { ...okResponse(orderPageSchema), ...errorResponses },
    }),
    async (c) => {
      const p = c.req.valid('param');
      return ok(
        c,
        await svc.searchStoreOrders(deps, c.get('ctx'), p.storeId, p.term, pageRequest(c.req.valid('query'))),
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/view/orders/{id}`,
      tags,
      summary: 'One order with its lines, each with its matched product or none (unmatched)',
      middleware: [desk('read')],
      request: { params: idParam },
      responses: { ...okResponse(orderDetailSchema), ...errorResponses },
    }),
    async (c) => ok(c, await svc.getOrder(deps, c.get('ctx'), c.req.valid('param').id)),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/view/orders/{id}/lines/{lineId}/product`,
      tags,
      summary:
        'Link an unmatched line to a product of the order’s client (by productId or a code), or make one from the line (create: true); the client’s other unmatched lines of the same SKU follow',
      middleware: [desk('update')],
      request: {
        params: idParam.extend({ lineId: pathId('lineId') }),
        ...jsonBody(lineLinkInputSchema),
      },
      responses: { ...okResponse(lineLinkResultSchema), ...errorResponses },
    }),
    async (c) => {
      const p = c.req.valid('param');
      const { droppedBarcode, ...r } = await svc.linkLine(deps, c.get('ctx'), p.id, p.lineId, c.req.valid('json'));
      return ok(c, r, {
        info: [r.created ? 'Product created and linked' : 'Line linked to the product'],
        warn: droppedBarcode
          ? [`The line’s barcode ${droppedBarcode} is not a valid UPC/EAN: the product was made without it`]
          : [],
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${base}/refresh/orders`,
      tags,
      summary:
        'Pull the store’s new and changed orders now (the stores.pull-orders background job; follow it at /api/jobs/batch-process/{id})',
      middleware: [desk('read')],
      request: jsonBody(orderRefreshInputSchema),
      responses: { ...okResponse(jobStartedSchema), ...errorResponses },
    }),
    async (c) => {
      const r = await svc.refreshStoreOrders(deps, c.get('ctx'), c.req.valid('json').storeId);
      return ok(c, r, {
        status: 201,
        info: [r.jobId ? 'Orders pull queued' : 'A pull for this store is already waiting'],
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/fbm/orders/file-upload/template',
      tags,
      summary: 'The orders file template (CSV, one row per order line)',
      middleware: [desk('read')],
      responses: {
        200: { description: 'A CSV file', content: { 'text/csv': { schema: z.string() } } },
        ...errorResponses,
      },
    }),
    (c) =>
      c.body(ORDERS_CSV_TEMPLATE, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="dockside-orders-template.csv"',
      }),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/fbm/orders/file-upload',
      tags,
      summary:
        'Upload orders for stores without an API (multipart field "file"): every row checked, all stored or none; the same order again changes nothing',
      middleware: [desk('create')],
      request: { query: ordersFileQuerySchema, ...fileUploadBody('the orders CSV') },
      responses: { ...okResponse(ordersFileResultSchema), ...errorResponses },
    }),
    async (c) => {
      const { file } = c.req.valid('form');
      const validateOnly = c.req.valid('query').validateOnly === 'true';
      const r = await uploadOrdersFile(deps, c.get('ctx'), await uploadText(file), validateOnly);
      return ok(c, r, {
        status: r.stored ? 201 : 200,
        info: [
          r.stored
            ? `${r.orders} orders stored: ${r.created} new, ${r.changed} updated, ${r.unchanged} already there`
            : `All ${r.rows} rows are valid`,
        ],
      });
    },
  );
  return app;
}
