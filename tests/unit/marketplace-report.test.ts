/**
 * Reading marketplace inventory reports (domain/rules/marketplace-report.ts): the marketplaces'
 * real column names, the quantities, and what is wrong row by row; and the server's file parsing
 * (tab or comma separated, with a BOM) in front of it.
 */
import { describe, expect, it } from 'vitest';
import { readMarketplaceReport } from '../../domain/rules/marketplace-report.js';
import { parseMarketplaceReport } from '../../server/modules/inventory/marketplace.js';

/** Header + records as papaparse hands them over (one object per row, keyed by the header). */
function table(headers: string[], rows: string[][]) {
  return { headers, records: rows.map((r) => Object.fromEntries(headers.map((h, i) => [h, r[i]]))) };
}

// Seller Central › Manage FBA Inventory report, in its own column order.
const AMAZON = [
  'sku',
  'fnsku',
  'asin',
  'product-name',
  'condition',
  'your-price',
  'mfn-listing-exists',
  'mfn-fulfillable-quantity',
  'afn-listing-exists',
  'afn-warehouse-quantity',
  'afn-fulfillable-quantity',
  'afn-unsellable-quantity',
  'afn-reserved-quantity',
  'afn-total-quantity',
  'per-unit-volume',
  'afn-inbound-working-quantity',
  'afn-inbound-shipped-quantity',
  'afn-inbound-receiving-quantity',
];
const amazonRow = (o: {
  sku: string;
  fnsku?: string;
  asin?: string;
  title?: string;
  mfn?: string;
  mfnQty?: string;
  afn?: string;
  fulfillable?: string;
  unsellable?: string;
  reserved?: string;
  working?: string;
  shipped?: string;
  receiving?: string;
}) => [
  o.sku,
  o.fnsku ?? '',
  o.asin ?? '',
  o.title ?? '',
  'New',
  '19.99',
  o.mfn ?? 'No',
  o.mfnQty ?? '',
  o.afn ?? 'Yes',
  '0',
  o.fulfillable ?? '0',
  o.unsellable ?? '0',
  o.reserved ?? '0',
  '0',
  '0.05',
  o.working ?? '0',
  o.shipped ?? '0',
  o.receiving ?? '0',
];

