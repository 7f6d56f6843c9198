/**
 * What is expected back, read from Amazon's reports or from an uploaded file, in one shape.
 *
 * - FBM return orders come from "Returns by return date" (GET_FLAT_FILE_RETURNS_DATA_BY_RETURN_DATE):
 *   one line per returned order item; the lines of one return request share its Amazon RMA ID,
 *   which is what makes a return one (Amazon quotes it on the label and the parcel).
 * - FBA removals come from "Removal shipment detail" (GET_FBA_FULFILLMENT_REMOVAL_SHIPMENT_DETAIL_DATA):
 *   one line per SKU per parcel; a removal order may leave in several parcels, each with its own
 *   tracking number, and each parcel is received on its own — so a removal shipment is one
 *   (order-id, tracking-number).
 *
 * The uploaded file is checked row by row like the other upload files (po-csv.ts, orders-csv.ts):
 * each problem an issue with a code, the column, the value and the spreadsheet row.
 */
import type { ReturnKind, ReturnStage } from '../schemas/returns.js';
import { normaliseTrackingNumber } from './tracking-number.js';

export interface ExpectedLine {
  sku: string | null;
  asin: string | null;
  fnsku: string | null;
  upc: string | null;
  title: string | null;
  quantity: number;
  reason: string | null;
  disposition: string | null;
}

export interface ExpectedReturn {
  kind: ReturnKind;
  externalKey: string;
  orderId: string;
  rma: string | null;
  trackingNumber: string | null;
  carrier: string | null;
  marketplaceStatus: string | null;
  reason: string | null;
  requestedAt: string | null;
  shippedAt: string | null;
  lines: ExpectedLine[];
}

const blank = (v: string | undefined): string | null => {
  const t = (v ?? '').trim();
  return t === '' ? null : t;
};
const count = (v: string | undefined): number => {
  const n = Number((v ?? '').trim());
  return Number.isInteger(n) && n > 0 ? n : 0;
};
/** Amazon's dates are "2026-11-20" or ISO with an offset; anything else is left out, not guessed. */
const isoOrNull = (v: string | undefined): string | null => {
  const t = blank(v);
  if (!t) return null;
  const ms = Date.parse(t);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
};

/** The same SKU on two lines of one return (Amazon splits by order item) is one expected line. */
function addLine(lines: ExpectedLine[], line: ExpectedLine) {
  const same = lines.find(
    (l) => l.sku === line.sku && l.fnsku === line.fnsku && l.asin === line.asin && l.disposition === line.disposition,
  );
  if (same) same.quantity += line.quantity;
  else lines.push({ ...line });
}

/** FBM return orders from "Returns by return date": one per RMA (else per order), lines with units. */
export function fbmReturnsOfReport(rows: Record<string, string>[]): ExpectedReturn[] {
  const byKey = new Map<string, ExpectedReturn>();
  for (const r of rows) {
    const orderId = blank(r['Order ID']);
    const quantity = count(r['Return quantity']);
    if (!orderId || quantity === 0) continue;
    const rma = blank(r['Amazon RMA ID']) ?? blank(r['Merchant RMA ID']);
    const key = rma ?? `order:${orderId}`;
    const reason = blank(r['Return Reason']);
    const ret = byKey.get(key) ?? {
      kind: 'fbm_return' as const,
      externalKey: key,
      orderId,
      rma,
      trackingNumber: blank(r['Tracking ID']),
      carrier: blank(r['Return carrier']),
      marketplaceStatus: blank(r['Return request status']),
      reason,
      requestedAt: isoOrNull(r['Return request date']),
      shippedAt: null,
      lines: [],
    };
    ret.trackingNumber ??= blank(r['Tracking ID']);
    if (reason && ret.reason && !ret.reason.split(', ').includes(reason)) ret.reason = `${ret.reason}, ${reason}`;
    addLine(ret.lines, {
      sku: blank(r['Merchant SKU']),
      asin: blank(r['ASIN']),
      fnsku: null,
      upc: null,
      title: blank(r['Item Name']),
      quantity,
      reason,
      disposition: null,
    });
    byKey.set(key, ret);
  }
  return [...byKey.values()].filter((r) => r.lines.some((l) => l.sku || l.asin));
}

