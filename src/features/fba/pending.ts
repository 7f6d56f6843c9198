/**
 * Open Shipment Plans grouped as the dashboard shows them: by client, then by workflow step in the
 * workflow's order, plans oldest at their step first — the ones waiting longest lead. Pure; the
 * page is the server's (its paging), the grouping is of that page.
 */
import { PLAN_STEPS, type PendingPlan, type PlanStep } from '../../../domain/schemas/fba';

export interface PendingGroup {
  companyId: number;
  companyName: string;
  accountNo: string;
  steps: { step: PlanStep; plans: PendingPlan[] }[];
}

export function groupPending(rows: readonly PendingPlan[]): PendingGroup[] {
  const clients = new Map<number, PendingGroup>();
  for (const row of rows) {
    let group = clients.get(row.companyId);
    if (!group) {
      group = { companyId: row.companyId, companyName: row.companyName, accountNo: row.accountNo, steps: [] };
      clients.set(row.companyId, group);
    }
    let at = group.steps.find((s) => s.step === row.step);
    if (!at) {
      at = { step: row.step, plans: [] };
      group.steps.push(at);
    }
    at.plans.push(row);
  }
  const groups = [...clients.values()];
  for (const g of groups) {
    g.steps.sort((a, b) => PLAN_STEPS.indexOf(a.step) - PLAN_STEPS.indexOf(b.step));
    for (const s of g.steps) s.plans.sort((a, b) => a.since.localeCompare(b.since) || a.id - b.id);
  }
  return groups.sort((a, b) => a.companyName.localeCompare(b.companyName) || a.companyId - b.companyId);
}
