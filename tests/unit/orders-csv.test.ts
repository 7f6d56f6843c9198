/** The orders file's row rules (domain/rules/orders-csv.ts): grouping, defaults, statuses and issues. */
import { describe, expect, it } from 'vitest';
import { checkOrdersCsv, csvDate, ordersCsvIssueText } from '../../domain/rules/orders-csv.js';

const stores: Record<string, { id: number; marketplace: string }> = {
  'acme shop': { id: 1, marketplace: 'shopify' },
  'acme walmart': { id: 2, marketplace: 'walmart' },
};
const storeOf = (name: string) => stores[name.toLowerCase()] ?? null;
const row = (over: Record<string, string>) => ({
  store: 'Acme Shop',
  order_id: 'A-1',
  purchase_date: '2026-11-20',
  sku: 'MUG',
  quantity: '2',
  ...over,
});

describe('orders file rows', () => {
  it('groups the rows of an order into its lines, with the store’s channel and a status from the quantities', () => {
    const r = checkOrdersCsv(
      [
        row({ unit_price: '1.50' }),
        row({ sku: 'LAMP', quantity: '1', quantity_shipped: '1', unit_price: '3' }),
        row({ store: 'acme walmart', order_id: 'W-1', quantity_shipped: '2' }),
      ],
      storeOf,
    );
    expect(r.issues).toEqual([]);
    expect(r.orders).toBe(2);
    expect(r.lines).toBe(3);
    const [a1] = r.byStore.get(1)!;
    expect(a1).toMatchObject({
      salesChannel: 'Shopify',
      fulfillmentNetwork: 'MFN',
      status: 'PARTIALLY_SHIPPED',
      total: 600,
      purchasedAt: '2026-11-20T00:00:00.000Z',
      updatedAt: '2026-11-20T00:00:00.000Z',
    });
    expect(a1.lines.map((l) => l.lineId)).toEqual(['1', '2']);
    expect(r.byStore.get(2)![0]).toMatchObject({ salesChannel: 'SellerFulfilled', status: 'SHIPPED', total: null });
  });

  it('an explicit status wins; a channel must fit the store', () => {
    const r = checkOrdersCsv([row({ status: 'canceled' }), row({ order_id: 'A-2', sales_channel: 'Ebay' })], storeOf);
    expect(r.issues.map((i) => [i.row, i.code])).toEqual([[3, 'channel_of_store']]);
    expect(r.byStore.get(1)![0].status).toBe('CANCELED');
  });

  it('reports each bad value with its row and column', () => {
    const r = checkOrdersCsv(
      [
        row({ store: 'Elsewhere' }),
        row({ purchase_date: '2026-02-30', sku: '', quantity: '1.5', upc: '012345678900' }),
        row({ quantity: '1', quantity_shipped: '2', currency: 'dollars' }),
      ],
      storeOf,
    );
    expect(r.issues.map((i) => [i.row, i.column, i.code])).toEqual([
      [2, 'store', 'unknown_store'],
      [3, 'purchase_date', 'not_a_date'],
      [3, 'upc', 'gtin'],
      [3, 'quantity', 'whole_number'],
      [4, 'currency', 'currency'],
      [4, 'quantity_shipped', 'shipped_more'],
    ]);
    expect(ordersCsvIssueText(r.issues[0])).toBe(
      'Row 2: No store "Elsewhere" of yours; use a store\'s name or number from Merchant Connect',
    );
  });

  it('refuses a line given twice in one order', () => {
    const r = checkOrdersCsv([row({ line_id: '7' }), row({ line_id: '7', sku: 'B' })], storeOf);
    expect(r.issues).toEqual([
      { row: 3, column: 'line_id', code: 'duplicate_line', value: 'A-1', params: { line: '7', first: 2 } },
    ]);
  });

  it('reads dates and ISO date-times only', () => {
    expect(csvDate('2026-11-20')).toBe('2026-11-20T00:00:00.000Z');
    expect(csvDate('2026-11-20T10:30:00+02:00')).toBe('2026-11-20T08:30:00.000Z');
    expect(csvDate('20/11/2026')).toBeNull();
    expect(csvDate('2026-11-20T10:30')).toBeNull();
  });
});