/** FBA removal shipments from "Removal shipment detail": one per removal order and parcel. */
export function removalShipmentsOfReport(rows: Record<string, string>[]): ExpectedReturn[] {
  const byKey = new Map<string, ExpectedReturn>();
  for (const r of rows) {
    const orderId = blank(r['order-id']);
    const tracking = blank(r['tracking-number']);
    const quantity = count(r['shipped-quantity']);
    // Disposals never travel; a parcel without a tracking number cannot be matched at the dock.
    if (!orderId || !tracking || quantity === 0) continue;
    if ((blank(r['removal-order-type']) ?? 'Return') !== 'Return') continue;
    const key = `${orderId}/${normaliseTrackingNumber(tracking)}`;
    const ret = byKey.get(key) ?? {
      kind: 'fba_removal' as const,
      externalKey: key,
      orderId,
      rma: null,
      trackingNumber: tracking,
      carrier: blank(r['carrier']),
      marketplaceStatus: 'Shipped',
      reason: null,
      requestedAt: isoOrNull(r['request-date']),
      shippedAt: isoOrNull(r['shipment-date']),
      lines: [],
    };
    addLine(ret.lines, {
      sku: blank(r['sku']),
      asin: null,
      fnsku: blank(r['fnsku']),
      upc: null,
      title: null,
      quantity,
      reason: null,
      disposition: blank(r['disposition']),
    });
    byKey.set(key, ret);
  }
  return [...byKey.values()];
}

/** The inbound batch a return is received as: named so the floor recognises it in the batch picker. */
export function returnBatchName(r: Pick<ExpectedReturn, 'kind' | 'orderId' | 'rma' | 'trackingNumber'>): string {
  if (r.kind === 'fbm_return') return `RETURN ${r.rma ?? r.orderId}`.slice(0, 120);
  const tail = r.trackingNumber ? normaliseTrackingNumber(r.trackingNumber).slice(-8) : '';
  return `REMOVAL ${r.orderId}${tail ? ` ${tail}` : ''}`.slice(0, 120);
}

/** The inbound batch's stage (open, receiving, received) in the returns screens' words. */
export const returnStageOf = (batchStage: 'open' | 'receiving' | 'received'): ReturnStage =>
  batchStage === 'open' ? 'expected' : batchStage;

// ---------------------------------------------------------------------------------------------
// The uploaded file.

export const RETURNS_CSV_COLUMNS = [
  'order_id',
  'rma',
  'tracking_number',
  'carrier',
  'request_date',
  'sku',
  'asin',
  'fnsku',
  'upc',
  'title',
  'quantity',
  'reason',
  'disposition',
] as const;
export const RETURNS_CSV_REQUIRED = ['order_id', 'quantity'] as const;
export const MAX_RETURNS_CSV_ROWS = 5000;

export const RETURNS_CSV_ISSUE_CODES = [
  'missing_column',
  'unknown_columns',
  'no_rows',
  'too_many_rows',
  'malformed_row',
  'required',
  'too_long',
  'needs_code',
  'whole_number',
  'not_a_date',
  'tracking_differs',
] as const;
export type ReturnsCsvIssueCode = (typeof RETURNS_CSV_ISSUE_CODES)[number];

export interface ReturnsCsvIssue {
  row: number | null;
  column: string | null;
  code: ReturnsCsvIssueCode;
  value?: string;
  params?: Record<string, string | number>;
}

const MAX_TEXT = 200;
const MAX_QUANTITY = 100_000;

/**
 * Rows of a returns file (header names already lower-cased), each checked; rows sharing an
 * order_id and rma (returns) or order_id and tracking_number (removals) are one return.
 */
