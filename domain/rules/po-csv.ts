/**
 * Checking a purchase-order CSV row by row (issue 22). Every problem is an issue with a code, the
 * column as the file names it, the value as typed and the spreadsheet's row number (the header is
 * row 1, the first data row row 2) — so the screen can say it in the user's language ("UPC 0123…
 * has a wrong check digit") and the API can say it in English, never with internal field names.
 */
import { ITEM_ACTIONS, poItemSchema, type PoItem } from '../schemas/inbound.js';
import { MIN_TRACKING_LENGTH } from './dock-verdict.js';
import { gtinCheckDigitOk } from './gs1.js';

export const CSV_ISSUE_CODES = [
  'missing_column',
  'unknown_columns',
  'no_rows',
  'too_many_rows',
  'malformed_row',
  'empty_row',
  'required',
  'too_long',
  'code_format',
  'gtin_length',
  'gtin_check_digit',
  'needs_code',
  'whole_number',
  'at_least',
  'at_most',
  'not_money',
  'choice',
  'country',
  'tracking_number',
  'invalid',
] as const;
export type CsvIssueCode = (typeof CSV_ISSUE_CODES)[number];

export interface CsvIssue {
  /** The spreadsheet's row number (header = 1); null for the file as a whole. */
  row: number | null;
  column: string | null;
  code: CsvIssueCode;
  value?: string;
  params?: Record<string, string | number>;
}

/** Data row index (0 = the first row under the header) → the row number a spreadsheet shows. */
export const spreadsheetRow = (dataIndex: number): number => dataIndex + 2;

/** English text of an issue, for the API's error_list (the screen translates by code). */
export function csvIssueText(i: CsvIssue): string {
  const p = i.params ?? {};
  const v = i.value ?? '';
  const text: Record<CsvIssueCode, string> = {
    missing_column: `The file has no "${i.column}" column; download the template`,
    unknown_columns: `Unknown columns: ${v}`,
    no_rows: 'The file has no rows',
    too_many_rows: `At most ${p.max} rows per file`,
    malformed_row: `This row has ${p.found} values where the header has ${p.expected} columns`,
    empty_row: 'The row is empty',
    required: `${i.column} is required`,
    too_long: `${i.column} has more than ${p.max} characters`,
    code_format: `${i.column} ${v} must be 10 letters or digits`,
    gtin_length: `UPC ${v} must have 8, 12, 13 or 14 digits`,
    gtin_check_digit: `UPC ${v} has a wrong check digit`,
    needs_code: 'Give at least one product code: asin, fnsku, msku or upc',
    whole_number: `${i.column} ${v} is not a whole number`,
    at_least: `${i.column} must be at least ${p.min}`,
    at_most: `${i.column} must be at most ${p.max}`,
    not_money: `${i.column} ${v} is not an amount of money`,
    choice: `${i.column} ${v} is not one of ${p.options}`,
    country: `${i.column} ${v} must be a two-letter country code`,
    tracking_number: `Tracking number ${v} must have 4 to 80 characters`,
    invalid: `${i.column ?? 'The row'}: ${p.message ?? 'not valid'}`,
  };
  return i.row === null ? text[i.code] : `Row ${i.row}: ${text[i.code]}`;
}

const CODE = /^[A-Z0-9]{10}$/;

export interface CsvRowResult {
  item: PoItem | null;
  trackingNumbers: string[];
  issues: CsvIssue[];
}

/** One data row of the template's columns, already trimmed of its header's case and spacing. */
export function checkPoCsvRow(
  rec: Record<string, string | undefined>,
  row: number,
  defaults: { shipToCountryCode?: string } = {},
): CsvRowResult {
  const issues: CsvIssue[] = [];
  const val = (column: string) => (rec[column] ?? '').trim();
  const issue = (column: string | null, code: CsvIssueCode, value?: string, params?: CsvIssue['params']) =>
    issues.push({ row, column, code, ...(value !== undefined ? { value } : {}), ...(params ? { params } : {}) });

  const trackingNumbers: string[] = [];
  for (const t of val('tracking_number')
    .split(/[;|]/)
    .map((x) => x.trim())
    .filter(Boolean)) {
    if (t.length < MIN_TRACKING_LENGTH || t.length > 80) issue('tracking_number', 'tracking_number', t);
    else trackingNumbers.push(t);
  }
  const hasItem = Object.entries(rec).some(([k, v]) => k !== 'tracking_number' && v?.trim());
  if (!hasItem) {
    if (!val('tracking_number')) issue(null, 'empty_row');
    return { item: null, trackingNumbers, issues };
  }

  const title = val('title');
  if (!title) issue('title', 'required');
  else if (title.length > 500) issue('title', 'too_long', undefined, { max: 500 });
  for (const column of ['asin', 'fnsku']) {
    const code = val(column).toUpperCase();
    if (code && !CODE.test(code)) issue(column, 'code_format', val(column));
  }
  if (val('msku').length > 40) issue('msku', 'too_long', undefined, { max: 40 });
  const upc = val('upc');
  if (upc) {
    if (!/^\d{8}$|^\d{12,14}$/.test(upc)) issue('upc', 'gtin_length', upc);
    else if (!gtinCheckDigitOk(upc)) issue('upc', 'gtin_check_digit', upc);
  }
  if (!['asin', 'fnsku', 'msku', 'upc'].some((c) => val(c))) issue(null, 'needs_code');

  const whole = (column: string, min: number, max: number, required: boolean): void => {
    const raw = val(column);
    if (!raw) {
      if (required) issue(column, 'required');
      return;
    }
    const n = Number(raw);
    if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(n)) issue(column, 'whole_number', raw);
    else if (n < min) issue(column, 'at_least', raw, { min });
    else if (n > max) issue(column, 'at_most', raw, { max });
  };
  whole('quantity', 1, 1_000_000, true);
  whole('pack_size', 1, 10_000, false);
  const cost = val('cost');
  if (cost && !/^\d+(\.\d{1,2})?$/.test(cost)) issue('cost', 'not_money', cost);
  const action = val('item_action');
  if (action && !(ITEM_ACTIONS as readonly string[]).includes(action))
    issue('item_action', 'choice', action, { options: ITEM_ACTIONS.join(', ') });
  const country = val('ship_to_country');
  if (country && !/^[A-Za-z]{2}$/.test(country)) issue('ship_to_country', 'country', country);
  if (issues.length) return { item: null, trackingNumbers, issues };

  // The row is well-formed: the item schema gives the typed item (and is the last word).
  const parsed = poItemSchema.safeParse({
    title,
    asin: val('asin') || undefined,
    fnsku: val('fnsku') || undefined,
    msku: val('msku') || undefined,
    upc: upc || undefined,
    expectedQty: val('quantity'),
    packSize: val('pack_size') || undefined,
    costCents: cost ? Math.round(Number(cost) * 100) : undefined,
    supplier: val('supplier') || undefined,
    itemAction: action || undefined,
    shipToCountryCode: country || defaults.shipToCountryCode,
  });
  if (!parsed.success) {
    for (const z of parsed.error.issues) issue(null, 'invalid', undefined, { message: z.message });
    return { item: null, trackingNumbers, issues };
  }
  return { item: parsed.data, trackingNumbers, issues };
}
