/**
 * The items step: while the plan is ours alone (open, at its items, Amazon not at work) its lines
 * are edited against what is available at PREP-FBA and saved together (PUT …/items: what they hold
 * follows); the pre-check says per SKU what Amazon would refuse; Submit sends it to Amazon (202)
 * and the workspace follows the operation. Once Amazon has the items they are shown read-only.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planDetailSchema, planSubmittedSchema, type PlanDetail } from '../../../../domain/schemas/fba';
import { postAs, putAs } from '../../../api/typed';
import { useFeedback } from '../../../ui/feedback-store';
import { failureLines, keys, planPath, usePlanSaved } from '../api';
import { useAvailableIndex } from '../availability';
import { AvailabilityGrid } from '../AvailabilityGrid';
import {
  checkLines,
  draftFromAvailability,
  draftFromItem,
  heldByProduct,
  linesChanged,
  withoutLine,
  type LineErrors,
} from '../lines';
import { LinesEditor } from '../LinesEditor';
import { PrecheckPanel, usePrecheck } from '../PrecheckPanel';
import { mayChangePlans } from '../rights';
import { AmazonIds, LinesFacts } from './PlanFacts';
import { StepShell } from './StepShell';
import type { StepProps } from './types';

export const linesEditable = (p: PlanDetail) =>
  p.status === 'open' && p.step === 'items' && !p.operationId && mayChangePlans();

export function ItemsStep({ plan, state }: StepProps) {
  const { t } = useTranslation();
  // Kept above the editor: a refusal journalled on the plan (a new updatedAt) must stay on screen.
  const [refusal, setRefusal] = useState<string[]>([]);
  return (
    <StepShell step="items" state={state}>
      {refusal.length > 0 && (
        <div className="form-error" role="alert" data-testid="fba-refusal">
          {refusal.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      )}
      {linesEditable(plan) ? (
        // A saved plan (a new updatedAt) starts the editor again from what the server holds.
        <ItemsEditor key={plan.updatedAt} plan={plan} setRefusal={setRefusal} />
      ) : (
        <>
          {plan.status === 'open' && plan.step === 'items' && plan.operationId && (
            <p className="notice" role="status">
              {t('fba.linesLockedAmazon')}
            </p>
          )}
          <AmazonIds plan={plan} show={['inboundPlanId']} />
          <LinesFacts plan={plan} />
        </>
      )}
    </StepShell>
  );
}

function ItemsEditor({ plan, setRefusal }: { plan: PlanDetail; setRefusal: (lines: string[]) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const saved = usePlanSaved();
  const toast = useFeedback((s) => s.toast);
  const held = useMemo(() => heldByProduct(plan), [plan]);
  const [lines, setLines] = useState(() => plan.items.map(draftFromItem));
  const productIds = useMemo(() => lines.map((l) => l.productId), [lines]);
  const available = useAvailableIndex(plan.companyId, productIds);
  const [errors, setErrors] = useState<Record<number, LineErrors>>({});
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const dirty = linesChanged(lines, plan.items);
  const inPlan = useMemo(() => new Set(lines.map((l) => l.productId)), [lines]);
  const check = usePrecheck(plan.id, plan.updatedAt);
  const blocked = !check.data || !check.data.ok;

  const save = async () => {
    setRefusal([]);
    const checked = checkLines(lines, available, held, t);
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length) return;
    setBusy('save');
    try {
      saved(
        await putAs(`${planPath(plan.id)}/items`, { items: checked.items }, planDetailSchema, {
          quiet: true,
          inlineRefusal: true,
        }),
      );
      toast('success', t('fba.linesSaved'));
    } catch (err) {
      setRefusal(failureLines(err));
    } finally {
      setBusy(null);
    }
  };

  const submit = async () => {
    setRefusal([]);
    setBusy('submit');
    try {
      await postAs(`${planPath(plan.id)}/submit`, {}, planSubmittedSchema, { quiet: true, inlineRefusal: true });
      toast('success', t('fba.submitted'));
    } catch (err) {
      setRefusal(failureLines(err));
    } finally {
      // Either way the plan is read again: Amazon at work, or the refusal journalled.
      await qc.invalidateQueries({ queryKey: keys.plan(plan.id) });
      setBusy(null);
    }
  };

  return (
    <>
      <h3>{t('fba.linesTitle', { count: lines.length })}</h3>
      <LinesEditor
        lines={lines}
        onChange={(next, productId) => {
          setLines(next);
          setErrors((e) => withoutLine(e, productId));
        }}
        errors={errors}
        available={available}
        held={held}
        preference={plan.labelingPreference}
      />
      <div className="button-row">
        <button type="button" className="btn primary" disabled={!dirty || busy !== null} onClick={() => void save()}>
          {t('fba.saveLines')}
        </button>
        <button
          type="button"
          className="btn"
          disabled={!dirty || busy !== null}
          onClick={() => {
            setLines(plan.items.map(draftFromItem));
            setErrors({});
            setRefusal([]);
          }}
        >
          {t('fba.undoChanges')}
        </button>
        <button
          type="button"
          className="btn primary"
          disabled={dirty || blocked || busy !== null || plan.items.length === 0}
          title={dirty ? t('fba.saveFirst') : blocked ? t('fba.fixFirst') : undefined}
          onClick={() => void submit()}
          data-testid="fba-submit"
        >
          {busy === 'submit' ? t('fba.submitting') : t('fba.submit')}
        </button>
      </div>
      {dirty && <p className="muted">{t('fba.saveFirst')}</p>}
      <PrecheckPanel check={check} planId={plan.id} fixable />
      <AvailabilityGrid
        companyId={plan.companyId}
        inPlan={inPlan}
        onAdd={(row) => setLines((ls) => [...ls, draftFromAvailability(row, plan.labelingPreference)])}
      />
    </>
  );
}
