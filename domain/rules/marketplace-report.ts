/**
 * Reading a marketplace's inventory report into lines (domain/schemas/marketplace-inventory.ts).
 * The file is parsed elsewhere (the server, with papaparse: comma or tab separated); this rule
 * maps the marketplace's column names, reads the quantities and says what is wrong, row by row.
 *
 * Column names are compared normalised (lower case, spaces and underscores as "-"), and each field
 * accepts the names the marketplaces have used for it.
 */
import {
  marketplaceLineInputSchema,
  MAX_REPORT_ROWS,
  type InventoryType,
  type Marketplace,
  type MarketplaceLineInput,
} from '../schemas/marketplace-inventory.js';

export const normaliseHeader = (h: string): string =>
  h
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');

type Field =
  'sku' | 'title' | 'asin' | 'fnsku' | 'itemId' | 'gtin' | 'fulfillable' | 'inbound' | 'reserved' | 'unsellable';
type Columns = Partial<
  Record<
    Field | 'inboundWorking' | 'inboundShipped' | 'inboundReceiving' | 'afnListing' | 'mfnListing' | 'mfnFulfillable',
    string[]
  >
>;

/** Known column names per marketplace (normalised). */
export const REPORT_COLUMNS: Record<Marketplace, Columns> = {
  // Seller Central › Inventory › Manage FBA Inventory report (tab separated).
  amazon: {
    sku: ['sku', 'seller-sku', 'msku'],
    title: ['product-name', 'title'],
    asin: ['asin'],
    fnsku: ['fnsku'],
    gtin: ['upc', 'ean', 'gtin'],
    fulfillable: ['afn-fulfillable-quantity'],
    reserved: ['afn-reserved-quantity'],
    unsellable: ['afn-unsellable-quantity'],
    inboundWorking: ['afn-inbound-working-quantity'],
    inboundShipped: ['afn-inbound-shipped-quantity'],
    inboundReceiving: ['afn-inbound-receiving-quantity'],
    afnListing: ['afn-listing-exists'],
    mfnListing: ['mfn-listing-exists'],
    mfnFulfillable: ['mfn-fulfillable-quantity'],
  },
  // Walmart Seller Center › WFS › Inventory report.
  walmart: {
    sku: ['sku', 'seller-sku', 'partner-sku'],
    title: ['item-name', 'product-name', 'title'],
    itemId: ['item-id', 'itemid', 'wpid'],
    gtin: ['gtin', 'upc'],
    fulfillable: ['available-to-sell-qty', 'available-to-sell-quantity', 'available-qty', 'sellable-qty'],
    inbound: ['inbound-qty', 'in-transit-qty', 'inbound-quantity'],
    reserved: ['reserved-qty', 'reserved-quantity'],
    unsellable: ['unsellable-qty', 'damaged-qty', 'unsellable-quantity'],
  },
  // eBay Seller Hub › Reports › Active listings.
  ebay: {
    sku: ['custom-label-(sku)', 'custom-label', 'sku'],
    title: ['title', 'item-title'],
    itemId: ['item-number', 'item-id'],
    gtin: ['p:upc', 'upc', 'p:ean', 'ean', 'gtin'],
    fulfillable: ['available-quantity', 'quantity-available', 'quantity'],
  },
};

/** The columns a report must have to be read at all. */
const REQUIRED: Record<Marketplace, (keyof Columns)[][]> = {
  amazon: [['sku'], ['fulfillable', 'mfnFulfillable']],
  walmart: [['sku'], ['fulfillable']],
  ebay: [['sku'], ['fulfillable']],
};

export interface ReportRowProblem {
  /** 1-based data row (the header is row 0). */
  row: number;
  errors: string[];
}

export interface ReportReading {
  lines: MarketplaceLineInput[];
  rows: number;
  fileErrors: string[];
  problems: ReportRowProblem[];
}

const YES = new Set(['yes', 'y', 'true', '1']);

