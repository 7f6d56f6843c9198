/**
 * Closing a shipped plan by hand (POST …/{id}/close): Amazon never closed its receiving, or the
 * claim is settled. No reason is asked — the journal records who closed it and when.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planDetailSchema, type PlanDetail } from '../../../../domain/schemas/fba';
import { postAs } from '../../../api/typed';
import { failureLines, planPath, usePlanSaved } from '../api';
import { ActionDialog } from './ActionDialog';

export function ClosePlanButton({ plan }: { plan: PlanDetail }) {
  const { t } = useTranslation();
  const saved = usePlanSaved();
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const closePlan = async () => {
    setBusy(true);
    setRefusal([]);
    try {
      saved(await postAs(`${planPath(plan.id)}/close`, {}, planDetailSchema, { inlineRefusal: true }));
      setAsking(false);
    } catch (err) {
      setRefusal(failureLines(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="btn" onClick={() => setAsking(true)} data-testid="fba-close">
        {t('fba.reshape.close')}
      </button>
      {asking && (
        <ActionDialog
          title={t('fba.reshape.closeTitle', { name: plan.name })}
          confirmLabel={t('fba.reshape.close')}
          busy={busy}
          refusal={refusal}
          alert
          testId="fba-close-dialog"
          onConfirm={() => void closePlan()}
          onClose={() => {
            setAsking(false);
            setRefusal([]);
          }}
        >
          <p>{t('fba.reshape.closeMessage')}</p>
        </ActionDialog>
      )}
    </>
  );
}
