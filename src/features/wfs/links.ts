/**
 * Where the WFS workspace shows a client's plans or one plan (spec:
 * /apps/outbound/wfs/:workflow?/:accountNo?/:companyId?/:storeId?/:shipmentPlanId?). `:workflow` is
 * a step for a plan, `items` for a new plan, `plans` for the client's list. Pure, unit-tested.
 */
import { WFS_STEPS, type PlanRow, type PlanStep } from '../../../domain/schemas/fba';
import { seg, WFS_ROOT, wfsPlanPath } from '../../../domain/rules/plan-links';
import { formatMoney } from '../../../domain/format';

export { WFS_ROOT };

export const wfsClientPlansHref = (accountNo: string) => `${WFS_ROOT}/plans/${seg(accountNo)}`;
export const wfsNewPlanHref = (accountNo: string) => `${WFS_ROOT}/items/${seg(accountNo)}`;
/** A plan opens at the step it has reached unless another is asked for. */
export const wfsPlanHref = (
  plan: Pick<PlanRow, 'id' | 'accountNo' | 'companyId' | 'storeId' | 'step'>,
  step: PlanStep = plan.step,
) => wfsPlanPath(plan.accountNo, plan.companyId, plan.storeId, step, plan.id);

/** A plan's boxes step from the bench, which knows its id and client only: the workspace completes the address. */
export const wfsBenchPlanHref = (id: number, companyId: number) => `${WFS_ROOT}/boxes/-/${companyId}/-/${id}`;

/** The `:workflow` segment read as a WFS step, or null when it names none. */
export const wfsStepOf = (raw: string | undefined | null): PlanStep | null =>
  (WFS_STEPS as readonly string[]).includes(raw ?? '') ? (raw as PlanStep) : null;

/** What the route asks for: a plan, a new plan, a client's plans, or the client choice. */
export type WfsRoute =
  | { kind: 'plan'; planId: number; step: PlanStep | null }
  | { kind: 'bad-plan' }
  | { kind: 'new'; accountNo: string }
  | { kind: 'plans'; accountNo: string }
  | { kind: 'choose' };

export function wfsRouteOf(p: { workflow?: string; accountNo?: string; shipmentPlanId?: string }): WfsRoute {
  if (p.shipmentPlanId !== undefined) {
    const id = Number(p.shipmentPlanId);
    return Number.isInteger(id) && id > 0
      ? { kind: 'plan', planId: id, step: wfsStepOf(p.workflow) }
      : { kind: 'bad-plan' };
  }
  if (p.accountNo === undefined) return { kind: 'choose' };
  const accountNo = p.accountNo;
  return p.workflow === 'items' ? { kind: 'new', accountNo } : { kind: 'plans', accountNo };
}

/** Walmart's price of a quote, in the user's language. */
export const quoteMoney = (cents: number | null, currency: string | null, language: string): string =>
  formatMoney(language, cents, currency);

/** Tracking numbers as typed: one a line (or separated by commas or spaces), blanks dropped, each once. */
export const trackingList = (raw: string): string[] => [
  ...new Set(
    raw
      .split(/[\s,;]+/)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];
