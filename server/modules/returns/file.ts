/**
 * Returns or removals uploaded by file (for stores without the API setting, or returns announced
 * by other means): every row is checked first and reported row by row; the returns are stored only
 * when every row is good, in one transaction, through the same store step a pull uses — so the
 * same file again stores nothing twice.
 */
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
import { readCsvFile } from '../../http/csv-file.js';
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

export async function uploadReturnsFile(
  deps: Deps,
  ctx: RequestContext,
  kind: ReturnKind,
  text: string,
  opts: { companyId?: number; validateOnly: boolean },
): Promise<ReturnsFileResult> {
  const company = await resolveClientCompany(deps.db, ctx, opts.companyId);
  const required = kind === 'fba_removal' ? [...RETURNS_CSV_REQUIRED, 'tracking_number'] : RETURNS_CSV_REQUIRED;
  // Wrong columns: the file cannot be read as returns at all — 400 naming them, nothing else.
  const file = readCsvFile(text, { required, columns: RETURNS_CSV_COLUMNS, maxRows: MAX_RETURNS_CSV_ROWS }, refusal);
  const issues: ReturnsCsvIssue[] = [...file.malformed];
  // Row numbers stay the spreadsheet's even when a malformed row is skipped.
  const checked = checkReturnsCsv(kind, file.wellFormed, (i) => file.rowNumbers[i]);
  issues.push(...checked.issues);
  issues.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  if (issues.length) throw refusal(issues);

  const summary = { rows: file.total, returns: checked.returns.length, lines: checked.lines, valid: true };
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
