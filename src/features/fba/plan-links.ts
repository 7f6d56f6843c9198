/** Where the workspace shows a plan or a client's plans (spec: /apps/outbound/fba-shipments/:accountNo?/:workflow?/:batchId?/:channel?). */
import type { PlanRow, PlanStep } from '../../../domain/schemas/fba';

import { FBA_ROOT, fbaPlanPath, seg } from '../../../domain/rules/plan-links';

export { FBA_ROOT };

export const clientPlansHref = (accountNo: string) => `${FBA_ROOT}/${seg(accountNo)}`;
export const newPlanHref = (accountNo: string) => `${FBA_ROOT}/${seg(accountNo)}/items`;
/** A plan opens at the step it has reached unless another is asked for. */
export const planHref = (plan: Pick<PlanRow, 'id' | 'accountNo' | 'step'>, step: PlanStep = plan.step) =>
  fbaPlanPath(plan.accountNo, step, plan.id);
