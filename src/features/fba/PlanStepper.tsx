/**
 * The plan's workflow steps (items → … → receiving): the step reached is marked, the steps behind
 * it open to what they recorded, the steps ahead are not links yet. The step shown is the route's.
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FBA_STEPS, type PlanDetail, type PlanStep } from '../../../domain/schemas/fba';
import { planHref } from './plan-links';
import { stepKey, stepState } from './words';

export function PlanStepper({ plan, shown }: { plan: PlanDetail; shown: PlanStep }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('fba.stepsLabel')}>
      <div className="move-steps" role="list" data-testid="fba-steps">
        {FBA_STEPS.map((step, n) => {
          const state = stepState(step, plan.step);
          const label = `${n + 1}. ${t(stepKey(step))}`;
          const cls = `move-step ${state === 'current' ? 'current' : state === 'done' ? 'done' : ''}`;
          return (
            <span key={step} role="listitem" className={cls} data-step={step} data-state={state}>
              {state === 'ahead' ? (
                <span aria-disabled="true">{label}</span>
              ) : (
                <Link to={planHref(plan, step)} aria-current={step === shown ? 'step' : undefined}>
                  {step === shown ? <strong>{label}</strong> : label}
                </Link>
              )}
            </span>
          );
        })}
      </div>
    </nav>
  );
}
