/**
 * Back to working (POST …/{id}/revert) from packing up to transport: Amazon's inbound plan is
 * cancelled (an operation followed like the others), ours returns to items with its lines and
 * units held, its options dropped. Boxes must be empty first — the server names those still holding
 * units. Once transportation is confirmed the server refuses: the plan is cancelled instead.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planDetailSchema, type PlanDetail } from '../../../../domain/schemas/fba';
import { postAs } from '../../../api/typed';
import { failureLines, planPath, usePlanSaved } from '../api';
import { ActionDialog } from './ActionDialog';

export function RevertPlanButton({ plan }: { plan: PlanDetail }) {
  const { t, i18n } = useTranslation();
  const saved = usePlanSaved();
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const n = (v: number) => v.toLocaleString(i18n.language);

  const close = () => {
    setAsking(false);
    setRefusal([]);
  };
  const revert = async () => {
    setBusy(true);
    setRefusal([]);
    try {
      // The workspace follows the plan back to items and watches Amazon's cancelInboundPlan.
      saved(await postAs(`${planPath(plan.id)}/revert`, {}, planDetailSchema, { inlineRefusal: true }));
      setAsking(false);
    } catch (err) {
      setRefusal(failureLines(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="btn" onClick={() => setAsking(true)} data-testid="fba-revert">
        {t('fba.reshape.revert')}
      </button>
      {asking && (
        <ActionDialog
          title={t('fba.reshape.revertTitle', { name: plan.name })}
          confirmLabel={t('fba.reshape.revert')}
          busy={busy}
          refusal={refusal}
          danger
          alert
          testId="fba-revert-dialog"
          onConfirm={() => void revert()}
          onClose={close}
        >
          <ul className="plain-list">
            <li>{t('fba.reshape.revertAmazon', { inboundPlanId: plan.inboundPlanId ?? '–' })}</li>
            <li>{t('fba.reshape.revertKeeps', { skus: n(plan.skus), units: n(plan.units) })}</li>
            <li>{t('fba.reshape.revertBoxes')}</li>
            <li>{t('fba.reshape.revertAfter')}</li>
          </ul>
        </ActionDialog>
      )}
    </>
  );
}
