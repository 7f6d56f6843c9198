/**
 * A plan's head: its name (renamed while it is ours alone: open at its items, Amazon not at work),
 * client, store, status and Amazon's id; back to the client's plans; split, merge, revert and close
 * (actions/); cancel (asked first) until it ships — every unit it holds goes back and Amazon's plan
 * is cancelled too.
 */
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PLAN_NAME, planDetailSchema, type PlanDetail } from '../../../domain/schemas/fba';
import { postAs, putAs } from '../../api/typed';
import { CopyText } from '../../ui/CopyText';
import { PlanActions } from './actions/PlanActions';
import { failureLines, planPath, usePlanSaved } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { checkPlanName } from './plan-name';
import { clientPlansHref } from './plan-links';
import { PlanStatus } from './PlanStatus';
import { mayChangePlans } from './rights';

/** Until it ships, a plan may be cancelled (the server refuses a cancelled or closed one in words). */
const CANCELLABLE: readonly PlanDetail['status'][] = ['open', 'boxing', 'box_dims'];

export const canRename = (p: PlanDetail) =>
  p.status === 'open' && p.step === 'items' && !p.operationId && mayChangePlans();
export const canCancel = (p: PlanDetail) => CANCELLABLE.includes(p.status) && !p.operationId && mayChangePlans();

export function PlanHeader({ plan }: { plan: PlanDetail }) {
  const { t } = useTranslation();
  const saved = usePlanSaved();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(plan.name);
  const [error, setError] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const rename = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkPlanName(name, t);
    if (checked.error !== null) return setError([checked.error]);
    setBusy(true);
    try {
      saved(
        await putAs(planPath(plan.id), { name: checked.name }, planDetailSchema, { inlineRefusal: true, quiet: true }),
      );
      setRenaming(false);
      setError([]);
    } catch (err) {
      setError(failureLines(err));
    } finally {
      setBusy(false);
    }
  };
  const cancel = async () => {
    setBusy(true);
    try {
      // The server's "Plan cancelled" toast says it; a refusal comes in the error modal (412).
      saved(await postAs(`${planPath(plan.id)}/cancel`, {}, planDetailSchema));
      setConfirming(false);
    } catch {
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page-head">
      <div>
        {renaming ? (
          <form className="inline-form" onSubmit={(e) => void rename(e)} noValidate data-testid="fba-rename">
            <label className="field">
              <span>{t('fba.planName')}</span>
              <input
                name="planName"
                value={name}
                maxLength={MAX_PLAN_NAME}
                onChange={(e) => setName(e.target.value)}
                aria-invalid={error.length > 0}
                autoFocus
              />
            </label>
            <button type="submit" className="btn primary" disabled={busy}>
              {t('fba.save')}
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => {
                setRenaming(false);
                setName(plan.name);
                setError([]);
              }}
            >
              {t('po.cancel')}
            </button>
          </form>
        ) : (
          <h1 data-testid="fba-plan-name">{plan.name}</h1>
        )}
        {error.map((m) => (
          <p key={m} className="form-error" role="alert">
            {m}
          </p>
        ))}
        <p className="muted">
          {[plan.accountNo, plan.companyName, plan.storeName].filter(Boolean).join(' · ')} ·{' '}
          <span data-testid="fba-plan-status">
            <PlanStatus plan={plan} />
          </span>
        </p>
        {plan.inboundPlanId && (
          <p className="muted" data-testid="fba-inbound-plan-id">
            {t('fba.inboundPlanId')}: <CopyText value={plan.inboundPlanId} />
          </p>
        )}
      </div>
      <div className="button-row">
        <Link to={clientPlansHref(plan.accountNo)} className="btn">
          {t('fba.backToPlans')}
        </Link>
        {canRename(plan) && !renaming && (
          <button type="button" className="btn" onClick={() => setRenaming(true)}>
            {t('fba.rename')}
          </button>
        )}
        <PlanActions plan={plan} />
        {canCancel(plan) && (
          <button type="button" className="btn danger" onClick={() => setConfirming(true)}>
            {t('fba.cancelPlan')}
          </button>
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('fba.cancelTitle', { name: plan.name })}
          message={t(plan.inboundPlanId ? 'fba.cancelMessageAmazon' : 'fba.cancelMessage', { units: plan.units })}
          confirmLabel={t('fba.cancelPlan')}
          busy={busy}
          onConfirm={() => void cancel()}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
