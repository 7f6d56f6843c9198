/**
 * One WFS plan in the workspace: its head (client, store, status, cancel), WFS's steps, the step
 * the route names (the step reached when it names none), and beside them its journal.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WFS_STEPS, type PlanStep } from '../../../domain/schemas/fba';
import type { WfsPlanDetail } from '../../../domain/schemas/wfs';
import { failureText } from '../fba/api';
import { ConfirmDialog } from '../fba/ConfirmDialog';
import { JournalPanel } from '../fba/JournalPanel';
import { PlanStatus } from '../fba/PlanStatus';
import { PlanStepper } from '../fba/PlanStepper';
import { Refusal } from '../fba/steps/Refusal';
import { stepState } from '../fba/words';
import { useWfsAction, useWfsPlan } from './api';
import { WFS_ROOT, wfsClientPlansHref, wfsPlanHref } from './links';
import { mayChangeWfs } from './rights';
import { WFS_STEP_COMPONENTS } from './steps';
import { formatNumber } from '../../../domain/format';

export function WfsPlanWorkspace({
  planId,
  step,
  incomplete = false,
}: {
  planId: number;
  step: PlanStep | null;
  /** The address lacks the plan's store (the bench knows only the plan and its client). */
  incomplete?: boolean;
}) {
  const { t } = useTranslation();
  const plan = useWfsPlan(planId);
  // Someone watching the step the plan was at follows it when the plan moves on.
  const navigate = useNavigate();
  const reached = plan.data?.step;
  const before = useRef(reached);
  useEffect(() => {
    const was = before.current;
    before.current = reached;
    if (!reached || !was || !plan.data || reached === was || (step !== null && step !== was)) return;
    void navigate({ to: wfsPlanHref(plan.data, reached), replace: true });
  }, [reached, step, plan.data, navigate]);
  // An address made without the plan's store (the bench's link) is completed once the plan is known.
  const data = plan.data;
  useEffect(() => {
    if (incomplete && data) void navigate({ to: wfsPlanHref(data, step ?? data.step), replace: true });
  }, [incomplete, data, step, navigate]);

  if (plan.isPending) return <p className="grid-state">{t('app.loading')}</p>;
  if (plan.isError)
    return (
      <div className="page">
        <p className="form-error" role="alert" data-testid="wfs-plan-error">
          {failureText(plan.error)} <Link to={WFS_ROOT}>{t('wfs.selectTitle')}</Link>
        </p>
      </div>
    );
  const p = plan.data;
  const shown = step ?? p.step;
  const Step = WFS_STEP_COMPONENTS[shown] ?? WFS_STEP_COMPONENTS.items!;
  return (
    <div className="page" data-testid="wfs-plan" data-plan={p.id} data-step={p.step} data-status={p.status}>
      <WfsPlanHeader plan={p} />
      <PlanStepper
        plan={p}
        shown={shown}
        steps={WFS_STEPS}
        hrefOf={(s) => wfsPlanHref(p, s)}
        keyOf={(s) => `wfs.steps.${s}`}
      />
      {p.status === 'cancelled' && (
        <p className="card locked" role="status" data-testid="wfs-cancelled">
          {t('wfs.cancelledNotice')}
        </p>
      )}
      <Step plan={p} state={stepState(shown, p.step, WFS_STEPS)} />
      <JournalPanel events={p.events} />
    </div>
  );
}

/** Until it ships, a plan may be cancelled (the server refuses in words otherwise). */
const CANCELLABLE: readonly PlanStep[] = ['items', 'preview', 'boxes', 'carrier', 'labels'];

export function WfsPlanHeader({ plan }: { plan: WfsPlanDetail }) {
  const { t, i18n } = useTranslation();
  const action = useWfsAction(plan.id);
  const [asking, setAsking] = useState(false);
  const mayCancel = mayChangeWfs() && plan.status !== 'cancelled' && CANCELLABLE.includes(plan.step);
  return (
    <div className="page-head">
      <div>
        <h1 data-testid="wfs-plan-name">{plan.name}</h1>
        <p className="muted">
          <Link to={wfsClientPlansHref(plan.accountNo)}>
            {[plan.accountNo, plan.companyName].filter(Boolean).join(' · ')}
          </Link>{' '}
          · {plan.storeName} · {t('wfs.unitsSkus', { units: formatNumber(i18n.language, plan.units), skus: plan.skus })}
          {plan.inboundPlanId && (
            <>
              {' '}
              · {t('wfs.inboundOrderId')} <code data-testid="wfs-inbound-order">{plan.inboundPlanId}</code>
            </>
          )}{' '}
          <PlanStatus plan={plan} channel="wfs" />
        </p>
        <Refusal lines={action.refusal} testId="wfs-cancel-refusal" />
      </div>
      {mayCancel && (
        <div className="button-row">
          <button
            type="button"
            className="btn danger"
            disabled={action.busy !== null}
            onClick={() => setAsking(true)}
            data-testid="wfs-cancel"
          >
            {t('fba.cancelPlan')}
          </button>
        </div>
      )}
      {asking && (
        <ConfirmDialog
          title={t('fba.cancelTitle', { name: plan.name })}
          message={t(plan.inboundPlanId ? 'wfs.cancelMessageWalmart' : 'wfs.cancelMessage', { units: plan.units })}
          confirmLabel={t('fba.cancelPlan')}
          keepLabel={t('fba.keep')}
          onConfirm={() => {
            setAsking(false);
            void action.run('cancel', 'cancel');
          }}
          onClose={() => setAsking(false)}
        />
      )}
    </div>
  );
}
