/**
 * One plan in the workspace: its head (rename, cancel), the stepper, Amazon's running operation
 * followed live, the step the route names (the step reached when it names none), and beside them
 * the units it holds and its journal.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanStep } from '../../../domain/schemas/fba';
import { SplitOutcomeNotice } from './actions/SplitOutcomeNotice';
import { failureText, usePlan } from './api';
import { JournalPanel } from './JournalPanel';
import { LastRefusal } from './LastRefusal';
import { OperationWatch } from './OperationWatch';
import { PlanHeader } from './PlanHeader';
import { FBA_ROOT, planHref } from './plan-links';
import { PlanStepper } from './PlanStepper';
import { rememberFbaAccount } from './recent-accounts';
import { ReservationsPanel } from './ReservationsPanel';
import { STEP_COMPONENTS } from './steps';
import { stepState } from './words';

export function PlanWorkspace({ planId, step }: { planId: number; step: PlanStep | null }) {
  const { t } = useTranslation();
  const plan = usePlan(planId);
  const companyId = plan.data?.companyId;
  useEffect(() => {
    if (companyId) rememberFbaAccount(companyId);
  }, [companyId]);
  // Someone watching the step the plan was at follows it when Amazon moves the plan on.
  const navigate = useNavigate();
  const reached = plan.data?.step;
  const accountNo = plan.data?.accountNo;
  const before = useRef(reached);
  useEffect(() => {
    const was = before.current;
    before.current = reached;
    if (!reached || !was || !accountNo || reached === was || (step !== null && step !== was)) return;
    void navigate({ to: planHref({ id: planId, accountNo, step: reached }), replace: true });
  }, [reached, step, planId, accountNo, navigate]);

  if (plan.isPending) return <p className="grid-state">{t('app.loading')}</p>;
  if (plan.isError)
    return (
      <div className="page">
        <p className="form-error" role="alert" data-testid="fba-plan-error">
          {failureText(plan.error)} <Link to={FBA_ROOT}>{t('fba.selectTitle')}</Link>
        </p>
      </div>
    );
  const p = plan.data;
  const shown = step ?? p.step;
  // An FBA plan is only ever at an FBA step; items is the safe page for anything else.
  const Step = STEP_COMPONENTS[shown] ?? STEP_COMPONENTS.items!;
  return (
    <div className="page" data-testid="fba-plan" data-plan={p.id} data-step={p.step} data-status={p.status}>
      <PlanHeader key={p.name} plan={p} />
      <PlanStepper plan={p} shown={shown} />
      {p.status === 'cancelled' && (
        <p className="card locked" role="status">
          {t('fba.cancelledNotice')}
        </p>
      )}
      {p.status === 'closed' && (
        <p className="card locked" role="status" data-testid="fba-closed-notice">
          {t('fba.reshape.closedNotice')}
        </p>
      )}
      <SplitOutcomeNotice plan={p} />
      {p.operationId && (
        <OperationWatch
          key={p.operationId}
          planId={p.id}
          companyId={p.companyId}
          storeId={p.storeId}
          operationId={p.operationId}
          operation={p.operation}
        />
      )}
      <LastRefusal plan={p} />
      <Step plan={p} state={stepState(shown, p.step)} />
      <div className="split">
        <JournalPanel events={p.events} />
        <ReservationsPanel plan={p} />
      </div>
    </div>
  );
}