describe('Amazon Manage FBA Inventory report', () => {
  it('gives FBA lines with inbound = working + shipped + receiving, and FBM lines only where the merchant listing exists', () => {
    const { headers, records } = table(AMAZON, [
      amazonRow({
        sku: 'WB-750',
        fnsku: 'x001abcdef',
        asin: 'b07xj8c8f5',
        title: 'Water bottle, 750 ml',
        fulfillable: '40',
        unsellable: '2',
        reserved: '3',
        working: '5',
        shipped: '6',
        receiving: '7',
      }),
      amazonRow({
        sku: 'CB-L',
        fnsku: 'X002ABCDEF',
        title: 'Cutting board',
        mfn: 'Yes',
        mfnQty: '9',
        fulfillable: '1',
      }),
      amazonRow({ sku: 'MUG-ONLY-FBM', afn: 'No', mfn: 'Yes', mfnQty: '0' }),
      amazonRow({ sku: 'GONE', afn: 'No', mfn: 'No' }),
    ]);
    const r = readMarketplaceReport('amazon', headers, records);
    expect(r.fileErrors).toEqual([]);
    expect(r.problems).toEqual([]);
    expect(r.rows).toBe(4);
    expect(r.lines).toEqual([
      {
        type: 'fba',
        sku: 'WB-750',
        title: 'Water bottle, 750 ml',
        asin: 'B07XJ8C8F5',
        fnsku: 'X001ABCDEF',
        itemId: null,
        gtin: null,
        fulfillable: 40,
        inbound: 18,
        reserved: 3,
        unsellable: 2,
      },
      {
        type: 'fba',
        sku: 'CB-L',
        title: 'Cutting board',
        asin: null,
        fnsku: 'X002ABCDEF',
        itemId: null,
        gtin: null,
        fulfillable: 1,
        inbound: 0,
        reserved: 0,
        unsellable: 0,
      },
      {
        type: 'fbm',
        sku: 'CB-L',
        title: 'Cutting board',
        asin: null,
        fnsku: 'X002ABCDEF',
        itemId: null,
        gtin: null,
        fulfillable: 9,
        inbound: 0,
        reserved: 0,
        unsellable: 0,
      },
      {
        type: 'fbm',
        sku: 'MUG-ONLY-FBM',
        title: null,
        asin: null,
        fnsku: null,
        itemId: null,
        gtin: null,
        fulfillable: 0,
        inbound: 0,
        reserved: 0,
        unsellable: 0,
      },
    ]);
  });

  it('reads thousands separators ("1,234" is 1234)', () => {
    const { headers, records } = table(AMAZON, [amazonRow({ sku: 'BIG', fulfillable: '1,234', working: '2,000' })]);
    expect(readMarketplaceReport('amazon', headers, records).lines[0]).toMatchObject({
      fulfillable: 1234,
      inbound: 2000,
    });
  });

  it('a quantity that is not plain digits is a problem of its row ("1e3", "0x1A", "2.5")', () => {
    const { headers, records } = table(
      AMAZON,
      ['1e3', '0x1A', '2.5'].map((q, i) => amazonRow({ sku: `Q${i}`, fulfillable: q })),
    );
    const r = readMarketplaceReport('amazon', headers, records);
    expect(r.lines).toEqual([]);
    expect(r.problems.map((p) => p.row)).toEqual([1, 2, 3]);
    expect(r.problems[0].errors[0]).toContain('"1e3" is not a whole number of units');
  });

  it('a report without a SKU or quantity column is refused whole, naming the columns it looks for', () => {
    const { headers, records } = table(['fnsku', 'product-name'], [['X001', 'Mug']]);
    const r = readMarketplaceReport('amazon', headers, records);
    expect(r.lines).toEqual([]);
    expect(r.fileErrors).toHaveLength(2);
    expect(r.fileErrors[0]).toMatch(/"sku" or "seller-sku" or "msku"/);
    expect(r.fileErrors[1]).toMatch(/"afn-fulfillable-quantity" or "mfn-fulfillable-quantity"/);
    expect(readMarketplaceReport('amazon', AMAZON, []).fileErrors).toEqual(['The file has no rows']);
  });

  it('a non-numeric or negative quantity and a missing SKU are problems of their rows (1-based data rows)', () => {
    const { headers, records } = table(AMAZON, [
      amazonRow({ sku: 'OK-1', fulfillable: '3' }),
      amazonRow({ sku: 'BAD-QTY', fulfillable: 'ten' }),
      amazonRow({ sku: 'NEG', reserved: '-2' }),
      amazonRow({ sku: '', fulfillable: '1' }),
      amazonRow({ sku: 'HALF', shipped: '1.5' }),
    ]);
    const r = readMarketplaceReport('amazon', headers, records);
    expect(r.problems).toEqual([
      { row: 2, errors: ['afn-fulfillable-quantity: "ten" is not a whole number of units'] },
      { row: 3, errors: ['afn-reserved-quantity: "-2" is not a whole number of units'] },
      { row: 4, errors: ['sku: required'] },
      { row: 5, errors: ['afn-inbound-shipped-quantity: "1.5" is not a whole number of units'] },
    ]);
    // Good rows are still read (the server refuses the whole file while any row has a problem).
    expect(r.lines.map((l) => l.sku)).toEqual(['OK-1']);
  });

  it('a SKU listed twice is a problem of the second row, naming the first', () => {
    const { headers, records } = table(AMAZON, [
      amazonRow({ sku: 'DUP', fulfillable: '1' }),
      amazonRow({ sku: 'OTHER' }),
      amazonRow({ sku: 'DUP', fulfillable: '2' }),
    ]);
    expect(readMarketplaceReport('amazon', headers, records).problems).toEqual([
      { row: 3, errors: ['SKU DUP is also on row 1'] },
    ]);
  });
});

