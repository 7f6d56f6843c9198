/** The bench's reads of the device's replica (live: a scan, a pull or a refusal re-renders them). */
import { useLiveQuery } from 'dexie-react-hooks';
import type { BenchPlanRow } from '../../../domain/schemas/bench';
import { rowRef } from '../../../sync/replica';
import { useSyncEngine } from '../../app/sync';
import type { BenchMemory } from './scan-plan';

export interface PlanAtBench extends BenchPlanRow {
  companyName: string | null;
  accountNo: string | null;
  units: number;
  boxed: number;
  openBoxes: number;
}

/** Plans at the bench on this device, with their client and how far their packing is. */
export function usePlansAtBench(): PlanAtBench[] | undefined {
  const engine = useSyncEngine();
  return useLiveQuery(async () => {
    if (!engine) return undefined;
    const db = engine.db;
    const plans = await db.benchPlans.where('step').equals('boxes').toArray();
    const rows = await Promise.all(
      plans
        .filter((p) => p.status !== 'cancelled')
        .map(async (p): Promise<PlanAtBench> => {
          const [{ lines, boxes, items }, company] = await Promise.all([
            db.benchOf(p.id),
            db.companies.get(p.companyId),
          ]);
          return {
            ...p,
            companyName: company?.name ?? null,
            accountNo: company?.accountNo ?? null,
            units: lines.reduce((n, l) => n + l.quantity, 0),
            boxed: items.reduce((n, i) => n + i.quantity, 0),
            openBoxes: boxes.filter((b) => b.state === 'open').length,
          };
        }),
    );
    return rows.sort((a, b) => a.name.localeCompare(b.name));
  }, [engine]);
}

export interface BenchView extends BenchMemory {
  plan: BenchPlanRow;
  companyName: string | null;
}

/** One plan with its lines, boxes and contents; null when the device does not hold it. */
export function useBenchView(planId: number): BenchView | null | undefined {
  const engine = useSyncEngine();
  return useLiveQuery(async () => {
    if (!engine || !Number.isInteger(planId)) return engine ? null : undefined;
    const plan = await engine.db.benchPlans.get(planId);
    if (!plan) return null;
    const [rest, company] = await Promise.all([engine.db.benchOf(planId), engine.db.companies.get(plan.companyId)]);
    return { plan, companyName: company?.name ?? null, ...rest };
  }, [engine, planId]);
}

/**
 * Boxes whose number is the device's own guess: a mutation that touched them is still waiting to
 * reach the server (the server numbers boxes in the order they arrive).
 */
export function useProvisionalBoxes(boxIds: string[]): Set<string> {
  const engine = useSyncEngine();
  const key = boxIds.join(',');
  return (
    useLiveQuery(
      async () => {
        if (!engine || boxIds.length === 0) return new Set<string>();
        const refs = await engine.db.pendingRefs(boxIds.map((id) => rowRef('benchBoxes', id)));
        return new Set([...refs].map((r) => r.slice('benchBoxes:'.length)));
      },
      // eslint-disable-next-line react-hooks/exhaustive-deps -- the ids' content, not the array's identity
      [engine, key],
    ) ?? new Set<string>()
  );
}
