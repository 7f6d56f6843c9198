/**
 * Orders uploaded by file, for stores without an API (issue 20, /fbm-force/orders-file-upload):
 * every row is checked first and reported row by row; the orders are stored only when every row
 * is good, all in one transaction, through the same storeOrders upsert a pull uses — so lines
 * match products the same way, and the same file again changes nothing.
 */
import {
  checkOrdersCsv,
  MAX_ORDERS_CSV_ROWS,
  ORDERS_CSV_COLUMNS,
  ORDERS_CSV_REQUIRED,
  ordersCsvIssueText,
  type CsvStore,
  type OrdersCsvIssue,
} from '../../../domain/rules/orders-csv.js';
import type { OrdersFileResult } from '../../../domain/schemas/fbm-orders.js';
import type { Deps, RequestContext } from '../../context.js';
import { readCsvFile } from '../../http/csv-file.js';
import { ApiError } from '../../http/errors.js';
import { storeOrders } from '../orders/store-orders.js';
import { listOrderStores } from './service.js';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { marketplaceOrderLines, marketplaceOrders } from '../../db/schema/index.js';

export const ORDERS_CSV_TEMPLATE =
  ORDERS_CSV_COLUMNS.join(',') +
  '\n' +
  'Acme Shop,1001-A,#1001,,,2026-11-20,,2026-11-23,Standard,USD,,MUG-BLUE,,,Blue mug,2,0,12.99,Ada Buyer,1 Main St,,Springfield,IL,62701,US,\n' +
  'Acme Shop,1001-A,#1001,,,2026-11-20,,2026-11-23,Standard,USD,,,,0840123456786,Water bottle,1,0,8.50,Ada Buyer,1 Main St,,Springfield,IL,62701,US,\n';

export async function uploadOrdersFile(
  deps: Deps,
  ctx: RequestContext,
  text: string,
  validateOnly: boolean,
): Promise<OrdersFileResult> {
  // Wrong columns: the file cannot be read as orders at all — 400 naming them, nothing else.
  const file = readCsvFile(
    text,
    { required: ORDERS_CSV_REQUIRED, columns: ORDERS_CSV_COLUMNS, maxRows: MAX_ORDERS_CSV_ROWS },
    refusal,
  );
  const issues: OrdersCsvIssue[] = [...file.malformed];

  // Stores are named by name or number, within the caller's scope only.
  const scope = await listOrderStores(deps, ctx);
  const byName = new Map<string, CsvStore & { companyId: number }>();
  for (const s of scope) byName.set(s.name.trim().toLowerCase(), s);
  for (const s of scope) byName.set(String(s.id), s);
  const storeOf = (name: string) => byName.get(name.trim().toLowerCase()) ?? null;

  // Row numbers stay the spreadsheet's even when a malformed row is skipped.
  const checked = checkOrdersCsv(file.wellFormed, storeOf, (i) => file.rowNumbers[i]);
  issues.push(...checked.issues);
  issues.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  if (issues.length) throw refusal(issues);

  const summary = { rows: file.total, orders: checked.orders, lines: checked.lines, valid: true as const };
  if (validateOnly) return { ...summary, stored: false, created: 0, changed: 0, unchanged: 0, matchedLines: 0 };
  const pulledAt = deps.now().toISOString();
  const totals = { created: 0, changed: 0, unchanged: 0, matchedLines: 0 };
  await deps.db.transaction(async (tx) => {
    for (const [storeId, orders] of checked.byStore) {
      const store = scope.find((s) => s.id === storeId)!;
      const r = await storeOrders(
        tx,
        { id: store.id, tenantId: ctx.tenantId, companyId: store.companyId },
        orders,
        pulledAt,
      );
      totals.created += r.created;
      totals.changed += r.changed;
      totals.unchanged += r.unchanged;
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(marketplaceOrderLines)
        .innerJoin(marketplaceOrders, eq(marketplaceOrders.id, marketplaceOrderLines.orderId))
        .where(
          and(
            eq(marketplaceOrders.storeId, storeId),
            inArray(
              marketplaceOrders.marketplaceOrderId,
              orders.map((o) => o.marketplaceOrderId),
            ),
            isNotNull(marketplaceOrderLines.productId),
          ),
        );
      totals.matchedLines += Number(n);
    }
  });
  return { ...summary, stored: true, ...totals };
}

/** The English messages for the envelope; the issues (codes, columns, values) in the body for the screen. */
const refusal = (issues: OrdersCsvIssue[]) =>
  new ApiError(400, issues.slice(0, 200).map(ordersCsvIssueText), {}, { issues: issues.slice(0, 1000) });
