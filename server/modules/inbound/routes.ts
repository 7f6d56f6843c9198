import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { pageRequest } from '../../../domain/paging.js';
import {
  batchCreateSchema,
  batchDetailSchema,
  batchListQuerySchema,
  batchPageSchema,
  csvUploadQuerySchema,
  csvUploadResultSchema,
  deliveredPackagePageSchema,
  deliveredQuerySchema,
  itemPageSchema,
  itemStatusChangedSchema,
  itemStatusSummaryRowSchema,
  poItemSchema,
  receiveBatchPageSchema,
  receiveBatchResultSchema,
  receiveBatchScansSchema,
  sortedUnitSchema,
  trackingAddSchema,
} from '../../../domain/schemas/inbound.js';
import { deletedSchema } from '../../../domain/schemas/common.js';
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
import { mutationRoute } from '../../http/mutation-route.js';
import { validationHook } from '../../http/validation.js';
import {
  addTracking,
  createBatch,
  deleteBatch,
  deleteItem,
  getBatch,
  listBatches,
  removeTracking,
  saveItem,
} from './batches.js';
import { CSV_TEMPLATE, uploadCsv } from './csv-upload.js';
import * as receiving from './receiving.js';
import { scanItem } from './item-scan.js';
import {
  bundleQuerySchema,
  changeItemStatus,
  itemListQuerySchema,
  itemStatusChangeSchema,
  listItems,
  statusSummary,
} from './item-status.js';
import { listSorted, sortItem } from './sorting.js';
import { uploadText } from '../../http/upload-text.js';

const uuidParam = z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) });

