import { describe, expect, it } from 'vitest';
import { readCsvFile, type CsvFileIssue } from '../../server/http/csv-file';

class Refused extends Error {
  constructor(readonly issues: CsvFileIssue[]) {
    super('refused');
  }
}
const spec = { required: ['sku', 'quantity'], columns: ['sku', 'quantity', 'note'], maxRows: 3 };
const read = (text: string) => readCsvFile(text, spec, (issues) => new Refused(issues));
const refusal = (text: string) => {
  try {
    read(text);
  } catch (e) {
    if (e instanceof Refused) return e.issues;
    throw e;
  }
  throw new Error('not refused');
};

describe('reading an uploaded CSV file', () => {
  it('normalises headers (BOM, case, spaces) and keeps each row’s spreadsheet number, malformed rows apart', () => {
    const file = read('\uFEFFSKU, Quantity ,Note\nA,1,x\nB,2\nC,3,\n');
    expect(file.headers).toEqual(['sku', 'quantity', 'note']);
    expect(file.total).toBe(3);
    expect(file.wellFormed.map((r) => r.sku)).toEqual(['A', 'C']);
    expect(file.rowNumbers).toEqual([2, 4]);
    expect(file.malformed).toEqual([
      { row: 3, column: null, code: 'malformed_row', params: { found: 2, expected: 3 } },
    ]);
  });

  it('refuses wrong columns, naming every missing and unknown one, before any row', () => {
    expect(refusal('sku,colour,size\nA,red,M\n')).toEqual([
      { row: null, column: 'quantity', code: 'missing_column' },
      { row: null, column: null, code: 'unknown_columns', value: 'colour, size' },
    ]);
  });

  it('refuses a file with no rows, or with more than allowed', () => {
    expect(refusal('sku,quantity\n\n')).toEqual([{ row: null, column: null, code: 'no_rows' }]);
    expect(refusal('sku,quantity\nA,1\nB,1\nC,1\nD,1\n')).toEqual([
      { row: null, column: null, code: 'too_many_rows', params: { max: 3 } },
    ]);
  });
});
