/**
 * Merchant-fulfilment reservation and picking rules (issue 20 steps 2–3, decision 0017): which
 * stock FBM may take, what a line's hold attempt answers, how held units are spread over the
 * places holding them, and the walking order of a pick list (the FBM_ROUTING setting's zone order,
 * else zones alphabetically; then location codes in natural order).
 */
import { FBM_PACK_LOCATION, type ReserveOutcome } from '../schemas/fbm-pick.js';
import { RECEIVING, SORT_STATIONS } from './sorting.js';

/** Locations FBM never takes units from: receiving, the prep stations, and its own packing cart. */
export const NOT_PICKABLE_LOCATIONS: readonly string[] = [
  RECEIVING,
  SORT_STATIONS.fba_prep!,
  SORT_STATIONS.wfs_prep!,
  FBM_PACK_LOCATION,
];

/** Location types that are not storage (doors, desks): units there are not on a shelf to pick. */
export const NOT_PICKABLE_TYPES: readonly string[] = ['dock', 'desk'];

export interface LineToHold {
  /** Units ordered and not shipped. */
  unshipped: number;
  matched: boolean;
  productKey: string | null;
  /** Units this line holds now (state held). */
  held: number;
  /** Units of this line already picked (consumed holds). */
  consumed: number;
  /** The client's free pickable units of the product right now. */
  free: number;
}

export interface HoldVerdict {
  outcome: ReserveOutcome;
  /** Units to hold now (0 unless outcome is held). */
  hold: number;
  message: string;
}

/** All or nothing per line: the whole unshipped remainder is held, or nothing and the reason. */
export function holdVerdict(l: LineToHold): HoldVerdict {
  if (l.unshipped <= 0) return { outcome: 'nothing_to_ship', hold: 0, message: 'Nothing left to ship on this line' };
  if (!l.matched || !l.productKey)
    return { outcome: 'unmatched', hold: 0, message: 'The line is not matched to a product: link it first' };
  if (l.held > 0 || l.consumed >= l.unshipped)
    return { outcome: 'already_held', hold: 0, message: `Already holds ${l.held + l.consumed} units` };
  const need = l.unshipped - l.consumed;
  if (l.free >= need) return { outcome: 'held', hold: need, message: `Held ${need} of ${l.productKey}` };
  if (l.free <= 0)
    return {
      outcome: 'no_stock',
      hold: 0,
      message: `No free sellable units of ${l.productKey} in the client's pickable stock`,
    };
  return {
    outcome: 'insufficient',
    hold: 0,
    message: `Only ${l.free} of ${l.productKey} available, ${need} needed: nothing held`,
  };
}

export interface Place {
  location: string;
  lpn: string;
  zone: string | null;
  /** Units free to allocate at this place. */
  free: number;
}

/** Spreads `need` units over places in the order given (walking order first); what is left over is `short`. */
export function allocate(need: number, places: Place[]): { picks: (Place & { quantity: number })[]; short: number } {
  const picks: (Place & { quantity: number })[] = [];
  let left = need;
  for (const p of places) {
    if (left <= 0) break;
    const take = Math.min(left, p.free);
    if (take <= 0) continue;
    picks.push({ ...p, quantity: take });
    p.free -= take;
    left -= take;
  }
  return { picks, short: left };
}

/** The FBM_ROUTING setting: {"zones": ["Z-B", "Z-A"]} or just ["Z-B", "Z-A"]; anything else: no order. */
export function parseRouting(value: string | null | undefined): string[] {
  if (!value) return [];
  try {
    const v: unknown = JSON.parse(value);
    const zones = Array.isArray(v) ? v : (v as { zones?: unknown })?.zones;
    return Array.isArray(zones)
      ? zones.filter((z): z is string => typeof z === 'string').map((z) => z.toUpperCase())
      : [];
  } catch {
    return [];
  }
}

const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Compares two places in walking order: zones in the routing's order (zones it does not name
 * after, alphabetically; no zone last), then location codes naturally (A-2 before A-10), then LPN.
 */
export function routeComparator(routing: string[]) {
  const rank = (zone: string | null) => {
    if (zone === null) return routing.length + 2;
    const i = routing.indexOf(zone.toUpperCase());
    return i >= 0 ? i : routing.length + 1;
  };
  return (a: { zone: string | null; location: string; lpn: string }, b: typeof a): number =>
    rank(a.zone) - rank(b.zone) ||
    natural.compare(a.zone ?? '', b.zone ?? '') ||
    natural.compare(a.location, b.location) ||
    natural.compare(a.lpn, b.lpn);
}