export function inboundRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Inbound'];
  const floor = (a: 'read' | 'create' | 'update') =>
    guards.requires('deliveredPackages', a, { warehouseOnly: a !== 'read' });

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/ship/batch',
      tags,
      summary: 'Announce an inbound batch with its tracking numbers',
      middleware: [guards.requires('purchaseOrders', 'create')],
      request: jsonBody(batchCreateSchema),
      responses: { ...okResponse(batchDetailSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await createBatch(deps, c.get('ctx'), c.req.valid('json')), { status: 201, info: ['Batch created'] }),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/ship/batch',
      tags,
      summary: 'Inbound batches (clients: their own)',
      middleware: [guards.requires('purchaseOrders', 'read')],
      request: { query: batchListQuerySchema },
      responses: { ...okResponse(batchPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await listBatches(deps, c.get('ctx'), pageRequest(q), q));
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/ship/batch/{id}',
      tags,
      summary: 'One inbound batch with its tracking numbers',
      middleware: [guards.requires('purchaseOrders', 'read')],
      request: { params: idParam },
      responses: { ...okResponse(batchDetailSchema), ...errorResponses },
    }),
    async (c) => ok(c, await getBatch(deps, c.get('ctx'), c.req.valid('param').id)),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/api/ship/batch/{id}',
      tags,
      summary: 'Withdraw a batch before any package is received',
      middleware: [guards.requires('purchaseOrders', 'delete')],
      request: { params: idParam },
      responses: { ...okResponse(deletedSchema), ...errorResponses },
    }),
    async (c) => ok(c, await deleteBatch(deps, c.get('ctx'), c.req.valid('param').id), { info: ['Batch deleted'] }),
  );

  const itemParams = idParam.extend({ itemId: pathId('itemId') });
  const poWrite = guards.requires('purchaseOrders', 'update');
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/ship/batch/{id}/items',
      tags,
      summary: 'Add an item (until receiving starts)',
      middleware: [poWrite],
      request: { params: idParam, ...jsonBody(poItemSchema) },
      responses: { ...okResponse(batchDetailSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await saveItem(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), {
        status: 201,
        info: ['Item added'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/api/ship/batch/{id}/items/{itemId}',
      tags,
      summary: 'Edit an item (until receiving starts)',
      middleware: [poWrite],
      request: { params: itemParams, ...jsonBody(poItemSchema) },
      responses: { ...okResponse(batchDetailSchema), ...errorResponses },
    }),
    async (c) => {
      const p = c.req.valid('param');
      return ok(c, await saveItem(deps, c.get('ctx'), p.id, c.req.valid('json'), p.itemId), { info: ['Item saved'] });
    },
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/api/ship/batch/{id}/items/{itemId}',
      tags,
      summary: 'Remove an item (until receiving starts)',
      middleware: [poWrite],
      request: { params: itemParams },
      responses: { ...okResponse(batchDetailSchema), ...errorResponses },
    }),
    async (c) => {
      const p = c.req.valid('param');
      return ok(c, await deleteItem(deps, c.get('ctx'), p.id, p.itemId), { info: ['Item removed'] });
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/ship/batch/{id}/tracking',
      tags,
      summary: 'Add tracking numbers (until receiving starts)',
      middleware: [poWrite],
      request: { params: idParam, ...jsonBody(trackingAddSchema) },
      responses: { ...okResponse(batchDetailSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await addTracking(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json').trackingNumbers), {
        info: ['Tracking numbers added'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/api/ship/batch/{id}/tracking/{itemId}',
      tags,
      summary: 'Remove a tracking number (until receiving starts)',
      middleware: [poWrite],
      request: { params: itemParams },
      responses: { ...okResponse(batchDetailSchema), ...errorResponses },
    }),
    async (c) => {
      const p = c.req.valid('param');
      return ok(c, await removeTracking(deps, c.get('ctx'), p.id, p.itemId), { info: ['Tracking number removed'] });
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/ship/bundle',
      tags,
      summary: 'Purchase-order lines across batches (spec bundle query; clients: their own)',
      middleware: [guards.requires('purchaseOrders', 'read')],
      request: { query: bundleQuerySchema },
      responses: { ...okResponse(itemPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await listItems(deps, c.get('ctx'), pageRequest(q), q));
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/ship/csv-upload/template',
      tags,
      summary: 'The purchase-order CSV template',
      middleware: [guards.requires('purchaseOrders', 'read')],
      responses: {
        200: { description: 'A CSV file', content: { 'text/csv': { schema: z.string() } } },
        ...errorResponses,
      },
    }),
    (c) =>
      c.body(CSV_TEMPLATE, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="dockside-purchase-order-template.csv"',
      }),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/ship/csv-upload',
      tags,
      summary: 'Upload a purchase-order CSV (multipart field "file"): validated row by row, stored all or none',
      middleware: [guards.requires('purchaseOrders', 'create')],
      request: {
        query: csvUploadQuerySchema,
        ...fileUploadBody('the CSV'),
      },
      responses: { ...okResponse(csvUploadResultSchema), ...errorResponses },
    }),
    async (c) => {
      const { file } = c.req.valid('form');
      const result = await uploadCsv(deps, c.get('ctx'), await uploadText(file), c.req.valid('query'));
      return ok(c, result, {
        status: result.stored ? 201 : 200,
        info: [
          result.stored
            ? `Batch created with ${result.items} items and ${result.trackingNumbers} tracking numbers`
            : `All ${result.rows} rows are valid`,
        ],
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/inbound/package-receive-batch',
      tags,
      summary: 'Dock receive batches',
      middleware: [floor('read')],
      request: {
        query: pagingQuery.extend({ companyId: z.coerce.number().int().positive().optional() }),
      },
      responses: { ...okResponse(receiveBatchPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await receiving.listReceiveBatches(deps, c.get('ctx'), pageRequest(q), q.companyId));
    },
  );
  mutationRoute(
    app,
    deps,
    'packageReceiveBatch.open',
    {
      path: '/api/inbound/package-receive-batch',
      tags,
      summary: 'Open a dock receive batch',
      middleware: [floor('create')],
    },
    (tx, ctx, args) => receiving.openReceiveBatch(tx, ctx, args),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/inbound/package-receive-batch/{id}/close',
      tags,
      summary: 'Close a dock receive batch',
      middleware: [floor('update')],
      request: { params: uuidParam },
      responses: { ...okResponse(receiveBatchResultSchema), ...errorResponses },
    }),
    async (c) =>
      ok(
        c,
        await deps.db.transaction((tx) =>
          receiving.closeReceiveBatch(tx, c.get('ctx'), { id: c.req.valid('param').id }),
        ),
        { info: ['Receive batch closed'] },
      ),
  );
  mutationRoute(
    app,
    deps,
    'package.scan',
    { path: '/api/inbound/package-scan', tags, summary: 'Scan a package', middleware: [floor('create')] },
    receiving.scanPackage,
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/inbound/package-scan',
      tags,
      summary: "A receive batch's scans with counts",
      middleware: [floor('read')],
      request: { query: z.object({ batchId: z.uuid() }) },
      responses: { ...okResponse(receiveBatchScansSchema), ...errorResponses },
    }),
    async (c) => ok(c, await receiving.listScans(deps, c.get('ctx'), c.req.valid('query').batchId)),
  );
  const receive = guards.requires('receiveInventory', 'create', { warehouseOnly: true });
  mutationRoute(
    app,
    deps,
    'item.scan',
    { path: '/api/inbound/item-scan', tags, summary: 'Scan an item into its batch', middleware: [receive] },
    scanItem,
  );
  mutationRoute(
    app,
    deps,
    'item.sort',
    {
      path: '/api/inbound/sort-item',
      tags,
      summary: "Sort received units to their workflow's place",
      middleware: [receive],
    },
    sortItem,
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/inbound/received-sorted-item',
      tags,
      summary: 'Sorted units, newest first (clients: their own)',
      middleware: [guards.requiresAny(['receiveInventory', 'read'], ['itemTracking', 'read'])],
      request: {
        query: z.object({
          batchId: z.coerce.number().int().positive().optional(),
          limit: z.coerce.number().int().min(1).max(1000).optional(),
        }),
      },
      responses: { ...okResponse(z.array(sortedUnitSchema)), ...errorResponses },
    }),
    async (c) => ok(c, await listSorted(deps, c.get('ctx'), c.req.valid('query'))),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/inbound/item-status-summary',
      tags,
      summary: 'Units per item status per client (clients: their own)',
      middleware: [guards.requires('itemTracking', 'read')],
      responses: { ...okResponse(z.array(itemStatusSummaryRowSchema)), ...errorResponses },
    }),
    async (c) => ok(c, await statusSummary(deps, c.get('ctx'))),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/inbound/shipment-items',
      tags,
      summary: 'Items by status, client, batch or text (clients: their own)',
      middleware: [guards.requiresAny(['itemTracking', 'read'], ['purchaseOrders', 'read'])],
      request: { query: itemListQuerySchema },
      responses: { ...okResponse(itemPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await listItems(deps, c.get('ctx'), pageRequest(q), q));
    },
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/api/inbound/shipment-items/{id}/status',
      tags,
      summary: 'Change an item status along the allowed transitions (412 otherwise)',
      middleware: [guards.requires('itemTracking', 'update', { warehouseOnly: true })],
      request: { params: idParam, ...jsonBody(itemStatusChangeSchema) },
      responses: { ...okResponse(itemStatusChangedSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await changeItemStatus(deps, c.get('ctx'), c.req.valid('param').id, c.req.valid('json')), {
        info: ['Status changed'],
      }),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/inbound/delivered-packages',
      tags,
      summary: 'Expected packages and their delivery (ALL, NOT_DELIVERED, NOT_FOUND, DELIVERED)',
      middleware: [floor('read')],
      request: { query: deliveredQuerySchema },
      responses: { ...okResponse(deliveredPackagePageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await receiving.deliveredPackages(deps, c.get('ctx'), pageRequest(q), q));
    },
  );
  return app;
}
