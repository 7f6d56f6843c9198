/**
 * When Amazon's last answer on the plan was a refusal or a failure (the newest journal entry), it
 * is said at the top of the workspace in Amazon's words — the operation panel is gone by then, and
 * the fix (change the lines, ask again) is the user's next move.
 */
import { useTranslation } from 'react-i18next';
import type { PlanDetail } from '../../../domain/schemas/fba';
import { formatDateTime } from '../../../domain/format';

export function LastRefusal({ plan }: { plan: Pick<PlanDetail, 'events' | 'operationId' | 'status'> }) {
  const { t, i18n } = useTranslation();
  if (plan.operationId || plan.status === 'cancelled') return null;
  const last = [...plan.events].sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id).at(-1);
  if (!last || (last.kind !== 'amazon.failed' && last.kind !== 'amazon.refused')) return null;
  return (
    <div className="card form-error" role="alert" data-testid="fba-last-refusal">
      <strong>{t('fba.lastRefusal', { at: formatDateTime(i18n.language, last.at) })}</strong>
      <p>{last.message}</p>
    </div>
  );
}
