/**
 * The packer's bench, first screen (/apps/outbound/bench): the plans at the bench that this device
 * holds (offline too), each with its client and how much is boxed; or a plan's number typed (a
 * plan printed on a pick sheet, a link from the FBA workspace).
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlansAtBench } from './queries';
import { benchHref } from './routes';

export default function BenchPickerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const plans = usePlansAtBench();
  const [q, setQ] = useState('');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const needle = q.trim().toLowerCase();
  const shown = (plans ?? []).filter(
    (p) => !needle || [p.name, p.companyName, p.accountNo, String(p.id)].some((v) => v?.toLowerCase().includes(needle)),
  );
  return (
    <div className="page">
      <h1>{t('bench.pickTitle')}</h1>
      <p className="muted">{t('bench.pickIntro')}</p>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          const id = Number(typed.trim());
          if (!Number.isInteger(id) || id <= 0) return setError(t('bench.badPlan'));
          setError(null);
          void navigate({ to: benchHref(id) });
        }}
      >
        <label className="field">
          <span>{t('bench.planNo')}</span>
          <input name="planId" inputMode="numeric" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </label>
        <button className="btn primary" type="submit">
          {t('bench.open')}
        </button>
        {error && (
          <span className="form-error" role="alert">
            {error}
          </span>
        )}
      </form>
      {plans && plans.length > 5 && (
        <input
          type="search"
          aria-label={t('bench.search')}
          placeholder={t('bench.search')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
      )}
      {plans === undefined ? (
        <p className="muted">{t('app.loading')}</p>
      ) : shown.length === 0 ? (
        <p className="grid-state" data-testid="bench-no-plans">
          {plans.length === 0 ? t('bench.noPlans') : t('bench.noMatch')}
        </p>
      ) : (
        <ul className="pick-list" data-testid="bench-plans">
          {shown.map((p) => (
            <li key={p.id}>
              <Link to={benchHref(p.id)} className="card pick" data-plan={p.id}>
                <strong>{p.name}</strong>{' '}
                <span className="muted">{[`#${p.id}`, p.accountNo, p.companyName].filter(Boolean).join(' · ')}</span>
                <span className="pick-progress">
                  {t('bench.pickProgress', { boxed: p.boxed, units: p.units, open: p.openBoxes })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