export function checkReturnsCsv(
  kind: ReturnKind,
  rows: Record<string, string>[],
  rowNumber: (index: number) => number,
): { issues: ReturnsCsvIssue[]; returns: ExpectedReturn[]; lines: number } {
  const issues: ReturnsCsvIssue[] = [];
  const byKey = new Map<string, ExpectedReturn>();
  let lines = 0;
  rows.forEach((rec, index) => {
    const row = rowNumber(index);
    const before = issues.length;
    const issue = (
      column: string | null,
      code: ReturnsCsvIssueCode,
      value?: string,
      params?: ReturnsCsvIssue['params'],
    ) => issues.push({ row, column, code, ...(value !== undefined ? { value } : {}), ...(params ? { params } : {}) });
    for (const c of RETURNS_CSV_COLUMNS) {
      const v = rec[c] ?? '';
      if (v.trim().length > MAX_TEXT) issue(c, 'too_long', v.slice(0, 40), { max: MAX_TEXT });
    }
    const orderId = blank(rec.order_id);
    if (!orderId) issue('order_id', 'required');
    const tracking = blank(rec.tracking_number);
    // A removal parcel is known at the dock only by its tracking number.
    if (kind === 'fba_removal' && !tracking) issue('tracking_number', 'required');
    const raw = (rec.quantity ?? '').trim();
    const quantity = Number(raw);
    if (raw === '') issue('quantity', 'required');
    else if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY)
      issue('quantity', 'whole_number', raw, { min: 1, max: MAX_QUANTITY });
    const codes = { sku: blank(rec.sku), asin: blank(rec.asin), fnsku: blank(rec.fnsku), upc: blank(rec.upc) };
    if (!codes.sku && !codes.asin && !codes.fnsku && !codes.upc) issue(null, 'needs_code');
    const date = blank(rec.request_date);
    if (date && !Number.isFinite(Date.parse(date))) issue('request_date', 'not_a_date', date);
    if (issues.length > before || !orderId) return;
    const rma = blank(rec.rma);
    const key =
      kind === 'fbm_return' ? (rma ?? `order:${orderId}`) : `${orderId}/${normaliseTrackingNumber(tracking ?? '')}`;
    const existing = byKey.get(key);
    if (
      existing &&
      tracking &&
      existing.trackingNumber &&
      normaliseTrackingNumber(existing.trackingNumber) !== normaliseTrackingNumber(tracking)
    ) {
      issue('tracking_number', 'tracking_differs', tracking, { expected: existing.trackingNumber });
      return;
    }
    const ret = existing ?? {
      kind,
      externalKey: key,
      orderId,
      rma,
      trackingNumber: tracking,
      carrier: blank(rec.carrier),
      marketplaceStatus: null,
      reason: blank(rec.reason),
      requestedAt: isoOrNull(rec.request_date),
      shippedAt: null,
      lines: [],
    };
    ret.trackingNumber ??= tracking;
    addLine(ret.lines, {
      ...codes,
      title: blank(rec.title),
      quantity,
      reason: blank(rec.reason),
      disposition: blank(rec.disposition),
    });
    lines++;
    byKey.set(key, ret);
  });
  return { issues, returns: [...byKey.values()], lines };
}

/** An issue in English, for the API's envelope (the screen words it in the user's language). */
export function returnsCsvIssueText(i: ReturnsCsvIssue): string {
  const where = [i.row !== null ? `row ${i.row}` : null, i.column].filter(Boolean).join(', ');
  const p = i.params ?? {};
  const text: Record<ReturnsCsvIssueCode, string> = {
    missing_column: `The file has no "${i.column}" column`,
    unknown_columns: `Unknown columns: ${i.value}`,
    no_rows: 'The file has no rows',
    too_many_rows: `The file has more than ${p.max} rows`,
    malformed_row: `The row has ${p.found} values where the header has ${p.expected}`,
    required: 'A value is required',
    too_long: `At most ${p.max} characters`,
    needs_code: 'Give at least one of sku, asin, fnsku or upc',
    whole_number: `A whole number from ${p.min} to ${p.max} ("${i.value}")`,
    not_a_date: `Not a date ("${i.value}")`,
    tracking_differs: `Another row of this return has the tracking number ${p.expected}`,
  };
  return where ? `${where}: ${text[i.code]}` : text[i.code];
}
