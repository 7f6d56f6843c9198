/**
 * One problem: what happened, its notes and photos, and the next step — the client chooses a
 * resolution; the warehouse records what it did and closes it. Closed problems are read-only.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CLIENT_RESOLUTIONS,
  CLOSED_PROBLEM_STATUSES,
  PROBLEM_RESOLUTIONS,
  PROBLEM_STATUSES,
} from '../../../domain/schemas/problems';
import { ApiFailure } from '../../api/client';
import { useSession } from '../../app/session';
import { useFeedback } from '../../ui/feedback-store';
import { AuthImage } from './AuthImage';
import { getAs, postAs, putAs } from '../../api/typed';
import { problemDetailSchema, type ProblemDetailBody } from '../../../domain/schemas/problems';
import { photoDataUrl } from './photo';
import { formatDateTime } from '../../../domain/format';

export type Problem = ProblemDetailBody;

const base = '/api/problem-management/problem';

export function ProblemDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const toast = useFeedback((s) => s.toast);
  const warehouse = useSession((s) => s.user?.audience) === 'Warehouse';
  const problem = useQuery({
    queryKey: ['problem', id],
    queryFn: () => getAs(`${base}/${id}`, problemDetailSchema, { quiet: true, inlineRefusal: true }),
  });
  const [note, setNote] = useState('');
  const [status, setStatus] = useState<string>('');
  const [resolution, setResolution] = useState<string>('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (problem.isPending)
    return (
      <aside className="card problem-detail">
        <p className="muted">{t('app.loading')}</p>
      </aside>
    );
  if (problem.isError)
    return (
      <aside className="card problem-detail">
        <p className="form-error">{String(problem.error)}</p>
      </aside>
    );
  const p = problem.data;
  const closed = CLOSED_PROBLEM_STATUSES.includes(p.status);

  const update = async (body: Record<string, string>) => {
    setBusy(true);
    setError(null);
    try {
      qc.setQueryData(
        ['problem', id],
        await putAs(`${base}/${id}`, body, problemDetailSchema, { quiet: true, inlineRefusal: true }),
      );
      void qc.invalidateQueries({ queryKey: ['problems'] });
      setNote('');
      setStatus('');
      setResolution('');
      toast('success', t('problems.saved'));
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const save = () => {
    const body: Record<string, string> = {};
    if (status) body.status = status;
    if (resolution) body.resolution = resolution;
    if (note.trim()) body.note = note.trim();
    if (Object.keys(body).length === 0) return setError(t('problems.nothingToSave'));
    void update(body);
  };
  const addPhoto = async (file: File | undefined) => {
    if (!file) return;
    try {
      qc.setQueryData(
        ['problem', id],
        await postAs(`${base}/${id}/photos`, { dataUrl: await photoDataUrl(file) }, problemDetailSchema, {
          quiet: true,
          inlineRefusal: true,
        }),
      );
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : String(err));
    }
  };

  const resolutions = warehouse ? PROBLEM_RESOLUTIONS.filter((r) => r !== 'none') : CLIENT_RESOLUTIONS;
  return (
    <aside className="card problem-detail" aria-label={t('problems.detail', { id: p.id })} data-testid="problem-detail">
      <div className="page-head">
        <h2>
          {t(`problems.types.${p.type}`)} · #{p.id}
        </h2>
        <button type="button" className="btn" onClick={onClose}>
          {t('problems.close')}
        </button>
      </div>
      <dl className="facts">
        <dt>{t('po.client')}</dt>
        <dd>{`${p.accountNo ?? ''} ${p.companyName}`.trim()}</dd>
        {p.batchName && (
          <>
            <dt>{t('po.batchName')}</dt>
            <dd>{p.batchName}</dd>
          </>
        )}
        {p.itemTitle && (
          <>
            <dt>{t('problems.item')}</dt>
            <dd>{p.itemTitle}</dd>
          </>
        )}
        {p.code && (
          <>
            <dt>{t('problems.code')}</dt>
            <dd>
              <code>{p.code}</code>
            </dd>
          </>
        )}
        <dt>{t('problems.quantity')}</dt>
        <dd>{p.quantity}</dd>
        {p.damageType !== 'none' && (
          <>
            <dt>{t('problems.damageType')}</dt>
            <dd>{t(`problems.damageTypes.${p.damageType}`)}</dd>
          </>
        )}
        <dt>{t('problems.status')}</dt>
        <dd>
          <span className={`pill status-${p.status}`} data-testid="problem-status">
            {t(`problems.statuses.${p.status}`)}
          </span>
        </dd>
        <dt>{t('problems.resolution')}</dt>
        <dd data-testid="problem-resolution">{t(`problems.resolutions.${p.resolution}`)}</dd>
        {warehouse && (
          <>
            <dt>{t('problems.charge')}</dt>
            <dd>
              <code>{p.chargeCode}</code>
            </dd>
          </>
        )}
      </dl>
      <h3>{t('problems.notes')}</h3>
      {p.notes.length === 0 ? (
        <p className="muted">{t('problems.noNotes')}</p>
      ) : (
        <ol className="notes">
          {p.notes.map((n, i) => (
            <li key={i}>
              <span className="muted">
                {formatDateTime(i18n.language, n.at)} · {n.author}
              </span>
              <br />
              {n.text}
            </li>
          ))}
        </ol>
      )}
      <h3>{t('problems.photos')}</h3>
      <div className="photos">
        {p.photos.length === 0 && <p className="muted">{t('problems.noPhotos')}</p>}
        {p.photos.map((ph) => (
          <AuthImage key={ph.id} path={`${base}/${p.id}/photos/${ph.id}`} alt={t('problems.photoAlt', { id: ph.id })} />
        ))}
      </div>
      {warehouse && !closed && (
        <label className="btn">
          {t('problems.addPhoto')}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            onChange={(e) => void addPhoto(e.target.files?.[0])}
          />
        </label>
      )}
      <div className="form">
        {!closed && (
          <>
            {warehouse && (
              <label>
                {t('problems.status')}
                <select name="status" value={status} onChange={(e) => setStatus(e.target.value)}>
                  <option value="">{t('problems.unchanged')}</option>
                  {PROBLEM_STATUSES.filter((s) => s !== 'none' && s !== p.status).map((s) => (
                    <option key={s} value={s}>
                      {t(`problems.statuses.${s}`)}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <label>
              {t(warehouse ? 'problems.resolution' : 'problems.chooseResolution')}
              <select name="resolution" value={resolution} onChange={(e) => setResolution(e.target.value)}>
                <option value="">{t('problems.unchanged')}</option>
                {resolutions.map((r) => (
                  <option key={r} value={r}>
                    {t(`problems.resolutions.${r}`)}
                  </option>
                ))}
              </select>
            </label>
          </>
        )}
        <label>
          {t('problems.addNote')}
          <textarea name="note" rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="button-row">
          <button type="button" className="btn primary" disabled={busy} onClick={save}>
            {t('problems.save')}
          </button>
        </div>
      </div>
    </aside>
  );
}
