/** Which waiting unit a scan names on the sort screen: the client's oldest purchase order first. */
import type { InboundItemRow } from '../../../../domain/schemas/inbound';
import { itemMatches, readItemCode } from '../../../../domain/rules/item-scan';
import { unitsToSort } from '../../../../domain/rules/sorting';

export const waitingItems = (items: InboundItemRow[]): InboundItemRow[] =>
  items.filter((i) => unitsToSort(i) > 0).sort((a, b) => a.batchId - b.batchId || Number(a.id) - Number(b.id));

export function findWaiting(items: InboundItemRow[], code: string): InboundItemRow | undefined {
  const scanned = readItemCode(code);
  return waitingItems(items).find((i) => itemMatches(i, scanned));
}

/** Any item of the client with this code, waiting or not (to tell "already sorted" from "unknown"). */
export function findAny(items: InboundItemRow[], code: string): InboundItemRow | undefined {
  const scanned = readItemCode(code);
  return items.find((i) => itemMatches(i, scanned));
}
