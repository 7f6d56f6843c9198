/**
 * The shipped step: what left — units, boxes, shipments, when, with which carriers and tracking —
 * and, while Amazon's void window for the partnered carrier is open, cancelling still voids the
 * charge and brings the units back (asked first). After the window, or with an own carrier, the
 * server refuses and says why; its words are shown here.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ConfirmDialog';
import { planVoidableUntil } from '../countdown';
import { mayChangePlans } from '../rights';
import { Refusal } from './Refusal';
import { ShipmentsFacts } from './ShipmentsFacts';
import { StepShell } from './StepShell';
import { useStepAction } from './step-action';
import type { StepProps } from './types';
import { VoidCountdown } from './VoidCountdown';
import { formatDateTime, formatNumber } from '../../../../domain/format';

export function ShippedStep({ plan, state }: StepProps) {
  const { t, i18n } = useTranslation();
  const cancel = useStepAction(plan.id);
  const [confirming, setConfirming] = useState(false);
  const n = (v: number) => formatNumber(i18n.language, v);
  const boxes = plan.shipments.reduce((sum, s) => sum + s.boxes, 0);
  const shippedAt = plan.shipments
    .map((s) => s.shippedAt)
    .filter((v): v is string => !!v)
    .sort()[0];
  const voidable = planVoidableUntil(plan.shipments);
  const mayCancel = plan.status === 'shipping' && !plan.operationId && mayChangePlans();

  return (
    <StepShell step="shipped" state={state}>
      <div className="tiles" data-testid="fba-shipped-summary">
        <div className="tile">
          <span className="tile-label">{t('fba.units')}</span>
          <span className="tile-value" data-testid="fba-shipped-units">
            {n(plan.units)}
          </span>
        </div>
        <div className="tile">
          <span className="tile-label">{t('fba.boxes.title')}</span>
          <span className="tile-value">{n(boxes)}</span>
        </div>
        <div className="tile">
          <span className="tile-label">{t('fba.shipments.title')}</span>
          <span className="tile-value">{n(plan.shipments.length)}</span>
        </div>
        <div className="tile">
          <span className="tile-label">{t('fba.shipments.shippedAt')}</span>
          <span className="tile-value" data-testid="fba-shipped-at">
            {shippedAt ? formatDateTime(i18n.language, new Date(shippedAt)) : '–'}
          </span>
        </div>
      </div>
      <ShipmentsFacts plan={plan} />
      {plan.status === 'shipping' && (
        <div className="notice" data-testid="fba-void">
          {voidable ? (
            <p>
              {t('fba.void.cancelWithin')} <VoidCountdown until={voidable} />
            </p>
          ) : (
            <p>{t('fba.void.ownCarrier')}</p>
          )}
          <Refusal lines={cancel.refusal} testId="fba-cancel-refusal" />
          {mayCancel && voidable && (
            <button
              type="button"
              className="btn danger"
              disabled={cancel.busy !== null}
              onClick={() => setConfirming(true)}
              data-testid="fba-cancel-shipped"
            >
              {t('fba.cancelPlan')}
            </button>
          )}
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('fba.cancelTitle', { name: plan.name })}
          message={t('fba.void.cancelMessage', { units: plan.units })}
          confirmLabel={t('fba.cancelPlan')}
          onConfirm={() => {
            setConfirming(false);
            void cancel.run('cancel', 'cancel');
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </StepShell>
  );
}
