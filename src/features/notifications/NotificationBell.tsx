/**
 * The header's notifications link with the unread count: read every minute in the background, and
 * at once after the notifications screen marks some read (it shares the query key).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { unreadCountSchema } from '../../../domain/schemas/notifications';
import { getAs } from '../../api/typed';
import { mayOpen } from '../../app/guard';

export const UNREAD_KEY = ['notifications-unread'] as const;

export function NotificationBell() {
  const { t } = useTranslation();
  const allowed = mayOpen({ resource: 'notifications', action: 'read' });
  const unread = useQuery({
    queryKey: UNREAD_KEY,
    enabled: allowed,
    queryFn: () => getAs('/api/notifications/unread', unreadCountSchema, { background: true, quiet: true }),
    refetchInterval: 60_000,
  });
  if (!allowed) return null;
  const n = unread.data?.unread ?? 0;
  return (
    <Link
      to="/apps/account/notifications"
      className="btn notification-bell"
      data-testid="notification-bell"
      aria-label={t('notifications.bell', { count: n })}
      title={t('notifications.bell', { count: n })}
    >
      {t('notifications.short')}
      {n > 0 && (
        <span className="badge" data-testid="notification-count">
          {n > 99 ? '99+' : n}
        </span>
      )}
    </Link>
  );
}
