/**
 * What Amazon would refuse, checked here before anything is sent (GET …/precheck): errors block
 * the submission, warnings do not; each said per SKU in words, the plan-wide ones first.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { precheckSchema, type Precheck, type PrecheckProblem } from '../../../domain/schemas/fba';
import { getAs } from '../../api/typed';
import { failureText, keys, planPath } from './api';

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

export function usePrecheck(planId: number, version: string) {
  return useQuery({
    queryKey: [...keys.precheck(planId), version],
    queryFn: () => getAs(`${planPath(planId)}/precheck`, precheckSchema, { quiet: true, background: true }),
  });
}

export function PrecheckPanel({ check }: { check: ReturnType<typeof usePrecheck> }) {
  const { t } = useTranslation();
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
        <PrecheckResult result={check.data} />
      )}
    </section>
  );
}

function PrecheckResult({ result }: { result: Precheck }) {
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