export function readMarketplaceReport(
  marketplace: Marketplace,
  headers: string[],
  records: Record<string, string | undefined>[],
): ReportReading {
  const columns = REPORT_COLUMNS[marketplace];
  const present = new Set(headers.map(normaliseHeader));
  const column = (field: keyof Columns): string | undefined => columns[field]?.find((name) => present.has(name));
  const fileErrors: string[] = [];
  for (const anyOf of REQUIRED[marketplace]) {
    if (!anyOf.some((f) => column(f)))
      fileErrors.push(
        `The file has no ${anyOf
          .flatMap((f) => columns[f] ?? [])
          .map((n) => `"${n}"`)
          .join(' or ')} column: is it the ${marketplace} inventory report?`,
      );
  }
  if (records.length === 0) fileErrors.push('The file has no rows');
  if (records.length > MAX_REPORT_ROWS)
    fileErrors.push(`At most ${MAX_REPORT_ROWS.toLocaleString('en')} rows per report`);
  if (fileErrors.length) return { lines: [], rows: records.length, fileErrors, problems: [] };

  const lines: MarketplaceLineInput[] = [];
  const problems: ReportRowProblem[] = [];
  const seen = new Map<string, number>();
  records.forEach((raw, i) => {
    const rec = new Map(Object.entries(raw).map(([k, v]) => [normaliseHeader(k), (v ?? '').trim()]));
    const errors: string[] = [];
    const text = (field: keyof Columns): string | null => {
      const c = column(field);
      const v = c ? rec.get(c) : undefined;
      return v ? v : null;
    };
    const number = (field: keyof Columns): number => {
      const v = text(field);
      if (v === null) return 0;
      // Digits only (thousands separators allowed): "1e3" or "0x1A" is not a count of units.
      const digits = v.replace(/,/g, '');
      const n = /^\d+$/.test(digits) ? Number(digits) : NaN;
      if (!Number.isSafeInteger(n)) {
        errors.push(`${column(field)}: "${v}" is not a whole number of units`);
        return 0;
      }
      return n;
    };
    const sku = text('sku');
    if (!sku) errors.push(`${column('sku')}: required`);
    const codes = {
      title: text('title'),
      asin: text('asin')?.toUpperCase() ?? null,
      fnsku: text('fnsku')?.toUpperCase() ?? null,
      itemId: text('itemId'),
      gtin: text('gtin'),
    };
    const found: MarketplaceLineInput[] = [];
    const line = (
      type: InventoryType,
      q: Pick<MarketplaceLineInput, 'fulfillable' | 'inbound' | 'reserved' | 'unsellable'>,
    ) => found.push({ type, sku: sku ?? '', ...codes, ...q });
    if (marketplace === 'amazon') {
      const afn = {
        fulfillable: number('fulfillable'),
        inbound: number('inboundWorking') + number('inboundShipped') + number('inboundReceiving'),
        reserved: number('reserved'),
        unsellable: number('unsellable'),
      };
      const mfn = number('mfnFulfillable');
      // A listing flag, where the report has one, decides; without it, stock on that side does.
      const afnListed = column('afnListing')
        ? YES.has((text('afnListing') ?? '').toLowerCase())
        : afn.fulfillable + afn.inbound + afn.reserved + afn.unsellable > 0 || !column('mfnFulfillable');
      const mfnListed = column('mfnListing') ? YES.has((text('mfnListing') ?? '').toLowerCase()) : mfn > 0;
      if (afnListed) line('fba', afn);
      if (mfnListed) line('fbm', { fulfillable: mfn, inbound: 0, reserved: 0, unsellable: 0 });
    } else {
      line(marketplace === 'walmart' ? 'wfs' : 'ebay', {
        fulfillable: number('fulfillable'),
        inbound: number('inbound'),
        reserved: number('reserved'),
        unsellable: number('unsellable'),
      });
    }
    for (const l of found) {
      const checked = marketplaceLineInputSchema.safeParse(l);
      if (!checked.success) {
        for (const issue of checked.error.issues)
          if (!(issue.path[0] === 'sku' && !sku)) errors.push(`${String(issue.path[0])}: ${issue.message}`);
        continue;
      }
      const key = `${l.type}\u0000${l.sku}`;
      const first = seen.get(key);
      if (first !== undefined && sku) errors.push(`SKU ${sku} is also on row ${first}`);
      else seen.set(key, i + 1);
    }
    if (errors.length) problems.push({ row: i + 1, errors: [...new Set(errors)] });
    else lines.push(...found);
  });
  return { lines, rows: records.length, fileErrors, problems };
}
