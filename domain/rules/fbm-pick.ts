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

// ---- The floor pick screen (issue 20 step 3) --------------------------------------------------
// One rule for the handheld's in-memory verdict, its replica applier and the screen's words; the
// server checks the same things again (wrong location, wrong item, too many) under its locks.

/** What a scan needs of a pick line. */
export interface PickStop {
  id: number;
  sequence: number;
  location: string;
  productKey: string;
  sku: string | null;
  /** Upper-cased codes that mean the line's product. */
  codes: string[];
  quantity: number;
  picked: number;
  short: number;
}

export const leftToPick = (l: Pick<PickStop, 'quantity' | 'picked' | 'short'>): number =>
  Math.max(0, l.quantity - l.picked - l.short);

/** The next stop in walking order: the first line (by sequence) with units left. */
export function nextStop<T extends PickStop>(lines: readonly T[]): T | null {
  let best: T | null = null;
  for (const l of lines) if (leftToPick(l) > 0 && (!best || l.sequence < best.sequence)) best = l;
  return best;
}

/** Lines with units left at a location, in walking order. */
export const openAt = <T extends PickStop>(lines: readonly T[], location: string): T[] =>
  lines.filter((l) => l.location === location && leftToPick(l) > 0).sort((a, b) => a.sequence - b.sequence);

export type PickRefusal =
  | { ok: false; code: 'batch_done' }
  | { ok: false; code: 'scan_location'; expected: string; scanned: string }
  | { ok: false; code: 'wrong_location'; expected: string; scanned: string }
  | { ok: false; code: 'wrong_item'; location: string; scanned: string; expected: string }
  | { ok: false; code: 'too_many'; location: string; productKey: string; left: number; quantity: number };

export type PickScanVerdict<T extends PickStop> =
  | { ok: true; kind: 'location'; location: string; stop: T }
  | { ok: true; kind: 'item'; line: T; quantity: number }
  | PickRefusal;

/**
 * One scan on the pick screen. `at` is the location the picker has scanned (null: none yet).
 * A code that is a location of the batch with units left takes the picker there (any such stop,
 * not only the next: the picker may walk another way); a location done or not on the batch is a
 * wrong location. At a location, the code must mean an item still to pick there: the first such
 * line takes the units, never more than it has left.
 */
export function judgePickScan<T extends PickStop>(
  lines: readonly T[],
  at: string | null,
  rawCode: string,
  quantity = 1,
): PickScanVerdict<T> {
  const code = rawCode.trim().toUpperCase();
  const next = nextStop(lines);
  if (!next) return { ok: false, code: 'batch_done' };
  const there = openAt(lines, code);
  const isItemHere = at !== null && openAt(lines, at).some((l) => l.codes.includes(code));
  if (there.length && !isItemHere) return { ok: true, kind: 'location', location: code, stop: there[0] };
  if (at === null || !openAt(lines, at).length) {
    // No location scanned yet (or the one scanned is done): an item of the batch asks for its
    // location first; anything else is a wrong location.
    return lines.some((l) => l.codes.includes(code))
      ? { ok: false, code: 'scan_location', expected: next.location, scanned: code }
      : { ok: false, code: 'wrong_location', expected: next.location, scanned: code };
  }
  const here = openAt(lines, at);
  const line = here.find((l) => l.codes.includes(code));
  if (!line) {
    if (lines.some((l) => l.location === code))
      return { ok: false, code: 'wrong_location', expected: at, scanned: code };
    return { ok: false, code: 'wrong_item', location: at, scanned: code, expected: here[0].sku ?? here[0].productKey };
  }
  const left = leftToPick(line);
  if (quantity > left)
    return { ok: false, code: 'too_many', location: at, productKey: line.sku ?? line.productKey, left, quantity };
  return { ok: true, kind: 'item', line, quantity };
}

/**
 * Whether a pick of `line` may be recorded (the replica applier's check, the same as the
 * server's): the location and item as scanned, and no more than is left. A short pick (nothing
 * found, `code` null) only needs units left.
 */
export function pickOfLineRefusal(
  line: PickStop,
  location: string,
  code: string | null,
  quantity: number,
  short: boolean,
): PickRefusal | null {
  const left = leftToPick(line);
  if (location !== line.location)
    return { ok: false, code: 'wrong_location', expected: line.location, scanned: location };
  if (code !== null && !line.codes.includes(code.toUpperCase()))
    return { ok: false, code: 'wrong_item', location, scanned: code, expected: line.sku ?? line.productKey };
  if (left <= 0 || quantity > left || (!short && quantity <= 0))
    return { ok: false, code: 'too_many', location, productKey: line.sku ?? line.productKey, left, quantity };
  return null;
}

