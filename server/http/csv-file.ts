/**
 * The file-level half every all-or-nothing CSV upload shares (orders, returns): parse with
 * headers normalised to snake_case, refuse a file whose columns are wrong, empty or too long
 * (400 naming why, nothing else checked), and split the rows the parser found malformed from the
 * well-formed ones, keeping each row's spreadsheet number for the row report.
 */
import Papa from 'papaparse';

export type CsvFileIssueCode = 'missing_column' | 'unknown_columns' | 'no_rows' | 'too_many_rows' | 'malformed_row';

export interface CsvFileIssue {
  row: number | null;
  column: string | null;
  code: CsvFileIssueCode;
  value?: string;
  params?: Record<string, string | number>;
}

export interface CsvFileRows {
  headers: string[];
  /** Every data row, malformed ones included. */
  total: number;
  wellFormed: Record<string, string>[];
  /** The spreadsheet row number (header = 1) of each well-formed row. */
  rowNumbers: number[];
  /** One per malformed row, with how many values it had and how many the header has. */
  malformed: CsvFileIssue[];
}

/** Papa's "Too few fields: expected 12 fields but parsed 11" (or too many) → 11. */
const countValues = (e: Papa.ParseError): number => Number(/parsed (\d+)/.exec(e.message)?.[1] ?? 0);

/** Reads the file; `refuse` throws when its columns are wrong, it has no rows or too many. */
export function readCsvFile(
  text: string,
  spec: { required: readonly string[]; columns: readonly string[]; maxRows: number },
  refuse: (issues: CsvFileIssue[]) => Error,
): CsvFileRows {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase().replace(/\s+/g, '_'),
  });
  const headers = parsed.meta.fields ?? [];
  const issues: CsvFileIssue[] = [];
  for (const column of spec.required)
    if (!headers.includes(column)) issues.push({ row: null, column, code: 'missing_column' });
  const unknown = headers.filter((h) => !spec.columns.includes(h));
  if (unknown.length) issues.push({ row: null, column: null, code: 'unknown_columns', value: unknown.join(', ') });
  if (issues.length) throw refuse(issues);
  if (parsed.data.length === 0) throw refuse([{ row: null, column: null, code: 'no_rows' }]);
  if (parsed.data.length > spec.maxRows)
    throw refuse([{ row: null, column: null, code: 'too_many_rows', params: { max: spec.maxRows } }]);

  const badRows = new Map<number, Papa.ParseError>();
  for (const e of parsed.errors) if (e.row !== undefined && !badRows.has(e.row)) badRows.set(e.row, e);
  const rows: CsvFileRows = { headers, total: parsed.data.length, wellFormed: [], rowNumbers: [], malformed: [] };
  parsed.data.forEach((rec, index) => {
    const bad = badRows.get(index);
    if (bad)
      rows.malformed.push({
        row: index + 2,
        column: null,
        code: 'malformed_row',
        params: { found: countValues(bad), expected: headers.length },
      });
    else {
      rows.wellFormed.push(rec);
      rows.rowNumbers.push(index + 2);
    }
  });
  return rows;
}
