/**
 * When a plan may be split, merged, reverted or closed, and what a split moves — the server's own
 * rules (server/modules/fba/reshape.ts) mirrored so the workspace offers only what it would accept
 * and refuses a split in place before anything is sent. The server still decides: it refuses in words.
 */
import {
  MAX_PLAN_NAME,
  type PlanDetail,
  type PlanItem,
  type PlanRow,
  type PlanStep,
} from '../../../../domain/schemas/fba';
import type { Translate } from '../lines';
import { checkPlanName } from '../plan-name';

type PlanState = Pick<PlanRow, 'status' | 'step' | 'operationId'>;

/** Lines change only while the plan is ours alone: open, at items, nothing asked of Amazon. */
const oursAlone = (p: PlanState) => p.status === 'open' && p.step === 'items' && !p.operationId;

/** A split leaves a unit in each plan, so a plan of one unit has nothing to split. */
export const canSplit = (p: PlanState & Pick<PlanRow, 'units'>) => oursAlone(p) && p.units >= 2;
export const canMerge = oursAlone;

/** Amazon has the plan but transportation is not confirmed: its inbound plan can still be cancelled. */
export const REVERTIBLE_STEPS: readonly PlanStep[] = ['packing', 'boxes', 'placement', 'transport'];
export const canRevert = (p: PlanState) =>
  p.status !== 'cancelled' && p.status !== 'closed' && REVERTIBLE_STEPS.includes(p.step) && !p.operationId;

/** Only a shipped plan is closed by hand; an unshipped one is cancelled instead. */
export const canClose = (p: PlanState) =>
  (p.step === 'shipped' || p.step === 'receiving') && p.status !== 'closed' && p.status !== 'cancelled';

/** The new plan's name when none is given — the server's default, cut to Amazon's 40 characters. */
export const defaultSplitName = (name: string) => `${name} (split)`.slice(0, MAX_PLAN_NAME);

export interface SplitCheck {
  /** What is sent: only lines with something moving. */
  items: { planItemId: number; quantity: number }[];
  /** Per line id, what is wrong with its "move" quantity. */
  lineErrors: Record<number, string>;
  /** What is wrong with the split as a whole (nothing moves, nothing stays). */
  error: string | null;
  moving: number;
  staying: number;
}

/**
 * A split as typed: each line moves 0…its quantity (blank is 0), at least one unit moves and at
 * least one stays — the server refuses a split that empties the source plan.
 */
export function checkSplit(
  lines: readonly Pick<PlanItem, 'id' | 'quantity'>[],
  moves: Readonly<Record<number, string>>,
  t: Translate,
): SplitCheck {
  const items: SplitCheck['items'] = [];
  const lineErrors: Record<number, string> = {};
  let moving = 0;
  let total = 0;
  for (const l of lines) {
    total += l.quantity;
    const raw = (moves[l.id] ?? '').trim();
    if (raw === '') continue;
    if (!/^\d+$/.test(raw)) {
      lineErrors[l.id] = t('fba.reshape.moveWhole');
      continue;
    }
    const n = Number(raw);
    if (n > l.quantity) lineErrors[l.id] = t('fba.reshape.moveTooMany', { max: l.quantity });
    else if (n > 0) {
      items.push({ planItemId: l.id, quantity: n });
      moving += n;
    }
  }
  const staying = total - moving;
  let error: string | null = null;
  if (!Object.keys(lineErrors).length) {
    if (moving === 0) error = t('fba.reshape.nothingMoves');
    else if (staying === 0) error = t('fba.reshape.nothingStays');
  }
  return { items, lineErrors, error, moving, staying };
}

/** The new plan's name: blank leaves it to the server's default, anything else is checked like a rename. */
export function checkSplitName(
  raw: string,
  t: Translate,
): { name: string | undefined; error: null } | { name: null; error: string } {
  if (!raw.trim()) return { name: undefined, error: null };
  return checkPlanName(raw, t);
}

/**
 * The plans that may be merged into `target`: the same client and store, open at items with
 * nothing asked of Amazon (the server refuses any other), never the target itself.
 */
export function mergeCandidates(
  rows: readonly PlanRow[],
  target: Pick<PlanDetail, 'id' | 'companyId' | 'storeId'>,
): PlanRow[] {
  return rows.filter(
    (r) => r.id !== target.id && r.companyId === target.companyId && r.storeId === target.storeId && oursAlone(r),
  );
}
