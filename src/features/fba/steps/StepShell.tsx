/** A workflow step's frame: its name and what happens in it; a step the plan has not reached says so. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanStep } from '../../../../domain/schemas/fba';
import { stepKey, type StepState } from '../words';

export function StepShell({
  step,
  state,
  children,
  words = 'fba',
}: {
  step: PlanStep;
  state: StepState;
  children: ReactNode;
  /** Whose step names and intros (the i18n block: FBA's, or WFS's own steps). */
  words?: 'fba' | 'wfs';
}) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby={`fba-step-${step}`} data-testid="fba-step" data-step={step}>
      <h2 id={`fba-step-${step}`}>{t(words === 'fba' ? stepKey(step) : `${words}.steps.${step}`)}</h2>
      <p className="muted">{t(`${words}.stepIntro.${step}`)}</p>
      {state === 'ahead' ? (
        <p className="notice" role="status" data-testid="fba-step-ahead">
          {t('fba.stepAhead')}
        </p>
      ) : (
        children
      )}
    </section>
  );
}
