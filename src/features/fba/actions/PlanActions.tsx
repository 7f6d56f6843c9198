/**
 * The reshaping actions in the plan's action bar, offered only to users who may change plans and
 * only where the plan's status and step allow them (the server's rules, reshape-rules.ts).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanDetail } from '../../../../domain/schemas/fba';
import { mayChangePlans } from '../rights';
import { ClosePlanButton } from './ClosePlanButton';
import { MergePlansDialog } from './MergePlansDialog';
import { canClose, canMerge, canRevert, canSplit } from './reshape-rules';
import { RevertPlanButton } from './RevertPlanButton';
import { SplitPlanDialog } from './SplitPlanDialog';

export function PlanActions({ plan }: { plan: PlanDetail }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'split' | 'merge' | null>(null);
  if (!mayChangePlans()) return null;
  return (
    <>
      {canSplit(plan) && (
        <button type="button" className="btn" onClick={() => setOpen('split')} data-testid="fba-split">
          {t('fba.reshape.split')}
        </button>
      )}
      {canMerge(plan) && (
        <button type="button" className="btn" onClick={() => setOpen('merge')} data-testid="fba-merge">
          {t('fba.reshape.merge')}
        </button>
      )}
      {canRevert(plan) && <RevertPlanButton plan={plan} />}
      {canClose(plan) && <ClosePlanButton plan={plan} />}
      {open === 'split' && <SplitPlanDialog plan={plan} onClose={() => setOpen(null)} />}
      {open === 'merge' && <MergePlansDialog plan={plan} onClose={() => setOpen(null)} />}
    </>
  );
}
