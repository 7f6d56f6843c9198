/**
 * What closing a problem with a resolution does to stock (issue 6 §5, carried out in inventory):
 * units disposed of, donated or returned leave the warehouse; "restock to inbound" makes damaged
 * units sellable again where they are. Other resolutions change no stock.
 */
import type { ProblemResolution } from '../schemas/problems.js';

export const LEAVING_RESOLUTIONS = [
  'dispose',
  'donate',
  'return_to_customer',
  'return_to_supplier',
] as const satisfies readonly ProblemResolution[];
export type LeavingResolution = (typeof LEAVING_RESOLUTIONS)[number];

export type StockEffect =
  { kind: 'leave'; reason: `disposition_${LeavingResolution}` } | { kind: 'restock' } | { kind: 'none' };

export function stockEffectOf(resolution: ProblemResolution): StockEffect {
  if ((LEAVING_RESOLUTIONS as readonly string[]).includes(resolution))
    return { kind: 'leave', reason: `disposition_${resolution as LeavingResolution}` };
  if (resolution === 'restock_to_inbound') return { kind: 'restock' };
  return { kind: 'none' };
}

/** Ledger reasons the Dispositions report lists: stock that left other than by shipping. */
export const DISPOSITION_REASONS = [
  ...LEAVING_RESOLUTIONS.map((r) => `disposition_${r}`),
  'adjust_disposed',
  'adjust_donated',
  'adjust_returned_to_client',
];
