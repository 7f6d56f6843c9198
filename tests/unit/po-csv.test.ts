import { describe, expect, it } from 'vitest';
import { checkPoCsvRow, csvIssueText, spreadsheetRow } from '../../domain/rules/po-csv.js';

const row = (fields: Record<string, string>) => checkPoCsvRow(fields, 2);
const codes = (fields: Record<string, string>) => row(fields).issues.map((i) => [i.column, i.code, i.value]);

describe('purchase-order CSV rows', () => {
  it('numbers rows as a spreadsheet does: the first data row is row 2', () => {
    expect(spreadsheetRow(0)).toBe(2);
    expect(csvIssueText({ row: 2, column: 'upc', code: 'gtin_check_digit', value: '0123' })).toBe(
      'Row 2: UPC 0123 has a wrong check digit',
    );
    expect(csvIssueText({ row: null, column: 'title', code: 'missing_column' })).toMatch(/^The file has no "title"/);
  });

  it('checks a GTIN’s length and check digit', () => {
    expect(codes({ title: 'Mug', upc: '0840123456789', quantity: '1' })).toEqual([
      ['upc', 'gtin_check_digit', '0840123456789'],
    ]);
    expect(codes({ title: 'Mug', upc: '12345', quantity: '1' })).toEqual([['upc', 'gtin_length', '12345']]);
    const ok = row({ title: 'Mug', upc: '0840123456786', quantity: '1' });
    expect(ok.issues).toEqual([]);
    expect(ok.item).toMatchObject({ title: 'Mug', upc: '0840123456786', expectedQty: 1, packSize: 1 });
  });

  it('names the file’s columns and values, never internal field names', () => {
    const issues = row({ title: '', asin: 'NOTANASIN', quantity: '0', pack_size: '1.5', cost: 'cheap' }).issues;
    expect(issues.map((i) => i.code)).toEqual(['required', 'code_format', 'at_least', 'whole_number', 'not_money']);
    const text = issues.map(csvIssueText).join(' | ');
    expect(text).toContain('asin NOTANASIN must be 10 letters or digits');
    expect(text).toContain('quantity must be at least 1');
    expect(text).not.toMatch(/expectedQty|packSize|costCents/);
  });

  it('asks for a product code, a known workflow and a two-letter country', () => {
    expect(codes({ title: 'Mug', quantity: '2', item_action: 'teleport', ship_to_country: 'USA' })).toEqual([
      [null, 'needs_code', undefined],
      ['item_action', 'choice', 'teleport'],
      ['ship_to_country', 'country', 'USA'],
    ]);
  });

  it('takes tracking numbers alone, and reports an empty row', () => {
    const tracking = row({ tracking_number: '1Z999AA10123456784; TBA123456789000' });
    expect(tracking).toEqual({ item: null, trackingNumbers: ['1Z999AA10123456784', 'TBA123456789000'], issues: [] });
    expect(codes({ title: '', tracking_number: '' })).toEqual([[null, 'empty_row', undefined]]);
  });
});
