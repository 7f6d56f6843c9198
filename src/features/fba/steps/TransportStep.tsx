/**
 * The transport step: for each shipment of the confirmed placement, how it travels — Amazon's
 * partnered carrier (quoted; its charge can be voided for 24 h small parcel, 1 h LTL) or the
 * seller's own carrier (which needs a delivery window booked first). The choices are confirmed
 * together in one request after a question that says which void windows start; a refusal (412)
 * is listed per shipment. Past this step it shows what was confirmed.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ConfirmDialog';
import { mayChangePlans } from '../rights';
import { buildSelections, initialChoices, optionsFor, voidWindowOf, type Choices } from '../transport-choices';
import { AmazonIds } from './PlanFacts';
import { Refusal } from './Refusal';
import { ShipmentsFacts } from './ShipmentsFacts';
import { ShipmentTransport } from './ShipmentTransport';
import { StepShell } from './StepShell';
import { useStepAction } from './step-action';
import type { StepProps } from './types';

export function TransportStep({ plan, state }: StepProps) {
  const { t } = useTranslation();
  const action = useStepAction(plan.id);
  const [choices, setChoices] = useState<Choices>(() => initialChoices(plan.shipments));
  const [checked, setChecked] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [now] = useState(() => Date.now());
  const deciding = state === 'current' && plan.status !== 'cancelled' && mayChangePlans();
  const working = !!plan.operationId;
  const idle = deciding && !working && action.busy === null;

  if (state === 'done')
    return (
      <StepShell step="transport" state={state}>
        <ShipmentsFacts plan={plan} />
      </StepShell>
    );

  const check = buildSelections(plan, choices);
  const voids = voidWindowOf(plan, choices);
  const shipmentName = (id: string) => plan.shipments.find((s) => s.shipmentId === id)?.name ?? id;

  const ask = () => {
    const problems = [
      ...check.missing.map((id) => t('fba.transport.chooseFor', { shipment: shipmentName(id) })),
      ...check.needWindow.map((id) => t('fba.transport.windowFirst', { shipment: shipmentName(id) })),
    ];
    setChecked(problems);
    if (!problems.length) setConfirming(true);
  };

  return (
    <StepShell step="transport" state={state}>
      <AmazonIds plan={plan} show={['placementOptionId']} />
      {plan.shipments.length === 0 && (
        <p className="muted" data-testid="fba-transport-none">
          {working ? t('fba.transport.waiting') : t('fba.transport.noShipments')}
        </p>
      )}
      <div className="tiles">
        {plan.shipments.map((s) => (
          <ShipmentTransport
            key={s.shipmentId}
            shipment={s}
            options={optionsFor(plan, s.shipmentId)}
            windows={plan.transportOptions.windows[s.shipmentId] ?? []}
            chosen={choices[s.shipmentId]}
            now={now}
            working={working}
            onChoose={
              deciding
                ? (id) => {
                    setChoices((c) => ({ ...c, [s.shipmentId]: id }));
                    setChecked([]);
                  }
                : undefined
            }
            onAskWindows={
              idle
                ? () => void action.run('windows', `shipments/${encodeURIComponent(s.shipmentId)}/delivery-windows`)
                : undefined
            }
            onBookWindow={
              idle
                ? (deliveryWindowOptionId) =>
                    void action.run('book', `shipments/${encodeURIComponent(s.shipmentId)}/delivery-windows/confirm`, {
                      deliveryWindowOptionId,
                    })
                : undefined
            }
          />
        ))}
      </div>
      {checked.length > 0 && (
        <ul className="form-error plain-list" role="alert" data-testid="fba-transport-missing">
          {checked.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <Refusal lines={action.refusal} />
      {(voids.spd || voids.ltl) && (
        <p className="notice" role="status" data-testid="fba-void-warning">
          {[voids.spd ? t('fba.transport.voidSpd') : '', voids.ltl ? t('fba.transport.voidLtl') : '']
            .filter(Boolean)
            .join(' ')}
        </p>
      )}
      {deciding && plan.shipments.length > 0 && (
        <div className="button-row">
          <button
            type="button"
            className="btn primary"
            disabled={!idle}
            onClick={ask}
            data-testid="fba-transport-confirm"
          >
            {action.busy === 'confirm' || plan.operation === 'confirmTransportationOptions'
              ? t('fba.transport.confirming')
              : t('fba.transport.confirm', { count: plan.shipments.length })}
          </button>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('fba.transport.confirmTitle')}
          message={[
            t('fba.transport.confirmMessage', { count: check.selections.length }),
            voids.spd ? t('fba.transport.voidSpd') : '',
            voids.ltl ? t('fba.transport.voidLtl') : '',
          ]
            .filter(Boolean)
            .join(' ')}
          confirmLabel={t('fba.transport.confirmShort')}
          danger={false}
          keepLabel={t('fba.packing.notYet')}
          onConfirm={() => {
            setConfirming(false);
            void action.run('confirm', 'transport/confirm', { selections: check.selections });
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </StepShell>
  );
}
