/**
 * The header's sync indicator, on every signed-in screen: online/offline, how many actions wait
 * to be sent and how many the server refused. The refused ones open a list with the server's
 * message and "retry" / "discard" (discard asks first: it throws the action away).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncEngine, useSyncStatus } from '../sync';
import { useAttentionEntries } from '../attention/queries';
import { formatDateTime, formatTime } from '../../../domain/format';

export default function SyncIndicator() {
  const { t, i18n } = useTranslation();
  const engine = useSyncEngine();
  const status = useSyncStatus();
  const [open, setOpen] = useState(false);
  const entries = useAttentionEntries(open, status.needsAttentionCount);
  const online = status.online && (typeof navigator === 'undefined' || navigator.onLine);

  return (
    <div className="sync-indicator">
      <span
        className={`sync-dot ${online ? 'on' : 'off'}`}
        data-testid="sync-online"
        data-online={online}
        data-last-sync={status.lastSyncAt ?? ''}
        title={status.lastSyncAt ? t('sync.lastSync', { at: formatTime(i18n.language, status.lastSyncAt) }) : undefined}
      >
        {online ? t('app.online') : t('app.offline')}
      </span>
      <span className="pill" data-testid="sync-pending" data-count={status.pendingCount} title={t('sync.pendingHelp')}>
        {t('sync.pending', { count: status.pendingCount })}
      </span>
      {status.needsAttentionCount > 0 && (
        <button
          type="button"
          className="btn attention"
          data-testid="sync-attention"
          data-count={status.needsAttentionCount}
          onClick={() => setOpen(true)}
        >
          {t('sync.attention', { count: status.needsAttentionCount })}
        </button>
      )}
      {open && engine && (
        <div className="modal-backdrop" role="dialog" aria-modal="true" aria-labelledby="attention-title">
          <div className="modal">
            <h2 id="attention-title">{t('sync.attentionTitle')}</h2>
            {entries && entries.length === 0 && <p className="grid-state">{t('sync.attentionEmpty')}</p>}
            <ul className="attention-list">
              {(entries ?? []).map((e) => (
                <li key={e.id} className="card">
                  <strong>{t(`sync.mutation.${e.name}`, { defaultValue: e.name })}</strong>
                  {e.summary && <span data-testid="attention-summary"> · {e.summary}</span>}
                  <p className="form-error">{e.message}</p>
                  <p className="muted">{formatDateTime(i18n.language, e.createdAt)}</p>
                  <div className="form-actions">
                    <button type="button" className="btn primary" onClick={() => void engine.retry(e.id)}>
                      {t('sync.retry')}
                    </button>
                    <button
                      type="button"
                      className="btn"
                      onClick={() =>
                        window.confirm(t('sync.discardConfirm')) && void engine.discard(e.id, { confirmed: true })
                      }
                    >
                      {t('sync.discard')}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
            <div className="modal-actions">
              <button type="button" className="btn" onClick={() => setOpen(false)}>
                {t('errorModal.close')}
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
