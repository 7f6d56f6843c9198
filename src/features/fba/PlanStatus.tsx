/** A plan's status and step at a glance, in words (never colour alone). */
import { useTranslation } from 'react-i18next';
import type { PlanChannel, PlanRow } from '../../../domain/schemas/fba';
import { channelWords } from './words';

const TONE: Record<PlanRow['status'], string> = {
  open: 'stage-open',
  boxing: 'stage-receiving',
  box_dims: 'stage-receiving',
  shipping: 'stage-received',
  closed: 'muted',
  cancelled: 'muted',
};

export function PlanStatus({
  plan,
  channel = 'fba',
}: {
  plan: Pick<PlanRow, 'status' | 'step' | 'operation'>;
  /** Whose words: a WFS plan's steps and statuses are worded for Walmart. */
  channel?: PlanChannel;
}) {
  const { t } = useTranslation();
  const { statusKey, stepKey } = channelWords(channel);
  return (
    <>
      <span className={`pill ${TONE[plan.status]}`} data-status={plan.status}>
        {t(statusKey(plan.status))}
      </span>{' '}
      <span className="pill" data-step={plan.step}>
        {t(stepKey(plan.step))}
      </span>
      {plan.operation && (
        <>
          {' '}
          <span className="pill warn">{t(channel === 'wfs' ? 'wfs.walmartWorking' : 'fba.amazonWorking')}</span>
        </>
      )}
    </>
  );
}
