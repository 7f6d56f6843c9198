/**
 * How a move changes stock, as ledger deltas over balance lines. Pure: the server plans with the
 * lines it locked, and the property test (tests/unit/moves.test.ts) replays random sequences to
 * show a move never creates, loses or overdraws a unit.
 */
export interface BalanceLine {
  companyId: number;
  productKey: string;
  location: string;
  /** '' = loose on the location. */
  lpn: string;
  condition: string;
  quantity: number;
  title?: string | null;
}

export type LedgerDelta = Omit<BalanceLine, 'quantity'> & { quantity: number };
export type MovePlan = { ok: true; deltas: LedgerDelta[]; line: BalanceLine | null } | { ok: false; message: string };

export interface Place {
  location: string;
  lpn: string;
}

const placeName = (p: Place) => p.lpn || p.location;

/**
 * `quantity` units of one product out of the lines found at the source for the scanned code
 * (already narrowed to the source place and condition) to `to`.
 */
export function planUnitMove(
  candidates: readonly BalanceLine[],
  code: string,
  quantity: number,
  from: Place,
  to: Place,
): MovePlan {
  if (!Number.isInteger(quantity) || quantity < 1)
    return { ok: false, message: 'Move a whole number of units, at least 1' };
  const lines = candidates.filter((l) => l.quantity > 0);
  if (lines.length === 0) return { ok: false, message: `No units of ${code} at ${placeName(from)}` };
  const products = new Set(lines.map((l) => `${l.companyId}/${l.productKey}`));
  if (products.size > 1)
    return {
      ok: false,
      message: `${code} matches ${products.size} products at ${placeName(from)}; scan the FNSKU or SKU of the one you move`,
    };
  const line = lines[0];
  if (line.quantity < quantity)
    return { ok: false, message: `Only ${line.quantity} of ${code} at ${placeName(from)}; cannot move ${quantity}` };
  if (from.location === to.location && from.lpn === to.lpn)
    return { ok: false, message: 'The units are already there' };
  const { quantity: _q, ...key } = line;
  return {
    ok: true,
    line,
    deltas: [
      { ...key, quantity: -quantity },
      { ...key, location: to.location, lpn: to.lpn, quantity },
    ],
  };
}

/** Everything inside an LPN (and the LPNs inside it) follows it to `toLocation`; LPN labels stay. */
export function planContainerMove(contents: readonly BalanceLine[], toLocation: string): LedgerDelta[] {
  const deltas: LedgerDelta[] = [];
  for (const line of contents) {
    if (line.quantity <= 0 || line.location === toLocation) continue;
    const { quantity, ...key } = line;
    deltas.push({ ...key, quantity: -quantity }, { ...key, location: toLocation, quantity });
  }
  return deltas;
}

/** Applies deltas to balances (keyed like the database's primary key); refuses a negative result. */
export const lineKey = (l: Omit<BalanceLine, 'quantity' | 'title'>) =>
  `${l.companyId}|${l.productKey}|${l.location}|${l.lpn}|${l.condition}`;
export function applyDeltas(
  balances: Map<string, BalanceLine>,
  deltas: readonly LedgerDelta[],
): { ok: true } | { ok: false; message: string } {
  const next = new Map<string, number>();
  for (const d of deltas) {
    const k = lineKey(d);
    next.set(k, (next.get(k) ?? balances.get(k)?.quantity ?? 0) + d.quantity);
  }
  for (const [k, q] of next) if (q < 0) return { ok: false, message: `${k} would go negative` };
  for (const d of deltas) {
    const k = lineKey(d);
    const { title: _t, ...key } = d;
    balances.set(k, { ...key, quantity: next.get(k)! });
  }
  return { ok: true };
}

/**
 * Up to `quantity` units out of the given lines, in their order (a disposition takes the damaged
 * units wherever they wait): the deltas and how many were found.
 */
export function planTake(lines: readonly BalanceLine[], quantity: number): { deltas: LedgerDelta[]; taken: number } {
  const deltas: LedgerDelta[] = [];
  let left = Math.max(0, Math.floor(quantity));
  for (const line of lines) {
    if (left === 0) break;
    const take = Math.min(left, line.quantity);
    if (take <= 0) continue;
    const { quantity: _q, ...key } = line;
    deltas.push({ ...key, quantity: -take });
    left -= take;
  }
  return { deltas, taken: Math.floor(quantity) - left };
}
