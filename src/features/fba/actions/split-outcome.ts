/**
 * What the last split left in each plan, kept across the navigation to the new plan so both plans'
 * totals can be said there (the split answers only the two ids; the totals are read afterwards).
 */
import { create } from 'zustand';
import type { PlanDetail } from '../../../../domain/schemas/fba';

/** `updatedAt` as the split left the plan: once either plan changes again, the totals are history. */
export type PlanTotals = Pick<PlanDetail, 'id' | 'name' | 'accountNo' | 'step' | 'skus' | 'units' | 'updatedAt'>;
export interface SplitOutcome {
  from: PlanTotals;
  to: PlanTotals;
}

export const totalsOf = ({ id, name, accountNo, step, skus, units, updatedAt }: PlanDetail): PlanTotals => ({
  id,
  name,
  accountNo,
  step,
  skus,
  units,
  updatedAt,
});

export const useSplitOutcome = create<{
  outcome: SplitOutcome | null;
  remember: (o: SplitOutcome) => void;
  forget: () => void;
}>((set) => ({
  outcome: null,
  remember: (outcome) => set({ outcome }),
  forget: () => set({ outcome: null }),
}));