describe('Walmart and eBay reports', () => {
  it('Walmart WFS: column names with spaces and capitals', () => {
    const { headers, records } = table(
      ['SKU', 'Item ID', 'Item name', 'GTIN', 'Available to sell qty', 'Inbound qty', 'Reserved qty', 'Unsellable qty'],
      [['WM-1', '123456789', 'Desk lamp', '00012345678905', '12', '4', '1', '0']],
    );
    const r = readMarketplaceReport('walmart', headers, records);
    expect(r.problems).toEqual([]);
    expect(r.lines).toEqual([
      {
        type: 'wfs',
        sku: 'WM-1',
        title: 'Desk lamp',
        asin: null,
        fnsku: null,
        itemId: '123456789',
        gtin: '00012345678905',
        fulfillable: 12,
        inbound: 4,
        reserved: 1,
        unsellable: 0,
      },
    ]);
  });

  it('eBay active listings: "Custom label (SKU)", "Available quantity", "Item number"', () => {
    const { headers, records } = table(
      ['Item number', 'Title', 'Custom label (SKU)', 'Available quantity', 'Current price'],
      [['225566778899', 'Vintage lamp', 'EB-LAMP', '1,200', '24.00']],
    );
    const r = readMarketplaceReport('ebay', headers, records);
    expect(r.lines).toEqual([
      {
        type: 'ebay',
        sku: 'EB-LAMP',
        title: 'Vintage lamp',
        asin: null,
        fnsku: null,
        itemId: '225566778899',
        gtin: null,
        fulfillable: 1200,
        inbound: 0,
        reserved: 0,
        unsellable: 0,
      },
    ]);
  });

  it('an eBay file given as a Walmart report is refused for its missing columns', () => {
    const { headers, records } = table(
      ['Item number', 'Custom label (SKU)', 'Available quantity'],
      [['1', 'EB-1', '2']],
    );
    const r = readMarketplaceReport('walmart', headers, records);
    expect(r.fileErrors).toHaveLength(2);
    expect(r.fileErrors[1]).toMatch(/walmart inventory report/);
  });
});

describe('parsing the file (server side, papaparse)', () => {
  it("reads Amazon's tab-separated .txt, whose titles contain commas, and a comma CSV with a BOM alike", () => {
    const tsv = [
      AMAZON.join('\t'),
      amazonRow({ sku: 'WB-750', title: 'Bottle, steel, 750 ml', fulfillable: '5' }).join('\t'),
      '',
    ].join('\r\n');
    expect(parseMarketplaceReport('amazon', tsv).lines).toMatchObject([
      { type: 'fba', sku: 'WB-750', title: 'Bottle, steel, 750 ml', fulfillable: 5 },
    ]);
    const csv = '\uFEFFCustom label (SKU),Title,Available quantity\nEB-1,"Lamp, brass","1,200"\n\n';
    expect(parseMarketplaceReport('ebay', csv).lines).toMatchObject([
      { type: 'ebay', sku: 'EB-1', title: 'Lamp, brass', fulfillable: 1200 },
    ]);
  });

  it('a row split into more fields than the header has is a problem of that row, not a shifted guess', () => {
    const csv = 'Custom label (SKU),Title,Available quantity\nEB-1,Lamp,2\nEB-2,Lamp, brass,3\n';
    const r = parseMarketplaceReport('ebay', csv);
    expect(r.lines).toEqual([]);
    expect(r.problems).toEqual([
      {
        row: 2,
        errors: [
          'Too many fields: expected 3 fields but parsed 4',
          'available-quantity: "brass" is not a whole number of units',
        ],
      },
    ]);
  });
});
