/**
 * Closing a shipped plan by hand (POST …/{id}/close): Amazon never closed its receiving, or the
 * claim is settled. No reason is asked — the journal records who closed it and when.
 */
import { useTranslation } from 'react-i18next';
import type { PlanDetail } from '../../../../domain/schemas/fba';
import { ConfirmedPlanAction } from './ConfirmedPlanAction';

export function ClosePlanButton({ plan }: { plan: PlanDetail }) {
  const { t } = useTranslation();
  return (
    <ConfirmedPlanAction
      plan={plan}
      action="close"
      label={t('fba.reshape.close')}
      title={t('fba.reshape.closeTitle', { name: plan.name })}
      testId="fba-close"
    >
      <p>{t('fba.reshape.closeMessage')}</p>
    </ConfirmedPlanAction>
  );
}
