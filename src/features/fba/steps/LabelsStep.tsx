/**
 * The labels step: per shipment its labels (box labels in box order so label n goes on box n,
 * pallet labels and the bill of lading for LTL) and, for an own carrier, its tracking; then the
 * plan is marked shipped after a question — its units leave the ledger. The server refuses (412)
 * while anything is missing (an own carrier's tracking) and says what; that list is shown here.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../api';
import { useBoxTree } from '../box-tree';
import { ConfirmDialog } from '../ConfirmDialog';
import { mayChangePlans } from '../rights';
import { shipmentBoxes } from '../tracking';
import { Refusal } from './Refusal';
import { ShipmentLabels } from './ShipmentLabels';
import { StepShell } from './StepShell';
import { useStepAction } from './step-action';
import type { StepProps } from './types';

export function LabelsStep({ plan, state }: StepProps) {
  const { t } = useTranslation();
  const tree = useBoxTree(plan.id, plan.updatedAt);
  const ship = useStepAction(plan.id);
  const [confirming, setConfirming] = useState(false);
  const deciding = state === 'current' && plan.status !== 'cancelled' && mayChangePlans();
  const idle = deciding && !plan.operationId && ship.busy === null;
  const boxes = plan.shipments.reduce((n, s) => n + s.boxes, 0);

  return (
    <StepShell step="labels" state={state}>
      {tree.isError && (
        <p className="form-error" role="alert">
          {failureText(tree.error)}
        </p>
      )}
      {plan.shipments.length === 0 && <p className="muted">{t('fba.shipments.none')}</p>}
      <div className="tiles">
        {plan.shipments.map((s) => (
          <ShipmentLabels
            key={s.shipmentId}
            plan={plan}
            shipment={s}
            boxes={tree.data ? shipmentBoxes(tree.data, s, plan.shipments.length) : []}
            mayTrack={idle}
          />
        ))}
      </div>
      <Refusal lines={ship.refusal} testId="fba-ship-refusal" />
      {deciding && plan.shipments.length > 0 && (
        <div className="button-row">
          <button
            type="button"
            className="btn primary"
            disabled={!idle}
            onClick={() => setConfirming(true)}
            data-testid="fba-mark-shipped"
          >
            {ship.busy ? t('fba.ship.shipping') : t('fba.ship.markShipped')}
          </button>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('fba.ship.confirmTitle', { name: plan.name })}
          message={t('fba.ship.confirmMessage', { units: plan.units, boxes, count: plan.shipments.length })}
          confirmLabel={t('fba.ship.markShipped')}
          danger={false}
          keepLabel={t('fba.packing.notYet')}
          onConfirm={() => {
            setConfirming(false);
            void ship.run('ship', 'ship');
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </StepShell>
  );
}
