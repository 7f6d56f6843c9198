/**
 * Returns or removals uploaded by file (for stores without the API setting, or returns announced
 * by other means): every row is checked first and reported row by row; the returns are stored only
 * when every row is good, in one transaction, through the same store step a pull uses — so the
 * same file again stores nothing twice.
 */
import Papa from 'papaparse';
import {
  checkReturnsCsv,
  MAX_RETURNS_CSV_ROWS,
  RETURNS_CSV_COLUMNS,
  RETURNS_CSV_REQUIRED,
  returnsCsvIssueText,
  type ReturnsCsvIssue,
} from '../../../domain/rules/returns.js';
import type { ReturnKind, ReturnsFileResult } from '../../../domain/schemas/returns.js';
import type { Deps, RequestContext } from '../../context.js';
import { ApiError } from '../../http/errors.js';
import { resolveClientCompany } from '../../http/client-company.js';
import { storeExpectedReturns } from './store.js';

export const returnsCsvTemplate = (kind: ReturnKind): string =>
  RETURNS_CSV_COLUMNS.join(',') +
  '\n' +
  (kind === 'fbm_return'
    ? '113-1234567-7654321,DZ0ABC123XY,1Z999AA10123456784,UPS,2026-11-20,MUG-BLUE,B07XJ8C8F5,,0840123456786,Blue mug,1,CR-UNWANTED_ITEM,\n' +
      '113-1234567-7654321,DZ0ABC123XY,1Z999AA10123456784,UPS,2026-11-20,LAMP-2,,,,Desk lamp,2,CR-DEFECTIVE,\n'
    : '9XKQ2M4P1A,,1Z999AA10123456785,UPS,2026-11-18,MUG-BLUE,,X001ABCDEF,,Blue mug,6,,Sellable\n' +
      '9XKQ2M4P1A,,1Z999AA10123456785,UPS,2026-11-18,LAMP-2,,X002GHIJKL,,Desk lamp,2,,Unsellable\n');

/** Papa's "Too few fields: expected 12 fields but parsed 11" (or too many) → 11. */
const countValues = (e: Papa.ParseError): number => Number(/parsed (\d+)/.exec(e.message)?.[1] ?? 0);

export async function uploadReturnsFile(
  deps: Deps,
  ctx: RequestContext,
  kind: ReturnKind,
  text: string,
  opts: { companyId?: number; validateOnly: boolean },
): Promise<ReturnsFileResult> {
  const company = await resolveClientCompany(deps.db, ctx, opts.companyId);
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase().replace(/\s+/g, '_'),
  });
  const issues: ReturnsCsvIssue[] = [];
  const headers = parsed.meta.fields ?? [];
  const required = kind === 'fba_removal' ? [...RETURNS_CSV_REQUIRED, 'tracking_number'] : RETURNS_CSV_REQUIRED;
  for (const column of required)
    if (!headers.includes(column)) issues.push({ row: null, column, code: 'missing_column' });
  const unknown = headers.filter((h) => !(RETURNS_CSV_COLUMNS as readonly string[]).includes(h));
  if (unknown.length) issues.push({ row: null, column: null, code: 'unknown_columns', value: unknown.join(', ') });
  // Wrong columns: the file cannot be read as returns at all — 400 naming them, nothing else.
  if (issues.length) throw refusal(issues);
  if (parsed.data.length === 0) throw refusal([{ row: null, column: null, code: 'no_rows' }]);
  if (parsed.data.length > MAX_RETURNS_CSV_ROWS)
    throw refusal([{ row: null, column: null, code: 'too_many_rows', params: { max: MAX_RETURNS_CSV_ROWS } }]);

  const malformed = new Map<number, Papa.ParseError>();
  for (const e of parsed.errors) if (e.row !== undefined && !malformed.has(e.row)) malformed.set(e.row, e);
  const wellFormed: Record<string, string>[] = [];
  const rowNumbers: number[] = [];
  parsed.data.forEach((rec, index) => {
    const bad = malformed.get(index);
    if (bad)
      issues.push({
        row: index + 2,
        column: null,
        code: 'malformed_row',
        params: { found: countValues(bad), expected: headers.length },
      });
    else {
      wellFormed.push(rec);
      rowNumbers.push(index + 2);
    }
  });
  // Row numbers stay the spreadsheet's even when a malformed row is skipped.
  const checked = checkReturnsCsv(kind, wellFormed, (i) => rowNumbers[i]);
  issues.push(...checked.issues);
  issues.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  if (issues.length) throw refusal(issues);

  const summary = { rows: parsed.data.length, returns: checked.returns.length, lines: checked.lines, valid: true };
  if (opts.validateOnly) return { ...summary, stored: false, created: 0, unchanged: 0 };
  const stored = await deps.db.transaction((tx) =>
    storeExpectedReturns(
      tx,
      { tenantId: ctx.tenantId, companyId: company.id, storeId: null, storeName: null, userId: ctx.userId },
      'upload',
      checked.returns,
    ),
  );
  return { ...summary, stored: true, created: stored.created, unchanged: stored.unchanged + stored.updated };
}

/** The English messages for the envelope; the issues (codes, columns, values) in the body for the screen. */
const refusal = (issues: ReturnsCsvIssue[]) =>
  new ApiError(400, issues.slice(0, 200).map(returnsCsvIssueText), {}, { issues: issues.slice(0, 1000) });
