/**
 * Purchase-order CSV upload: every row is validated first and reported row by row; the batch is
 * stored only when all rows are good (all or none).
 */
import { postLedger, type LedgerInsert } from '../inventory/ledger.js';
import { recordChargeEvents } from '../charges/events.js';
import { chargeEventsOfStock } from '../charges/stock-events.js';
import Papa from 'papaparse';
import type { z } from 'zod';
import { CSV_COLUMNS, type csvUploadQuerySchema, type PoItem } from '../../../domain/schemas/inbound.js';
import { checkPoCsvRow, csvIssueText, spreadsheetRow, type CsvIssue } from '../../../domain/rules/po-csv.js';
import type { Deps, RequestContext } from '../../context.js';
import { ApiError } from '../../http/errors.js';
import { eq, sql } from 'drizzle-orm';
import { can } from '../../../domain/permissions.js';
import type { DbOrTx } from '../../db/client.js';
import { batchItems } from '../../db/schema/index.js';
import { forbidden, refusal } from '../../http/errors.js';
import { recordChanges } from '../../feed/changes.js';
import { getBatch, inboundItemChange, insertBatch } from './batches.js';
import { itemProductKey } from '../../../domain/rules/product-key.js';
import { normaliseTrackingNumber } from '../../../domain/rules/tracking-number.js';
import { listInCatalogue } from '../products/service.js';

export const MAX_CSV_ROWS = 5000;

export const CSV_TEMPLATE =
  CSV_COLUMNS.join(',') +
  '\n' +
  'Stainless water bottle 750ml,B07XJ8C8F5,X001ABCDEF,WB-750-SS,0840123456786,24,12,8.50,Acme Wholesale,fba_prep,US,1Z999AA10123456784\n' +
  'Bamboo cutting board,B08L5TNJHG,,CB-BAMBOO-L,,10,1,12.00,Acme Wholesale,storage,,TBA123456789000\n';

export interface CsvValidation {
  valid: boolean;
  rows: number;
  items: PoItem[];
  trackingNumbers: string[];
  /** Every problem of the file and of each row (domain/rules/po-csv.ts), file-level first. */
  issues: CsvIssue[];
}

export function validateCsv(text: string, query: z.infer<typeof csvUploadQuerySchema>): CsvValidation {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase().replace(/\s+/g, '_'),
  });
  const issues: CsvIssue[] = [];
  const headers = parsed.meta.fields ?? [];
  for (const column of ['title', 'quantity'])
    if (!headers.includes(column)) issues.push({ row: null, column, code: 'missing_column' });
  const unknown = headers.filter((h) => !(CSV_COLUMNS as readonly string[]).includes(h));
  if (unknown.length) issues.push({ row: null, column: null, code: 'unknown_columns', value: unknown.join(', ') });
  if (parsed.data.length === 0) issues.push({ row: null, column: null, code: 'no_rows' });
  if (parsed.data.length > MAX_CSV_ROWS)
    issues.push({ row: null, column: null, code: 'too_many_rows', params: { max: MAX_CSV_ROWS } });

  const items: PoItem[] = [];
  const trackingNumbers: string[] = [];
  // Without its key columns, or far too long, a file's rows cannot be read; otherwise every row is
  // checked, and a row the parser found malformed is reported beside the others' problems.
  const readable = !issues.some((i) => i.code === 'missing_column' || i.code === 'too_many_rows');
  if (readable) {
    const malformed = new Map<number, Papa.ParseError>();
    for (const e of parsed.errors) if (e.row !== undefined && !malformed.has(e.row)) malformed.set(e.row, e);
    parsed.data.forEach((rec, index) => {
      const row = spreadsheetRow(index);
      const bad = malformed.get(index);
      if (bad) {
        issues.push({
          row,
          column: null,
          code: 'malformed_row',
          params: { found: countValues(bad), expected: headers.length },
        });
        return;
      }
      const checked = checkPoCsvRow(rec, row, { shipToCountryCode: query.shipToCountryCode });
      issues.push(...checked.issues);
      if (checked.item) items.push(checked.item);
      trackingNumbers.push(...checked.trackingNumbers);
    });
  }
  return { valid: issues.length === 0, rows: parsed.data.length, items, trackingNumbers, issues };
}

/** Papa's "Too few fields: expected 12 fields but parsed 11" (or too many) → 11. */
const countValues = (e: Papa.ParseError): number => Number(/parsed (\d+)/.exec(e.message)?.[1] ?? 0);

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
    throw forbidden(refusal('refusals.uploadWarehouseOnly'));
  const onlyListings = query.createOnlyListings === 'true';
  if (!onlyListings && !query.batch_name) throw new ApiError(400, [refusal('refusals.batchNameRequired')]);
  if (onlyListings && receiveNow)
    throw new ApiError(400, ['createOnlyListings makes no purchase order: nothing can be received (receiveInventory)']);
  const v = validateCsv(text, query);
  // The English messages for the envelope; the issues themselves (codes, columns, values) in the
  // body, so the screen can show each in the user's language.
  if (!v.valid)
    throw new ApiError(400, v.issues.slice(0, 200).map(csvIssueText), {}, { issues: v.issues.slice(0, 1000) });
  // A package listed on several rows (or in two spellings that normalise alike) is one package.
  const packages = new Set(v.trackingNumbers.map(normaliseTrackingNumber)).size;
  const summary = { rows: v.rows, items: v.items.length, trackingNumbers: packages };
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
  const rows: LedgerInsert[] = items.map((i) => ({
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
  }));
  await postLedger(tx, rows);
  await recordChargeEvents(tx, chargeEventsOfStock(rows));
  await recordChanges(
    tx,
    ctx.tenantId,
    items.map((i) => inboundItemChange(i, batchName)),
  );
}
