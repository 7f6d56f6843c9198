/**
 * Merging other plans into this one (POST …/{id}/consolidate): the client's other plans of the same
 * store still at items are offered; the chosen ones are cancelled and their units held here, in one
 * transaction. The server has the last word (different expiration dates for one product, a plan
 * Amazon has meanwhile, a line above 10,000 units) and its refusal is shown as it words it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PAGE_SIZE } from '../../../../domain/paging';
import { planDetailSchema, planPageSchema, type PlanDetail } from '../../../../domain/schemas/fba';
import { getAs, postAs } from '../../../api/typed';
import { failureLines, failureText, keys, planPath, PLANS, usePlanSaved } from '../api';
import { ActionDialog } from './ActionDialog';
import { mergeCandidates } from './reshape-rules';
import { formatDateTime, formatNumber } from '../../../../domain/format';

export function MergePlansDialog({ plan, onClose }: { plan: PlanDetail; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const saved = usePlanSaved();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const n = (v: number) => formatNumber(i18n.language, v);
  // The list filters by client and status; store and step are narrowed here (the list has no such filter).
  const open = useQuery({
    queryKey: ['fba-merge-candidates', plan.id],
    queryFn: () =>
      getAs(PLANS, planPageSchema, {
        query: { companyId: plan.companyId, status: 'open', pageSize: MAX_PAGE_SIZE },
        background: true,
        quiet: true,
      }),
    select: (page) => mergeCandidates(page.content, plan),
  });
  const candidates = open.data ?? [];
  const picked = candidates.filter((c) => chosen.has(c.id));
  const units = picked.reduce((sum, c) => sum + c.units, 0);

  const toggle = (id: number) => {
    setError(null);
    setChosen((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  };
  const merge = async () => {
    if (!picked.length) return setError(t('fba.reshape.mergeNone'));
    setBusy(true);
    setRefusal([]);
    try {
      const planIds = picked.map((c) => c.id);
      saved(await postAs(`${planPath(plan.id)}/consolidate`, { planIds }, planDetailSchema, { inlineRefusal: true }));
      // The merged plans are cancelled now: whoever opens one reads it again.
      for (const id of planIds) void qc.invalidateQueries({ queryKey: keys.plan(id) });
      onClose();
    } catch (err) {
      setRefusal(failureLines(err));
      // A plan that moved on meanwhile is no longer offered.
      void open.refetch();
      setBusy(false);
    }
  };

  return (
    <ActionDialog
      title={t('fba.reshape.mergeTitle', { name: plan.name })}
      confirmLabel={picked.length ? t('fba.reshape.mergeConfirm', { plans: picked.length }) : t('fba.reshape.merge')}
      busy={busy || open.isPending}
      refusal={refusal}
      danger
      testId="fba-merge-dialog"
      onConfirm={() => void merge()}
      onClose={onClose}
    >
      <p>{t('fba.reshape.mergeIntro', { store: plan.storeName })}</p>
      <p className="muted">{t('fba.reshape.savedLinesOnly')}</p>
      {open.isPending ? (
        <p className="grid-state">{t('app.loading')}</p>
      ) : open.isError ? (
        <p className="form-error" role="alert">
          {failureText(open.error)}
        </p>
      ) : !candidates.length ? (
        <p className="grid-state empty" data-testid="fba-merge-empty">
          {t('fba.reshape.mergeEmpty')}
        </p>
      ) : (
        <div className="table-wrap">
          <table className="grid" data-testid="fba-merge-candidates">
            <thead>
              <tr>
                <th aria-label={t('fba.reshape.choose')} />
                <th>{t('fba.planName')}</th>
                <th>{t('fba.skus')}</th>
                <th>{t('fba.units')}</th>
                <th>{t('fba.updated')}</th>
              </tr>
            </thead>
            <tbody>
              {candidates.map((c) => (
                <tr key={c.id} data-testid="fba-merge-candidate" data-plan={c.id}>
                  <td>
                    <input
                      type="checkbox"
                      name={`merge-${c.id}`}
                      checked={chosen.has(c.id)}
                      aria-label={t('fba.reshape.mergeOne', { name: c.name })}
                      onChange={() => toggle(c.id)}
                    />
                  </td>
                  <td>
                    {c.name} <span className="muted">#{c.id}</span>
                  </td>
                  <td>{n(c.skus)}</td>
                  <td>{n(c.units)}</td>
                  <td>{formatDateTime(i18n.language, c.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {picked.length > 0 && (
        <p data-testid="fba-merge-summary">
          {t('fba.reshape.mergeSummary', { plans: picked.length, units: n(units), total: n(plan.units + units) })}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </ActionDialog>
  );
}
