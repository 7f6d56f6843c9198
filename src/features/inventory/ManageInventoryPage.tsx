/**
 * Manage Inventory (/apps/inventory/:itemAction): what waits for each workflow — units at the FBA
 * or WFS prep station, on the merchant-fulfilment shelf, or stored in the bins — per product or
 * per place. Clients see their own stock only (the server scopes it).
 */
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SORT_STATIONS } from '../../../domain/rules/sorting';
import { ITEM_ACTIONS, type ItemAction } from '../../../domain/schemas/inbound';
import { snapshotPageSchema } from '../../../domain/schemas/inventory';
import { getAs } from '../../api/typed';
import { DataGrid } from '../../ui/DataGrid';
import { snapshotColumns, type SnapshotLine } from './snapshot-columns';
import { MARKETPLACE_OF_TYPE } from '../../../domain/schemas/marketplace-inventory';
import { isInventoryType, MarketplaceInventory } from './MarketplaceInventoryPage';
import { formatNumber } from '../../../domain/format';

/**
 * One route, /apps/inventory/:param, serves two screens of the spec: Manage Inventory per workflow
 * (:itemAction) and the marketplace inventory of Walmart WFS and eBay (:inventoryType; Amazon's
 * live under /apps/inventory/amazon/:inventoryType). The workflows' names come first.
 */
export default function InventoryParamPage() {
  const { itemAction } = useParams({ strict: false }) as { itemAction?: string };
  if (
    !(ITEM_ACTIONS as readonly string[]).includes(itemAction ?? '') &&
    isInventoryType(itemAction) &&
    MARKETPLACE_OF_TYPE[itemAction] !== 'amazon'
  )
    return <MarketplaceInventory key={itemAction} type={itemAction} />;
  return <ManageInventoryPage itemAction={itemAction} />;
}

function ManageInventoryPage({ itemAction }: { itemAction: string | undefined }) {
  const { t, i18n } = useTranslation();
  const [byProduct, setByProduct] = useState(true);
  const [totalUnits, setTotalUnits] = useState<number | null>(null);
  if (!(ITEM_ACTIONS as readonly string[]).includes(itemAction ?? ''))
    return <p className="form-error">{t('errors.notFound')}</p>;
  const action = itemAction as ItemAction;
  const station = SORT_STATIONS[action];
  return (
    <div className="page">
      <h1>{t('nav.ManageInventory')}</h1>
      <nav className="tabs" aria-label={t('po.workflow')}>
        {ITEM_ACTIONS.map((a) => (
          <Link
            key={a}
            to="/apps/inventory/$itemAction"
            params={{ itemAction: a }}
            className={`tab ${a === action ? 'active' : ''}`}
            aria-current={a === action ? 'page' : undefined}
          >
            {t(`po.types.${a}`)}
          </Link>
        ))}
      </nav>
      <p className="muted" data-testid="manage-summary">
        {station ? t('inventory.waitsAt', { station }) : t('inventory.waitsInBins')}
        {totalUnits !== null && (
          <> · {t('inventory.totalUnits', { count: totalUnits, formatted: formatNumber(i18n.language, totalUnits) })}</>
        )}
      </p>
      <div className="button-row">
        <label className="field">
          <span>{t('inventory.groupBy')}</span>
          <select
            name="groupBy"
            value={byProduct ? 'product' : 'location'}
            onChange={(e) => setByProduct(e.target.value === 'product')}
          >
            <option value="product">{t('inventory.byProduct')}</option>
            <option value="location">{t('inventory.byLocation')}</option>
          </select>
        </label>
      </div>
      <DataGrid<SnapshotLine>
        id={`manage-inventory-${action}`}
        columns={snapshotColumns(t, i18n.language, byProduct)}
        filters={{ action, byProduct }}
        fetchPage={async (q) => {
          const page = await getAs('/api/inventory', snapshotPageSchema, {
            query: {
              pageNumber: q.pageNumber,
              pageSize: q.pageSize,
              q: q.q,
              itemAction: action,
              groupBy: byProduct ? 'product' : 'location',
            },
            background: true,
          });
          setTotalUnits(page.totalUnits);
          return page;
        }}
      />
    </div>
  );
}
