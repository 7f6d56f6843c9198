/**
 * Checking an orders file (issue 20, /apps/outbound/fbm-force/orders-file-upload) row by row: one
 * row per order line, the rows of one order sharing its store and order_id. Every problem is an
 * issue with a code, the column as the file names it, the value as typed and the spreadsheet's
 * row number (header = row 1), like the purchase-order file (po-csv.ts), so the screen says it in
 * the user's language and the API in English.
 */
import {
  FBM_ORDER_STATUSES,
  fbmStatusOf,
  SALES_CHANNELS,
  type FbmOrderStatus,
  type MarketplaceOrderInput,
  type SalesChannel,
} from '../schemas/orders.js';
import { gtinCheckDigitOk } from './gs1.js';

export const ORDERS_CSV_COLUMNS = [
  'store',
  'order_id',
  'order_number',
  'sales_channel',
  'status',
  'purchase_date',
  'last_updated',
  'ship_by',
  'shipping_service',
  'currency',
  'line_id',
  'sku',
  'asin',
  'upc',
  'title',
  'quantity',
  'quantity_shipped',
  'unit_price',
  'ship_to_name',
  'ship_to_address1',
  'ship_to_address2',
  'ship_to_city',
  'ship_to_state',
  'ship_to_postal_code',
  'ship_to_country',
  'ship_to_phone',
] as const;
export const ORDERS_CSV_REQUIRED = ['store', 'order_id', 'purchase_date', 'quantity'] as const;
export const MAX_ORDERS_CSV_ROWS = 5000;

export const ORDERS_CSV_ISSUE_CODES = [
  'missing_column',
  'unknown_columns',
  'no_rows',
  'too_many_rows',
  'malformed_row',
  'required',
  'too_long',
  'unknown_store',
  'not_a_date',
  'choice',
  'channel_of_store',
  'needs_code',
  'gtin',
  'whole_number',
  'at_least',
  'shipped_more',
  'not_money',
  'currency',
  'country',
  'duplicate_line',
] as const;
export type OrdersCsvIssueCode = (typeof ORDERS_CSV_ISSUE_CODES)[number];

export interface OrdersCsvIssue {
  row: number | null;
  column: string | null;
  code: OrdersCsvIssueCode;
  value?: string;
  params?: Record<string, string | number>;
}

export function ordersCsvIssueText(i: OrdersCsvIssue): string {
  const p = i.params ?? {};
  const v = i.value ?? '';
  const text: Record<OrdersCsvIssueCode, string> = {
    missing_column: `The file has no "${i.column}" column; download the template`,
    unknown_columns: `Unknown columns: ${v}`,
    no_rows: 'The file has no rows',
    too_many_rows: `At most ${p.max} rows per file`,
    malformed_row: `This row has ${p.found} values where the header has ${p.expected} columns`,
    required: `${i.column} is required`,
    too_long: `${i.column} has more than ${p.max} characters`,
    unknown_store: `No store "${v}" of yours; use a store's name or number from Merchant Connect`,
    not_a_date: `${i.column} ${v} is not a date (YYYY-MM-DD or an ISO date and time)`,
    choice: `${i.column} ${v} is not one of ${p.options}`,
    channel_of_store: `sales_channel ${v} does not fit a ${p.marketplace} store`,
    needs_code: 'Give at least one product code: sku, asin or upc',
    gtin: `upc ${v} is not a valid UPC, EAN or GTIN`,
    whole_number: `${i.column} ${v} is not a whole number`,
    at_least: `${i.column} must be at least ${p.min}`,
    shipped_more: 'quantity_shipped is more than quantity',
    not_money: `${i.column} ${v} is not an amount of money`,
    currency: `currency ${v} must be a three-letter code (USD)`,
    country: `ship_to_country ${v} must be a two-letter country code`,
    duplicate_line: `Order ${v} has line ${p.line} twice (also row ${p.first})`,
  };
  return i.row === null ? text[i.code] : `Row ${i.row}: ${text[i.code]}`;
}

/** The store a row names, as the server found it in the caller's scope. */
export interface CsvStore {
  id: number;
  marketplace: string;
}

