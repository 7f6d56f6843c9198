/**
 * Background jobs (/apps/management/jobs): the tenant's jobs for administrators, or the caller's
 * own — queued, running with their progress, failed with the error in words — with retry and
 * cancel. Refreshes itself while something is queued or running.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JOB_STATES, jobPageSchema, jobSchema, type JobView } from '../../../domain/schemas/jobs';
import { ApiFailure } from '../../api/client';
import { getAs, postAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';
import { formatDateTime } from '../../../domain/format';

const KEY = ['jobs'];

export default function JobsPage() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const toast = useFeedback((f) => f.toast);
  const [state, setState] = useState('');
  const jobs = useQuery({
    queryKey: [...KEY, state],
    queryFn: () =>
      getAs('/api/jobs/batch-process', jobPageSchema, {
        query: { pageSize: 50, state: state || undefined },
        background: true,
      }),
    refetchInterval: (q) =>
      q.state.data?.content.some((j) => j.state === 'active' || j.state === 'created' || j.state === 'retry')
        ? 2_000
        : false,
  });
  const act = async (job: JobView, action: 'retry' | 'cancel') => {
    try {
      await postAs(`/api/jobs/batch-process/${job.id}/${action}`, undefined, jobSchema, { quiet: true });
    } catch (err) {
      toast('error', err instanceof ApiFailure ? err.message : String(err));
    }
    await qc.invalidateQueries({ queryKey: KEY });
  };
  const when = (iso: string | null) => (iso ? formatDateTime(i18n.language, iso) : '—');
  return (
    <div className="page">
      <h1>{t('jobs.title')}</h1>
      <label className="inline-form">
        {t('jobs.state')}
        <select name="state" value={state} onChange={(e) => setState(e.target.value)}>
          <option value="">{t('grid.all')}</option>
          {JOB_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`jobs.states.${s}`)}
            </option>
          ))}
        </select>
      </label>
      {jobs.isPending ? (
        <p className="grid-state">{t('app.loading')}</p>
      ) : jobs.isError ? (
        <p className="form-error" role="alert">
          {t('errors.generic')}
        </p>
      ) : jobs.data.content.length === 0 ? (
        <p className="grid-state">{t('jobs.none')}</p>
      ) : (
        <div className="store-list">
          {jobs.data.content.map((j) => (
            <article key={j.id} className="card store-card" data-testid="job" data-state={j.state}>
              <header className="store-card-head">
                <h2>{t(`jobs.names.${j.name}`, { defaultValue: j.name })}</h2>
                <span className={`pill job-${j.state}`}>{t(`jobs.states.${j.state}`)}</span>
              </header>
              {(j.state === 'active' || j.progress.done > 0) && (
                <p>
                  <progress
                    max={j.progress.total ?? undefined}
                    value={j.progress.total ? j.progress.done : undefined}
                    aria-label={t('jobs.progress')}
                  />{' '}
                  {j.progress.note ?? ''}
                </p>
              )}
              <dl className="store-facts">
                <dt>{t('jobs.startedBy')}</dt>
                <dd>{j.startedBy?.username ?? t('jobs.schedule')}</dd>
                <dt>{t('jobs.created')}</dt>
                <dd>{when(j.createdAt)}</dd>
                <dt>{t('jobs.completed')}</dt>
                <dd>{when(j.completedAt)}</dd>
                <dt>{t('jobs.attempts')}</dt>
                <dd>{`${j.retryCount + 1} / ${j.retryLimit + 1}`}</dd>
              </dl>
              {j.error && <p className="form-error">{j.error}</p>}
              <div className="button-row">
                {(j.state === 'failed' || j.state === 'cancelled') && (
                  <button type="button" className="btn" onClick={() => void act(j, 'retry')}>
                    {t('jobs.retry')}
                  </button>
                )}
                {(j.state === 'created' || j.state === 'retry' || j.state === 'active') && (
                  <button type="button" className="btn" onClick={() => void act(j, 'cancel')}>
                    {t('jobs.cancel')}
                  </button>
                )}
              </div>
            </article>
          ))}
        </div>
      )}
    </div>
  );
}
