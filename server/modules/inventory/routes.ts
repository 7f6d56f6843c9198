import { randomUUID } from 'node:crypto';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { pageRequest } from '../../../domain/paging.js';
import {
  adjustmentResultSchema,
  adjustmentSchema,
  deskMoveSchema,
  dispositionPageSchema,
  inventoryMoveResultSchema,
  ledgerEntrySchema,
  MOVE_REASONS,
  moveBatchListRowSchema,
  moveBatchResultSchema,
  moveRowSchema,
  snapshotPageSchema,
  snapshotQuerySchema,
} from '../../../domain/schemas/inventory.js';
import type { Guards } from '../../auth/guard.js';
import type { AppEnv, Deps } from '../../context.js';
import { errorResponses, fileUploadBody, jsonBody, okResponse } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import { validationHook } from '../../http/validation.js';
import { adjustInventory, ledgerEntries } from './adjustments.js';
import { closeMoveBatch, deskMove, listMoveBatches, listMoves, openMoveBatch } from './moves.js';
import { snapshot } from './snapshot.js';
import { listDispositions } from './dispositions.js';
import { uploadText } from '../../http/upload-text.js';
import { importMarketplaceReport, listMarketplaceInventory } from './marketplace.js';
import {
  marketplaceImportQuerySchema,
  marketplaceImportResultSchema,
  marketplaceInventoryQuerySchema,
  marketplacePageSchema,
} from '../../../domain/schemas/marketplace-inventory.js';

/** The one upload larger than the global 1 MiB body limit (server/app.ts gives it MAX_REPORT_BYTES). */

export const MARKETPLACE_REPORT_PATH = '/api/inventory/marketplace/report';

const paging = { pageNumber: z.string().optional(), pageSize: z.string().optional() };

