/**
 * Package scan of items: which expected item a scanned code names and what the scan does to its
 * counts. One rule for the handheld (its optimistic verdict, offline) and the server (the
 * verdict that counts), so the two can only differ when the replica was out of date.
 */
import { parseGs1, unitGtinOf } from './gs1.js';
import { canTransition, type ItemStatus } from './item-status.js';
import { unitsForScan } from './ledger.js';

export interface ScannedCode {
  /** Upper-case codes to look for in an item's FNSKU, ASIN, MSKU or UPC. */
  candidates: string[];
  /** A case barcode (GTIN-14 with a packaging indicator): counts the item's pack size. */
  isCase: boolean;
  /** A contained count from the barcode (GS1 AI 30/37). */
  count?: number;
}

export function readItemCode(code: string): ScannedCode {
  const raw = code.trim().toUpperCase();
  const gs1 = parseGs1(code);
  const candidates = new Set([raw]);
  let isCase = false;
  const gtin = gs1?.gtin ?? (/^\d{14}$/.test(raw) ? raw : undefined);
  if (gtin) {
    const unit = unitGtinOf(gtin);
    isCase = unit.isCase;
    candidates.add(unit.unit);
    candidates.add(gtin);
  }
  return { candidates: [...candidates], isCase, count: isCase ? gs1?.count : undefined };
}

export interface ScannableItem {
  asin: string | null;
  fnsku: string | null;
  msku: string | null;
  upc: string | null;
}

export const itemMatches = (item: ScannableItem, scanned: ScannedCode): boolean =>
  [item.fnsku, item.asin, item.msku, item.upc].some((c) => c !== null && scanned.candidates.includes(c.toUpperCase()));

export interface ItemCounts {
  expectedQty: number;
  receivedQty: number;
  damagedQty: number;
  packSize: number;
  status: string;
}

export type ItemScanVerdict = 'received' | 'over_received' | 'damaged' | 'unknown';

export interface CountedScan {
  verdict: Exclude<ItemScanVerdict, 'unknown'>;
  units: number;
  receivedQty: number;
  damagedQty: number;
  status: string;
  /** Units of this scan beyond the expected quantity. */
  overReceived: number;
}

/** The statuses counting moves an item through; a scan may cross several at once. */
const COUNTING_PATH: ItemStatus[] = ['partially_delivered', 'delivered', 'received'];

/**
 * Whether counting can take an item from `from` to `target` through the allowed transitions
 * (e.g. intransit → delivered → received when the first scan counts every unit); a stored,
 * returned or blocked item keeps its status.
 */
function reachableByCounting(from: ItemStatus, target: ItemStatus): boolean {
  if (from === target) return false;
  const seen = new Set<ItemStatus>([from]);
  const queue: ItemStatus[] = [from];
  while (queue.length) {
    const at = queue.shift()!;
    for (const next of COUNTING_PATH) {
      if (seen.has(next) || !canTransition(at, next)) continue;
      if (next === target) return true;
      seen.add(next);
      queue.push(next);
    }
  }
  return false;
}

/** What a scan of `item` adds: units (one, a case, or a bulk count), new counts and status. */
export function countItemScan(
  item: ItemCounts,
  scan: { scanned: ScannedCode; count?: number; damaged: boolean },
): CountedScan {
  const units = unitsForScan({
    isCase: scan.scanned.isCase,
    packSize: item.packSize,
    count: scan.count ?? scan.scanned.count,
  });
  const receivedQty = item.receivedQty + (scan.damaged ? 0 : units);
  const damagedQty = item.damagedQty + (scan.damaged ? units : 0);
  const total = receivedQty + damagedQty;
  const target: ItemStatus = total >= item.expectedQty ? 'received' : 'partially_delivered';
  const status = reachableByCounting(item.status as ItemStatus, target) ? target : item.status;
  const before = item.receivedQty + item.damagedQty;
  const overReceived = Math.max(0, total - item.expectedQty) - Math.max(0, before - item.expectedQty);
  const verdict = scan.damaged ? 'damaged' : overReceived > 0 ? 'over_received' : 'received';
  return { verdict, units, receivedQty, damagedQty, status, overReceived };
}
