/**
 * The packing step: Amazon's ways to pack the plan (asked for by the server as soon as Amazon has
 * the plan), compared by cost with their packing groups, shipping modes and box weight limit; one
 * is confirmed (asked first — Amazon does not take it back), after which the lines know their
 * packing groups and the plan goes to the bench. Offers that expired or failed are asked for
 * again. Past this step it shows the option chosen.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planDetailSchema, type PackingOptionView } from '../../../../domain/schemas/fba';
import { postAs } from '../../../api/typed';
import { failureLines, planPath, usePlanSaved } from '../api';
import { ConfirmDialog } from '../ConfirmDialog';
import { cheapestOption } from '../packing-options';
import { mayChangePlans } from '../rights';
import { PackingOptionCard } from './PackingOptionCard';
import { AmazonIds, LinesFacts } from './PlanFacts';
import { StepShell } from './StepShell';
import type { StepProps } from './types';

export function PackingStep({ plan, state }: StepProps) {
  const { t } = useTranslation();
  const saved = usePlanSaved();
  const [choosing, setChoosing] = useState<PackingOptionView | null>(null);
  const [refusal, setRefusal] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [now] = useState(() => Date.now());
  const deciding = state === 'current' && plan.status === 'open' && mayChangePlans();
  const working = !!plan.operationId;
  const options = plan.packingOptions;
  const cheapest = cheapestOption(options, now);

  const run = async (path: string, body: unknown) => {
    setBusy(true);
    setRefusal([]);
    try {
      saved(await postAs(`${planPath(plan.id)}/${path}`, body, planDetailSchema, { quiet: true, inlineRefusal: true }));
    } catch (err) {
      setRefusal(failureLines(err));
    } finally {
      setBusy(false);
      setChoosing(null);
    }
  };

  return (
    <StepShell step="packing" state={state}>
      <AmazonIds plan={plan} show={['inboundPlanId', 'packingOptionId']} />
      {refusal.length > 0 && (
        <div className="form-error" role="alert" data-testid="fba-refusal">
          {refusal.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      )}
      {deciding && !working && (
        <div className="button-row">
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={() => void run('packing-options', {})}
            data-testid="fba-packing-ask"
          >
            {options.length ? t('fba.packing.askAgain') : t('fba.packing.ask')}
          </button>
        </div>
      )}
      <h3>{t('fba.packing.optionsTitle', { count: options.length })}</h3>
      {options.length === 0 ? (
        <p className="muted" data-testid="fba-packing-none">
          {working ? t('fba.packing.waiting') : t('fba.packing.none')}
        </p>
      ) : (
        <div className="tiles">
          {options.map((o) => (
            <PackingOptionCard
              key={o.packingOptionId}
              option={o}
              now={now}
              chosen={o.packingOptionId === plan.packingOptionId}
              recommended={options.length > 1 && o.packingOptionId === cheapest}
              onChoose={deciding && !working && !busy ? () => setChoosing(o) : undefined}
            />
          ))}
        </div>
      )}
      <h3>{t('fba.linesTitle', { count: plan.items.length })}</h3>
      <LinesFacts plan={plan} packing />
      {choosing && (
        <ConfirmDialog
          title={t('fba.packing.confirmTitle')}
          message={t('fba.packing.confirmMessage', { count: choosing.groups.length })}
          confirmLabel={t('fba.packing.choose')}
          busy={busy}
          danger={false}
          keepLabel={t('fba.packing.notYet')}
          onConfirm={() => void run('packing-options/confirm', { packingOptionId: choosing.packingOptionId })}
          onClose={() => setChoosing(null)}
        />
      )}
    </StepShell>
  );
}
