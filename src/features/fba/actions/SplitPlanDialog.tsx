/**
 * Splitting a plan at items (POST …/{id}/split): per saved line how many units move to a new plan
 * (0…the line's quantity), checked in place — something must move and something must stay — and an
 * optional name. The units move with the lines in one transaction on the server, so availability
 * does not change; the new plan opens with both plans' totals said.
 */
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_PLAN_NAME,
  planDetailSchema,
  planSplitResultSchema,
  type PlanDetail,
} from '../../../../domain/schemas/fba';
import { getAs, postAs } from '../../../api/typed';
import { failureLines, planPath, usePlanSaved } from '../api';
import { planHref } from '../plan-links';
import { ActionDialog } from './ActionDialog';
import { checkSplit, checkSplitName, defaultSplitName } from './reshape-rules';
import { totalsOf, useSplitOutcome } from './split-outcome';
import { formatNumber } from '../../../../domain/format';

export function SplitPlanDialog({ plan, onClose }: { plan: PlanDetail; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const saved = usePlanSaved();
  const remember = useSplitOutcome((s) => s.remember);
  const [moves, setMoves] = useState<Record<number, string>>({});
  const [name, setName] = useState(defaultSplitName(plan.name));
  const [shown, setShown] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  // Checked as typed; errors are shown once the user has tried to split.
  const check = checkSplit(plan.items, moves, t);
  const n = (v: number) => formatNumber(i18n.language, v);

  const split = async () => {
    setShown(true);
    const named = checkSplitName(name, t);
    setNameError(named.error);
    if (named.error !== null || check.error || Object.keys(check.lineErrors).length) return;
    setBusy(true);
    setRefusal([]);
    const body = { items: check.items, ...(named.name ? { name: named.name } : {}) };
    let result: { from: number; to: number };
    try {
      result = await postAs(`${planPath(plan.id)}/split`, body, planSplitResultSchema, { inlineRefusal: true });
    } catch (err) {
      setRefusal(failureLines(err));
      setBusy(false);
      return;
    }
    // Both plans read again (the source's lines shrank, the new one holds what moved); the split is
    // done either way, so a failed read only leaves the totals unsaid.
    const read = await Promise.all(
      [result.from, result.to].map((id) => getAs(planPath(id), planDetailSchema, { quiet: true })),
    ).catch(() => null);
    if (read) {
      read.forEach(saved);
      remember({ from: totalsOf(read[0]), to: totalsOf(read[1]) });
    }
    onClose();
    void navigate({ to: planHref({ id: result.to, accountNo: plan.accountNo, step: 'items' }) });
  };

  return (
    <ActionDialog
      title={t('fba.reshape.splitTitle', { name: plan.name })}
      confirmLabel={t('fba.reshape.splitConfirm')}
      busy={busy}
      refusal={refusal}
      testId="fba-split-dialog"
      onConfirm={() => void split()}
      onClose={onClose}
    >
      <p>{t('fba.reshape.splitIntro')}</p>
      <p className="muted">{t('fba.reshape.savedLinesOnly')}</p>
      <div className="table-wrap">
        <table className="grid" data-testid="fba-split-lines">
          <thead>
            <tr>
              <th>{t('po.fields.title')}</th>
              <th>{t('fba.quantity')}</th>
              <th>{t('fba.reshape.move')}</th>
              <th>{t('fba.reshape.stays')}</th>
            </tr>
          </thead>
          <tbody>
            {plan.items.map((l) => {
              const raw = moves[l.id] ?? '';
              const moving = /^\d+$/.test(raw.trim()) ? Number(raw) : 0;
              const error = shown ? check.lineErrors[l.id] : undefined;
              return (
                <tr key={l.id} data-testid="fba-split-line" data-item={l.id}>
                  <td>
                    <strong>{l.title}</strong>
                    <br />
                    <span className="codes muted">{[l.msku, l.fnsku].filter(Boolean).join(' · ')}</span>
                  </td>
                  <td>{n(l.quantity)}</td>
                  <td>
                    <input
                      name={`move-${l.productId}`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={l.quantity}
                      step={1}
                      placeholder="0"
                      value={raw}
                      aria-label={t('fba.reshape.moveOf', { title: l.title })}
                      aria-invalid={!!error}
                      onChange={(e) => setMoves((m) => ({ ...m, [l.id]: e.target.value }))}
                    />
                    {error && <small className="form-error">{error}</small>}
                  </td>
                  <td data-testid="stays">{moving <= l.quantity ? n(l.quantity - moving) : '–'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="muted" data-testid="fba-split-summary">
        {t('fba.reshape.splitSummary', { moving: n(check.moving), staying: n(Math.max(check.staying, 0)) })}
      </p>
      {shown && check.error && (
        <p className="form-error" role="alert">
          {check.error}
        </p>
      )}
      <label className="field">
        <span>{t('fba.reshape.newName')}</span>
        <input
          name="splitName"
          value={name}
          maxLength={MAX_PLAN_NAME}
          placeholder={defaultSplitName(plan.name)}
          aria-invalid={!!nameError}
          onChange={(e) => {
            setName(e.target.value);
            setNameError(null);
          }}
        />
        <small className="muted">{t('fba.reshape.newNameHelp', { max: MAX_PLAN_NAME })}</small>
        {nameError && <small className="form-error">{nameError}</small>}
      </label>
    </ActionDialog>
  );
}
