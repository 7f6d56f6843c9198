/**
 * Back to working (POST …/{id}/revert) from packing up to transport: Amazon's inbound plan is
 * cancelled (an operation followed like the others), ours returns to items with its lines and
 * units held, its options dropped. Boxes must be empty first — the server names those still holding
 * units. Once transportation is confirmed the server refuses: the plan is cancelled instead. The
 * workspace follows the plan back to items and watches Amazon's cancelInboundPlan.
 */
import { useTranslation } from 'react-i18next';
import type { PlanDetail } from '../../../../domain/schemas/fba';
import { ConfirmedPlanAction } from './ConfirmedPlanAction';
import { formatNumber } from '../../../../domain/format';

export function RevertPlanButton({ plan }: { plan: PlanDetail }) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(i18n.language, v);
  return (
    <ConfirmedPlanAction
      plan={plan}
      action="revert"
      label={t('fba.reshape.revert')}
      title={t('fba.reshape.revertTitle', { name: plan.name })}
      testId="fba-revert"
      danger
    >
      <ul className="plain-list">
        <li>{t('fba.reshape.revertAmazon', { inboundPlanId: plan.inboundPlanId ?? '–' })}</li>
        <li>{t('fba.reshape.revertKeeps', { skus: n(plan.skus), units: n(plan.units) })}</li>
        <li>{t('fba.reshape.revertBoxes')}</li>
        <li>{t('fba.reshape.revertAfter')}</li>
      </ul>
    </ConfirmedPlanAction>
  );
}
