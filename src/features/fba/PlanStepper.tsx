/**
 * The plan's workflow steps (items → … → receiving): the step reached is marked, the steps behind
 * it open to what they recorded, the steps ahead are not links yet. The step shown is the route's.
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FBA_STEPS, type PlanRow, type PlanStep } from '../../../domain/schemas/fba';
import { planHref } from './plan-links';
import { stepKey, stepState } from './words';

export function PlanStepper({
  plan,
  shown,
  steps = FBA_STEPS,
  hrefOf = (step) => planHref(plan, step),
  keyOf = stepKey,
}: {
  plan: Pick<PlanRow, 'id' | 'accountNo' | 'step'>;
  shown: PlanStep;
  /** The channel's steps (WFS walks its own), their links and their words; FBA's by default. */
  steps?: readonly PlanStep[];
  hrefOf?: (step: PlanStep) => string;
  keyOf?: (step: PlanStep) => string;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('fba.stepsLabel')}>
      <div className="move-steps" role="list" data-testid="fba-steps">
        {steps.map((step, n) => {
          const state = stepState(step, plan.step, steps);
          const label = `${n + 1}. ${t(keyOf(step))}`;
          const cls = `move-step ${state === 'current' ? 'current' : state === 'done' ? 'done' : ''}`;
          return (
            <span key={step} role="listitem" className={cls} data-step={step} data-state={state}>
              {state === 'ahead' ? (
                <span aria-disabled="true">{label}</span>
              ) : (
                <Link to={hrefOf(step)} aria-current={step === shown ? 'step' : undefined}>
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
