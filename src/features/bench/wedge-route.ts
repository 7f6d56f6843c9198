/**
 * A USB scale that types like a keyboard sends its reading as a fast burst ending in Enter, just
 * like a barcode scanner. While the weight field has focus the burst is a weight — unless it
 * cannot be one (a unit's barcode scanned meanwhile, e.g. a 12-digit UPC read as a weight would be
 * 36 billion lb), in which case it is a scan as anywhere else on the bench.
 */
import { readScale } from '../../../domain/rules/bench';

/** Heavier than any box the bench closes (the close schema's own limit). */
export const MAX_READING_LB = 1_000;

export type WedgeRoute = { to: 'weight'; lb: number } | { to: 'scan'; code: string };

export function routeWedge(burst: string, weightFocused: boolean): WedgeRoute {
  if (weightFocused) {
    const lb = readScale(burst);
    if (lb !== null && lb > 0 && lb <= MAX_READING_LB) return { to: 'weight', lb };
  }
  return { to: 'scan', code: burst.trim() };
}
