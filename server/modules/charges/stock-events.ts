/**
 * The billable events in stock movements (issue 21): units received at the dock, sorted into a
 * location, disposed of at the client's request. Each workflow passes the ledger rows it just
 * posted, in the same transaction, so the event exists exactly when the stock moved. The source is
 * the row's own reference (the scan, the upload, the sort, the problem) plus the item, so a retried
 * mutation records nothing twice.
 */
import type { ChargeEvent } from './events.js';
import type { LedgerInsert } from '../inventory/ledger.js';

function kindOf(row: LedgerInsert): ChargeEvent['kind'] | null {
  if (row.quantity <= 0) return row.reason === 'disposition_dispose' ? 'unit_disposed' : null;
  if (row.reason === 'receive') return 'unit_received';
  if (row.reason === 'sort') return 'unit_sorted';
  return null;
}

export function chargeEventsOfStock(rows: readonly LedgerInsert[], at?: string): ChargeEvent[] {
  const events = new Map<string, ChargeEvent>();
  for (const row of rows) {
    const kind = kindOf(row);
    if (!kind) continue;
    const sourceId = `${row.refType}:${row.refId}:${row.batchItemId ?? row.productKey}:${row.condition ?? 'sellable'}`;
    const key = `${kind}|${sourceId}`;
    const seen = events.get(key);
    if (seen) {
      seen.quantity += Math.abs(row.quantity);
      continue;
    }
    events.set(key, {
      tenantId: row.tenantId,
      companyId: row.companyId,
      kind,
      quantity: Math.abs(row.quantity),
      sourceType: 'stock',
      sourceId,
      details: { productKey: row.productKey, title: row.title ?? null, location: row.location ?? null },
      userId: row.userId ?? null,
      at: row.at ?? at ?? new Date().toISOString(),
    });
  }
  return [...events.values()];
}
