/**
 * The placement step: Amazon's placement options side by side by total landed cost — where the
 * boxes go, the placement fee, and each way of transport (Amazon quotes one option at a time, so
 * the comparison fills in while the screen watches; an option can be quoted again). One is
 * confirmed after a question — Amazon does not take it back — and the plan gets its shipments.
 * Past this step it shows the option confirmed.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placementComparison, quotesComing, type PlacementComparison } from '../landed-costs';
import { money } from '../packing-options';
import { ConfirmDialog } from '../ConfirmDialog';
import { mayChangePlans } from '../rights';
import { AmazonIds } from './PlanFacts';
import { PlacementOptionCard } from './PlacementOptionCard';
import { Refusal } from './Refusal';
import { StepShell } from './StepShell';
import { useStepAction } from './step-action';
import type { StepProps } from './types';

export function PlacementStep({ plan, state }: StepProps) {
  const { t, i18n } = useTranslation();
  const action = useStepAction(plan.id);
  const [choosing, setChoosing] = useState<PlacementComparison | null>(null);
  const [now] = useState(() => Date.now());
  const deciding = state === 'current' && plan.status !== 'cancelled' && mayChangePlans();
  const working = !!plan.operationId;
  const rows = placementComparison(plan, now);
  const coming = quotesComing(rows, plan.operation);
  const shown = state === 'done' ? rows.filter((r) => r.placementOptionId === plan.placementOptionId) : rows;
  const idle = deciding && !working && action.busy === null;

  const cheapest = choosing
    ? choosing.modes.filter((m) => m.totalCents !== null).sort((a, b) => (a.totalCents ?? 0) - (b.totalCents ?? 0))[0]
    : undefined;

  return (
    <StepShell step="placement" state={state}>
      <AmazonIds plan={plan} show={['inboundPlanId', 'placementOptionId']} />
      <Refusal lines={action.refusal} />
      {deciding && !working && (
        <div className="button-row">
          <button
            type="button"
            className="btn"
            disabled={action.busy !== null}
            onClick={() => void action.run('ask', 'placement-options')}
            data-testid="fba-placement-ask"
          >
            {rows.length ? t('fba.placement.askAgain') : t('fba.placement.ask')}
          </button>
        </div>
      )}
      <h3>{t('fba.placement.optionsTitle', { count: shown.length })}</h3>
      {deciding && rows.length > 0 && coming && (
        <p className="notice" role="status" data-testid="fba-placement-quoting">
          {t('fba.placement.stillQuoting', {
            quoted: rows.filter((r) => r.quoted).length,
            count: rows.length,
          })}
        </p>
      )}
      {shown.length === 0 ? (
        <p className="muted" data-testid="fba-placement-none">
          {working ? t('fba.placement.waiting') : t('fba.placement.none')}
        </p>
      ) : (
        <div className="tiles" data-testid="fba-placement-options">
          {shown.map((r) => (
            <PlacementOptionCard
              key={r.placementOptionId}
              row={r}
              chosen={r.placementOptionId === plan.placementOptionId}
              quoting={plan.operation === 'generateTransportationOptions' || (!r.quoted && working)}
              onQuote={
                idle
                  ? () => void action.run('quote', 'transport-options', { placementOptionId: r.placementOptionId })
                  : undefined
              }
              onChoose={idle ? () => setChoosing(r) : undefined}
            />
          ))}
        </div>
      )}
      {choosing && (
        <ConfirmDialog
          title={t('fba.placement.confirmTitle')}
          message={[
            t('fba.placement.confirmMessage', {
              count: choosing.destinations.length,
              places: choosing.destinations.map((d) => d.warehouseId ?? '–').join(', '),
              fee: money(choosing.feeCents, choosing.currency, i18n.language),
            }),
            cheapest?.totalCents != null
              ? t('fba.placement.confirmLanded', {
                  total: money(cheapest.totalCents, choosing.currency, i18n.language),
                  mode: t(`fba.placement.modes.${cheapest.mode}`),
                })
              : '',
            coming && !choosing.recommended ? t('fba.placement.confirmEarly') : '',
          ]
            .filter(Boolean)
            .join(' ')}
          confirmLabel={t('fba.placement.choose')}
          busy={action.busy !== null}
          danger={false}
          keepLabel={t('fba.packing.notYet')}
          onConfirm={() => {
            const id = choosing.placementOptionId;
            setChoosing(null);
            void action.run('confirm', 'placement-options/confirm', { placementOptionId: id });
          }}
          onClose={() => setChoosing(null)}
        />
      )}
    </StepShell>
  );
}
