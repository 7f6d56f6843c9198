/**
 * What Amazon would refuse, checked here before anything is sent (GET …/precheck): errors block
 * the submission, warnings do not; each said per SKU in words, the plan-wide ones first. A prep
 * category Amazon lacks can be set from here.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { precheckSchema, type Precheck, type PrecheckProblem } from '../../../domain/schemas/fba';
import { getAs } from '../../api/typed';
import { failureText, keys, planPath } from './api';
import { PrepCategoryFix } from './PrepCategoryFix';

/** Problems grouped by the line they are about; the plan's own (no SKU) first. */
export function problemsBySku(problems: readonly PrecheckProblem[]) {
  const groups = new Map<string, { sku: string | null; title: string | null; list: PrecheckProblem[] }>();
  for (const p of problems) {
    const key = p.planItemId === null ? '' : `${p.planItemId}`;
    const group = groups.get(key) ?? { sku: p.sku, title: p.title, list: [] };
    group.list.push(p);
    groups.set(key, group);
  }
  return [...groups.entries()].sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : 0)).map(([, g]) => g);
}

/** While Amazon applies a prep category sent from here, the check is asked again every few seconds. */
const PENDING_POLL_MS = 2_000;

export function usePrecheck(planId: number, version: string) {
  return useQuery({
    queryKey: [...keys.precheck(planId), version],
    queryFn: () => getAs(`${planPath(planId)}/precheck`, precheckSchema, { quiet: true, background: true }),
    refetchInterval: (q) => (q.state.data?.problems.some((p) => p.code === 'prep_pending') ? PENDING_POLL_MS : false),
  });
}

/** A prep category Amazon has just applied is journalled on the plan: the plan is read again to show it. */
function usePlanRereadWhenApplied(result: Precheck | undefined, planId: number) {
  const qc = useQueryClient();
  const wasPending = useRef(false);
  const pending = !!result?.problems.some((p) => p.code === 'prep_pending');
  useEffect(() => {
    if (wasPending.current && !pending) void qc.invalidateQueries({ queryKey: keys.plan(planId) });
    wasPending.current = pending;
  }, [pending, planId, qc]);
}

/** `fixable`: the plan is still ours to change, so a problem's fix (a prep category to set) is offered. */
export function PrecheckPanel({
  check,
  planId,
  fixable = false,
}: {
  check: ReturnType<typeof usePrecheck>;
  planId: number;
  fixable?: boolean;
}) {
  const { t } = useTranslation();
  usePlanRereadWhenApplied(check.data, planId);
  return (
    <section className="card" aria-labelledby="fba-precheck-head" data-testid="fba-precheck">
      <h2 id="fba-precheck-head">{t('fba.precheck.title')}</h2>
      {check.isPending ? (
        <p className="muted">{t('app.loading')}</p>
      ) : check.isError ? (
        <p className="form-error" role="alert">
          {failureText(check.error)}{' '}
          <button type="button" className="btn small" onClick={() => void check.refetch()}>
            {t('grid.retry')}
          </button>
        </p>
      ) : (
        <PrecheckResult result={check.data} planId={planId} fixable={fixable} />
      )}
    </section>
  );
}

function PrecheckResult({ result, planId, fixable }: { result: Precheck; planId: number; fixable: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <p data-testid="fba-precheck-summary" data-ok={result.ok}>
        <span className={`pill ${result.ok ? 'ok' : 'danger'}`}>
          {result.ok ? t('fba.precheck.ok') : t('fba.precheck.blocked')}
        </span>{' '}
        {t('fba.precheck.summary', {
          skus: result.skus,
          units: result.units,
          errors: result.errors,
          warnings: result.warnings,
        })}
      </p>
      {result.problems.length > 0 && (
        <ul className="plain-list" data-testid="fba-precheck-problems">
          {problemsBySku(result.problems).map((g) => (
            <li key={`${g.sku ?? ''}-${g.title ?? ''}`}>
              <strong>{g.sku ?? t('fba.precheck.wholePlan')}</strong>
              {g.title && <span className="muted"> · {g.title}</span>}
              <ul>
                {g.list.map((p, n) => (
                  <li key={n} data-severity={p.severity}>
                    <span className={`pill ${p.severity === 'error' ? 'danger' : 'warn'}`}>
                      {t(`fba.precheck.${p.severity}`)}
                    </span>{' '}
                    {p.message}
                    {fixable && p.code === 'prep_category_unknown' && p.sku && (
                      <div>
                        <PrepCategoryFix planId={planId} msku={p.sku} />
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