/** The sales channels a store of each marketplace family takes from a file, the first the default. */
export function channelsOfMarketplace(marketplace: string): SalesChannel[] {
  if (marketplace.startsWith('amazon')) return ['Merchant', 'Amazon'];
  if (marketplace === 'walmart') return ['SellerFulfilled', 'WalmartFulfilled'];
  if (marketplace === 'ebay') return ['Ebay'];
  if (marketplace === 'shopify') return ['Shopify'];
  return [...SALES_CHANNELS];
}
const NETWORK: Record<SalesChannel, MarketplaceOrderInput['fulfillmentNetwork']> = {
  Amazon: 'AFN',
  Merchant: 'MFN',
  WalmartFulfilled: 'WFS',
  SellerFulfilled: 'MFN',
  Ebay: 'EBAY',
  Shopify: 'MFN',
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A date (midnight UTC) or an ISO date-time with an offset → ISO string; null when neither. */
export function csvDate(raw: string): string | null {
  const s = raw.trim();
  if (DATE.test(s)) {
    const d = new Date(`${s}T00:00:00.000Z`);
    return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s ? null : d.toISOString();
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(s)) return null;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

interface Pending {
  storeId: number;
  first: number;
  order: MarketplaceOrderInput;
  explicitStatus: FbmOrderStatus | null;
  lineRows: Map<string, number>;
}

export interface OrdersCsvResult {
  /** Orders per store id, ready for storeOrders. */
  byStore: Map<number, MarketplaceOrderInput[]>;
  orders: number;
  lines: number;
  issues: OrdersCsvIssue[];
}

/**
 * Checks the data rows (keys: the template's columns) and groups them into orders. `storeOf`
 * answers the store a row names within the caller's scope, or null (an unknown store is the row's
 * error — never another client's store). A later row of an order adds a line; its order-level
 * columns are read from the order's first row.
 */
export function checkOrdersCsv(
  records: Record<string, string | undefined>[],
  storeOf: (name: string) => CsvStore | null,
  rowOf: (index: number) => number = (index) => index + 2,
): OrdersCsvResult {
  const issues: OrdersCsvIssue[] = [];
  const orders = new Map<string, Pending>();
  records.forEach((rec, index) => {
    const row = rowOf(index);
    const before = issues.length;
    const val = (column: string) => (rec[column] ?? '').trim();
    const issue = (
      column: string | null,
      code: OrdersCsvIssueCode,
      value?: string,
      params?: OrdersCsvIssue['params'],
    ) => issues.push({ row, column, code, ...(value !== undefined ? { value } : {}), ...(params ? { params } : {}) });
    const textOf = (column: string, max: number, required = false): string | null => {
      const v = val(column);
      if (!v) {
        if (required) issue(column, 'required');
        return null;
      }
      if (v.length > max) issue(column, 'too_long', undefined, { max });
      return v;
    };
    const dateOf = (column: string, required = false): string | null => {
      const raw = val(column);
      if (!raw) {
        if (required) issue(column, 'required');
        return null;
      }
      const d = csvDate(raw);
      if (!d) issue(column, 'not_a_date', raw);
      return d;
    };
    const wholeOf = (column: string, min: number, required: boolean): number | null => {
      const raw = val(column);
      if (!raw) {
        if (required) issue(column, 'required');
        return null;
      }
      const n = Number(raw);
      if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n)) issue(column, 'whole_number', raw);
      else if (n < min) issue(column, 'at_least', raw, { min });
      else return n;
      return null;
    };

    const storeName = textOf('store', 120, true);
    const store = storeName ? storeOf(storeName) : null;
    if (storeName && !store) issue('store', 'unknown_store', storeName);
    const orderId = textOf('order_id', 120, true);
    const displayId = textOf('order_number', 120);
    const channelRaw = val('sales_channel');
    let channel: SalesChannel | null = null;
    if (channelRaw) {
      const found = SALES_CHANNELS.find((c) => c.toLowerCase() === channelRaw.toLowerCase());
      if (!found) issue('sales_channel', 'choice', channelRaw, { options: SALES_CHANNELS.join(', ') });
      else if (store && !channelsOfMarketplace(store.marketplace).includes(found))
        issue('sales_channel', 'channel_of_store', channelRaw, { marketplace: store.marketplace });
      else channel = found;
    }
    const statusRaw = val('status').toUpperCase();
    let status: FbmOrderStatus | null = null;
    if (statusRaw) {
      if (!(FBM_ORDER_STATUSES as readonly string[]).includes(statusRaw))
        issue('status', 'choice', val('status'), { options: FBM_ORDER_STATUSES.join(', ') });
      else status = statusRaw as FbmOrderStatus;
    }
    const purchasedAt = dateOf('purchase_date', true);
    const updatedAt = dateOf('last_updated');
    const shipBy = dateOf('ship_by');
    const service = textOf('shipping_service', 80);
    const currency = val('currency').toUpperCase();
    if (currency && !/^[A-Z]{3}$/.test(currency)) issue('currency', 'currency', val('currency'));

    const sku = textOf('sku', 120);
    const asin = val('asin').toUpperCase() || null;
    if (asin && !/^[A-Z0-9]{10}$/.test(asin)) issue('asin', 'choice', val('asin'), { options: '10 letters or digits' });
    const upc = val('upc') || null;
    if (upc && (!/^\d{8}$|^\d{12,14}$/.test(upc) || !gtinCheckDigitOk(upc))) issue('upc', 'gtin', upc);
    if (!sku && !asin && !upc) issue(null, 'needs_code');
    const title = textOf('title', 500);
    const quantity = wholeOf('quantity', 1, true);
    const shipped = wholeOf('quantity_shipped', 0, false) ?? 0;
    if (quantity !== null && shipped > quantity) issue('quantity_shipped', 'shipped_more', String(shipped));
    const priceRaw = val('unit_price');
    let unitPrice: number | null = null;
    if (priceRaw) {
      if (!/^\d+(\.\d{1,2})?$/.test(priceRaw)) issue('unit_price', 'not_money', priceRaw);
      else unitPrice = Math.round(Number(priceRaw) * 100);
    }
    const country = val('ship_to_country').toUpperCase();
    if (country && !/^[A-Z]{2}$/.test(country)) issue('ship_to_country', 'country', val('ship_to_country'));
    const addr = {
      name: textOf('ship_to_name', 200),
      line1: textOf('ship_to_address1', 200),
      line2: textOf('ship_to_address2', 200),
      city: textOf('ship_to_city', 100),
      state: textOf('ship_to_state', 100),
      postalCode: textOf('ship_to_postal_code', 20),
      countryCode: country || null,
      phone: textOf('ship_to_phone', 40),
    };
    if (issues.length > before || !store || !orderId || !purchasedAt || quantity === null) return;

    const key = `${store.id}\u0000${orderId}`;
    let pending = orders.get(key);
    if (!pending) {
      const chosen = channel ?? channelsOfMarketplace(store.marketplace)[0];
      pending = {
        storeId: store.id,
        first: row,
        explicitStatus: status,
        lineRows: new Map(),
        order: {
          marketplaceOrderId: orderId,
          displayId,
          salesChannel: chosen,
          fulfillmentNetwork: NETWORK[chosen],
          status: 'AWAITING',
          marketplaceStatus: status ?? 'UPLOADED',
          purchasedAt,
          // An uploaded order's picture is as of its last_updated (else its purchase): the same
          // file again is "unchanged"; a corrected order needs a later last_updated.
          updatedAt: updatedAt ?? purchasedAt,
          shipBy,
          deliverBy: null,
          shippingService: service,
          currency: currency || null,
          total: null,
          shipTo: Object.values(addr).some(Boolean) ? addr : null,
          lines: [],
        },
      };
      orders.set(key, pending);
    }
    const lineId = val('line_id') || String(pending.order.lines.length + 1);
    const seen = pending.lineRows.get(lineId);
    if (seen !== undefined) {
      issue('line_id', 'duplicate_line', orderId, { line: lineId, first: seen });
      return;
    }
    pending.lineRows.set(lineId, row);
    pending.order.lines.push({
      lineId,
      sku,
      asin,
      gtin: upc,
      title,
      quantityOrdered: quantity,
      quantityShipped: shipped,
      unitPrice,
    });
  });

  const byStore = new Map<number, MarketplaceOrderInput[]>();
  let lines = 0;
  for (const p of orders.values()) {
    const o = p.order;
    o.status = p.explicitStatus ?? fbmStatusOf(o.lines, false);
    const priced = o.lines.every((l) => l.unitPrice !== null);
    o.total = priced ? o.lines.reduce((n, l) => n + (l.unitPrice ?? 0) * l.quantityOrdered, 0) : null;
    lines += o.lines.length;
    byStore.set(p.storeId, [...(byStore.get(p.storeId) ?? []), o]);
  }
  return { byStore, orders: orders.size, lines, issues };
}
