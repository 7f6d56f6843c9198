/**
 * Shipment items by status (/apps/inbound/shipment-items/:status). The tabs offer only the five
 * statuses spec §3 names for filters; any other status in the address (a drill-down from the
 * status summary) still lists its items.
 */
import { Link, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ITEM_STATUS_FILTERS, ITEM_STATUS_NAMES } from '../../../../domain/rules/item-status';
import { ItemsGrid } from './ItemsGrid';

export default function ShipmentItemsPage() {
  const { t } = useTranslation();
  const { status } = useParams({ strict: false }) as { status?: string };
  const search = useSearch({ strict: false }) as { companyId?: number | string };
  const current = (ITEM_STATUS_NAMES as string[]).includes(status ?? '') ? status : 'all';
  const companyId = search.companyId ? Number(search.companyId) : undefined;
  return (
    <div className="page">
      <h1>{t('items.title')}</h1>
      <nav className="tabs" aria-label={t('po.itemStatus')}>
        {(['all', ...ITEM_STATUS_FILTERS] as string[]).map((s) => (
          <Link
            key={s}
            to="/apps/inbound/shipment-items/$status"
            params={{ status: s }}
            className={`tab ${s === current ? 'active' : ''}`}
            aria-current={s === current ? 'page' : undefined}
          >
            {s === 'all' ? t('items.all') : t(`items.statuses.${s}`)}
          </Link>
        ))}
        {current && current !== 'all' && !(ITEM_STATUS_FILTERS as string[]).includes(current) && (
          <span className="tab active">{t(`items.statuses.${current}`)}</span>
        )}
      </nav>
      <ItemsGrid id="shipment-items" query={{ status: current === 'all' ? undefined : current, companyId }} />
    </div>
  );
}
