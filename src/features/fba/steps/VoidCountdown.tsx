/** The time left to void a partnered carrier's charge (by cancelling the plan), ticking; when it has passed, said so. */
import { useTranslation } from 'react-i18next';
import { remaining } from '../countdown';
import { useNow } from '../use-now';
import { formatDateTime } from '../../../../domain/format';

export function VoidCountdown({ until }: { until: string }) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const left = remaining(until, now);
  const at = formatDateTime(i18n.language, new Date(until));
  return (
    <span className={left.over ? 'muted' : 'pill warn'} data-testid="fba-void-countdown" data-over={left.over}>
      {left.over ? t('fba.void.closed', { at }) : t('fba.void.open', { left: left.text, at })}
    </span>
  );
}
