import type { ColumnDef } from '@tanstack/react-table';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DELIVERY_FILTERS,
  deliveredPackagePageSchema,
  type DeliveredPackageRow as Row,
} from '../../../../domain/schemas/inbound';
import { getAs } from '../../../api/typed';
import { DataGrid } from '../../../ui/DataGrid';
import { mayOpen } from '../../../app/guard';
import { formatDateTime } from '../../../../domain/format';

export default function DeliveredPackagesPage() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<string>('ALL');
  const columns: ColumnDef<Row, unknown>[] = [
    { accessorKey: 'trackingNumber', header: t('delivered.tracking'), enableSorting: false },
    { accessorKey: 'companyName', header: t('delivered.client'), enableSorting: false },
    { accessorKey: 'batchName', header: t('delivered.batch'), enableSorting: false },
    {
      accessorKey: 'delivery',
      header: t('delivered.delivery'),
      enableSorting: false,
      cell: ({ getValue }) => (
        <span className={`pill delivery-${String(getValue())}`}>{t(`delivered.${String(getValue())}`)}</span>
      ),
    },
    {
      accessorKey: 'at',
      header: t('delivered.at'),
      enableSorting: false,
      cell: ({ getValue }) => (getValue() ? formatDateTime(i18n.language, String(getValue())) : '–'),
    },
  ];
  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('delivered.title')}</h1>
        {mayOpen({ resource: 'deliveredPackages', action: 'create', warehouseOnly: true }) && (
          <Link to="/apps/inbound/package-receive-batch" className="btn primary" data-testid="receive-packages">
            {t('delivered.receive')}
          </Link>
        )}
      </div>
      <DataGrid<Row>
        id="delivered-packages"
        columns={columns}
        filters={{ filter }}
        fetchPage={(q) =>
          getAs('/api/inbound/delivered-packages', deliveredPackagePageSchema, {
            query: { pageNumber: q.pageNumber, pageSize: q.pageSize, q: q.q, filter },
            background: true,
          })
        }
        toolbar={
          <div className="segmented" role="group" aria-label={t('delivered.delivery')}>
            {DELIVERY_FILTERS.map((f) => (
              <button
                key={f}
                type="button"
                className={`btn ${filter === f ? 'primary' : ''}`}
                aria-pressed={filter === f}
                onClick={() => setFilter(f)}
              >
                {t(`delivered.${f}`)}
              </button>
            ))}
          </div>
        }
      />
    </div>
  );
}
