/** The bench's reads of the device's replica (live: a scan, a pull or a refusal re-renders them). */
import { liveQuery } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { startTransition, useEffect, useRef, useState } from 'react';
import type { NeedsAttentionEntry } from '../../../sync/replica';
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

/**
 * A live query whose answers are rendered as transitions: never inside a scan's own (urgent)
 * render — React renders pending default-priority updates with the urgent ones — and yielding to
 * the next key while it renders (decision 0011). `onResult` sees each answer as soon as Dexie
 * gives it, before any render. `undefined` until the first answer; the last answer stays while
 * new deps are asked (as dexie-react-hooks' useLiveQuery does).
 */
function useLiveQueryLater<T>(
  query: () => Promise<T>,
  deps: readonly unknown[],
  onResult?: (value: T) => void,
): T | undefined {
  const [value, setValue] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const latest = useRef({ query, onResult });
  latest.current = { query, onResult };
  useEffect(() => {
    const subscription = liveQuery(() => latest.current.query()).subscribe({
      next: (value) => {
        latest.current.onResult?.(value);
        startTransition(() => setValue(() => value));
      },
      error: (err: unknown) => setError(err ?? new Error('live query failed')),
    });
    return () => subscription.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps
  }, deps);
  if (error) throw error;
  return value;
}

export interface BenchView extends BenchMemory {
  plan: BenchPlanRow;
  companyName: string | null;
}

/**
 * One plan with its lines, boxes and contents; null when the device does not hold it. `onResult`
 * has each answer before it is rendered (the scan's memory follows the replica without a render).
 */
export function useBenchView(
  planId: number,
  onResult?: (view: BenchView | null | undefined) => void,
): BenchView | null | undefined {
  const engine = useSyncEngine();
  return useLiveQueryLater(
    async () => {
      if (!engine || !Number.isInteger(planId)) return engine ? null : undefined;
      const plan = await engine.db.benchPlans.get(planId);
      if (!plan) return null;
      const [rest, company] = await Promise.all([engine.db.benchOf(planId), engine.db.companies.get(plan.companyId)]);
      return { plan, companyName: company?.name ?? null, ...rest };
    },
    [engine, planId],
    onResult,
  );
}

/**
 * What the server refused of this device's actions, by the id their args carry (a scan's own
 * uuid): one subscription for the screen's life, not one per scan. A handful of entries.
 */
export function useRefusals(): Map<string, NeedsAttentionEntry> | undefined {
  const engine = useSyncEngine();
  return useLiveQueryLater(async () => {
    const byId = new Map<string, NeedsAttentionEntry>();
    if (!engine) return byId;
    await engine.db.needsAttention.each((e) => {
      const id = (e.args as { id?: unknown } | null)?.id;
      if (typeof id === 'string' && !byId.has(id)) byId.set(id, e);
    });
    return byId;
  }, [engine]);
}

/**
 * Boxes whose number is the device's own guess: a mutation that touched them is still waiting to
 * reach the server (the server numbers boxes in the order they arrive).
 */
export function useProvisionalBoxes(boxIds: string[]): Set<string> {
  const engine = useSyncEngine();
  const key = boxIds.join(',');
  const [none] = useState(() => new Set<string>());
  return (
    useLiveQueryLater(async () => {
      if (!engine || boxIds.length === 0) return none;
      const refs = await engine.db.pendingRefs(boxIds.map((id) => rowRef('benchBoxes', id)));
      return new Set([...refs].map((r) => r.slice('benchBoxes:'.length)));
    }, [engine, key]) ?? none
  );
}
