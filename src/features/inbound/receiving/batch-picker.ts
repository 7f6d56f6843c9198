/** The purchase orders this device can receive: grouped from the replica's expected items. */
import type { InboundItemRow } from '../../../../domain/schemas/inbound';
import type { CompanyRow } from '../../../../domain/sync-protocol';

export interface PickableBatch {
  batchId: number;
  batchName: string;
  companyId: number;
  accountNo: string | null;
  companyName: string;
  items: number;
  expectedUnits: number;
  countedUnits: number;
}

/** Batches with units still to count first, then by name; a search matches name, account or client. */
export function pickableBatches(items: InboundItemRow[], companies: CompanyRow[], search = ''): PickableBatch[] {
  const byCompany = new Map(companies.map((c) => [c.id, c]));
  const batches = new Map<number, PickableBatch>();
  for (const i of items) {
    const company = byCompany.get(i.companyId);
    const b = batches.get(i.batchId) ?? {
      batchId: i.batchId,
      batchName: i.batchName,
      companyId: i.companyId,
      accountNo: company?.accountNo ?? null,
      companyName: company?.name ?? '',
      items: 0,
      expectedUnits: 0,
      countedUnits: 0,
    };
    b.items += 1;
    b.expectedUnits += i.expectedQty;
    b.countedUnits += i.receivedQty + i.damagedQty;
    batches.set(i.batchId, b);
  }
  const needle = search.trim().toLowerCase();
  return [...batches.values()]
    .filter(
      (b) => !needle || [b.batchName, b.accountNo ?? '', b.companyName].some((v) => v.toLowerCase().includes(needle)),
    )
    .sort(
      (a, b) =>
        Number(a.countedUnits >= a.expectedUnits) - Number(b.countedUnits >= b.expectedUnits) ||
        a.batchName.localeCompare(b.batchName),
    );
}
