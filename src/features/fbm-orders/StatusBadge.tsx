/** An order's FBM status (spec §4: AWAITING, PARTIALLY_SHIPPED, SHIPPED, CANCELED) as a coloured badge. */
import { useTranslation } from 'react-i18next';
import type { FbmOrderStatus } from '../../../domain/schemas/orders';

export function StatusBadge({ status }: { status: FbmOrderStatus }) {
  const { t } = useTranslation();
  const colour =
    status === 'CANCELED'
      ? 'var(--danger, #b33)'
      : status === 'SHIPPED'
        ? 'var(--ok, #2a7)'
        : status === 'PARTIALLY_SHIPPED'
          ? 'var(--warn, #c80)'
          : 'var(--accent, #37c)';
  return (
    <span className="badge" style={{ background: colour }} data-testid="order-status">
      {t(`fbmOrders.statuses.${status}`)}
    </span>
  );
}
