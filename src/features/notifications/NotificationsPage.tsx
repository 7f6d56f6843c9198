/**
 * Notifications (/apps/account/notifications): what the warehouse told the user's company — plans
 * shipped, checked in and closed at Amazon, WFS shipments shipped, invoices issued — newest first,
 * unread marked; opening one marks it read; and which kinds the user also wants by e-mail.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  markReadResultSchema,
  NOTIFICATION_KINDS,
  notificationPageSchema,
  notificationPreferencesSchema,
  type Notification,
  type NotificationKind,
} from '../../../domain/schemas/notifications';
import { ApiFailure } from '../../api/client';
import { getAs, postAs, putAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';
import { UNREAD_KEY } from './NotificationBell';
import { formatDateTime } from '../../../domain/format';

const PAGE_SIZE = 20;

export default function NotificationsPage() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const toast = useFeedback((s) => s.toast);
  const [onlyUnread, setOnlyUnread] = useState(false);
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['notifications', onlyUnread, page],
    queryFn: () =>
      getAs('/api/notifications', notificationPageSchema, {
        query: { pageNumber: page, pageSize: PAGE_SIZE, ...(onlyUnread ? { unread: 'true' } : {}) },
        background: true,
      }),
  });
  const refresh = (unread: number) => {
    qc.setQueryData(UNREAD_KEY, { unread });
    void qc.invalidateQueries({ queryKey: ['notifications'] });
  };
  const mark = async (body: { ids: number[] } | { all: true }) => {
    try {
      const r = await postAs('/api/notifications/read', body, markReadResultSchema, { quiet: true });
      refresh(r.unread);
    } catch (err) {
      toast('error', err instanceof ApiFailure ? err.message : String(err));
    }
  };
  const when = (iso: string) => formatDateTime(i18n.language, iso);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.totalElements / PAGE_SIZE)) : 1;

  return (
    <div className="page" data-testid="notifications">
      <div className="page-head">
        <h1>{t('notifications.title')}</h1>
        <div className="button-row">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={onlyUnread}
              onChange={(e) => {
                setOnlyUnread(e.target.checked);
                setPage(1);
              }}
              data-testid="only-unread"
            />
            {t('notifications.onlyUnread')}
          </label>
          <button
            type="button"
            className="btn"
            disabled={!data?.unread}
            onClick={() => void mark({ all: true })}
            data-testid="mark-all-read"
          >
            {data?.unread ? t('notifications.markAllRead', { count: data.unread }) : t('notifications.allRead')}
          </button>
        </div>
      </div>
      {list.isError ? (
        <p className="form-error" role="alert">
          {t('notifications.loadError')}
        </p>
      ) : !data ? (
        <p className="muted">{t('app.loading')}</p>
      ) : data.content.length === 0 ? (
        <p className="grid-state empty" data-testid="notifications-empty">
          {onlyUnread ? t('notifications.noneUnread') : t('notifications.none')}
        </p>
      ) : (
        <ul className="card plain-list notification-list" data-testid="notification-list">
          {data.content.map((n) => (
            <NotificationItem key={n.id} n={n} when={when(n.createdAt)} onRead={() => void mark({ ids: [n.id] })} />
          ))}
        </ul>
      )}
      {data && pages > 1 && (
        <div className="button-row">
          <button type="button" className="btn" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('grid.previous')}
          </button>
          <span className="muted">{t('notifications.page', { page, pages })}</span>
          <button type="button" className="btn" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('grid.next')}
          </button>
        </div>
      )}
      <EmailPreferences />
    </div>
  );
}

function NotificationItem({ n, when, onRead }: { n: Notification; when: string; onRead: () => void }) {
  const { t } = useTranslation();
  return (
    <li className={`notification${n.read ? '' : ' unread'}`} data-testid={`notification-${n.id}`} data-read={n.read}>
      <div className="notification-head">
        {n.read ? <span>{n.subject}</span> : <strong>{n.subject}</strong>}
        <span className="badge">{t(`notifications.kinds.${n.kind}`)}</span>
        <span className="muted">{when}</span>
      </div>
      <p>{n.body}</p>
      <div className="button-row">
        {n.link && (
          // Opening it is reading it.
          <Link to={n.link} className="btn" onClick={() => !n.read && onRead()}>
            {t('notifications.open')}
          </Link>
        )}
        {!n.read && (
          <button type="button" className="btn" onClick={onRead} data-testid={`mark-read-${n.id}`}>
            {t('notifications.markRead')}
          </button>
        )}
      </div>
    </li>
  );
}

/** Which kinds also come by e-mail (all do until turned off). */
function EmailPreferences() {
  const { t } = useTranslation();
  const toast = useFeedback((s) => s.toast);
  const prefs = useQuery({
    queryKey: ['notification-preferences'],
    queryFn: () => getAs('/api/notifications/preferences', notificationPreferencesSchema, { background: true }),
  });
  const [off, setOff] = useState<Set<NotificationKind> | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (prefs.data && off === null) setOff(new Set(prefs.data.emailOff));
  }, [prefs.data, off]);
  const save = async () => {
    if (!off) return;
    setBusy(true);
    try {
      const saved = await putAs(
        '/api/notifications/preferences',
        { emailOff: [...off] },
        notificationPreferencesSchema,
        { quiet: true },
      );
      setOff(new Set(saved.emailOff));
      toast('success', t('notifications.saved'));
    } catch (err) {
      toast('error', err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card" aria-labelledby="email-prefs" data-testid="email-preferences">
      <h2 id="email-prefs">{t('notifications.emailTitle')}</h2>
      <p className="muted">{t('notifications.emailIntro')}</p>
      {!off ? (
        <p className="muted">{t('app.loading')}</p>
      ) : (
        <>
          <div className="plain-list">
            {NOTIFICATION_KINDS.map((k) => (
              <label key={k} className="checkbox">
                <input
                  type="checkbox"
                  checked={!off.has(k)}
                  onChange={(e) => {
                    const next = new Set(off);
                    if (e.target.checked) next.delete(k);
                    else next.add(k);
                    setOff(next);
                  }}
                  data-testid={`email-${k}`}
                />
                {t(`notifications.kinds.${k}`)}
              </label>
            ))}
          </div>
          <div className="form-actions">
            <button
              type="button"
              className="btn primary"
              disabled={busy}
              onClick={() => void save()}
              data-testid="save-email-prefs"
            >
              {t('notifications.save')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
