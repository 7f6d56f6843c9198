/**
 * The inventory ledger: every quantity change is a row; on-hand is their sum and can never go
 * negative. `applyMovement` is the one check both the handheld (optimistic) and the server use.
 */
export interface LedgerRow {
  quantity: number; // signed: + in, − out
}

/** Ledger reasons for units arriving (counted at receiving, or received with an upload). */
export const RECEIPT_REASON = 'receive';
/** Ledger reason for units shipped out (FBA boxes, WFS, merchant-fulfilled orders). */
export const SHIP_REASON = 'ship';

export const onHand = (rows: readonly LedgerRow[]): number => rows.reduce((sum, r) => sum + r.quantity, 0);

export type MovementCheck = { ok: true; after: number } | { ok: false; message: string };

export function applyMovement(current: number, delta: number): MovementCheck {
  if (!Number.isInteger(delta) || delta === 0)
    return { ok: false, message: 'A movement is a whole, non-zero number of units' };
  if (current + delta < 0) return { ok: false, message: `Only ${current} on hand; cannot take ${-delta}` };
  return { ok: true, after: current + delta };
}

/** Units a scan adds: one unit, or a case's pack size, or the count a bulk prompt entered. */
export function unitsForScan(opts: { isCase: boolean; packSize: number; count?: number }): number {
  if (opts.count !== undefined) {
    if (!Number.isInteger(opts.count) || opts.count < 1) throw new Error('count must be a whole number of at least 1');
    return opts.count;
  }
  if (opts.isCase) {
    if (!Number.isInteger(opts.packSize) || opts.packSize < 1) throw new Error('pack size must be at least 1');
    return opts.packSize;
  }
  return 1;
}
