/**
 * Purchase-order CSV upload: every row is validated first and reported row by row; the batch is
 * stored only when all rows are good (all or none).
 */
import { postLedger } from '../inventory/ledger.js';
import Papa from 'papaparse';
import type { z } from 'zod';
import {
  CSV_COLUMNS,
  csvRecordToItem,
  poItemSchema,
  type CsvRowReport,
  type csvUploadQuerySchema,
  type PoItem,
} from '../../../domain/schemas/purchase-orders.js';
import { trackingNumberInput } from '../../../domain/schemas/ship.js';
import type { Deps, RequestContext } from '../../context.js';
import { ApiError } from '../../http/errors.js';
import { issueMessages } from '../../http/validation.js';
import { eq, sql } from 'drizzle-orm';
import { can } from '../../../domain/permissions.js';
import type { DbOrTx } from '../../db/client.js';
import { batchItems, inventoryLedger } from '../../db/schema/index.js';
import { forbidden } from '../../http/errors.js';
import { recordChanges } from '../../sync/changes.js';
import { getBatch, inboundItemChange, insertBatch } from './batches.js';
import { itemProductKey } from '../../../domain/rules/product-key.js';
import { listInCatalogue } from '../products/service.js';

export const MAX_CSV_ROWS = 5000;

export const CSV_TEMPLATE =
  CSV_COLUMNS.join(',') +
  '\n' +
  'Stainless water bottle 750ml,B07XJ8C8F5,X001ABCDEF,WB-750-SS,0840123456789,24,12,8.50,Acme Wholesale,fba_prep,US,1Z999AA10123456784\n' +
  'Bamboo cutting board,B08L5TNJHG,,CB-BAMBOO-L,,10,1,12.00,Acme Wholesale,storage,,TBA123456789000\n';

export interface CsvValidation {
  valid: boolean;
  rows: number;
  items: PoItem[];
  trackingNumbers: string[];
  report: CsvRowReport[];
  fileErrors: string[];
}

export function validateCsv(text: string, query: z.infer<typeof csvUploadQuerySchema>): CsvValidation {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase().replace(/\s+/g, '_'),
  });
  const fileErrors: string[] = [];
  const headers = parsed.meta.fields ?? [];
  for (const required of ['title', 'quantity'])
    if (!headers.includes(required)) fileErrors.push(`The file has no "${required}" column; download the template`);
  const unknown = headers.filter((h) => !(CSV_COLUMNS as readonly string[]).includes(h));
  if (unknown.length) fileErrors.push(`Unknown columns: ${unknown.join(', ')}`);
  if (parsed.data.length === 0) fileErrors.push('The file has no rows');
  if (parsed.data.length > MAX_CSV_ROWS) fileErrors.push(`At most ${MAX_CSV_ROWS} rows per file`);
  for (const e of parsed.errors.slice(0, 20)) fileErrors.push(`Row ${(e.row ?? 0) + 1}: ${e.message}`);

  const items: PoItem[] = [];
  const trackingNumbers: string[] = [];
  const report: CsvRowReport[] = [];
  if (fileErrors.length === 0) {
    parsed.data.forEach((rec, i) => {
      const errors: string[] = [];
      const hasItem = Object.entries(rec).some(([k, v]) => k !== 'tracking_number' && v?.trim());
      if (hasItem) {
        const item = poItemSchema.safeParse(csvRecordToItem(rec, { shipToCountryCode: query.shipToCountryCode }));
        if (item.success) items.push(item.data);
        else errors.push(...issueMessages(item.error));
      }
      for (const t of (rec.tracking_number ?? '')
        .split(/[;|]/)
        .map((x) => x.trim())
        .filter(Boolean)) {
        const tn = trackingNumberInput.safeParse(t);
        if (tn.success) trackingNumbers.push(tn.data);
        else errors.push(...issueMessages(tn.error));
      }
      if (!hasItem && !rec.tracking_number?.trim()) errors.push('empty row');
      if (errors.length) report.push({ row: i + 1, errors });
    });
  }
  return {
    valid: fileErrors.length === 0 && report.length === 0,
    rows: parsed.data.length,
    items,
    trackingNumbers,
    report,
    fileErrors,
  };
}

export async function uploadCsv(
  deps: Deps,
  ctx: RequestContext,
  text: string,
  query: z.infer<typeof csvUploadQuerySchema>,
) {
  // receiveInventory=true: the goods are already here (stock brought in by the desk); only the
  // warehouse may declare that.
  const receiveNow = query.receiveInventory === 'true';
  if (receiveNow && (ctx.isClient || !can(ctx.abilities, 'create', 'receiveInventory')))
    throw forbidden('Only the warehouse receives inventory on upload (receiveInventory)');
  const onlyListings = query.createOnlyListings === 'true';
  if (!onlyListings && !query.batch_name) throw new ApiError(400, ['batch_name is required']);
  if (onlyListings && receiveNow)
    throw new ApiError(400, ['createOnlyListings makes no purchase order: nothing can be received (receiveInventory)']);
  const v = validateCsv(text, query);
  if (!v.valid) {
    const messages = [...v.fileErrors, ...v.report.map((r) => `Row ${r.row}: ${r.errors.join('; ')}`)];
    throw new ApiError(400, messages.slice(0, 200));
  }
  const summary = { rows: v.rows, items: v.items.length, trackingNumbers: v.trackingNumbers.length };
  if (query.validateOnly === 'true') return { ...summary, valid: true, stored: false, batch: null };
  if (onlyListings) {
    const listed = await deps.db.transaction(async (tx) => listInCatalogue(tx, ctx, query.companyId, v.items));
    return { ...summary, valid: true, stored: true, received: false, listed, batch: null };
  }
  let listed: { created: number; existing: number } | null = null;
  const id = await deps.db.transaction(async (tx) => {
    const batchId = await insertBatch(tx, ctx, {
      batchName: query.batch_name!,
      companyId: query.companyId,
      warehouseId: query.warehouseId,
      storeName: query.ecommerce_store,
      shipToCountryCode: query.shipToCountryCode,
      trackingNumbers: v.trackingNumbers,
      items: v.items,
    });
    if (receiveNow) await receiveWholeBatch(tx, ctx, batchId, query.batch_name!);
    if (query.listItems === 'true') listed = await listInCatalogue(tx, ctx, query.companyId, v.items);
    return batchId;
  });
  return { ...summary, valid: true, stored: true, received: receiveNow, listed, batch: await getBatch(deps, ctx, id) };
}

/** Every item of a just-uploaded batch counted as received in full: its units enter RECEIVING. */
async function receiveWholeBatch(tx: DbOrTx, ctx: RequestContext, batchId: number, batchName: string) {
  const items = await tx
    .update(batchItems)
    .set({ receivedQty: sql`${batchItems.expectedQty}`, status: 'received', updatedAt: new Date().toISOString() })
    .where(eq(batchItems.batchId, batchId))
    .returning();
  if (items.length === 0) return;
  await postLedger(
    tx,
    items.map((i) => ({
      tenantId: ctx.tenantId,
      companyId: i.companyId,
      batchItemId: i.id,
      productKey: itemProductKey(i),
      title: i.title,
      location: 'RECEIVING',
      condition: 'sellable',
      quantity: i.expectedQty,
      reason: 'receive',
      refType: 'csv_upload',
      refId: String(batchId),
      userId: ctx.userId,
      deviceId: null,
    })),
  );
  await recordChanges(
    tx,
    ctx.tenantId,
    items.map((i) => inboundItemChange(i, batchName)),
  );
}
