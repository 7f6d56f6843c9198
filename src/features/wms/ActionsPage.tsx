/**
 * WMS actions (/apps/wms/actions): open a move batch (offline too: it is a floor mutation), pick
 * up an open one, or make a quick move without a batch. The list reads the device's replica.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MOVE_REASONS, type MoveReason } from '../../../domain/schemas/inventory';
import { useSyncEngine } from '../../app/sync';
import { useMoveBatches } from './queries';
import { formatDateTime } from '../../../domain/format';

export default function ActionsPage() {
  const { t, i18n } = useTranslation();
  const engine = useSyncEngine();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [reason, setReason] = useState<MoveReason>('restock_inventory');
  const [error, setError] = useState<string | null>(null);
  const batches = useMoveBatches();

  const open = async (e: FormEvent) => {
    e.preventDefault();
    if (!engine) return;
    const id = crypto.randomUUID();
    const now = new Date();
    try {
      await engine.mutate('moveBatch.open', {
        id,
        name: name.trim() || t('moves.defaultName', { at: formatDateTime(i18n.language, now) }),
        reason,
        openedAt: now.toISOString(),
      });
      void navigate({ to: '/apps/wms/actions/move-batch/$moveBatchId', params: { moveBatchId: id } });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <div className="page">
      <h1>{t('moves.actionsTitle')}</h1>
      <form className="card form" noValidate onSubmit={(e) => void open(e)} aria-label={t('moves.newBatch')}>
        <h2>{t('moves.newBatch')}</h2>
        <div className="form-row">
          <label>
            {t('moves.batchName')}
            <input
              name="name"
              value={name}
              maxLength={80}
              placeholder={t('moves.namePlaceholder')}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <label>
            {t('moves.reason')}
            <select name="reason" value={reason} onChange={(e) => setReason(e.target.value as MoveReason)}>
              {MOVE_REASONS.map((r) => (
                <option key={r} value={r}>
                  {t(`moves.reasons.${r}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="btn primary" disabled={!engine}>
            {t('moves.openBatch')}
          </button>
          <Link className="btn" to="/apps/wms/actions/move-batch">
            {t('moves.quickMove')}
          </Link>
          <Link className="btn" to="/apps/wms/location/lpn">
            {t('lpn.title')}
          </Link>
          <Link className="btn" to="/apps/wms/locations">
            {t('wms.title')}
          </Link>
          <Link className="btn" to="/apps/wms/actions/location-barcode-designer">
            {t('designer.title')}
          </Link>
        </div>
      </form>

      <h2>{t('moves.batchesTitle')}</h2>
      {batches === undefined ? (
        <p className="grid-state">{t('app.loading')}</p>
      ) : batches.length === 0 ? (
        <p className="grid-state">{t('moves.noBatches')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table" data-testid="move-batches">
            <thead>
              <tr>
                <th>{t('moves.batchName')}</th>
                <th>{t('moves.reason')}</th>
                <th>{t('moves.status')}</th>
                <th>{t('moves.moves')}</th>
                <th>{t('moves.opened')}</th>
              </tr>
            </thead>
            <tbody>
              {batches.map((b) => (
                <tr key={b.id}>
                  <td>
                    <Link to="/apps/wms/actions/move-batch/$moveBatchId" params={{ moveBatchId: b.id }}>
                      {b.name}
                    </Link>
                  </td>
                  <td>{t(`moves.reasons.${b.reason}`, { defaultValue: b.reason })}</td>
                  <td>
                    <span className="pill">{t(`moves.statuses.${b.status}`)}</span>
                  </td>
                  <td>{b.moves}</td>
                  <td>{formatDateTime(i18n.language, b.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