export function inventoryRoutes(deps: Deps, guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const tags = ['Inventory'];
  const wms = (a: 'read' | 'update') => guards.requires('wms', a, { warehouseOnly: true });

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/inventory',
      tags,
      summary:
        'Inventory snapshot: on-hand per client, product, location, LPN and condition (now, or asOf a past moment)',
      middleware: [guards.requires('inventorySnapshot', 'read')],
      request: { query: snapshotQuerySchema.extend(paging) },
      responses: { ...okResponse(snapshotPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await snapshot(deps, c.get('ctx'), pageRequest(q), q));
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/inventory/ledger',
      tags,
      summary: 'Ledger rows (every quantity change), newest first',
      middleware: [guards.requires('inventorySnapshot', 'read')],
      request: {
        query: z.object({
          companyId: z.coerce.number().int().positive().optional(),
          productKey: z.string().max(60).optional(),
          location: z.string().max(40).optional(),
          lpn: z.string().max(40).optional(),
          limit: z.coerce.number().int().min(1).max(1000).optional(),
        }),
      },
      responses: { ...okResponse(z.array(ledgerEntrySchema)), ...errorResponses },
    }),
    async (c) => ok(c, await ledgerEntries(deps, c.get('ctx'), c.req.valid('query'))),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/inventory/adjust',
      tags,
      summary: 'Adjust on-hand with a reason (never below zero)',
      middleware: [guards.requires('manageInventory', 'update', { warehouseOnly: true })],
      request: jsonBody(adjustmentSchema),
      responses: { ...okResponse(adjustmentResultSchema), ...errorResponses },
    }),
    async (c) =>
      ok(c, await adjustInventory(deps, c.get('ctx'), c.req.valid('json')), { info: ['Inventory adjusted'] }),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/inventory/move',
      tags,
      summary: 'Move units (productCode + quantity) or a whole LPN; all or nothing',
      middleware: [wms('update')],
      request: jsonBody(deskMoveSchema),
      responses: { ...okResponse(inventoryMoveResultSchema), ...errorResponses },
    }),
    async (c) => ok(c, await deskMove(deps.db, c.get('ctx'), c.req.valid('json')), { info: ['Moved'] }),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/inventory/move',
      tags,
      summary: 'Moves, newest first (of a move batch)',
      middleware: [wms('read')],
      request: {
        query: z.object({
          moveBatchId: z.uuid().optional(),
          limit: z.coerce.number().int().min(1).max(1000).optional(),
        }),
      },
      responses: { ...okResponse(z.array(moveRowSchema)), ...errorResponses },
    }),
    async (c) => ok(c, await listMoves(deps.db, c.get('ctx'), c.req.valid('query'))),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/inventory/move-batch',
      tags,
      summary: 'Move batches, newest first',
      middleware: [wms('read')],
      request: { query: z.object({ status: z.enum(['open', 'closed']).optional() }) },
      responses: { ...okResponse(z.array(moveBatchListRowSchema)), ...errorResponses },
    }),
    async (c) => ok(c, await listMoveBatches(deps.db, c.get('ctx'), c.req.valid('query'))),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/inventory/move-batch',
      tags,
      summary: 'Open a move batch',
      middleware: [wms('update')],
      request: jsonBody(
        z.object({
          name: z.string().trim().min(1, 'name is required').max(80),
          reason: z.enum(MOVE_REASONS, { error: 'reason: choose one of the move reasons' }),
        }),
      ),
      responses: { ...okResponse(moveBatchResultSchema), ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const result = await deps.db.transaction((tx) =>
        openMoveBatch(tx, c.get('ctx'), { id: randomUUID(), ...body, openedAt: new Date().toISOString() }),
      );
      return ok(c, result, { status: 201, info: ['Move batch opened'] });
    },
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/api/inventory/move-batch/{id}/close',
      tags,
      summary: 'Close a move batch',
      middleware: [wms('update')],
      request: { params: z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) }) },
      responses: { ...okResponse(moveBatchResultSchema), ...errorResponses },
    }),
    async (c) =>
      ok(
        c,
        await deps.db.transaction((tx) =>
          closeMoveBatch(tx, c.get('ctx'), { id: c.req.valid('param').id, closedAt: new Date().toISOString() }),
        ),
        { info: ['Move batch closed'] },
      ),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/inventory/dispositions',
      tags,
      summary:
        'Dispositions report: units disposed of, donated or returned (problem resolutions and adjustments), newest first',
      middleware: [guards.requires('dispositions', 'read')],
      request: {
        query: z.object({
          ...paging,
          companyId: z.coerce.number().int().positive().optional(),
          from: z.iso.datetime({ offset: true, error: 'from: a date and time' }).optional(),
          to: z.iso.datetime({ offset: true, error: 'to: a date and time' }).optional(),
          reason: z.string().max(40).optional(),
        }),
      },
      responses: { ...okResponse(dispositionPageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await listDispositions(deps, c.get('ctx'), pageRequest(q), q));
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: MARKETPLACE_REPORT_PATH,
      tags,
      summary:
        'Import a marketplace inventory report (multipart field "file": Amazon\'s tab-separated Manage FBA Inventory report, Walmart WFS or eBay active listings CSV); replaces the client\'s lines of that marketplace, all or none',
      // Clients import their own reports, so this is not warehouse-only; the service confines them to their company.
      middleware: [guards.requires('amazonInventory', 'create')],
      request: {
        query: marketplaceImportQuerySchema,
        ...fileUploadBody('the report'),
      },
      responses: { ...okResponse(marketplaceImportResultSchema), ...errorResponses },
    }),
    async (c) => {
      const { file } = c.req.valid('form');
      const result = await importMarketplaceReport(
        deps,
        c.get('ctx'),
        c.req.valid('query'),
        file.name,
        await uploadText(file),
      );
      const lines = Object.values(result.lines).reduce((a, b) => a + b, 0);
      return ok(c, result, {
        status: 201,
        info: [`Imported ${lines} ${lines === 1 ? 'line' : 'lines'} from ${file.name}`],
      });
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/inventory/marketplace',
      tags,
      summary:
        'Inventory by type (fba, fbm, wfs, ebay): the marketplace figures per SKU with the catalogue product and the sellable units held here; totals over the whole filter',
      middleware: [guards.requires('amazonInventory', 'read')],
      request: { query: marketplaceInventoryQuerySchema.extend(paging) },
      responses: { ...okResponse(marketplacePageSchema), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return ok(c, await listMarketplaceInventory(deps, c.get('ctx'), pageRequest(q), q));
    },
  );
  return app;
}