/** The refusal in plain English (the device's engine and logs; the screen words it per locale). */
export function pickRefusalMessage(r: PickRefusal): string {
  switch (r.code) {
    case 'batch_done':
      return 'Everything on this batch is picked';
    case 'scan_location':
      return `Scan the location first: go to ${r.expected}`;
    case 'wrong_location':
      return `Wrong location: ${r.scanned} is not a stop with anything left to pick; go to ${r.expected}`;
    case 'wrong_item':
      return `Wrong item: ${r.scanned} is not to be picked at ${r.location}; pick ${r.expected}`;
    case 'too_many':
      return `Too many: ${r.left} more of ${r.productKey} at ${r.location}, not ${r.quantity}`;
  }
}

// ---- Batch verify (Tools): the counting rule, on the screen and again on the server -----------

export interface VerifyCountLine {
  key: string;
  /** Upper-cased codes that mean the line. */
  codes: string[];
  expected: number;
  /** How the line is named in words (SKU, else key). */
  name: string;
}

export type VerifyScanVerdict =
  | { ok: true; key: string; counted: number; expected: number }
  | { ok: false; kind: 'unknown'; code: string }
  | {
      ok: false;
      kind: 'over';
      code: string;
      key: string;
      name: string;
      counted: number;
      expected: number;
      quantity: number;
    };

/**
 * One scan while verifying: the code must mean a line (the first, in order, that still needs
 * units, so two lines sharing a code fill one after the other), and the units must not go over
 * what the line expects. `counts` is what is counted so far (not changed here).
 */
export function judgeVerifyScan(
  lines: readonly VerifyCountLine[],
  counts: ReadonlyMap<string, number>,
  rawCode: string,
  quantity = 1,
): VerifyScanVerdict {
  const code = rawCode.trim().toUpperCase();
  const matching = lines.filter((l) => l.codes.includes(code));
  if (!matching.length) return { ok: false, kind: 'unknown', code };
  const line = matching.find((l) => (counts.get(l.key) ?? 0) + quantity <= l.expected);
  if (!line) {
    const first = matching[0];
    return {
      ok: false,
      kind: 'over',
      code,
      key: first.key,
      name: first.name,
      counted: counts.get(first.key) ?? 0,
      expected: first.expected,
      quantity,
    };
  }
  return { ok: true, key: line.key, counted: (counts.get(line.key) ?? 0) + quantity, expected: line.expected };
}

export interface VerifyTally {
  counts: Map<string, number>;
  /** Scans refused (not counted), and lines short of what they expect, in words. */
  mismatches: {
    kind: 'unknown' | 'over' | 'missing';
    code: string | null;
    key: string | null;
    quantity: number;
    message: string;
  }[];
  /** Every line counted exactly. */
  verified: boolean;
  scanned: number;
}

/** All scans of a verification, in order, by the same rule: what is counted, refused and missing. */
export function tallyVerifyScans(
  lines: readonly VerifyCountLine[],
  scans: readonly { code: string; quantity: number }[],
): VerifyTally {
  const counts = new Map<string, number>();
  const mismatches: VerifyTally['mismatches'] = [];
  let scanned = 0;
  for (const s of scans) {
    scanned += s.quantity;
    const v = judgeVerifyScan(lines, counts, s.code, s.quantity);
    if (v.ok) counts.set(v.key, v.counted);
    else if (v.kind === 'unknown')
      mismatches.push({
        kind: 'unknown',
        code: v.code,
        key: null,
        quantity: s.quantity,
        message: `${v.code} is not in it`,
      });
    else
      mismatches.push({
        kind: 'over',
        code: v.code,
        key: v.key,
        quantity: s.quantity,
        message: `Too many of ${v.name}: ${v.expected} expected, ${v.counted} counted already, ${s.quantity} more scanned`,
      });
  }
  for (const l of lines) {
    const missing = l.expected - (counts.get(l.key) ?? 0);
    if (missing > 0)
      mismatches.push({
        kind: 'missing',
        code: null,
        key: l.key,
        quantity: missing,
        message: `${missing} of ${l.name} missing`,
      });
  }
  return { counts, mismatches, verified: !mismatches.some((m) => m.kind === 'missing'), scanned };
}
